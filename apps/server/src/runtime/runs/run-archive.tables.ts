import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { runs } from './runs.tables.js';

/**
 * The event log of runs that ended a while ago, one row per run: `run_events` keeps only recent and
 * open runs, so its inserts and lookups stay small. Replays read both, with the same sequence numbers.
 */
export const runEventArchives = pgTable(
  'run_event_archives',
  {
    runId: uuid('run_id')
      .primaryKey()
      .references(() => runs.id, { onDelete: 'cascade' }),
    /** `[seq, type, data]` per event, in order: read through `readArchivedEvents` (run-stored.ts). */
    events: jsonb('events').$type<unknown>().notNull(),
    /** The run's `updated_at` when it ended: the archiver goes on after the last run archived, in (`run_ended_at`, `run_id`) order. */
    runEndedAt: timestamp('run_ended_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('run_event_archives_ended_idx').on(table.runEndedAt, table.runId)],
);
