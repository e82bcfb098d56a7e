import { and, count, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db/index.js';
import type { EnqueueInput, JobRow } from './job.types.js';
import { jobs, NO_OWNER_KEY, type JobStatus } from './jobs.tables.js';

/** One try of a job, as this process claimed it: later writes only land while the claim still holds. */
export interface ClaimedJob {
  id: string;
  kind: string;
  ownerId: string | null;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
}

const OPEN: JobStatus[] = ['queued', 'running'];
/** Must match the predicate of the `jobs_open_dedupe_key` index so ON CONFLICT can use it. */
const OPEN_WITH_KEY = sql`dedupe_key is not null and status in ('queued', 'running')`;

const fromNow = (ms: number): SQL => sql`now() + ${Math.round(ms)}::integer * interval '1 millisecond'`;

/** Inserts a job; undefined when an open job of the same kind already holds the dedupe key. */
export async function insertJob(db: Db, input: EnqueueInput & { maxAttempts: number }): Promise<string | undefined> {
  const values = { kind: input.kind, payload: input.payload ?? null, ownerId: input.ownerId ?? null, dedupeKey: input.dedupeKey ?? null, maxAttempts: input.maxAttempts };
  const insert = db.insert(jobs).values(values);
  const rows = await (input.dedupeKey === undefined ? insert : insert.onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey], where: OPEN_WITH_KEY })).returning({ id: jobs.id });
  return rows[0]?.id;
}

export async function findOpenJobId(db: Db, kind: string, dedupeKey: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.dedupeKey, dedupeKey), inArray(jobs.status, OPEN)))
    .limit(1);
  return rows[0]?.id;
}

