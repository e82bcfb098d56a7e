import type { HitlKind, PlanStep, RunEndStatus, StreamEvent } from '@agent-platform/contracts';
import { applyStreamEvent, pendingAnswer, type ChatMessageView } from '../../../lib/chat-messages';

export type ToolStepStatus = 'running' | 'awaiting' | 'done' | 'error' | 'skipped';

/** One tool call of a run: what the model proposed, what the tool returned, how long it took. */
export interface ToolStepView {
  /** The `action`'s step id. */
  key: string;
  tool: string;
  /** The tool's name as people know it, when the server gave one. */
  title?: string;
  toolCallId: string;
  input: unknown;
  output?: unknown;
  error?: string;
  /** The `observation`'s step id (an observation pause names it). */
  observationId?: string;
  status: ToolStepStatus;
  /** How long the tool ran (the observation says). */
  durationMs?: number;
  /** A person replaced the input (at the action) or the output (at the observation). */
  edited?: 'input' | 'output';
  /** What a person told the model at this step's pause. */
  feedback?: string;
  /** Plan chat: the plan step (its `index`) being executed when the call was proposed. */
  planIndex?: number;
}

/** Where a run waits for a person (the `await` event). */
export interface RunPause {
  kind: HitlKind;
  stepId: string;
  payload: unknown;
}

/** Multi-agent chat: who said what, in order, and where the turn passed from one agent to another. */
export type SpeechPart = { kind: 'speech'; agentId: string; text: string } | { kind: 'handoff'; from: string; to: string; reason: string };

/** An agent's answer: the chat answer plus its tool steps, its plan, and where it waits. */
export interface AgentMessageView extends ChatMessageView {
  /** Multi-agent chat only. */
  parts?: SpeechPart[];
  steps?: ToolStepView[];
  pause?: RunPause | null;
  plan?: PlanStep[];
  runStatus?: RunEndStatus;
}

export const pendingAgentAnswer = (): AgentMessageView => pendingAnswer();

/** A streaming answer that already shows a plan or tool steps needs no loading dots. */
export const hasAgentBody = (message: AgentMessageView) => Boolean(message.plan?.length || message.steps?.length);

const runningPlanIndex = (message: AgentMessageView) => message.plan?.find((step) => step.status === 'running')?.index;

function updateStep(message: AgentMessageView, match: (step: ToolStepView) => boolean, change: (step: ToolStepView) => ToolStepView): AgentMessageView {
  const steps = message.steps ?? [];
  const at = steps.findLastIndex(match);
  if (at === -1) return message;
  return { ...message, steps: steps.map((step, index) => (index === at ? change(step) : step)) };
}

/** A tool still in flight when the run ends never returns: its card says so. */
const settleSteps = (steps: ToolStepView[] | undefined) => steps?.map((step) => (step.status === 'running' || step.status === 'awaiting' ? { ...step, status: 'skipped' as const } : step));

/** The observation also says how long the tool ran (beyond the contract's fields). */
const durationOf = (data: object) => {
  const value = (data as { duration_ms?: unknown }).duration_ms;
  return typeof value === 'number' ? value : undefined;
};

/**
 * The answer after one more event of its run, in order; a decision's stream continues the same
 * answer (see `resumeAnswer`).
 */
