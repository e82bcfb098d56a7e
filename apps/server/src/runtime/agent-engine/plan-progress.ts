import type { PlanStep } from '@agent-platform/contracts';
import type { RunStepRow } from '../runs/index.js';
import { planEvent } from './plan-text.js';
import { rebuildState } from './transcript.js';

/** A plan run's steps with where execution stands, from its stored steps (for the plan list). */
export function planProgress(rows: RunStepRow[], completed: boolean): PlanStep[] {
  const { plan } = rebuildState([], rows);
  return plan ? planEvent(plan, completed).steps : [];
}
