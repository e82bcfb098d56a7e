import { HITL_KINDS, PLAN_STEP_STATUSES, type PlanStep } from '@agent-platform/contracts';
import { z } from 'zod';
import { StoredDataError, storedJson, type StoredJson } from '../../core/index.js';
import type { ToolCall } from '../../platform/llm/index.js';
import type { NewRunStep, RunStepRow } from '../runs/index.js';
import type { DecisionInput, Retrieved } from './engine-types.js';

const text = z.string();
const toolCall = z.object({ id: text, name: text, input: z.unknown(), invalid: z.boolean().optional() }) satisfies z.ZodType<ToolCall>;
const planStep = z.object({ index: z.number(), title: text, detail: text, status: z.enum(PLAN_STEP_STATUSES).optional() }) satisfies z.ZodType<PlanStep>;
const retrieved = z.object({ event: z.record(text, z.unknown()), context: text, found: z.number() }) satisfies z.ZodType<Retrieved>;
const decision = z.object({
  kind: z.enum(HITL_KINDS),
  step_id: text,
  decision: z.enum(['confirm', 'replace', 'feedback', 'finish']),
  content: z.unknown().optional(),
  feedback: text.optional(),
}) satisfies z.ZodType<DecisionInput>;

/**
 * Each step type's stored columns (`run_steps.input` / `output`); a column not named stays `null`.
 * Version 1 is the first versioned shape; the steps stored before versions (version 0) had the same
 * fields. A later change of a step's shape adds its upgrade here, so a paused run stored before it
 * still resumes.
 */
const versioned = <S extends z.ZodType<Record<string, unknown>>>(what: string, schema: S) => storedJson(`run step ${what}`, { version: 1, schema });

const STORED = {
  retrieval: { output: versioned('retrieval output', retrieved) },
  prompt: { input: versioned('prompt input', z.object({ content: text, plan_index: z.number().int().optional() })) },
  model: {
    input: versioned('model input', z.object({ purpose: z.enum(['answer', 'plan', 'summary']) })),
    output: versioned('model output', z.object({ text, reasoning: text, tool_calls: z.array(toolCall), usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }) })),
  },
  action: { input: versioned('action input', z.object({ tool_call_id: text, tool: text, input: z.unknown(), needs_confirm: z.boolean(), title: text.optional() })) },
  observation: {
    input: versioned('observation input', z.object({ tool_call_id: text, tool: text, needs_confirm: z.boolean() })),
    output: versioned('observation output', z.object({ output: text, error: text.optional(), duration_ms: z.number() })),
  },
  decision: { input: versioned('decision input', decision) },
  plan: { output: versioned('plan output', z.object({ steps: z.array(planStep) })) },
  /** Something the engine says itself (the step limit): shown, and remembered as the assistant's. */
  notice: { output: versioned('notice output', z.object({ text })) },
};

type Stored = typeof STORED;
type StepType = keyof Stored;
type Column<K extends StepType, C extends 'input' | 'output'> = Stored[K] extends Record<C, StoredJson<infer T>> ? T : null;

/** A step's columns in today's shape, by type: what the engine records and reads back. */
export type Step = { [K in StepType]: { type: K; input: Column<K, 'input'>; output: Column<K, 'output'> } }[StepType];

type Columns = { input?: StoredJson<Record<string, unknown>>; output?: StoredJson<Record<string, unknown>> };
const COLUMNS: Record<StepType, Columns> = STORED;

/** A column that the step type does not use: stored as `null`. */
function none(type: string, column: string, stored: unknown): null {
  if (stored !== null && stored !== undefined) throw new StoredDataError(`run step ${type} ${column}`, 'a value where the step has none');
  return null;
}

function readColumns(type: string, input: unknown, output: unknown): Step {
  switch (type) {
    case 'retrieval':
      return { type, input: none(type, 'input', input), output: STORED.retrieval.output.read(output) };
    case 'prompt':
      return { type, input: STORED.prompt.input.read(input), output: none(type, 'output', output) };
    case 'model':
      return { type, input: STORED.model.input.read(input), output: STORED.model.output.read(output) };
    case 'action':
      return { type, input: STORED.action.input.read(input), output: none(type, 'output', output) };
    case 'observation':
      return { type, input: STORED.observation.input.read(input), output: STORED.observation.output.read(output) };
    case 'decision':
      return { type, input: STORED.decision.input.read(input), output: none(type, 'output', output) };
    case 'plan':
      return { type, input: none(type, 'input', input), output: STORED.plan.output.read(output) };
    case 'notice':
      return { type, input: none(type, 'input', input), output: STORED.notice.output.read(output) };
    default:
      throw new StoredDataError('run step', `unknown type ${type}`);
  }
}

/**
 * Each stored row's columns as read: a row is never changed once built, and a multi-agent turn reads
 * its legs' rows again after each leg (who goes next, what a member answered).
 */
const readRows = new WeakMap<object, Step>();

/** A stored step with its columns read through their schemas (upgraded from older versions). */
export function readStep<R extends Pick<RunStepRow, 'type' | 'input' | 'output'>>(row: R): Omit<R, keyof Step> & Step {
  let columns = readRows.get(row);
  if (!columns) {
    columns = readColumns(row.type, row.input, row.output);
    readRows.set(row, columns);
  }
  return { ...row, ...columns };
}

/** A new step as it is stored: each column with its version. */
export function storedStep(step: Step & { startedAt?: Date }): NewRunStep {
  const columns = COLUMNS[step.type];
  return {
    type: step.type,
    input: step.input === null ? null : columns.input?.write(step.input),
    output: step.output === null ? null : columns.output?.write(step.output),
    ...(step.startedAt ? { startedAt: step.startedAt } : {}),
  };
}

/** The plan a `replace` decision at a plan pause stored as its content. */
export function readReplacedPlan(content: unknown): PlanStep[] {
  const parsed = z.array(planStep).safeParse(content);
  if (!parsed.success) throw new StoredDataError('run step decision input', `a replaced plan that is no list of steps: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
