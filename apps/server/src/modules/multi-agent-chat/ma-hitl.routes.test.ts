import type { AgentInfo, MaInfo, MessageInfo } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../platform/db/index.js';
import { expectCode, testConfig } from '../../../test/harness.js';
import type { SseEvent } from '../../../test/sse.js';
import { allText, DECISIONS, expectRefused, expectSequence, MODEL, NOT_AWAITING, ofType, SECRET_KEY, type StreamAnswer } from '../../../test/fixtures/agent-chat.js';
import { membersOf, speakers, startMaTestApp, streamOf, type MaTestContext } from '../../../test/fixtures/multi-agent.js';

/** The continued stream of a decision that was taken. */
function continued(answer: StreamAnswer, paused: SseEvent[]): SseEvent[] {
  const events = streamOf(answer);
  expectSequence(events, paused.at(-1)!.id);
  expect(ofType(events, 'run')).toEqual([]);
  return events;
}

describe('multi-agent chat: a member paused for a person', () => {
  let c: MaTestContext;
  let front: AgentInfo;
  let counter: AgentInfo;
  let setup: MaInfo;

  beforeAll(async () => {
    c = await startMaTestApp();
    front = await c.roleAgent('前台');
    // The agent itself asks nobody; the setup makes it confirm each tool call.
    counter = await c.roleAgent('计算员', { tool_ids: ['calculator'] });
    setup = await c.createSetup({
      mode: 'handoff',
      members: [...membersOf(front), { agent_id: counter.id, note: '算数', hitl: { action_confirm: true, observation_confirm: false } }],
      edges: [{ from: front.id, to: counter.id }],
      start_agent_id: front.id,
    });
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  /** A turn handed to the calculating member, which proposes `expression` and waits for confirmation. */
  async function paused(word: string, expression: string, answer = `${word}：算好了`) {
    c.llm.script(
      { system: '你是前台', match: word, text: `${word}，转给计算员。`, toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '要计算' } }] },
      { system: '你是计算员', afterToolResult: false, times: 1, text: '我来算。', toolCalls: [{ name: 'calculator', arguments: { expression } }] },
      { system: '你是计算员', afterToolResult: true, text: answer },
    );
    const events = streamOf(await c.maChat({ agent_id: setup.id, query: `${word}：请算 ${expression}` }));
    expect(events.slice(-2).map((event) => event.event)).toEqual(['await', 'done']);
    expect(events.at(-1)!.data.status).toBe('awaiting');
    return { events, runId: events[0]!.data.run_id as string, conversationId: events[0]!.data.conversation_id as string, pause: events.at(-2)!.data };
  }
  const messagesOf = async (conversationId: string, app = c.t.app) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/user/list_conversation_messages',
        headers: { 'access-token': c.alice, 'content-type': 'application/json' },
        payload: { conversation_id: conversationId },
      })
    ).json().data as MessageInfo[];

  it("pauses at the member's tool call as the setup says, and confirm runs it and finishes the turn", async () => {
    const run = await paused('确认', '6*7', '结果是 42');
    const action = ofType(run.events, 'action')[0]!.data;
    expect(action).toMatchObject({ agent_id: counter.id, tool: 'calculator', input: { expression: '6*7' } });
    expect(run.pause).toMatchObject({ kind: 'action_confirm', step_id: action.step_id, agent_id: counter.id });
    expect((await c.t.rows(sql`select status, awaiting from runs where id = ${run.runId}`))[0]).toEqual({
      status: 'awaiting',
      awaiting: { v: 1, kind: 'action_confirm', step_id: action.step_id },
    });
    const waiting = (await messagesOf(run.conversationId)).at(-1)!;
    expect(waiting.meta).toMatchObject({ status: 'awaiting', awaiting: { kind: 'action_confirm', agent_id: counter.id } });
    expect(waiting.content).toBe('确认，转给计算员。我来算。');

    const done = continued(await c.maDecide('hitl_action_confirm', { run_id: run.runId }), run.events);
    expect(ofType(done, 'observation')[0]!.data).toMatchObject({ agent_id: counter.id, tool: 'calculator', output: '6*7 = 42' });
    expect(speakers(done)).toEqual([[counter.id, '结果是 42']]);
    expect(done.at(-1)!.data).toEqual({ run_id: run.runId, status: 'completed' });
    const answer = (await messagesOf(run.conversationId)).at(-1)!;
    expect(answer.content).toBe('确认，转给计算员。我来算。结果是 42');
    expect(answer.meta).toMatchObject({ status: 'completed', active_agent_id: counter.id });
    expect((answer.meta.steps as Array<{ type: string; agent_id: string }>).map((step) => [step.type, step.agent_id])).toEqual([
      ['action', counter.id],
      ['decision', counter.id],
      ['observation', counter.id],
    ]);
    for (const decision of DECISIONS) expectRefused(await c.maDecide(decision, { run_id: run.runId, content: '{}', feedback: '再来' }), 40901, NOT_AWAITING);
  });

  it('replace runs the tool with the given input; feedback tells the member why; finish keeps what was written', async () => {
    const replacing = await paused('替换', '1+1');
    const replaced = continued(await c.maDecide('hitl_replace', { run_id: replacing.runId, content: { expression: '2^10' } }), replacing.events);
    expect(ofType(replaced, 'observation')[0]!.data).toMatchObject({ output: '2^10 = 1024', agent_id: counter.id });
    expect(replaced.at(-1)!.data.status).toBe('completed');

    const feeding = await paused('反馈', '1/0');
    const fed = continued(await c.maDecide('hitl_feedback', { run_id: feeding.runId, feedback: '不要除以零' }), feeding.events);
    expect(ofType(fed, 'observation')).toEqual([]);
    expect(allText(c.chatRequests().at(-1)!)).toContain('不要除以零');
    expect(fed.at(-1)!.data.status).toBe('completed');

    const finishing = await paused('结束', '3+3');
    const finished = continued(await c.maDecide('hitl_finish', finishing.runId), finishing.events);
    expect(finished.at(-1)!.data).toEqual({ run_id: finishing.runId, status: 'finished' });
    const kept = (await messagesOf(finishing.conversationId)).at(-1)!;
    expect(kept).toMatchObject({ content: '结束，转给计算员。我来算。', meta: { status: 'finished' } });
  });

  it('racing decisions: exactly one continues, the others get 40901', async () => {
    const race = await paused('竞争', '5+5');
    const answers = await Promise.all([
      c.maDecide('hitl_action_confirm', { run_id: race.runId }),
      c.maDecide('hitl_action_confirm', { run_id: race.runId }),
      c.maDecide('hitl_feedback', { run_id: race.runId, feedback: '不行' }),
      c.maDecide('hitl_finish', race.runId),
    ]);
    const won = answers.filter((answer) => answer.events);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.envelope)) expectRefused(lost, 40901, NOT_AWAITING);
    const events = continued(won[0]!, race.events);
    expect(['completed', 'finished']).toContain(events.at(-1)!.data.status);
    expect(await c.replay(race.runId, 0)).toEqual([...race.events, ...events]);
  });

  it("another user's run is refused (40401); malformed decisions are refused (40001) and change nothing; agent chat's decisions do not reach it", async () => {
    const mine = await paused('他人', '7+7');
    for (const decision of DECISIONS) {
      expectRefused(await c.maDecide(decision, { run_id: mine.runId, content: '{}', feedback: '我来' }, c.bob), 40401);
      expectRefused(await c.decide(decision, { run_id: mine.runId, content: '{}', feedback: '我来' }), 40401);
    }
    expectRefused(await c.maDecide('hitl_action_confirm', {}), 40001);
    expectRefused(await c.maDecide('hitl_action_confirm', { run_id: 'x' }), 40001);
    expectRefused(await c.maDecide('hitl_feedback', { run_id: mine.runId, feedback: ' ' }), 40001, /反馈/);
    expectRefused(await c.maDecide('hitl_replace', { run_id: mine.runId, content: '不是 JSON' }), 40001);
    expectCode(await c.t.call('/api/ma/chat/hitl_action_confirm', { run_id: mine.runId }), 40101);
    expect((await c.t.rows(sql`select status from runs where id = ${mine.runId}`))[0]).toEqual({ status: 'awaiting' });
    const done = continued(await c.maDecide('hitl_action_confirm', { run_id: mine.runId }), mine.events);
    expect(ofType(done, 'observation')[0]!.data.output).toBe('7+7 = 14');
  });

  it('supervisor: a member paused mid-delegation resumes, the next member runs, and the coordinator composes both answers', async () => {
    const checker = await c.roleAgent('核算员', { tool_ids: ['calculator'], hitl: { action_confirm: true, observation_confirm: false } });
    const reporter = await c.roleAgent('报告员');
    const boss = await c.createSetup({
      mode: 'supervisor',
      members: membersOf(checker, reporter),
      start_agent_id: checker.id,
      context: 'task',
      supervisor: { llm_name: MODEL, system_prompt: '你是主管' },
    });
    c.llm.script(
      {
        system: '你是主管',
        afterToolResult: false,
        times: 1,
        text: '分派。',
        toolCalls: [
          { name: 'ask_agent_1', arguments: { task: '算 9*9' } },
          { name: 'ask_agent_2', arguments: { task: '写报告' } },
        ],
      },
      { system: '你是核算员', afterToolResult: false, times: 1, toolCalls: [{ name: 'calculator', arguments: { expression: '9*9' } }] },
      { system: '你是核算员', afterToolResult: true, text: '81' },
      { system: '你是报告员', text: '报告完成' },
      { system: '你是主管', afterToolResult: true, text: '结果 81，报告完成。' },
    );
    const first = streamOf(await c.maChat({ agent_id: boss.id, query: '核算并报告' }));
    expect(first.at(-2)!.data).toMatchObject({ kind: 'action_confirm', agent_id: checker.id });
    const done = continued(await c.maDecide('hitl_action_confirm', { run_id: first[0]!.data.run_id }), first);
    expect(speakers(done)).toEqual([
      [checker.id, '81'],
      [reporter.id, '报告完成'],
      [boss.id, '结果 81，报告完成。'],
    ]);
    expect(done.at(-1)!.data.status).toBe('completed');
    const results = (c.chatRequests().at(-1)!.body.messages as Array<{ role: string; content: string }>).filter((message) => message.role === 'tool').map((message) => message.content);
    expect(results).toEqual(['81', '报告完成']);
  });

  it("a member's own confirmation settings apply unless the setup overrides them, either way", async () => {
    const asking = await c.roleAgent('自查员', { tool_ids: ['calculator'], hitl: { action_confirm: true, observation_confirm: false } });
    const script = () =>
      c.llm.script(
        { system: '你是自查员', afterToolResult: false, times: 1, toolCalls: [{ name: 'calculator', arguments: { expression: '2*3' } }] },
        { system: '你是自查员', afterToolResult: true, text: '等于 6' },
      );
    // No override: the agent's own setting pauses the call.
    const own = await c.createSetup({ mode: 'handoff', members: membersOf(asking), start_agent_id: asking.id });
    script();
    const paused = streamOf(await c.maChat({ agent_id: own.id, query: '算 2*3' }));
    expect(paused.at(-2)!.data).toMatchObject({ kind: 'action_confirm', agent_id: asking.id });
    // Overridden off: the same agent's call runs without asking anybody.
    const trusting = await c.createSetup({
      mode: 'handoff',
      members: [{ agent_id: asking.id, note: '', hitl: { action_confirm: false, observation_confirm: false } }],
      start_agent_id: asking.id,
    });
    c.llm.reset();
    script();
    const ran = streamOf(await c.maChat({ agent_id: trusting.id, query: '算 2*3' }));
    expect(ofType(ran, 'await')).toEqual([]);
    expect(ofType(ran, 'observation')[0]!.data).toMatchObject({ agent_id: asking.id, output: '2*3 = 6' });
    expect(ran.at(-1)!.data.status).toBe('completed');
    // Overridden on for observations: the tool runs, then the result waits for a person.
    const watching = await c.createSetup({
      mode: 'handoff',
      members: [{ agent_id: asking.id, note: '', hitl: { action_confirm: false, observation_confirm: true } }],
      start_agent_id: asking.id,
    });
    c.llm.reset();
    script();
    const observed = streamOf(await c.maChat({ agent_id: watching.id, query: '算 2*3' }));
    expect(observed.at(-2)!.data).toMatchObject({ kind: 'observation_confirm', agent_id: asking.id });
  });

  // Last: it stops the test app's server.
  it('a run paused before a restart is confirmed in a fresh server on the same database and completes', async () => {
    const before = await paused('重启', '8*8', '重启后算出 64');
    await c.t.app.close();
    const database = c.t.dialect === 'postgres' ? await openPostgres(c.t.databaseUrl!, 2, () => {}) : c.t.database;
    const fresh = await buildApp({ config: testConfig({ SECRET_KEY }), database });
    try {
      const done = continued(await c.maDecide('hitl_action_confirm', { run_id: before.runId }, c.alice, fresh), before.events);
      expect(ofType(done, 'observation')[0]!.data).toMatchObject({ output: '8*8 = 64', agent_id: counter.id });
      expect(done.at(-1)!.data.status).toBe('completed');
      expect((await messagesOf(before.conversationId, fresh)).map((message) => message.content)).toEqual(['重启：请算 8*8', '重启，转给计算员。我来算。重启后算出 64']);
    } finally {
      await fresh.close();
      if (database !== c.t.database) await database.close();
    }
  });
});
