import { AppError } from '../../core/index.js';
import type { ChatMessage, ToolCall, ToolSpec } from '../../platform/llm/index.js';
import type { RunContext, RunExecutor, RunOutcome, RunStepRow } from '../runs/index.js';
import { runTool, type ToolOutcome } from '../tools/index.js';
import type { EngineSpec, EngineState, ModelPurpose, PendingCall, SegmentEnd } from './engine-types.js';
import { draftPrompt, parsePlan, planEvent, redraftPrompt, stepHeading, stepPrompt, SUMMARY_HEADING, SUMMARY_PROMPT } from './plan-text.js';
import { storedStep, type Step } from './stored-steps.js';
import { applyStep, currentCall, rebuildState } from './transcript.js';

const stepLimitNotice = (limit: number) => `\n\n已达到最大步数（${limit} 步），已停止。`;

/** Paused: the run waits in the database for a person (`await` event, then `done` with `awaiting`). */
class Pause {
  constructor(
    readonly kind: 'action_confirm' | 'observation_confirm' | 'plan_confirm',
    readonly stepId: string,
    readonly payload: Record<string, unknown>,
  ) {}
}

function toolOutcomeFor(spec: EngineSpec, pending: PendingCall, signal: AbortSignal): Promise<ToolOutcome> {
  const tool = spec.tools.find((candidate) => candidate.name === pending.call.name);
  if (!tool) return Promise.resolve({ output: `模型调用了不存在的工具「${pending.call.name}」`, error: `模型调用了不存在的工具「${pending.call.name}」`, durationMs: 0 });
  if (pending.call.invalid && typeof pending.input === 'string') {
    const error = `工具「${tool.title}」的参数不是合法的 JSON`;
    return Promise.resolve({ output: error, error, durationMs: 0 });
  }
  return runTool(tool, pending.input, { viewer: spec.viewer, signal, timeoutMs: spec.policy.toolTimeoutMs });
}

/**
 * The agent loop as a run executor (docs/durable-work.md): every step is stored before the next one
 * starts, and the state is rebuilt from the stored steps, so a paused run continues in any process after
 * any restart. Retrieve → model (with tools) → per proposed call: [pause] → tool → [pause] → back to the
 * model, until it answers or the step limit; plan chat drafts a plan first and runs this per step.
 */
