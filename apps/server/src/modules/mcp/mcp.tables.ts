import type { McpServiceStatus, McpTransport } from '@agent-platform/contracts';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

/** MCP services users registered; agents take their functions as tools. */
export const mcpServices = pgTable(
  'mcp_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    transport: text('transport').$type<McpTransport>().notNull(),
    url: text('url').notNull().default(''),
    /** JSON of the header map, sealed by the SecretBox: auth tokens live here. */
    headersSealed: text('headers_sealed'),
    command: text('command').notNull().default(''),
    args: jsonb('args').$type<string[]>().notNull().default([]),
    /** JSON of the environment map, sealed like the headers. */
    envSealed: text('env_sealed'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** This service's limit for one function call (at most the server's MCP_CALL_TIMEOUT_MS); null: the server's. */
    callTimeoutMs: integer('call_timeout_ms'),
    /** Bumped whenever the connection config changes: pooled connections of older versions are dropped. */
    configVersion: integer('config_version').notNull().default(1),
    status: text('status').$type<McpServiceStatus>().notNull().default('unknown'),
    statusMessage: text('status_message').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    functionCount: integer('function_count'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mcp_services_owner_id_idx').on(table.ownerId), index('mcp_services_created_at_idx').on(table.createdAt)],
);
