import type { DbSslMode, DbType } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

/**
 * Datasources: where a company database is and how to sign in. The password is sealed by the
 * SecretBox (SECRET_KEY) in `password_sealed` and never answered. `access_user_ids`: users besides the
 * owner who may build data assets on it.
 */
export const dbConnections = pgTable(
  'db_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    dbType: text('db_type').$type<DbType>().notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    databaseName: text('database_name').notNull(),
    schemaName: text('schema_name').notNull().default(''),
    userName: text('user_name').notNull(),
    passwordSealed: text('password_sealed'),
    sslMode: text('ssl_mode').$type<DbSslMode>().notNull().default('disable'),
    sslCa: text('ssl_ca').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    accessUserIds: uuid('access_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('db_connections_owner_name_key').on(table.ownerId, sql`lower(${table.name})`), index('db_connections_public_idx').on(table.isPublic, table.createdAt)],
);

/**
 * Business notes on one table of a datasource (`/db/extra_column_info/*`): what the table and its
 * columns mean, synonyms, units and code meanings, in `notes` (stored JSON, see datasource-notes.ts).
 */
export const dbTableNotes = pgTable(
  'db_table_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => dbConnections.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    description: text('description').notNull().default(''),
    notes: jsonb('notes').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('db_table_notes_connection_table_key').on(table.connectionId, table.tableName)],
);
