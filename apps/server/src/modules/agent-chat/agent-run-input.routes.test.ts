import type { AgentInfo } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSequence, ofType, startAgentChatTestApp, textOf, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';

/** A run's input exactly as releases before versioned stored JSON wrote it: no `v`, and `opens_conversation` could be left out. */
function inputBeforeVersions(stored: Record<string, unknown>): Record<string, unknown> {
  const { v: _version, opens_conversation: _opens, ...older } = stored;
  return older;
}

describe('agent run input: stored versioned, read through its schema', () => {
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
    return { events, runId: events[0]!.data.run_id as string };
  }
  const storedInput = async (runId: string) => (await c.t.rows<{ input: Record<string, unknown> }>(sql`select input from runs where id = ${runId}`))[0]!.input;

  it('a new run stores its input with the current version', async () => {
    const { runId } = await pausedRun('版本标记');
    expect(await storedInput(runId)).toMatchObject({ v: 1, mode: 'chat', agent: { id: agent.id }, opens_conversation: true });
  });

  it('a run paused with the input shape of before versions resumes after the upgrade', async () => {
    const { events, runId } = await pausedRun('旧形状');
    const older = inputBeforeVersions(await storedInput(runId));
    expect(older).not.toHaveProperty('v');
    await c.t.rows(sql`update runs set input = ${JSON.stringify(older)}::jsonb where id = ${runId}`);
    expect(await storedInput(runId)).toEqual(older);

    const answer = await c.decide('hitl_action_confirm', { run_id: runId });
    expect(answer.envelope?.body, 'the decision was taken').toBeUndefined();
    expectSequence(answer.events!, events.at(-1)!.id);
    expect(ofType(answer.events!, 'observation')[0]!.data).toMatchObject({ tool: 'calculator', output: '6*7 = 42' });
    expect(textOf(answer.events!)).toBe('旧形状：答案是 42');
    expect(answer.events!.at(-1)!.data).toEqual({ run_id: runId, status: 'completed' });
  });
});