export function agentExecutor(build: (context: RunContext) => Promise<EngineSpec>): RunExecutor {
  return async (context) => {
    let spec: EngineSpec;
    try {
      spec = await build(context);
    } catch (error) {
      // The agent, its model or its tools cannot be used any more (deleted, disabled, no longer shared).
      if (error instanceof AppError) return { status: 'failed', error: { code: error.envelopeCode, msg: error.message } };
      throw error;
    }
    const { signal, emit } = context;
    const rows = await spec.steps.list();
    const state: EngineState = rebuildState(spec.messages, rows);
    let streaming = '';

    /**
     * Steps are written behind the run, in order: the next model call or tool never waits for the
     * database. Every pause and ending waits for them (`written`), so a stored pause has all its steps.
     */
    let writes: Promise<void> = context.stored;
    /** The model calls' usage rows, written beside the steps. */
    let usageRecorded: Promise<unknown> = Promise.resolve();
    const written = async () => {
      spec.steps.hurry();
      await Promise.all([writes, usageRecorded]);
    };
    /** A step as it is stored (versioned): the state is built from stored rows only, live or resumed. */
    const record = async (step: Step & { startedAt?: Date }): Promise<RunStepRow> => {
      const row = spec.steps.build((rows.at(-1)?.position ?? 0) + 1, storedStep(step));
      rows.push(row);
      applyStep(state, row);
      // In parallel with the run's earlier steps (rows carry their positions), after the run's own row.
      writes = Promise.all([writes, context.stored.then(() => spec.steps.insert(row))]).then(() => undefined);
      // A failed write fails the run at its next pause or ending; until then nobody waits on this chain.
      writes.catch(() => undefined);
      return row;
    };

    /**
     * An ended run is not read back step by step, so its last steps, its answer and its ending are
     * written at once (`alongside`); the message needs only the conversation, stored with the run.
     * Not hurried here: the run's ending hurries the writes (`executeRun`), and a multi-agent leg that
     * ends is not the run's end (its steps join the next statement, beside the other runs').
     */
    const end = async (status: SegmentEnd['status'], error?: { code: number; msg: string }): Promise<RunOutcome> => {
      await context.stored;
      const saved = spec.saveMessage({ status, answer: state.answer + streaming, reasoning: state.reasoning, steps: rows, ...(error ? { error: error.msg } : {}) });
      const alongside = Promise.all([writes, usageRecorded, saved]).then(() => undefined);
      return error ? { status: 'failed', error, alongside } : { status: status as RunOutcome['status'], alongside };
    };

    const system = (): ChatMessage => ({
      role: 'system',
      content: [spec.systemPrompt, state.retrieved?.context].filter(Boolean).join('\n\n') || '你是一个有帮助的助手。',
    });

    async function callModel(purpose: ModelPurpose): Promise<void> {
      const tools: ToolSpec[] = purpose === 'answer' ? spec.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })) : [];
      const request = { messages: [system(), ...state.messages], ...(tools.length ? { tools } : {}), ...spec.parameters };
      const visible = purpose !== 'plan';
      let text = '';
      let reasoning = '';
      const toolCalls: ToolCall[] = [];
      let usage = { prompt_tokens: 0, completion_tokens: 0 };
      for await (const part of spec.chat(request, signal)) {
        if (part.type === 'text') {
          text += part.text;
          if (visible) {
            streaming += part.text;
            emit('delta', { text: part.text });
          }
        } else if (part.type === 'reasoning') {
          reasoning += part.text;
          if (visible) emit('reasoning', { text: part.text });
        } else if (part.type === 'tool-call') {
          if (purpose === 'answer') toolCalls.push(part.toolCall);
        } else if (part.type === 'finish') {
          usage = { prompt_tokens: part.usage.promptTokens, completion_tokens: part.usage.completionTokens };
          usageRecorded = Promise.all([usageRecorded, part.recorded]);
          emit('usage', usage);
        }
      }
      streaming = '';
      await record({ type: 'model', input: { purpose }, output: { text, reasoning, tool_calls: toolCalls, usage } });
    }

    /** One step of the pending tool calls; a pause when the agent asks a person. */
    async function advanceCall(pending: PendingCall): Promise<Pause | undefined> {
      const { call } = pending;
      if (!pending.actionStepId) {
        const needsConfirm = spec.policy.actionConfirm;
        const title = spec.tools.find((tool) => tool.name === call.name)?.title;
        const named = title ? { title } : {};
        const row = await record({ type: 'action', input: { tool_call_id: call.id, tool: call.name, input: pending.input, needs_confirm: needsConfirm, ...named }, output: null });
        emit('action', { step_id: row.id, tool: call.name, tool_call_id: call.id, input: pending.input, ...named });
        return needsConfirm ? new Pause('action_confirm', row.id, { tool: call.name, tool_call_id: call.id, input: pending.input }) : undefined;
      }
      if (!pending.approved) return new Pause('action_confirm', pending.actionStepId, { tool: call.name, tool_call_id: call.id, input: pending.input });
      if (!pending.observation) {
        const started = new Date();
        const outcome = await toolOutcomeFor(spec, pending, signal);
        const needsConfirm = spec.policy.observationConfirm;
        const output = { output: outcome.output, ...(outcome.error ? { error: outcome.error } : {}), duration_ms: outcome.durationMs };
        const row = await record({ type: 'observation', startedAt: started, input: { tool_call_id: call.id, tool: call.name, needs_confirm: needsConfirm }, output });
        emit('observation', { step_id: row.id, tool: call.name, output: outcome.output, ...(outcome.error ? { error: outcome.error } : {}), duration_ms: outcome.durationMs });
        return needsConfirm ? new Pause('observation_confirm', row.id, { tool: call.name, output: outcome.output, ...(outcome.error ? { error: outcome.error } : {}) }) : undefined;
      }
      const observed = pending.observation;
      return new Pause('observation_confirm', observed.stepId, { tool: call.name, output: observed.output, ...(observed.error ? { error: observed.error } : {}) });
    }

    /** Plan chat before execution: draft (or redraft) and ask for confirmation. */
    async function planning(): Promise<Pause | undefined> {
      const plan = state.plan;
      if (plan?.confirmed) return undefined;
      if (plan && plan.redraft === undefined) return new Pause('plan_confirm', rows.filter((row) => row.type === 'plan').at(-1)!.id, planEvent(plan));
      await record({ type: 'prompt', input: { content: plan ? redraftPrompt(plan.redraft ?? '') : draftPrompt(spec.query) }, output: null });
      await callModel('plan');
      const drafted = state.messages.at(-1)?.content;
      const steps = parsePlan(typeof drafted === 'string' ? drafted : '');
      const row = await record({ type: 'plan', input: null, output: { steps: steps.length ? steps : [{ index: 1, title: spec.query.slice(0, 100), detail: '' }] } });
      const event = planEvent(state.plan!);
      emit('plan', event);
      return new Pause('plan_confirm', row.id, event);
    }

    /** Plan chat after a step's answer: the next step, the summary, or the end. */
    async function nextPlanPhase(): Promise<boolean> {
      const plan = state.plan!;
      const next = plan.current + 1;
      if (next > plan.steps.length + 1) return false;
      const step = plan.steps[next - 1];
      await record({ type: 'prompt', input: { content: step ? stepPrompt(step, plan.steps.length) : SUMMARY_PROMPT, plan_index: next }, output: null });
      emit('plan', planEvent(plan));
      emit('delta', { text: step ? stepHeading(step) : SUMMARY_HEADING });
      return true;
    }

    try {
      if (state.finished) return await end('finished');
      if (!state.started && spec.retrieve) {
        const found = await spec.retrieve(signal);
        if (found) {
          const row = await record({ type: 'retrieval', input: null, output: found });
          emit('retrieval', { step_id: row.id, ...found.event });
        }
      }
      for (;;) {
        signal.throwIfAborted();
        if (state.finished) return await end('finished');
        const pending = currentCall(state);
        // Multi-agent chat: a call that hands the turn to another agent ends this agent's part here.
        if (pending && spec.handsOver?.(pending.call.name)) return await end('completed');
        const pause = pending ? await advanceCall(pending) : spec.mode === 'plan' ? await planning() : undefined;
        if (pause) {
          emit('await', { kind: pause.kind, step_id: pause.stepId, payload: pause.payload });
          const awaiting = { kind: pause.kind, step_id: pause.stepId, payload: pause.payload };
          // A decision continues from the stored steps: they are written before the run says it waits.
          await context.stored;
          await written();
          const alongside = spec.saveMessage({ status: 'awaiting', answer: state.answer, reasoning: state.reasoning, steps: rows, awaiting });
          return { status: 'awaiting', awaiting: { kind: pause.kind, step_id: pause.stepId }, alongside };
        }
        if (pending) continue;
        const last = state.messages.at(-1);
        if (last?.role === 'assistant') {
          if (spec.mode === 'plan' && (await nextPlanPhase())) continue;
          if (state.plan) emit('plan', planEvent(state.plan, true));
          return await end('completed');
        }
        if (state.modelCallsSincePrompt >= spec.policy.maxSteps) {
          const text = stepLimitNotice(spec.policy.maxSteps);
          emit('delta', { text });
          await record({ type: 'notice', input: null, output: { text } });
          continue;
        }
        const summarising = state.plan !== undefined && state.plan.current > state.plan.steps.length;
        await callModel(summarising ? 'summary' : 'answer');
      }
    } catch (error) {
      if (signal.aborted) return end('cancelled');
      if (error instanceof AppError) return end('failed', { code: error.envelopeCode, msg: error.message });
      throw error;
    }
  };
}
