import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import { runEventArchives } from './run-archive.tables.js';
import { readArchivedEvents, readAwaiting, storedEventData, writeAwaiting, type RunAwaiting } from './run-stored.js';
import { runEvents, runs, type RunStatus } from './runs.tables.js';

type StoredRun = typeof runs.$inferSelect;
/** A run as the runtime sees it: its JSON columns read through their schemas. */
export type RunRow = Omit<StoredRun, 'awaiting'> & { awaiting: RunAwaiting | null };
export type NewRun = Omit<typeof runs.$inferInsert, 'awaiting'>;

const readRun = (row: StoredRun): RunRow => ({ ...row, awaiting: readAwaiting(row.awaiting) });
const readRuns = (rows: StoredRun[]): RunRow[] => rows.map(readRun);
const readFirst = (rows: StoredRun[]): RunRow | undefined => (rows[0] ? readRun(rows[0]) : undefined);

export interface RunEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

/** Many new runs in one insert, as one JSON parameter. */
export function runsInsert(rows: RunRow[]): SQL {
  const json = JSON.stringify(
    rows.map((run) => ({
      id: run.id,
      kind: run.kind,
      owner_id: run.ownerId,
      conversation_id: run.conversationId,
      subject: run.subject,
      status: run.status,
      awaiting: writeAwaiting(run.awaiting),
      version: run.version,
      lease_owner: run.leaseOwner,
      lease_until: run.leaseUntil?.toISOString() ?? null,
      input: run.input,
      error: run.error,
      created_at: run.createdAt.toISOString(),
      updated_at: run.updatedAt.toISOString(),
    })),
  );
  return sql`
    insert into runs (id, kind, owner_id, conversation_id, subject, status, awaiting, version, lease_owner, lease_until, input, error, created_at, updated_at)
    select id, kind, owner_id, conversation_id, subject, status, awaiting, version, lease_owner, lease_until, input, error, created_at, updated_at
    from jsonb_to_recordset(${json}::jsonb) as t(
      id uuid, kind text, owner_id uuid, conversation_id uuid, subject text, status text, awaiting jsonb, version int,
      lease_owner text, lease_until timestamptz, input jsonb, error text, created_at timestamptz, updated_at timestamptz)`;
}

export interface RunEnding {
  runId: string;
  status: RunStatus;
  awaiting: RunAwaiting | null;
  error: string | null;
}

/**
 * Moves many running runs to how their executions ended, releasing their leases, in one statement.
 * Answers the ids that moved: a run missing was cancelled (or swept) first.
 */
export async function endRuns(db: Db, endings: RunEnding[]): Promise<Set<string>> {
  if (endings.length === 0) return new Set();
  const json = JSON.stringify(endings.map((e) => ({ id: e.runId, status: e.status, awaiting: writeAwaiting(e.awaiting), error: e.error })));
  const result = await selectRows<{ id: string }>(
    db,
    sql`
    update runs set status = t.status, awaiting = t.awaiting, error = t.error, lease_owner = null, lease_until = null,
      version = runs.version + 1, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as t(id uuid, status text, awaiting jsonb, error text)
    where runs.id = t.id and runs.status = 'running'
    returning runs.id`,
  );
  return new Set(result.map((row) => row.id));
}

export async function findRun(db: Db, id: string): Promise<RunRow | undefined> {
  return readFirst(await db.select().from(runs).where(eq(runs.id, id)).limit(1));
}

/**
 * Many runs' events in one insert, as one JSON parameter, whatever the number of rows: the hot path of every streamed answer, where
 * building a statement with a parameter per value cost more than the insert itself.
 */
export function eventsInsert(events: Array<RunEvent & { runId: string }>): SQL {
  const json = JSON.stringify(events.map((row) => ({ run_id: row.runId, seq: row.seq, type: row.type, data: storedEventData.write(row.data) })));
  return sql`
    insert into run_events (run_id, seq, type, data)
    select run_id, seq, type, data from jsonb_to_recordset(${json}::jsonb) as t(run_id uuid, seq int, type text, data jsonb)`;
}

export async function lastSeqOf(db: Db, runId: string): Promise<number> {
  const [row] = await db
    .select({ seq: max(runEvents.seq) })
    .from(runEvents)
    .where(eq(runEvents.runId, runId));
  return row?.seq ?? 0;
}

