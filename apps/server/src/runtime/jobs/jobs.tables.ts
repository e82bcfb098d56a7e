import { sql } from 'drizzle-orm';
import { bigint, bigserial, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../modules/user/user.tables.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** Jobs without an owner (system work) share this key when claims are spread fairly across owners. */
export const NO_OWNER_KEY = '00000000-0000-0000-0000-000000000000';

/** Background work that outlives a request: queued, claimed under a lease, retried, finished. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<unknown>(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    progress: doublePrecision('progress').notNull().default(0),
    progressText: text('progress_text'),
    error: text('error'),
    dedupeKey: text('dedupe_key'),
    /** When the latest attempt was claimed. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * The order of claims, from the same counter as `seq`: claims go to the owner served longest ago, and
     * PGlite's clock cannot tell apart two claims in one millisecond.
     */
    claimSeq: bigint('claim_seq', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order jobs were enqueued in, also within one clock tick (PGlite's clock counts milliseconds). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Claims, sweeps and retention each read a few rows of one status, however many jobs have finished.
    index('jobs_queued_idx')
      .on(table.kind, table.runAfter)
      .where(sql`status = 'queued'`),
    index('jobs_running_idx')
      .on(table.kind, sql`coalesce(${table.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.leaseUntil)
      .where(sql`status = 'running'`),
    index('jobs_finished_idx')
      .on(table.updatedAt)
      .where(sql`status in ('done', 'failed', 'cancelled')`),
    index('jobs_owner_served_idx').on(table.kind, sql`coalesce(${table.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid)`, table.claimSeq),
    index('jobs_owner_created_idx').on(table.ownerId, table.createdAt),
    uniqueIndex('jobs_open_dedupe_key')
      .on(table.kind, table.dedupeKey)
      .where(sql`dedupe_key is not null and status in ('queued', 'running')`),
  ],
);