export function applyAgentEvent(message: AgentMessageView, event: StreamEvent): AgentMessageView {
  switch (event.event) {
    case 'delta': {
      const { agent_id: agentId, text } = event.data;
      const spoken = applyStreamEvent(message, event) as AgentMessageView;
      return agentId ? { ...spoken, parts: addSpeech(message.parts ?? [], agentId, text) } : spoken;
    }
    case 'handoff': {
      const { from_agent_id: from, to_agent_id: to, reason } = event.data;
      return { ...message, parts: [...(message.parts ?? []), { kind: 'handoff', from, to, reason }] };
    }
    case 'action': {
      const { step_id, tool, tool_call_id, input, title } = event.data;
      const step: ToolStepView = { key: step_id, tool, ...(title ? { title } : {}), toolCallId: tool_call_id, input, status: 'running', planIndex: runningPlanIndex(message) };
      return { ...message, pause: null, steps: [...(message.steps ?? []), step] };
    }
    case 'observation': {
      const { step_id, tool, output, error } = event.data;
      // An observation names its tool, not its call: it answers the oldest open call of that tool.
      const open = (step: ToolStepView) => step.tool === tool && step.observationId === undefined && (step.status === 'running' || step.status === 'awaiting');
      const steps = message.steps ?? [];
      const at = steps.findIndex(open);
      const settled = { output, error, observationId: step_id, status: error ? ('error' as const) : ('done' as const), durationMs: durationOf(event.data) };
      if (at === -1) {
        const step: ToolStepView = { key: step_id, tool, toolCallId: '', input: undefined, planIndex: runningPlanIndex(message), ...settled };
        return { ...message, pause: null, steps: [...steps, step] };
      }
      return { ...message, pause: null, steps: steps.map((step, index) => (index === at ? { ...step, ...settled } : step)) };
    }
    case 'await': {
      const pause: RunPause = { kind: event.data.kind, stepId: event.data.step_id, payload: event.data.payload };
      const waiting = { ...message, pause };
      if (pause.kind === 'action_confirm')
        return updateStep(
          waiting,
          (step) => step.key === pause.stepId,
          (step) => ({ ...step, status: 'awaiting' }),
        );
      if (pause.kind === 'observation_confirm')
        return updateStep(
          waiting,
          (step) => step.observationId === pause.stepId,
          (step) => ({ ...step, status: 'awaiting' }),
        );
      return waiting;
    }
    case 'plan':
      return { ...message, pause: null, plan: event.data.steps };
    case 'done': {
      const { status } = event.data;
      const ended = applyStreamEvent(message, event) as AgentMessageView;
      if (status === 'awaiting') return { ...ended, runStatus: status };
      return { ...ended, runStatus: status, pause: null, steps: settleSteps(ended.steps) };
    }
    default:
      return applyStreamEvent(message, event);
  }
}

/** A piece of text joins its speaker's last words, or starts a new speech. */
export function addSpeech(parts: SpeechPart[], agentId: string, text: string): SpeechPart[] {
  const last = parts.at(-1);
  if (last?.kind === 'speech' && last.agentId === agentId) return [...parts.slice(0, -1), { ...last, text: last.text + text }];
  return [...parts, { kind: 'speech', agentId, text }];
}

/** A person's answer at a pause, as the step card shows it afterwards. */
export interface Decision {
  choice: 'confirm' | 'replace' | 'feedback' | 'finish';
  /** replace: the tool input (action), the text the model gets (observation), the plan (plan). */
  content?: unknown;
  feedback?: string;
}

const settledStatus = (step: ToolStepView): ToolStepStatus => (step.error ? 'error' : 'done');

function decideStep(step: ToolStepView, kind: HitlKind, { choice, content, feedback }: Decision): ToolStepView {
  const noted = feedback ? { ...step, feedback } : step;
  if (kind === 'action_confirm') {
    if (choice === 'confirm') return { ...noted, status: 'running' };
    if (choice === 'replace') return { ...noted, status: 'running', input: content, edited: 'input' };
    return { ...noted, status: 'skipped' };
  }
  if (choice === 'replace') return { ...noted, status: settledStatus(step), output: content, edited: 'output' };
  return { ...noted, status: settledStatus(step) };
}

/**
 * The answer as a decision's stream begins: streaming again and no longer paused; the step that
 * waited shows the decision (runs, replaced, rejected with feedback, settled).
 */
export function resumeAnswer(message: AgentMessageView, decision: Decision): AgentMessageView {
  const { pause } = message;
  const resumed: AgentMessageView = { ...message, status: 'streaming', pause: null, runStatus: undefined, error: undefined };
  if (!pause) return resumed;
  if (pause.kind === 'plan_confirm') {
    const edited = decision.choice === 'replace' && Array.isArray(decision.content) ? (decision.content as PlanStep[]) : undefined;
    return edited ? { ...resumed, plan: edited } : resumed;
  }
  const matches = pause.kind === 'action_confirm' ? (step: ToolStepView) => step.key === pause.stepId : (step: ToolStepView) => step.observationId === pause.stepId;
  return updateStep(resumed, matches, (step) => decideStep(step, pause.kind, decision));
}

/** How long a tool ran: `320 ms`, `2.4 s`. */
export function stepDuration(step: ToolStepView): string | null {
  if (step.durationMs === undefined) return null;
  return step.durationMs < 1000 ? `${Math.round(step.durationMs)} ms` : `${(step.durationMs / 1000).toFixed(1)} s`;
}

/** Tool input and output as people read them: text as it is, anything else as indented JSON. */
export function asText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
