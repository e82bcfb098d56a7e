import { randomUUID } from 'node:crypto';
import { and, asc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { runSteps } from './runs.tables.js';

export type RunStepRow = typeof runSteps.$inferSelect;

export interface NewRunStep {
  type: string;
  input?: unknown;
  output?: unknown;
  status?: string;
  startedAt?: Date;
}

/** A step as it will be stored, built before it is written (its id and position chosen by the writer). */
export function stepRow(runId: string, position: number, step: NewRunStep): RunStepRow {
  const now = new Date();
  return {
    id: randomUUID(),
    runId,
    position,
    type: step.type,
    input: step.input ?? null,
    output: step.output ?? null,
    status: step.status ?? 'done',
    startedAt: step.startedAt ?? now,
    endedAt: now,
  };
}

export async function insertStep(db: Db, row: RunStepRow): Promise<void> {
  await db.insert(runSteps).values(row);
}

/** A step as clients see it (`RunStepInfo`), in the stored columns' names. */
export const stepInfo = (row: RunStepRow) => ({
  id: row.id,
  type: row.type,
  input: row.input,
  output: row.output,
  status: row.status,
  started_at: row.startedAt.toISOString(),
  ended_at: row.endedAt?.toISOString() ?? null,
});

/** Many runs' steps in one statement (a running agent's steps are written behind it, batched). */
export function stepsInsert(rows: RunStepRow[]): SQL {
  const json = JSON.stringify(rows.map((row) => ({ ...stepInfo(row), run_id: row.runId, position: row.position })));
  return sql`
    insert into run_steps (id, run_id, position, type, input, output, status, started_at, ended_at)
    select id, run_id, position, type, input, output, status, started_at, ended_at
    from jsonb_to_recordset(${json}::jsonb) as t(
      id uuid, run_id uuid, position int, type text, input jsonb, output jsonb, status text, started_at timestamptz, ended_at timestamptz)`;
}

/**
 * Appends a step at the end of the run's history. Only one writer touches a run at a time (its
 * executor, or a decision while it is paused), so the next position is simply the last plus one.
 */
export async function appendStep(db: Db, runId: string, step: NewRunStep): Promise<RunStepRow> {
  const [last] = await db
    .select({ position: max(runSteps.position) })
    .from(runSteps)
    .where(eq(runSteps.runId, runId));
  const row = stepRow(runId, (last?.position ?? 0) + 1, step);
  await insertStep(db, row);
  return row;
}

export function listSteps(db: Db, runId: string): Promise<RunStepRow[]> {
  return db
    .select()
    .from(runSteps)
    .where(and(eq(runSteps.runId, runId)))
    .orderBy(asc(runSteps.position));
}
