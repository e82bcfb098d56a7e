import type { ToolKind } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';
import { toolProviders } from './tool-provider.tables.js';

/**
 * Custom tools. `config` holds the kind's settings without secrets; an HTTP tool's auth secret is
 * sealed in `secret_sealed` (SECRET_KEY) and only ever answered masked.
 */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<ToolKind>().notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isPublic: boolean('is_public').notNull().default(false),
    inputSchema: jsonb('input_schema').$type<Record<string, unknown>>().notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secretSealed: text('secret_sealed'),
    /** The tool set this tool is an operation of (it then runs with the set's credentials), and the operation's key in its document. */
    providerId: uuid('provider_id').references(() => toolProviders.id, { onDelete: 'cascade' }),
    operationKey: text('operation_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An agent offers tools to the model by name: one name per owner keeps them apart.
    uniqueIndex('tools_owner_name_key').on(table.ownerId, sql`lower(${table.name})`),
    index('tools_public_idx').on(table.isPublic, table.createdAt),
    index('tools_kind_idx').on(table.kind),
    index('tools_provider_idx').on(table.providerId),
  ],
);
