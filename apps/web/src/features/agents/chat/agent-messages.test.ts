import type { MessageInfo, StreamEvent } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { applyAgentEvent, pendingAgentAnswer, resumeAnswer, stepDuration, type AgentMessageView } from './agent-messages';
import { decisionRequest } from './decisions';
import { fromAgentMessage } from './stored-messages';

let seq = 0;
const ev = (event: string, data: object) => ({ id: (seq += 1), event, data }) as StreamEvent;
const run = (events: StreamEvent[], from: AgentMessageView = pendingAgentAnswer()) => events.reduce(applyAgentEvent, from);
const calc = { tool: 'calculator', tool_call_id: 'call-1', input: { expression: '1+1' } };

describe('an agent answer built from its stream', () => {
  it('shows each tool call as a step, pauses at a confirmation and goes on in the same answer', () => {
    const paused = run([
      ev('run', { run_id: 'r1', conversation_id: 'c1', message_id: null }),
      ev('delta', { text: '我先算一下。' }),
      ev('action', { step_id: 'a1', ...calc }),
      ev('await', { kind: 'action_confirm', step_id: 'a1', payload: calc }),
      ev('done', { run_id: 'r1', status: 'awaiting' }),
    ]);
    expect(paused).toMatchObject({ status: 'done', runStatus: 'awaiting', pause: { kind: 'action_confirm', stepId: 'a1' }, content: '我先算一下。' });
    expect(paused.steps).toEqual([expect.objectContaining({ key: 'a1', tool: 'calculator', status: 'awaiting', input: { expression: '1+1' } })]);

    // 修改参数: the card shows the new input while the tool runs; the observation settles it.
    const resumed = resumeAnswer(paused, { choice: 'replace', content: { expression: '2+2' } });
    expect(resumed).toMatchObject({ status: 'streaming', pause: null });
    expect(resumed.steps?.[0]).toMatchObject({ status: 'running', input: { expression: '2+2' }, edited: 'input' });
    const done = run(
      [
        ev('observation', { step_id: 'o1', tool: 'calculator', output: '2+2 = 4', duration_ms: 1500 }),
        ev('await', { kind: 'observation_confirm', step_id: 'o1', payload: { tool: 'calculator', output: '2+2 = 4' } }),
        ev('done', { run_id: 'r1', status: 'awaiting' }),
      ],
      resumed,
    );
    expect(done.steps?.[0]).toMatchObject({ status: 'awaiting', output: '2+2 = 4', observationId: 'o1', durationMs: 1500 });
    expect(stepDuration(done.steps![0]!)).toBe('1.5 s');
    const finished = run(
      [ev('delta', { text: '结果是 4。' }), ev('usage', { prompt_tokens: 5, completion_tokens: 3 }), ev('done', { run_id: 'r1', status: 'completed' })],
      resumeAnswer(done, { choice: 'feedback', feedback: '再核对一下' }),
    );
    expect(finished).toMatchObject({ content: '我先算一下。结果是 4。', status: 'done', runStatus: 'completed', pause: null, usage: { prompt_tokens: 5, completion_tokens: 3 } });
    expect(finished.steps?.[0]).toMatchObject({ status: 'done', feedback: '再核对一下' });
  });

  it('matches observations to open calls of the same tool, marks errors, and skips calls a run never finished', () => {
    const answer = run([
      ev('action', { step_id: 'a1', ...calc }),
      ev('action', { step_id: 'a2', ...calc, tool_call_id: 'call-2' }),
      ev('action', { step_id: 'a3', tool: 'web_fetch', tool_call_id: 'call-3', input: { url: 'https://example.com' } }),
      ev('observation', { step_id: 'o1', tool: 'calculator', output: '2', duration_ms: 12 }),
      ev('observation', { step_id: 'o2', tool: 'calculator', output: '', error: '表达式不合法' }),
      ev('error', { code: 50001, msg: '模型服务出错' }),
      ev('done', { run_id: 'r', status: 'failed' }),
    ]);
    expect(answer.steps?.map((step) => [step.key, step.status, step.observationId ?? null])).toEqual([
      ['a1', 'done', 'o1'],
      ['a2', 'error', 'o2'],
      ['a3', 'skipped', null],
    ]);
    expect(answer.steps?.[1]?.error).toBe('表达式不合法');
    expect(answer).toMatchObject({ status: 'error', error: '模型服务出错', runStatus: 'failed' });
  });

  it('plan chat: the latest plan with its statuses, tool calls under the running plan step, a feedback rejection skips the call', () => {
    const steps = [
      { index: 1, title: '查资料', detail: '' },
      { index: 2, title: '汇总', detail: '' },
    ];
    const drafted = run([ev('plan', { steps: steps.map((s) => ({ ...s, status: 'pending' })) }), ev('await', { kind: 'plan_confirm', step_id: 'p1', payload: { steps } })]);
    expect(drafted.pause?.kind).toBe('plan_confirm');
    const executing = run(
      [
        ev('plan', {
          steps: [
            { ...steps[0], status: 'running' },
            { ...steps[1], status: 'pending' },
          ],
        }),
        ev('delta', { text: '### 第 1 步：查资料\n\n' }),
        ev('action', { step_id: 'a1', ...calc }),
        ev('await', { kind: 'action_confirm', step_id: 'a1', payload: calc }),
      ],
      resumeAnswer(drafted, { choice: 'confirm' }),
    );
    expect(executing.plan?.map((s) => s.status)).toEqual(['running', 'pending']);
    expect(executing.steps?.[0]).toMatchObject({ planIndex: 1, status: 'awaiting' });
    expect(resumeAnswer(executing, { choice: 'feedback', feedback: '不用算' }).steps?.[0]).toMatchObject({ status: 'skipped', feedback: '不用算' });
  });
});

