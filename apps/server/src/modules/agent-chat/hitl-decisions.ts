import { HITL_KINDS, type HitlDecision, type HitlKind } from '@agent-platform/contracts';
import { z } from 'zod';
import { badInput, StoredDataError } from '../../core/index.js';
import { parsePlan, type DecisionInput } from '../../runtime/agent-engine/index.js';

const ANY_PAUSE: HitlKind[] = ['action_confirm', 'observation_confirm', 'plan_confirm'];

/** Which pauses each decision call may answer; confirming a plan is `hitl_action_confirm` at a plan pause. */
export const PAUSES_BY_DECISION: Record<HitlDecision, HitlKind[]> = {
  hitl_action_confirm: ['action_confirm', 'plan_confirm'],
  hitl_observation_confirm: ['observation_confirm'],
  hitl_replace: ANY_PAUSE,
  hitl_feedback: ANY_PAUSE,
  hitl_finish: ANY_PAUSE,
};

/** A decision call's body: the run, and what replaces or answers the pending thing. */
export interface DecisionBody {
  run_id: string;
  content?: unknown;
  feedback?: string;
}

const MAX_OBSERVATION_CHARS = 100_000;

const agentPause = z.object({ kind: z.enum(HITL_KINDS), step_id: z.string() });

/** The pause a paused agent run stored (`runs.awaiting`): agent runs pause only at the HITL kinds. */
export function pauseOf(awaiting: { kind: string; step_id: string } | null): { kind: HitlKind; step_id: string } {
  const parsed = agentPause.safeParse(awaiting);
  if (!parsed.success) throw new StoredDataError('agent run awaiting', z.prettifyError(parsed.error));
  return parsed.data;
}

function toolInput(content: unknown): Record<string, unknown> {
  let value = content;
  if (typeof content === 'string') {
    try {
      value = JSON.parse(content);
    } catch {
      throw badInput('修改后的工具参数必须是 JSON 对象');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badInput('修改后的工具参数必须是 JSON 对象');
  return value as Record<string, unknown>;
}

function replacement(kind: HitlKind, content: unknown): unknown {
  if (kind === 'action_confirm') return toolInput(content);
  if (kind === 'plan_confirm') {
    const steps = parsePlan(content);
    if (steps.length === 0) throw badInput('修改后的计划至少要有一个步骤（JSON 数组或编号列表）');
    return steps;
  }
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  if (text.trim().length === 0) throw badInput('请输入替换后的工具结果');
  return text.slice(0, MAX_OBSERVATION_CHARS);
}

/** The decision step for a pause, with its content checked for that pause (40001 when it does not fit). */
export function decisionFor(call: HitlDecision, paused: { kind: HitlKind; step_id: string }, body: Omit<DecisionBody, 'run_id'>): DecisionInput {
  const base = { kind: paused.kind, step_id: paused.step_id };
  switch (call) {
    case 'hitl_action_confirm':
    case 'hitl_observation_confirm':
      return { ...base, decision: 'confirm' };
    case 'hitl_replace':
      return { ...base, decision: 'replace', content: replacement(paused.kind, body.content) };
    case 'hitl_feedback':
      return { ...base, decision: 'feedback', feedback: body.feedback };
    case 'hitl_finish':
      return { ...base, decision: 'finish' };
  }
}
