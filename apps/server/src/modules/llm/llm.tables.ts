import type { LlmProvider, LlmStatus, LlmType } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

/** The model registry: one row per model the platform can call. */
export const llmModels = pgTable(
  'llm_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The platform's name for the model, unique ignoring case; agents and knowledge bases refer to it. */
    llmName: text('llm_name').notNull(),
    displayName: text('display_name').notNull(),
    type: text('type').$type<LlmType>().notNull(),
    provider: text('provider').$type<LlmProvider>().notNull(),
    baseUrl: text('base_url').notNull(),
    /** Sealed by the SecretBox (AES-256-GCM); never the plaintext. */
    apiKeySealed: text('api_key_sealed'),
    upstreamModel: text('upstream_model').notNull(),
    contextWindow: integer('context_window').notNull().default(8192),
    temperature: doublePrecision('temperature'),
    topP: doublePrecision('top_p'),
    maxTokens: integer('max_tokens'),
    supportsTools: boolean('supports_tools').notNull().default(false),
    supportsVision: boolean('supports_vision').notNull().default(false),
    description: text('description').notNull().default(''),
    status: text('status').$type<LlmStatus>().notNull().default('enabled'),
    // A deleted account's models stay (others may use the public ones); administrators manage them.
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('llm_models_llm_name_key').on(sql`lower(${table.llmName})`),
    index('llm_models_owner_id_idx').on(table.ownerId),
    index('llm_models_created_at_idx').on(table.createdAt),
  ],
);
