import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

/**
 * Multi-agent setups: member agents (by id, checked again whenever the setup runs), the edges between
 * them, the start, a mode and its limits. `member_ids` repeats the members' ids for reference lookups.
 */
export const multiAgents = pgTable(
  'multi_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    mode: text('mode').notNull(),
    /** Versioned (`ma-stored.ts`): members, edges, start, coordinator, context, limits. */
    graph: jsonb('graph').$type<Record<string, unknown>>().notNull(),
    memberIds: text('member_ids').array().notNull().default([]),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('multi_agents_owner_idx').on(table.ownerId, table.createdAt), index('multi_agents_public_idx').on(table.isPublic, table.createdAt)],
);