/** NOTIFY inside the caller's transaction: PostgreSQL delivers it to every listening process at commit. */
export async function notifyAtCommit(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Claims the next due job of `kind`, fairly: the owner with the fewest running jobs of this kind
 * first, then the owner served longest ago, then the job enqueued first. SKIP LOCKED lets many processes
 * claim at once without waiting for, or taking, each other's rows.
 */
export async function claimNextJob(db: Db, kind: string, processId: string, leaseMs: number, skipIds: string[]): Promise<ClaimedJob | undefined> {
  const ownerKey = (alias: string) => sql.raw(`coalesce(${alias}.owner_id, '${NO_OWNER_KEY}'::uuid)`);
  const skip =
    skipIds.length > 0
      ? sql`and j.id not in (${sql.join(
          skipIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const result = await selectRows<Record<string, unknown>>(
    db,
    sql`
    with owners as materialized (
      select q.owner_key,
        (select count(*) from jobs r where r.kind = ${kind} and r.status = 'running' and ${ownerKey('r')} = q.owner_key) as running,
        (select max(s.claim_seq) from jobs s where s.kind = ${kind} and ${ownerKey('s')} = q.owner_key) as served
      from (select distinct ${ownerKey('d')} as owner_key from jobs d where d.kind = ${kind} and d.status = 'queued' and d.run_after <= now()) q
    ), picked as (
      select j.id from jobs j join owners o on o.owner_key = ${ownerKey('j')}
      where j.kind = ${kind} and j.status = 'queued' and j.run_after <= now() ${skip}
      order by o.running, o.served nulls first, j.seq
      limit 1
      for update of j skip locked
    )
    update jobs set status = 'running', attempts = jobs.attempts + 1, lease_owner = ${processId}, lease_until = ${fromNow(leaseMs)},
      started_at = now(), claim_seq = nextval(pg_get_serial_sequence('jobs', 'seq')), progress = 0, progress_text = null, updated_at = now()
    from picked where jobs.id = picked.id and jobs.status = 'queued'
    returning jobs.id, jobs.kind, jobs.owner_id, jobs.payload, jobs.attempts, jobs.max_attempts`,
  );
  const [row] = result;
  if (!row) return undefined;
  return {
    id: String(row.id),
    kind: String(row.kind),
    ownerId: row.owner_id === null ? null : String(row.owner_id),
    payload: row.payload,
    attempt: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  };
}

/** Extends the leases this process still holds; returns the ids it holds (a missing one was cancelled or taken over). */
export async function renewJobLeases(db: Db, ids: string[], processId: string, leaseMs: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: fromNow(leaseMs) })
    .where(and(inArray(jobs.id, ids), eq(jobs.leaseOwner, processId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

export interface AttemptEnd {
  status: JobStatus;
  error?: string | null;
  progress?: number;
  progressText?: string | null;
  /** Back to the queue: run again after this many milliseconds. */
  retryAfterMs?: number;
  /** A shutdown interrupted the try: it does not count. */
  refundAttempt?: boolean;
}

/** Writes how one try ended, only if this process still holds that try. False: cancelled or taken over meanwhile. */
export async function endAttempt(db: Db, claim: ClaimedJob, processId: string, end: AttemptEnd): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: end.status,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: sql`now()`,
      ...(end.error !== undefined ? { error: end.error } : {}),
      ...(end.progress !== undefined ? { progress: end.progress } : {}),
      ...(end.progressText !== undefined ? { progressText: end.progressText } : {}),
      ...(end.retryAfterMs !== undefined ? { runAfter: fromNow(end.retryAfterMs) } : {}),
      ...(end.refundAttempt ? { attempts: sql`greatest(${jobs.attempts} - 1, 0)` } : {}),
    })
    .where(attemptHeld(claim, processId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function writeProgress(db: Db, claim: ClaimedJob, processId: string, progress: number, progressText: string | null): Promise<void> {
  await db
    .update(jobs)
    .set({ progress, progressText, updatedAt: sql`now()` })
    .where(attemptHeld(claim, processId));
}

function attemptHeld(claim: ClaimedJob, processId: string): SQL | undefined {
  return and(eq(jobs.id, claim.id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, processId), eq(jobs.attempts, claim.attempt));
}

/** queued or running → cancelled; false when the job is missing or already over. */
export async function cancelJob(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'cancelled', leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, OPEN)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Jobs of `kinds` whose process stopped renewing the lease, with tries left: back to the queue. */
export async function requeueExpiredJobs(db: Db, kinds: string[]): Promise<Array<{ id: string; kind: string }>> {
  if (kinds.length === 0) return [];
  return db
    .update(jobs)
    .set({ status: 'queued', leaseOwner: null, leaseUntil: null, runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, 'running'), lt(jobs.leaseUntil, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)))
    .returning({ id: jobs.id, kind: jobs.kind });
}

/** Jobs of `kinds` whose lease expired on their last try: failed for good with `reason`. */
export async function failExpiredJobs(db: Db, kinds: string[], reason: string): Promise<Array<{ id: string; kind: string; payload: unknown; ownerId: string | null }>> {
  if (kinds.length === 0) return [];
  return db
    .update(jobs)
    .set({ status: 'failed', error: reason, leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, 'running'), lt(jobs.leaseUntil, sql`now()`), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, ownerId: jobs.ownerId });
}

export async function countOpenJobs(db: Db, kinds: string[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), inArray(jobs.status, OPEN)));
  return row?.n ?? 0;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const rows = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      ownerId: jobs.ownerId,
      payload: jobs.payload,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      progress: jobs.progress,
      progressText: jobs.progressText,
      error: jobs.error,
      dedupeKey: jobs.dedupeKey,
      createdAt: jobs.createdAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(eq(jobs.id, id))
    .limit(1);
  return rows[0];
}

/** One kind of job as the health page shows it. */
export interface QueueKindStats {
  kind: string;
  queued: number;
  running: number;
  failed24h: number;
  /** When the longest-waiting due job was enqueued; `null` when none is due. */
  oldestWaitingSince: Date | null;
}

/** Open jobs and the last day's failures per kind, and the latest failure's reason; reads only what the partial indexes hold. */
export async function queueStats(db: Db): Promise<{ kinds: QueueKindStats[]; lastFailure: { kind: string; error: string | null; at: Date } | null }> {
  const dayAgo = sql`now() - interval '24 hours'`;
  const kinds = await db
    .select({
      kind: jobs.kind,
      queued: sql<number>`count(*) filter (where ${jobs.status} = 'queued')`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${jobs.status} = 'running')`.mapWith(Number),
      failed24h: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number),
      oldestWaitingSince: sql<Date | null>`min(${jobs.createdAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAfter} <= now())`.mapWith((value: unknown) =>
        value === null ? null : new Date(value as string),
      ),
    })
    .from(jobs)
    .where(sql`${jobs.status} in ('queued', 'running') or (${jobs.status} = 'failed' and ${jobs.updatedAt} > ${dayAgo})`)
    .groupBy(jobs.kind)
    .orderBy(jobs.kind);
  const [last] = await db
    .select({ kind: jobs.kind, error: jobs.error, at: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), sql`${jobs.updatedAt} > ${dayAgo}`))
    .orderBy(sql`${jobs.updatedAt} desc`)
    .limit(1);
  return { kinds, lastFailure: last ?? null };
}
