import type { ToolCredentialMode } from '@agent-platform/contracts';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

/**
 * API tool sets: one imported OpenAPI document each, its operations stored as tools (`tools.provider_id`).
 * `auth` is the scheme without its secret; a shared credential is sealed (SECRET_KEY) in
 * `credential_sealed` as JSON `{username, secret}` and only ever answered masked.
 */
export const toolProviders = pgTable(
  'tool_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    serverUrl: text('server_url').notNull(),
    documentUrl: text('document_url'),
    auth: jsonb('auth').$type<Record<string, unknown>>().notNull(),
    credentialMode: text('credential_mode').$type<ToolCredentialMode>().notNull().default('shared'),
    credentialSealed: text('credential_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tool_providers_owner_idx').on(table.ownerId, table.createdAt)],
);

/** Each user's own credential for a tool set whose mode is `per_user`, sealed like the shared one. */
export const toolUserCredentials = pgTable(
  'tool_user_credentials',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => toolProviders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialSealed: text('credential_sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.providerId, table.userId] }), index('tool_user_credentials_user_idx').on(table.userId)],
);
