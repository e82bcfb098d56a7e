import type { AgentServiceRef } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

/**
 * Agents: a model, a prompt, tools, services and knowledge bases. Other modules' things are stored by
 * reference (model name, tool ids, service ids, kb ids) and checked again whenever the agent runs.
 */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    description: text('description').notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    /** Whether users other than the owner and administrators may read the system prompt of the published agent. */
    promptShared: boolean('prompt_shared').notNull().default(false),
    openingMessage: text('opening_message').notNull().default(''),
    suggestedQuestions: jsonb('suggested_questions').$type<string[]>().notNull().default([]),
    llmName: text('llm_name').notNull(),
    temperature: doublePrecision('temperature'),
    topP: doublePrecision('top_p'),
    maxTokens: integer('max_tokens'),
    toolIds: text('tool_ids').array().notNull().default([]),
    services: jsonb('services').$type<AgentServiceRef[]>().notNull().default([]),
    kbIds: text('kb_ids').array().notNull().default([]),
    /** Versioned (`agent-stored.ts`). */
    retrieval: jsonb('retrieval').$type<Record<string, unknown>>().notNull(),
    hitl: jsonb('hitl').$type<Record<string, unknown>>().notNull(),
    maxSteps: integer('max_steps').notNull(),
    historyTurns: integer('history_turns').notNull(),
    tags: text('tags').array().notNull().default([]),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('agents_owner_idx').on(table.ownerId, table.createdAt),
    index('agents_public_idx').on(table.isPublic, table.createdAt),
    // Deleting a model asks which agents use it, by name ignoring case.
    index('agents_llm_name_idx').on(sql`lower(${table.llmName})`),
  ],
);
