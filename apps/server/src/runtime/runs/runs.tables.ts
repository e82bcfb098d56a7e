import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../modules/user/user.tables.js';

export type RunStatus = 'running' | 'awaiting' | 'completed' | 'finished' | 'failed' | 'cancelled';

/** One chat turn: its state, what it waits for, and who is executing it (the lease). */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id'),
    subject: text('subject').notNull(),
    status: text('status').$type<RunStatus>().notNull().default('running'),
    /** Read and written through `storedAwaiting` (run-stored.ts). */
    awaiting: jsonb('awaiting').$type<Record<string, unknown> | null>(),
    version: integer('version').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Whatever the executor needs to continue (parameters, the user message id, …): each run kind reads and writes it through its own stored schema. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An owner's runs of one kind, newest first (the plan list and its total, from the index alone).
    index('runs_owner_kind_created_idx').on(table.ownerId, table.kind, table.subject, table.createdAt),
    // The sweeper looks only at running runs: a handful, however many runs have ended.
    index('runs_running_lease_idx')
      .on(table.leaseUntil)
      .where(sql`status = 'running'`),
    // The usage summary: runs of a period and how they ended.
    index('runs_created_status_idx').on(table.createdAt, table.status),
    // The event-log archiver walks ended runs in the order they ended.
    index('runs_ended_idx')
      .on(table.updatedAt, table.id)
      .where(sql`status in ('completed', 'finished', 'failed', 'cancelled')`),
  ],
);

/** The append-only event log of the stream contract: live streams and replays read the same rows. */
export const runEvents = pgTable(
  'run_events',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    /** Read and written through `storedEventData` (run-stored.ts). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.seq] })],
);

/** The structured history a model is rebuilt from: model calls, retrievals, actions, observations, decisions. */
export const runSteps = pgTable(
  'run_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    /** The step type's own columns, read and written through the agent engine's stored steps. */
    input: jsonb('input').$type<unknown>(),
    output: jsonb('output').$type<unknown>(),
    status: text('status').notNull().default('done'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('run_steps_run_position_idx').on(table.runId, table.position)],
);
