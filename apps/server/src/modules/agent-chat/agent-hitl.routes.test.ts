import type { AgentInfo, MessageInfo } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../platform/db/index.js';
import { expectCode, expectOk, testConfig } from '../../../test/harness.js';
import type { SseEvent } from '../../../test/sse.js';
import {
  allText,
  DECISIONS,
  expectRefused,
  expectSequence,
  lastUser,
  NOT_AWAITING,
  ofType,
  SECRET_KEY,
  startAgentChatTestApp,
  textOf,
  type AgentChatTestContext,
  type StreamAnswer,
} from '../../../test/fixtures/agent-chat.js';

/** The continued stream of a decision that was taken. */
function continued(answer: StreamAnswer, paused: SseEvent[]): SseEvent[] {
  expect(answer.envelope?.body, 'the decision was taken').toBeUndefined();
  const events = answer.events!;
  expectSequence(events, paused.at(-1)!.id);
  expect(ofType(events, 'run')).toEqual([]);
  return events;
}

describe('agent chat: human in the loop', () => {
  let c: AgentChatTestContext;
  let confirmAction: AgentInfo;
  let confirmObservation: AgentInfo;

  beforeAll(async () => {
    c = await startAgentChatTestApp();
    confirmAction = await c.createAgent({ tool_ids: ['calculator'], hitl: { action_confirm: true, observation_confirm: false } });
    confirmObservation = await c.createAgent({ tool_ids: ['calculator'], hitl: { action_confirm: false, observation_confirm: true } });
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  /** A chat that pauses: `word` scripts a calculator call of `expression`, then `answer` after the result. */
  async function paused(agent: AgentInfo, word: string, expression: string, answer = `${word}的答案`) {
    c.llm.script(
      { match: word, afterToolResult: false, times: 1, text: `${word}：先算一下。`, toolCalls: [{ name: 'calculator', arguments: { expression } }] },
      { match: word, afterToolResult: true, text: answer },
    );
    const events = await c.chat({ agent_id: agent.id, query: `${word}：请计算 ${expression}` });
    expect(events.slice(-2).map((e) => e.event)).toEqual(['await', 'done']);
    expect(events.at(-1)!.data).toEqual({ run_id: events[0]!.data.run_id, status: 'awaiting' });
    return { events, runId: events[0]!.data.run_id as string, conversationId: events[0]!.data.conversation_id as string, pause: events.at(-2)!.data };
  }
  const messagesOf = async (conversationId: string) => expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));

  it('cancelling a paused run ends it: the kept answer no longer waits, and a decision is refused', async () => {
    const run = await paused(confirmAction, '取消暂停', '2+3');
    expect((await messagesOf(run.conversationId)).at(-1)!.meta).toMatchObject({ status: 'awaiting', awaiting: { kind: 'action_confirm' } });
    expectOk(await c.t.call(`/api/runs/${run.runId}/cancel`, undefined, c.alice));
    const answer = (await messagesOf(run.conversationId)).at(-1)!;
    expect(answer.meta.status).toBe('cancelled');
    expect(answer.meta).not.toHaveProperty('awaiting');
    expectRefused(await c.decide('hitl_action_confirm', { run_id: run.runId }), 40901, NOT_AWAITING);
  });

  it('at action_confirm: confirm runs the tool as proposed; replace runs it with the given input (object or JSON text)', async () => {
    const first = await paused(confirmAction, '确认动作', '1+1', '答案是 2');
    const action = ofType(first.events, 'action')[0]!.data;
    expect(action).toMatchObject({ tool: 'calculator', input: { expression: '1+1' } });
    expect(first.pause).toEqual({ kind: 'action_confirm', step_id: action.step_id, payload: { tool: 'calculator', tool_call_id: action.tool_call_id, input: { expression: '1+1' } } });
    expect(ofType(first.events, 'observation')).toEqual([]);
    expect(c.chatRequests()).toHaveLength(1);
    expect((await c.t.rows(sql`select status, awaiting from runs where id = ${first.runId}`))[0]).toEqual({
      status: 'awaiting',
      awaiting: { kind: 'action_confirm', step_id: action.step_id, v: 1 },
    });

    const done = continued(await c.decide('hitl_action_confirm', { run_id: first.runId }), first.events);
    expect(ofType(done, 'observation')[0]!.data).toMatchObject({ tool: 'calculator', output: '1+1 = 2' });
    expect(textOf(done)).toBe('答案是 2');
    expect(done.at(-1)!.data).toEqual({ run_id: first.runId, status: 'completed' });
    expect(c.chatRequests()[1]!.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: action.tool_call_id, content: '1+1 = 2' });
    // The run is over: every decision on it is refused.
    for (const decision of DECISIONS) expectRefused(await c.decide(decision, { run_id: first.runId, content: '{}', feedback: '再来' }), 40901, NOT_AWAITING);

    const second = await paused(confirmAction, '替换动作', '1+1');
    for (const content of ['不是 JSON', '[1,2]', [1, 2]]) expectRefused(await c.decide('hitl_replace', { run_id: second.runId, content }), 40001);
    expectRefused(await c.decide('hitl_observation_confirm', { run_id: second.runId }), 40901, NOT_AWAITING);
    const replaced = continued(await c.decide('hitl_replace', { run_id: second.runId, content: '{"expression":"6*7"}' }), second.events);
    expect(ofType(replaced, 'observation')[0]!.data).toMatchObject({ output: '6*7 = 42' });
    expect(c.chatRequests().at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: '6*7 = 42' });
    expect(replaced.at(-1)!.data.status).toBe('completed');

    const third = await paused(confirmAction, '对象替换', '1+1');
    const withObject = continued(await c.decide('hitl_replace', { run_id: third.runId, content: { expression: '2^10' } }), third.events);
    expect(ofType(withObject, 'observation')[0]!.data).toMatchObject({ output: '2^10 = 1024' });
  });

  it('at action_confirm: feedback drops the call and tells the model why; finish keeps the partial answer', async () => {
    c.llm.script(
      { match: '反馈动作', times: 1, text: '先试试除法。', toolCalls: [{ name: 'calculator', arguments: { expression: '1/0' } }] },
      { match: '反馈动作', times: 1, text: '改用加法。', toolCalls: [{ name: 'calculator', arguments: { expression: '2+2' } }] },
    );
    const first = await c.chat({ agent_id: confirmAction.id, query: '反馈动作：算点什么' });
    const runId = first[0]!.data.run_id;
    const feedback = '不要除以零，改用加法';
    const after = continued(await c.decide('hitl_feedback', { run_id: runId, feedback }), first);
    expect(ofType(after, 'observation'), 'the rejected call never ran').toEqual([]);
    expect(ofType(after, 'action').map((e) => e.data.input)).toEqual([{ expression: '2+2' }]);
    expect(after.slice(-2).map((e) => e.event)).toEqual(['await', 'done']);
    expect(after.at(-1)!.data.status).toBe('awaiting');
    const retry = c.chatRequests()[1]!;
    expect(allText(retry)).toContain(feedback);
    expect(allText(retry)).not.toContain('1/0 =');

    const finished = continued(await c.decide('hitl_finish', runId), [...first, ...after]);
    expect(finished.at(-1)!.data).toEqual({ run_id: runId, status: 'finished' });
    expect(c.chatRequests()).toHaveLength(2);
    const [, answer] = await messagesOf(first[0]!.data.conversation_id);
    expect(answer!.meta.status).toBe('finished');
    expect(answer!.content).toContain('改用加法。');
    expectRefused(await c.decide('hitl_finish', { run_id: runId }), 40901, NOT_AWAITING);
  });

  it('at observation_confirm: confirm, replace and feedback each change what the model gets; finish keeps the partial answer', async () => {
    const confirm = await paused(confirmObservation, '确认结果', '3*3');
    const observation = ofType(confirm.events, 'observation')[0]!.data;
    expect(observation).toMatchObject({ tool: 'calculator', output: '3*3 = 9' });
    expect(confirm.pause).toEqual({ kind: 'observation_confirm', step_id: observation.step_id, payload: { tool: 'calculator', output: '3*3 = 9' } });
    expect(c.chatRequests()).toHaveLength(1);
    expectRefused(await c.decide('hitl_action_confirm', { run_id: confirm.runId }), 40901, NOT_AWAITING);
    const confirmed = continued(await c.decide('hitl_observation_confirm', { run_id: confirm.runId }), confirm.events);
    expect(textOf(confirmed)).toBe('确认结果的答案');
    expect(confirmed.at(-1)!.data.status).toBe('completed');
    expect(c.chatRequests()[1]!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: '3*3 = 9' });

    const replace = await paused(confirmObservation, '替换结果', '3*3');
    continued(await c.decide('hitl_replace', { run_id: replace.runId, content: '人工核对：结果是 81' }), replace.events);
    const replacedFor = c.chatRequests().at(-1)!;
    expect(replacedFor.body.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('人工核对：结果是 81') });
    expect(allText(replacedFor)).not.toContain('3*3 = 9');

    const feedback = await paused(confirmObservation, '结果反馈', '3*3');
    const noted = continued(await c.decide('hitl_feedback', { run_id: feedback.runId, feedback: '请注意单位是平方米' }), feedback.events);
    expect(noted.at(-1)!.data.status).toBe('completed');
    const notedFor = c.chatRequests().at(-1)!;
    expect(allText(notedFor)).toContain('3*3 = 9');
    expect(allText(notedFor)).toContain('请注意单位是平方米');

    const finish = await paused(confirmObservation, '结束结果', '3*3');
    const before = c.chatRequests().length;
    const ended = continued(await c.decide('hitl_finish', { run_id: finish.runId }), finish.events);
    expect(ended.at(-1)!.data).toEqual({ run_id: finish.runId, status: 'finished' });
    expect(c.chatRequests()).toHaveLength(before);
    const [, answer] = await messagesOf(finish.conversationId);
    expect(answer).toMatchObject({ content: '结束结果：先算一下。', meta: { status: 'finished' } });
  });

  it('two racing decisions: exactly one continues the run, the other gets 40901 and changes nothing', async () => {
    const race = await paused(confirmAction, '竞争', '5+5');
    const answers = await Promise.all([
      c.decide('hitl_action_confirm', { run_id: race.runId }),
      c.decide('hitl_action_confirm', { run_id: race.runId }),
      c.decide('hitl_feedback', { run_id: race.runId, feedback: '不行' }),
      c.decide('hitl_finish', race.runId),
    ]);
    const won = answers.filter((answer) => answer.events);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.envelope)) expectRefused(lost, 40901, NOT_AWAITING);
    const events = continued(won[0]!, race.events);
    expect(['completed', 'finished']).toContain(events.at(-1)!.data.status);
    expect(ofType(events, 'observation').length).toBeLessThanOrEqual(1);
    expect(await c.replay(race.runId, race.events.at(-1)!.id)).toEqual(events);
    expect(await c.replay(race.runId, 0), 'a replay from the start goes on past the pause').toEqual([...race.events, ...events]);
  });

  it("another user's run is untouchable; malformed decisions are refused and change nothing", async () => {
    const mine = await paused(confirmAction, '他人', '7+7');
    for (const area of ['chat', 'plan_chat'] as const) {
      for (const decision of DECISIONS) {
        expectRefused(await c.decide(decision, { run_id: mine.runId, content: '{}', feedback: '我来' }, c.bob, area), 40401);
        expectRefused(await c.decide(decision, { run_id: crypto.randomUUID(), content: '{}', feedback: '我来' }, c.alice, area), 40401);
      }
    }
    expectCode(await c.t.call(`/api/runs/${mine.runId}/cancel`, undefined, c.bob), 40401);
    expectRefused(await c.decide('hitl_action_confirm', {}), 40001);
    expectRefused(await c.decide('hitl_action_confirm', { run_id: 'x' }), 40001);
    expectRefused(await c.decide('hitl_observation_confirm', 'bare'), 40001);
    expectRefused(await c.decide('hitl_feedback', { run_id: mine.runId }), 40001, /反馈/);
    expectRefused(await c.decide('hitl_feedback', { run_id: mine.runId, feedback: '  ' }), 40001, /反馈/);
    expectRefused(await c.decide('hitl_replace', { run_id: mine.runId }), 40001, /请输入替换内容/);
    expectRefused(await c.decide('hitl_finish', 5), 40001);
    expectRefused(await c.decide('hitl_finish', {}), 40001, /缺少运行 id/);
    expectCode(
      await c.t.raw({ method: 'POST', url: '/api/agent/chat/hitl_action_confirm', headers: { 'access-token': c.alice, 'content-type': 'application/json' }, payload: '{"run_id":' }),
      40001,
    );
    expectCode(await c.t.call('/api/agent/chat/hitl_action_confirm', { run_id: mine.runId }), 40101);
    // Still paused as it was: the owner's decision goes through.
    expect((await c.t.rows(sql`select status from runs where id = ${mine.runId}`))[0]).toEqual({ status: 'awaiting' });
    const done = continued(await c.decide('hitl_action_confirm', { run_id: mine.runId }), mine.events);
    expect(ofType(done, 'observation')[0]!.data.output).toBe('7+7 = 14');
  });

  it('plan chat: draft → feedback redrafts → confirm executes step by step with progress → summary; replace and finish; list_plan_runs', async () => {
    const planner = await c.createAgent({ tool_ids: ['calculator'] });
    c.llm.script(
      {
        match: '请为以下任务制定执行计划：',
        text: JSON.stringify({
          steps: [
            { title: '计算', detail: '用计算器算 5*5' },
            { title: '总结', detail: '说明结果' },
          ],
        }),
      },
      { match: '请根据反馈修改计划：', text: '1. 计算：用计算器算 5*5\n2. 检查：核对结果\n3. 总结：说明结果' },
      { match: '执行计划第 1 步：', afterToolResult: false, toolCalls: [{ name: 'calculator', arguments: { expression: '5*5' } }] },
      { match: '执行计划第 1 步：', afterToolResult: true, text: '五乘五得 25。' },
      { match: '执行计划第 2 步：', text: '核对无误。' },
      { match: '执行计划第 3 步：', text: '结果是 25。' },
      { match: '请根据以上各步骤的结果给出最终总结', chunks: ['最终总结：', '5*5 = 25。'] },
    );
    const drafted = await c.chat({ agent_id: planner.id, query: '帮我算 5*5 并总结' }, c.alice, 'plan_chat');
    expectSequence(drafted, 0);
    const runId = drafted[0]!.data.run_id;
    expect(lastUser(c.chatRequests()[0]!)).toMatch(/^请为以下任务制定执行计划：[\s\S]*帮我算 5\*5 并总结/);
    expect(ofType(drafted, 'plan')[0]!.data.steps.map((s: any) => [s.title, s.detail])).toEqual([
      ['计算', '用计算器算 5*5'],
      ['总结', '说明结果'],
    ]);
    const pause = drafted.at(-2)!;
    expect(pause).toMatchObject({ event: 'await', data: { kind: 'plan_confirm', payload: { steps: [{ title: '计算' }, { title: '总结' }] } } });
    expect(drafted.at(-1)!.data).toEqual({ run_id: runId, status: 'awaiting' });
    expectRefused(await c.decide('hitl_observation_confirm', { run_id: runId }, c.alice, 'plan_chat'), 40901, NOT_AWAITING);

    const redrafted = continued(await c.decide('hitl_feedback', { run_id: runId, feedback: '请加一步检查' }, c.alice, 'plan_chat'), drafted);
    expect(lastUser(c.chatRequests().at(-1)!)).toMatch(/^请根据反馈修改计划：[\s\S]*请加一步检查/);
    expect(
      ofType(redrafted, 'plan')
        .at(-1)!
        .data.steps.map((s: any) => s.title),
    ).toEqual(['计算', '检查', '总结']);
    expect(redrafted.at(-2)).toMatchObject({ event: 'await', data: { kind: 'plan_confirm' } });

    const executed = continued(await c.decide('hitl_action_confirm', { run_id: runId }, c.alice, 'plan_chat'), [...drafted, ...redrafted]);
    // Progress: each step reported running in turn (the ones before it done), all done at the end.
    const progress = ofType(executed, 'plan').map((e) => e.data.steps.map((s: any) => s.status));
    expect(progress).toContainEqual(['running', 'pending', 'pending']);
    expect(progress).toContainEqual(['done', 'running', 'pending']);
    expect(progress).toContainEqual(['done', 'done', 'running']);
    expect(progress.at(-1)).toEqual(['done', 'done', 'done']);
    expect(ofType(executed, 'observation')[0]!.data).toMatchObject({ tool: 'calculator', output: '5*5 = 25' });
    const stepNumbers = c
      .chatRequests()
      .map((request) => /^执行计划第 (\d+) 步：/.exec(lastUser(request))?.[1])
      .filter(Boolean);
    expect(new Set(stepNumbers)).toEqual(new Set(['1', '2', '3']));
    expect(lastUser(c.chatRequests().at(-1)!)).toMatch(/^请根据以上各步骤的结果给出最终总结/);
    expect(textOf(executed)).toContain('最终总结：5*5 = 25。');
    expect(executed.at(-1)!.data).toEqual({ run_id: runId, status: 'completed' });

    // Replace with an edited plan (numbered lines), then it runs that plan; finish stops another at its plan.
    const second = await c.chat({ agent_id: planner.id, query: '只算一步' }, c.alice, 'plan_chat');
    const edited = continued(await c.decide('hitl_replace', { run_id: second[0]!.data.run_id, content: '1. 计算：用计算器算 5*5' }, c.alice, 'plan_chat'), second);
    expect(
      ofType(edited, 'plan')
        .at(-1)!
        .data.steps.map((s: any) => [s.title, s.status]),
    ).toEqual([['计算', 'done']]);
    expect(edited.at(-1)!.data.status).toBe('completed');
    const third = await c.chat({ agent_id: planner.id, query: '算了不做了' }, c.alice, 'plan_chat');
    const stopped = continued(await c.decide('hitl_finish', third[0]!.data.run_id, c.alice, 'plan_chat'), third);
    expect(stopped.at(-1)!.data.status).toBe('finished');

    const plans = expectOk(await c.t.call<any>('/api/agent/list_plan_runs', { page: 1, page_size: 10, agent_id: planner.id }, c.alice));
    expect(plans.total).toBe(3);
    expect(plans.list.map((p: any) => [p.run_id, p.status])).toEqual([
      [third[0]!.data.run_id, 'finished'],
      [second[0]!.data.run_id, 'completed'],
      [runId, 'completed'],
    ]);
    expect(plans.list[2]).toMatchObject({ agent_id: planner.id, agent_name: planner.name, steps: [{ title: '计算' }, { title: '检查' }, { title: '总结' }] });
    expect(expectOk(await c.t.call<any>('/api/agent/list_plan_runs', { page: 1, page_size: 10 }, c.bob)).total).toBe(0);
  });

  // Last: it stops the test app's server.
  it('a run paused before a restart is decided in a fresh server on the same database and completes', async () => {
    const before = await paused(confirmAction, '重启', '8*8', '重启后算出 64');
    await c.t.app.close();
    const database = c.t.dialect === 'postgres' ? await openPostgres(c.t.databaseUrl!, 2, () => {}) : c.t.database;
    const fresh = await buildApp({ config: testConfig({ SECRET_KEY }), database });
    try {
      const done = continued(await c.decide('hitl_action_confirm', { run_id: before.runId }, c.alice, 'chat', fresh), before.events);
      expect(ofType(done, 'observation')[0]!.data.output).toBe('8*8 = 64');
      expect(textOf(done)).toBe('重启后算出 64');
      expect(done.at(-1)!.data.status).toBe('completed');
      const messages = await fresh.inject({
        method: 'POST',
        url: '/api/user/list_conversation_messages',
        headers: { 'access-token': c.alice, 'content-type': 'application/json' },
        payload: { conversation_id: before.conversationId },
      });
      expect(messages.json().data.map((m: MessageInfo) => m.content)).toEqual(['重启：请计算 8*8', '重启：先算一下。重启后算出 64']);
    } finally {
      await fresh.close();
      if (database !== c.t.database) await database.close();
    }
  });
});
