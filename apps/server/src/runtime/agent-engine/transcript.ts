import type { ChatMessage } from '../../platform/llm/index.js';
import type { RunStepRow } from '../runs/index.js';
import type { DecisionInput, EngineState, PendingCall } from './engine-types.js';
import { planAsText, stepHeading, SUMMARY_HEADING } from './plan-text.js';
import { readReplacedPlan, readStep } from './stored-steps.js';

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
      state.plan.steps = readReplacedPlan(decision.content);
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
  const step = readStep(row);
  switch (step.type) {
    case 'retrieval':
      state.retrieved = step.output;
      break;
    case 'prompt': {
      const { content, plan_index } = step.input;
      state.messages.push({ role: 'user', content });
      state.modelCallsSincePrompt = 0;
      if (state.plan && plan_index !== undefined) {
        state.plan.current = plan_index;
        const planned = state.plan.steps[plan_index - 1];
        state.answer += planned ? stepHeading(planned) : SUMMARY_HEADING;
      } else if (state.plan) state.plan.redraft = undefined;
      break;
    }
    case 'model': {
      const { input, output } = step;
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
      const call = state.pending.find((pending) => pending.call.id === step.input.tool_call_id);
      if (call) {
        call.actionStepId = row.id;
        call.approved = !step.input.needs_confirm;
      }
      break;
    }
    case 'observation': {
      const { input, output } = step;
      const call = state.pending.find((pending) => pending.call.id === input.tool_call_id);
      if (!call) break;
      call.observation = { stepId: row.id, output: output.output, ...(output.error ? { error: output.error } : {}) };
      if (!input.needs_confirm) resolve(state, call, output.output, Boolean(output.error));
      break;
    }
    case 'decision':
      applyDecision(state, step.input);
      break;
    case 'plan':
      state.plan = { steps: step.output.steps, confirmed: false, current: 0 };
      break;
    case 'notice': {
      state.answer += step.output.text;
      state.messages.push({ role: 'assistant', content: step.output.text });
      state.pending = [];
      break;
    }
  }
  return state;
}

export const rebuildState = (messages: ChatMessage[], rows: RunStepRow[]) => rows.reduce(applyStep, initialState(messages));

export { currentCall };