/** The last logged event's type: a run's segment is fully logged once it is `done`. */
export async function lastEventOf(db: Db, runId: string): Promise<{ seq: number; type: string } | undefined> {
  const rows = await db.select({ seq: runEvents.seq, type: runEvents.type }).from(runEvents).where(eq(runEvents.runId, runId)).orderBy(desc(runEvents.seq)).limit(1);
  return rows[0];
}

/** The logged events after `after`, from the log or, for a run that ended a while ago, from its archive (`run-retention.ts`). */
export async function listEventsAfter(db: Db, runId: string, after: number): Promise<RunEvent[]> {
  const logged = await db
    .select({ seq: runEvents.seq, type: runEvents.type, data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, after)))
    .orderBy(asc(runEvents.seq));
  if (logged.length > 0) return logged.map((event) => ({ ...event, data: storedEventData.read(event.data) }));
  const [archive] = await db.select({ events: runEventArchives.events }).from(runEventArchives).where(eq(runEventArchives.runId, runId)).limit(1);
  return archive ? readArchivedEvents(archive.events).filter((event) => event.seq > after) : [];
}

export async function renewLease(db: Db, runId: string, owner: string, until: Date): Promise<void> {
  await db
    .update(runs)
    .set({ leaseUntil: until })
    .where(and(eq(runs.id, runId), eq(runs.leaseOwner, owner), eq(runs.status, 'running')));
}

/** Moves a run out of `from` statuses; zero rows means someone else moved it first. */
export async function transitionRun(
  db: Db,
  runId: string,
  from: RunStatus[],
  to: { status: RunStatus; awaiting?: RunAwaiting | null; error?: string | null; leaseOwner?: string | null; leaseUntil?: Date | null },
): Promise<RunRow | undefined> {
  const { awaiting, ...rest } = to;
  const rows = await db
    .update(runs)
    .set({ ...rest, ...(awaiting === undefined ? {} : { awaiting: writeAwaiting(awaiting) }), version: sql`${runs.version} + 1`, updatedAt: new Date() })
    .where(and(eq(runs.id, runId), inArray(runs.status, from)))
    .returning();
  return readFirst(rows);
}

/**
 * Running runs whose lease ran out, except `ownProcess`'s own: a process that asks is alive, and its lease
 * renewals can only be late because its event loop or database was busy (a long statement on PGlite).
 */
export async function findAbandonedRuns(db: Db, limit: number, ownProcess: string): Promise<RunRow[]> {
  return readRuns(
    await db
      .select()
      .from(runs)
      .where(and(eq(runs.status, 'running'), lt(runs.leaseUntil, new Date()), or(isNull(runs.leaseOwner), ne(runs.leaseOwner, ownProcess))))
      .limit(limit),
  );
}

/**
 * Takes a paused run for a decision: one conditional update, so of two racing decisions exactly one
 * wins. Zero rows: the run is not awaiting one of `kinds` (any more).
 */
export async function claimAwaitingRun(db: Db, runId: string, ownerId: string, kinds: string[], expectedVersion: number, lease: { owner: string; until: Date }): Promise<RunRow | undefined> {
  const rows = await db
    .update(runs)
    .set({ status: 'running', awaiting: null, leaseOwner: lease.owner, leaseUntil: lease.until, version: sql`${runs.version} + 1`, updatedAt: new Date() })
    .where(and(eq(runs.id, runId), eq(runs.ownerId, ownerId), eq(runs.version, expectedVersion), eq(runs.status, 'awaiting'), inArray(sql`${runs.awaiting}->>'kind'`, kinds)))
    .returning();
  return readFirst(rows);
}

/** An owner's runs of one kind, newest first (the plan list). */
export async function listRunsOf(db: Db, ownerId: string, kind: string, filter: { subject?: string }, offset: number, limit: number): Promise<{ total: number; rows: RunRow[] }> {
  const where = and(eq(runs.ownerId, ownerId), eq(runs.kind, kind), filter.subject ? eq(runs.subject, filter.subject) : undefined);
  const [counted] = await db.select({ total: count() }).from(runs).where(where);
  const rows = await db.select().from(runs).where(where).orderBy(desc(runs.createdAt)).offset(offset).limit(limit);
  return { total: counted?.total ?? 0, rows: readRuns(rows) };
}