describe('a stored agent answer', () => {
  const info = (meta: Record<string, unknown>, content = '已完成'): MessageInfo => ({ id: 'm1', role: 'assistant', content, run_id: 'r1', meta, created_at: '2026-01-01T00:00:00Z' });

  it('rebuilds its steps and decisions from meta.steps, and the pause it still waits at', () => {
    const steps = [
      { id: 'x0', type: 'model', input: { purpose: 'answer' }, output: {} },
      { id: 'a1', type: 'action', input: { ...calc, needs_confirm: true }, output: null },
      { id: 'd1', type: 'decision', input: { kind: 'action_confirm', step_id: 'a1', decision: 'replace', content: { expression: '3*3' } }, output: null },
      { id: 'o1', type: 'observation', input: { tool: 'calculator', tool_call_id: 'call-1', needs_confirm: true }, output: { output: '9', duration_ms: 40 } },
    ];
    const message = fromAgentMessage(info({ status: 'awaiting', steps, citations: [{ segment_id: 's1', doc_id: 'd', doc_name: 'a.md', kb_id: 'k', text: '段落', score: 1 }] }, '先算'));
    expect(message).toMatchObject({ content: '先算', status: 'done', runStatus: 'awaiting', pause: { kind: 'observation_confirm', stepId: 'o1' } });
    expect(message.steps).toEqual([expect.objectContaining({ key: 'a1', input: { expression: '3*3' }, edited: 'input', output: '9', status: 'awaiting', durationMs: 40 })]);
    expect(message.sources?.map((s) => s.segment_id)).toEqual(['s1']);
  });

  it('a completed plan run shows every plan step done and no pause; a finished run has none either', () => {
    const plan = { id: 'p1', type: 'plan', input: null, output: { steps: [{ index: 1, title: '甲', detail: '' }] } };
    const confirmed = { id: 'd1', type: 'decision', input: { kind: 'plan_confirm', step_id: 'p1', decision: 'confirm' }, output: null };
    const prompt = { id: 'q1', type: 'prompt', input: { content: '执行计划第 1 步', plan_index: 1 }, output: null };
    const completed = fromAgentMessage(info({ status: 'completed', steps: [plan, confirmed, prompt] }));
    expect(completed).toMatchObject({ pause: null, runStatus: 'completed', plan: [{ title: '甲', status: 'done' }] });
    expect(fromAgentMessage(info({ status: 'finished', steps: [plan] })).pause).toBeNull();
    expect(fromAgentMessage(info({ status: 'awaiting', steps: [plan] })).pause).toMatchObject({ kind: 'plan_confirm', stepId: 'p1' });
  });
});

describe('the call for a decision', () => {
  it('confirming an observation has its own call; an action or a plan is confirmed with hitl_action_confirm', () => {
    expect(decisionRequest('observation_confirm', 'r', { choice: 'confirm' })).toEqual({ call: 'hitl_observation_confirm', body: { run_id: 'r' } });
    expect(decisionRequest('plan_confirm', 'r', { choice: 'confirm' }).call).toBe('hitl_action_confirm');
    expect(decisionRequest('action_confirm', 'r', { choice: 'replace', content: { a: 1 } })).toEqual({ call: 'hitl_replace', body: { run_id: 'r', content: { a: 1 } } });
    expect(decisionRequest('action_confirm', 'r', { choice: 'feedback', feedback: '别算了' })).toEqual({ call: 'hitl_feedback', body: { run_id: 'r', feedback: '别算了' } });
    expect(decisionRequest('plan_confirm', 'r', { choice: 'finish' })).toEqual({ call: 'hitl_finish', body: { run_id: 'r' } });
  });
});
