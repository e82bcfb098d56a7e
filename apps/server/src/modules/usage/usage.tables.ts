import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One row per model call, written by the model gateway; read by usage statistics. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key: usage history outlives a deleted account.
    userId: uuid('user_id'),
    model: text('model').notNull(),
    feature: text('feature').notNull(),
    /** The agent whose run made the call (no foreign key either: the summary outlives the agent). */
    agentId: uuid('agent_id'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    ok: boolean('ok').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('usage_records_user_model_idx').on(table.userId, table.model),
    // The roll-up takes the oldest rows first; the usage summary reads a period from the index alone.
    index('usage_records_created_idx').on(table.createdAt, table.model, table.userId, table.agentId, table.promptTokens, table.completionTokens),
  ],
);

/**
 * Older usage rows summed per day (UTC), user, model, feature, agent and outcome, by the retention job: the
 * sums read by usage statistics are those of the rows it replaced.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day').notNull(),
    userId: uuid('user_id'),
    model: text('model').notNull(),
    feature: text('feature').notNull(),
    agentId: uuid('agent_id'),
    ok: boolean('ok').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull(),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull(),
    latencyMs: bigint('latency_ms', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('usage_daily_key').on(
      table.day,
      sql`coalesce(${table.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.model,
      table.feature,
      sql`coalesce(${table.agentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.ok,
    ),
    index('usage_daily_user_model_idx').on(table.userId, table.model),
  ],
);
