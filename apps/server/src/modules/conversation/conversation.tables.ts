import type { ConversationKind } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConversationKind>().notNull(),
    /** The model name, agent id, … the conversation is with. */
    subject: text('subject').notNull(),
    title: text('title').notNull().default('新对话'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversations_owner_updated_idx').on(table.ownerId, table.updatedAt),
    // The history list of one chat (kind and subject): its page and its total from the index alone.
    index('conversations_owner_kind_subject_idx').on(table.ownerId, table.kind, table.subject, table.updatedAt),
    // The usage summary: conversations started with each agent and setup in a period.
    index('conversations_kind_created_idx').on(table.kind, table.createdAt, table.subject),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    /** The run that wrote an assistant message (and the run a user message started). */
    runId: uuid('run_id'),
    /** Reasoning, citations, steps, usage: what the page shows beside the text; read and written through `storedMessageMeta` (message-meta.ts). */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order messages were written in, also within one clock tick (PGlite's clock counts milliseconds). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('messages_conversation_created_idx').on(table.conversationId, table.createdAt),
    // The usage summary counts messages per day of a period.
    index('messages_created_idx').on(table.createdAt),
    // A run's answer is found by its run (written at every pause and at the end).
    index('messages_run_idx')
      .on(table.runId)
      .where(sql`run_id is not null`),
  ],
);
