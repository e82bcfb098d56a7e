import type { PlanStep } from '@agent-platform/contracts';
import type { ChatMessage, ToolCall } from '../../platform/llm/index.js';
import type { RunStepRow } from '../runs/index.js';
import type { DecisionInput, EngineState, ModelPurpose, PendingCall, Retrieved } from './engine-types.js';
import { planAsText, stepHeading, SUMMARY_HEADING } from './plan-text.js';

/** What the steps of a run store, by type (the `input` and `output` columns). */
export interface StepShapes {
  retrieval: { output: Retrieved };
  prompt: { input: { content: string; plan_index?: number } };
  model: { input: { purpose: ModelPurpose }; output: { text: string; reasoning: string; tool_calls: ToolCall[]; usage: { prompt_tokens: number; completion_tokens: number } } };
  action: { input: { tool_call_id: string; tool: string; input: unknown; needs_confirm: boolean; title?: string } };
  observation: { input: { tool_call_id: string; tool: string; needs_confirm: boolean }; output: { output: string; error?: string; duration_ms: number } };
  decision: { input: DecisionInput };
  plan: { output: { steps: PlanStep[] } };
  /** Something the engine says itself (the step limit): shown, and remembered as the assistant's. */
  notice: { output: { text: string } };
}

export const initialState = (messages: ChatMessage[]): EngineState => ({
  messages: [...messages],
  pending: [],
  modelCallsSincePrompt: 0,
  answer: '',
  reasoning: '',
  finished: false,
  started: false,
});

const currentCall = (state: EngineState) => state.pending.find((call) => !call.resolved);

function resolve(state: EngineState, call: PendingCall, content: string, isError = false): void {
  call.resolved = true;
  state.messages.push({ role: 'tool', toolCallId: call.call.id, toolName: call.call.name, content, ...(isError ? { isError } : {}) });
}

function applyDecision(state: EngineState, decision: DecisionInput): void {
  if (decision.decision === 'finish') {
    state.finished = true;
    return;
  }
  const call = currentCall(state);
  if (decision.kind === 'plan_confirm') {
    if (!state.plan) return;
    if (decision.decision === 'feedback') state.plan.redraft = decision.feedback;
    else state.plan.confirmed = true;
    if (decision.decision === 'replace') {
      state.plan.steps = decision.content as PlanStep[];
      const last = state.messages.at(-1);
      if (last?.role === 'assistant') last.content = planAsText(state.plan.steps);
    }
    return;
  }
  if (!call) return;
  if (decision.kind === 'action_confirm') {
    if (decision.decision === 'feedback') {
      resolve(state, call, `用户拒绝执行这次工具调用，反馈：${decision.feedback ?? ''}`, true);
      for (const other of state.pending.filter((pending) => !pending.resolved)) resolve(state, other, '未执行：用户要求重新考虑。', true);
      return;
    }
    call.approved = true;
    if (decision.decision === 'replace') call.input = decision.content;
    return;
  }
  const observed = call.observation;
  if (!observed) return;
  if (decision.decision === 'confirm') resolve(state, call, observed.output, Boolean(observed.error));
  else if (decision.decision === 'replace') resolve(state, call, String(decision.content ?? ''));
  else resolve(state, call, `${observed.output}\n\n用户反馈：${decision.feedback ?? ''}`, Boolean(observed.error));
}

/** Adds one stored step to the state. The live loop and a resumed run go through this same function. */
export function applyStep(state: EngineState, row: Pick<RunStepRow, 'id' | 'type' | 'input' | 'output'>): EngineState {
  state.started = true;
  switch (row.type) {
    case 'retrieval':
      state.retrieved = row.output as StepShapes['retrieval']['output'];
      break;
    case 'prompt': {
      const { content, plan_index } = row.input as StepShapes['prompt']['input'];
      state.messages.push({ role: 'user', content });
      state.modelCallsSincePrompt = 0;
      if (state.plan && plan_index !== undefined) {
        state.plan.current = plan_index;
        const step = state.plan.steps[plan_index - 1];
        state.answer += step ? stepHeading(step) : SUMMARY_HEADING;
      } else if (state.plan) state.plan.redraft = undefined;
      break;
    }
    case 'model': {
      const { input, output } = row as { input: StepShapes['model']['input']; output: StepShapes['model']['output'] };
      state.messages.push({ role: 'assistant', content: output.text, ...(output.tool_calls.length ? { toolCalls: output.tool_calls } : {}) });
      state.pending = output.tool_calls.map((call) => ({ call, input: call.input, approved: false, resolved: false }));
      state.modelCallsSincePrompt += 1;
      if (input.purpose !== 'plan') {
        state.answer += output.text;
        state.reasoning += output.reasoning;
      }
      break;
    }
    case 'action': {
      const input = row.input as StepShapes['action']['input'];
      const call = state.pending.find((pending) => pending.call.id === input.tool_call_id);
      if (call) {
        call.actionStepId = row.id;
        call.approved = !input.needs_confirm;
      }
      break;
    }
    case 'observation': {
      const { input, output } = row as { input: StepShapes['observation']['input']; output: StepShapes['observation']['output'] };
      const call = state.pending.find((pending) => pending.call.id === input.tool_call_id);
      if (!call) break;
      call.observation = { stepId: row.id, output: output.output, ...(output.error ? { error: output.error } : {}) };
      if (!input.needs_confirm) resolve(state, call, output.output, Boolean(output.error));
      break;
    }
    case 'decision':
      applyDecision(state, row.input as DecisionInput);
      break;
    case 'plan':
      state.plan = { steps: (row.output as StepShapes['plan']['output']).steps, confirmed: false, current: 0 };
      break;
    case 'notice': {
      const { text } = row.output as StepShapes['notice']['output'];
      state.answer += text;
      state.messages.push({ role: 'assistant', content: text });
      state.pending = [];
      break;
    }
  }
  return state;
}

export const rebuildState = (messages: ChatMessage[], rows: RunStepRow[]) => rows.reduce(applyStep, initialState(messages));

export { currentCall };
