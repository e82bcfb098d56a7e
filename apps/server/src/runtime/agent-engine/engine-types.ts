import type { HitlKind, PlanStep } from '@agent-platform/contracts';
import type { ChatMessage, ChatRequest, ChatStreamPart, ToolCall } from '../../platform/llm/index.js';
import type { Viewer } from '../../core/index.js';
import type { NewRunStep, RunStepRow } from '../runs/index.js';
import type { Tool } from '../tools/index.js';

export type EngineMode = 'chat' | 'plan';
export type ModelPurpose = 'answer' | 'plan' | 'summary';
export type DecisionChoice = 'confirm' | 'replace' | 'feedback' | 'finish';

/** What a person decided at a pause, as the decision step stores it (content already checked for the pause's kind). */
export interface DecisionInput {
  kind: HitlKind;
  step_id: string;
  decision: DecisionChoice;
  /** replace: the tool input (object), the observation text, or the plan steps. */
  content?: unknown;
  feedback?: string;
}

/** Knowledge found before the first model call: the `retrieval` event's data and the text the model is given. */
export interface Retrieved {
  event: Record<string, unknown>;
  context: string;
  found: number;
}

export interface EnginePolicy {
  actionConfirm: boolean;
  observationConfirm: boolean;
  /** Model calls per turn (per plan step in plan chat). */
  maxSteps: number;
  toolTimeoutMs: number;
}

/** How a run's segment ended, for the conversation's message: the answer so far and the steps behind it. */
export interface SegmentEnd {
  status: 'completed' | 'awaiting' | 'finished' | 'failed' | 'cancelled';
  answer: string;
  reasoning: string;
  steps: RunStepRow[];
  error?: string;
  /** What the run waits for, when paused. */
  awaiting?: { kind: HitlKind; step_id: string; payload: Record<string, unknown> };
}

/** Everything the engine needs for one run; built by the agent module from the run's stored input. */
export interface EngineSpec {
  mode: EngineMode;
  viewer: Viewer;
  /** The agent's instructions; knowledge found is appended to them. */
  systemPrompt: string;
  /** Earlier messages and this turn's question (chat), or earlier messages only (plan). */
  messages: ChatMessage[];
  /** This turn's question (plan chat drafts its plan from it). */
  query: string;
  tools: Tool[];
  policy: EnginePolicy;
  /** Model parameters besides messages and tools. */
  parameters: Pick<ChatRequest, 'temperature' | 'topP' | 'maxTokens'>;
  chat(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatStreamPart>;
  retrieve?(signal: AbortSignal): Promise<Retrieved | undefined>;
  steps: {
    list(): Promise<RunStepRow[]>;
    /** Stores a step built by the engine (id and position chosen); the engine does not wait for it before going on. */
    insert(row: RunStepRow): Promise<void>;
    /** Steps inserted so far are needed now: the run pauses or ends. */
    hurry(): void;
    /** A step row for this run at `position`. */
    build(position: number, step: NewRunStep): RunStepRow;
  };
  /**
   * Tools whose call ends this agent's part of the turn unexecuted (multi-agent handoffs and
   * delegations): the run's owner continues from the stored call.
   */
  handsOver?(toolName: string): boolean;
  /** Keeps the conversation's assistant message up to date (written at every pause and at the end). */
  saveMessage(end: SegmentEnd): Promise<void>;
}

export interface PendingCall {
  call: ToolCall;
  input: unknown;
  actionStepId?: string;
  approved: boolean;
  observation?: { stepId: string; output: string; error?: string };
  resolved: boolean;
}

export interface PlanState {
  steps: PlanStep[];
  confirmed: boolean;
  /** 0 before execution; n while step n runs; steps.length + 1 while summarising. */
  current: number;
  /** Feedback waiting for a redraft. */
  redraft?: string;
}

/** Everything a run's steps add up to: what the model sees next and what the person saw. */
export interface EngineState {
  messages: ChatMessage[];
  retrieved?: Retrieved;
  pending: PendingCall[];
  modelCallsSincePrompt: number;
  answer: string;
  reasoning: string;
  finished: boolean;
  plan?: PlanState;
  started: boolean;
}
