import type { AgentInfo, MessageInfo } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import { expectSequence, ofType, startAgentChatTestApp, textOf, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';

/** A run's input exactly as releases before versioned stored JSON wrote it: no `v`, `opens_conversation` could be left out, agents had no `prompt_shared`. */
function inputBeforeVersions(stored: Record<string, unknown>): Record<string, unknown> {
  const { v: _version, opens_conversation: _opens, agent, ...older } = stored;
  const { prompt_shared: _shared, ...olderAgent } = agent as Record<string, unknown>;
  return { ...older, agent: olderAgent };
}

describe('a paused agent run: every JSON column stored versioned, read through its schema', () => {
  let c: AgentChatTestContext;
  let agent: AgentInfo;

  beforeAll(async () => {
    c = await startAgentChatTestApp();
    agent = await c.createAgent({ tool_ids: ['calculator'], hitl: { action_confirm: true, observation_confirm: false } });
  });
  afterAll(() => c?.close());

  async function pausedRun(word: string) {
    c.llm.script(
      { match: word, afterToolResult: false, times: 1, text: '先算一下。', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
      { match: word, afterToolResult: true, text: `${word}：答案是 42` },
    );
    const events = await c.chat({ agent_id: agent.id, query: `${word}：请计算 6*7` });
    expect(events.at(-1)!.data).toMatchObject({ status: 'awaiting' });
    const runId = events[0]!.data.run_id as string;
    await settled(runId, events.length);
    return { events, runId, conversationId: events[0]!.data.conversation_id as string };
  }
  /** The event log and the answer are written behind the stream: wait until the whole pause is stored. */
  const settled = (runId: string, eventCount: number) =>
    waitFor(async () => (await storedEvents(runId)).length === eventCount && (await storedMetas(runId)).length === 1, { what: `run ${runId} stored` });
  const storedRun = async (runId: string) =>
    (await c.t.rows<{ input: Record<string, unknown>; awaiting: Record<string, unknown> }>(sql`select input, awaiting from runs where id = ${runId}`))[0]!;
  const storedSteps = (runId: string) =>
    c.t.rows<{ type: string; input: Record<string, unknown> | null; output: Record<string, unknown> | null }>(
      sql`select type, input, output from run_steps where run_id = ${runId} order by position`,
    );
  const storedEvents = (runId: string) => c.t.rows<{ data: Record<string, unknown> }>(sql`select data from run_events where run_id = ${runId} order by seq`);
  const storedMetas = (runId: string) => c.t.rows<{ meta: Record<string, unknown> }>(sql`select meta from messages where run_id = ${runId} and role = 'assistant'`);
  const storedMeta = async (runId: string) => (await storedMetas(runId))[0]!.meta;
  /** Rewrites every JSON column of a paused run in the database to the shape written before versions. */
  async function toShapesBeforeVersions(runId: string) {
    const older = inputBeforeVersions((await storedRun(runId)).input);
    expect(older).not.toHaveProperty('v');
    expect(older.agent).not.toHaveProperty('prompt_shared');
    await c.t.rows(sql`update runs set input = ${JSON.stringify(older)}::jsonb, awaiting = awaiting - 'v' where id = ${runId}`);
    await c.t.rows(sql`update run_steps set input = input - 'v', output = output - 'v' where run_id = ${runId}`);
    await c.t.rows(sql`update run_events set data = data - 'v' where run_id = ${runId}`);
    await c.t.rows(sql`update messages set meta = meta - 'v' where run_id = ${runId}`);
    expect((await storedRun(runId)).input).toEqual(older);
    expect((await storedRun(runId)).awaiting).not.toHaveProperty('v');
    for (const step of await storedSteps(runId)) for (const column of [step.input, step.output].filter((value) => value !== null)) expect(column).not.toHaveProperty('v');
    for (const row of await storedEvents(runId)) expect(row.data).not.toHaveProperty('v');
  }
  const messagesOf = async (conversationId: string) => expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));

  it('a new run stores its input, its pause, its steps, its events and its answer with the current version; callers never see it', async () => {
    const { events, runId, conversationId } = await pausedRun('版本标记');
    const run = await storedRun(runId);
    expect(run.input).toMatchObject({ v: 1, mode: 'chat', agent: { id: agent.id, prompt_shared: false }, opens_conversation: true });
    expect(run.awaiting).toEqual({ kind: 'action_confirm', step_id: ofType(events, 'action')[0]!.data.step_id, v: 1 });
    const steps = await storedSteps(runId);
    expect(steps.map((step) => step.type)).toEqual(['model', 'action']);
    for (const step of steps) for (const column of [step.input, step.output].filter((value) => value !== null)) expect(column).toMatchObject({ v: 1 });
    const logged = await storedEvents(runId);
    expect(logged).toHaveLength(events.length);
    for (const row of logged) expect(row.data).toMatchObject({ v: 1 });
    expect(await storedMeta(runId)).toMatchObject({ v: 1, status: 'awaiting' });

    expect(await c.replay(runId, 0), 'the replay is the stream as it was sent').toEqual(events);
    const answer = (await messagesOf(conversationId)).at(-1)!;
    expect(answer.meta).not.toHaveProperty('v');
    expect(answer.meta.steps).toEqual([
      expect.objectContaining({
        type: 'action',
        input: { tool_call_id: expect.any(String), tool: 'calculator', input: { expression: '6*7' }, needs_confirm: true, title: expect.any(String) },
      }),
    ]);
  });

  it('a run paused with the shapes of before versions (input, pause, steps, events, answer) replays and resumes after the upgrade', async () => {
    const { events, runId, conversationId } = await pausedRun('旧形状');
    await toShapesBeforeVersions(runId);

    expect(await c.replay(runId, 0), 'an unversioned log replays as it was sent').toEqual(events);
    expect((await messagesOf(conversationId)).at(-1)!.meta).toMatchObject({ status: 'awaiting', awaiting: { kind: 'action_confirm' } });

    const answer = await c.decide('hitl_action_confirm', { run_id: runId });
    expect(answer.envelope?.body, 'the decision was taken').toBeUndefined();
    expectSequence(answer.events!, events.at(-1)!.id);
    expect(ofType(answer.events!, 'observation')[0]!.data).toMatchObject({ tool: 'calculator', output: '6*7 = 42' });
    expect(textOf(answer.events!)).toBe('旧形状：答案是 42');
    expect(answer.events!.at(-1)!.data).toEqual({ run_id: runId, status: 'completed' });
    // The model was given the whole transcript again, rebuilt from the unversioned steps.
    expect(c.chatRequests().at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: '6*7 = 42' });
    const done = (await messagesOf(conversationId)).at(-1)!;
    expect(done.content).toBe('先算一下。旧形状：答案是 42');
    expect(done.meta).toMatchObject({ status: 'completed', usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) } });
    expect((done.meta.steps as Array<{ type: string }>).map((step) => step.type)).toEqual(['action', 'decision', 'observation']);
  });

  it('a plan run paused at its plan with the shapes of before versions is listed with its plan, and an edited plan runs to the end', async () => {
    const planner = await c.createAgent();
    c.llm.script(
      {
        match: '旧计划：查资料',
        text: JSON.stringify({
          steps: [
            { title: '查询', detail: '查资料' },
            { title: '总结', detail: '说明结果' },
          ],
        }),
      },
      { match: '执行计划第 1 步：核对', text: '核对完毕。' },
      { match: '请根据以上各步骤的结果给出最终总结', text: '旧计划的总结。' },
    );
    const drafted = await c.chat({ agent_id: planner.id, query: '旧计划：查资料' }, c.alice, 'plan_chat');
    expect(drafted.at(-2)).toMatchObject({ event: 'await', data: { kind: 'plan_confirm' } });
    const runId = drafted[0]!.data.run_id as string;
    await settled(runId, drafted.length);
    await toShapesBeforeVersions(runId);

    const plans = expectOk(await c.t.call<{ list: Array<Record<string, unknown>> }>('/api/agent/list_plan_runs', { page: 1, page_size: 10, agent_id: planner.id }, c.alice));
    expect(plans.list).toEqual([
      expect.objectContaining({
        run_id: runId,
        agent_name: planner.name,
        title: '旧计划：查资料',
        status: 'awaiting',
        awaiting: 'plan_confirm',
        steps: [expect.objectContaining({ title: '查询' }), expect.objectContaining({ title: '总结' })],
      }),
    ]);

    const edited = await c.decide('hitl_replace', { run_id: runId, content: '1. 核对：核对一下' }, c.alice, 'plan_chat');
    expect(edited.envelope?.body, 'the decision was taken').toBeUndefined();
    expectSequence(edited.events!, drafted.at(-1)!.id);
    expect(
      ofType(edited.events!, 'plan')
        .at(-1)!
        .data.steps.map((step: { title: string; status: string }) => [step.title, step.status]),
    ).toEqual([['核对', 'done']]);
    expect(textOf(edited.events!)).toContain('旧计划的总结。');
    expect(edited.events!.at(-1)!.data).toEqual({ run_id: runId, status: 'completed' });
  });
});
