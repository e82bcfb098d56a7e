import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { dbConnections } from '../datasource/datasource.tables.js';
import { users } from '../user/user.tables.js';

/**
 * Data assets: a named selection of one datasource's tables (and columns) people ask questions of.
 * `content` (stored JSON, see data-asset.mapper.ts) holds the tables, example questions and verified
 * question–SQL pairs; `access_user_ids` the users besides the owner who may use a private asset.
 */
export const dbAssets = pgTable(
  'db_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => dbConnections.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isPublic: boolean('is_public').notNull().default(false),
    accessUserIds: uuid('access_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    confirmSql: boolean('confirm_sql').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('db_assets_owner_name_key').on(table.ownerId, sql`lower(${table.name})`),
    index('db_assets_connection_idx').on(table.connectionId),
    index('db_assets_public_idx').on(table.isPublic, table.createdAt),
  ],
);

/** Every statement run (or refused) for an asset: who, what, how many rows, how long, how it ended. */
export const dbQueryAudits = pgTable(
  'db_query_audits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => dbAssets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sql: text('sql').notNull(),
    outcome: text('outcome').$type<'ok' | 'refused' | 'failed'>().notNull(),
    error: text('error').notNull().default(''),
    rowCount: integer('row_count').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('db_query_audits_asset_idx').on(table.assetId, table.createdAt)],
);
