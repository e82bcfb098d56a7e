import type { HitlKind, MessageInfo, PlanStep, RunEndStatus, RunStepInfo, StreamEvent } from '@agent-platform/contracts';
import { HITL_KINDS } from '@agent-platform/contracts';
import { fromMessageInfo, type RetrievedSource } from '../../../lib/chat-messages';
import { addSpeech, applyAgentEvent, resumeAnswer, type AgentMessageView, type Decision, type RunPause, type SpeechPart } from './agent-messages';

type Row = Pick<RunStepInfo, 'id' | 'type' | 'input' | 'output'>;
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const END_STATUSES: RunEndStatus[] = ['completed', 'awaiting', 'finished', 'failed', 'cancelled'];

/** The plan with where execution stands (as the server's `plan` event says it). */
function planAt(steps: PlanStep[], current: number, completed: boolean): PlanStep[] {
  return steps.map((step) => ({
    ...step,
    status: completed || step.index < current ? 'done' : step.index === current ? 'running' : 'pending',
  }));
}

interface Replay {
  message: AgentMessageView;
  /** Pauses no decision answered yet, oldest first. */
  open: Map<string, RunPause>;
  planSteps: PlanStep[];
  planIndex: number;
}

const event = <E extends StreamEvent['event']>(name: E, data: Extract<StreamEvent, { event: E }>['data']) => ({ id: 0, event: name, data }) as StreamEvent;

function applyRow(state: Replay, row: Row): void {
  const input = record(row.input);
  const output = record(row.output);
  const apply = (next: StreamEvent) => (state.message = applyAgentEvent(state.message, next));
  switch (row.type) {
    case 'action': {
      const payload = { tool: String(input.tool ?? ''), tool_call_id: String(input.tool_call_id ?? ''), input: input.input };
      apply(event('action', { step_id: row.id, ...payload, ...(typeof input.title === 'string' ? { title: input.title } : {}) }));
      if (input.needs_confirm) state.open.set(row.id, { kind: 'action_confirm', stepId: row.id, payload });
      break;
    }
    case 'observation': {
      const error = typeof output.error === 'string' ? output.error : undefined;
      const data = { step_id: row.id, tool: String(input.tool ?? ''), output: output.output, ...(error ? { error } : {}), duration_ms: output.duration_ms };
      apply(event('observation', data));
      if (input.needs_confirm) state.open.set(row.id, { kind: 'observation_confirm', stepId: row.id, payload: { tool: data.tool, output: data.output, error } });
      break;
    }
    case 'plan': {
      state.planSteps = Array.isArray(output.steps) ? (output.steps as PlanStep[]) : [];
      state.planIndex = 0;
      apply(event('plan', { steps: planAt(state.planSteps, 0, false) }));
      state.open.set(row.id, { kind: 'plan_confirm', stepId: row.id, payload: { steps: state.planSteps } });
      break;
    }
    case 'prompt': {
      const index = typeof input.plan_index === 'number' ? input.plan_index : undefined;
      if (index === undefined || !state.planSteps.length) break;
      state.planIndex = index;
      apply(event('plan', { steps: planAt(state.planSteps, index, false) }));
      break;
    }
    case 'decision': {
      const stepId = String(input.step_id ?? '');
      const pause = state.open.get(stepId);
      if (!pause) break;
      state.open.delete(stepId);
      const decision: Decision = { choice: input.decision as Decision['choice'], content: input.content, feedback: typeof input.feedback === 'string' ? input.feedback : undefined };
      if (pause.kind === 'plan_confirm' && decision.choice === 'replace' && Array.isArray(decision.content)) state.planSteps = decision.content as PlanStep[];
      state.message = resumeAnswer({ ...state.message, pause }, decision);
      break;
    }
    default:
      break;
  }
}

const isHitlKind = (value: unknown): value is HitlKind => HITL_KINDS.includes(value as HitlKind);

/** Where a stored run waits: the message says so (`meta.awaiting`), else the last pause no decision answered. */
function pauseOf(meta: Record<string, unknown>, open: Map<string, RunPause>): RunPause | null {
  const awaiting = record(meta.awaiting);
  if (isHitlKind(awaiting.kind) && typeof awaiting.step_id === 'string') return { kind: awaiting.kind, stepId: awaiting.step_id, payload: awaiting.payload };
  return [...open.values()].at(-1) ?? null;
}

function citationsOf(meta: Record<string, unknown>): RetrievedSource[] | undefined {
  const list = Array.isArray(meta.citations) ? meta.citations : Array.isArray(record(meta.citations).segments) ? (record(meta.citations).segments as unknown[]) : undefined;
  return list?.filter((item): item is RetrievedSource => typeof record(item).segment_id === 'string' && typeof record(item).text === 'string');
}

/** Multi-agent chat: each agent's part (`meta.segments`), with a handoff between two speakers. */
function partsOf(meta: Record<string, unknown>): Pick<AgentMessageView, 'parts'> {
  if (!Array.isArray(meta.segments)) return {};
  const parts: SpeechPart[] = [];
  let previous: string | undefined;
  for (const segment of meta.segments as Array<{ agent_id?: unknown; text?: unknown }>) {
    const agentId = String(segment.agent_id ?? '');
    if (previous && previous !== agentId) parts.push({ kind: 'handoff', from: previous, to: agentId, reason: '' });
    if (typeof segment.text === 'string' && segment.text) parts.push(...addSpeech([], agentId, segment.text));
    previous = agentId;
  }
  return { parts };
}

/**
 * A stored message as the agent chat shows it: the answer, and for an agent's answer its tool steps,
 * plan and decisions rebuilt from `meta.steps` through the same reducer the live stream uses, and
 * the pause it waits at when `meta.status` is `awaiting`.
 */
export function fromAgentMessage(info: MessageInfo): AgentMessageView {
  const base = fromMessageInfo(info);
  if (info.role !== 'assistant') return base;
  const meta = info.meta ?? {};
  const rows = Array.isArray(meta.steps) ? (meta.steps as Row[]) : [];
  const state: Replay = { message: { ...base, status: 'streaming' }, open: new Map(), planSteps: [], planIndex: 0 };
  for (const row of rows) applyRow(state, row);
  const runStatus = END_STATUSES.find((status) => status === meta.status);
  let message = state.message;
  if (runStatus === 'awaiting') {
    const pause = pauseOf(meta, state.open);
    if (pause) message = applyAgentEvent(message, event('await', { kind: pause.kind, step_id: pause.stepId, payload: pause.payload }));
  } else if (runStatus === 'completed' && state.planSteps.length) {
    message = applyAgentEvent(message, event('plan', { steps: planAt(state.planSteps, 0, true) }));
  }
  // Where execution stands, when the server keeps it (the steps alone do not say which plan step runs).
  if (Array.isArray(meta.plan) && meta.plan.length) message = { ...message, plan: meta.plan as PlanStep[] };
  const ended = runStatus ? applyAgentEvent(message, event('done', { run_id: info.run_id ?? '', status: runStatus })) : message;
  // The stored text and status are the truth: the steps only add what the page shows beside them.
  return { ...ended, ...partsOf(meta), content: base.content, status: base.status, error: base.error, sources: base.sources ?? citationsOf(meta), runStatus, key: base.key };
}
