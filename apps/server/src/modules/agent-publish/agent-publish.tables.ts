import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from '../agent/agent.tables.js';
import { multiAgents } from '../multi-agent/ma.tables.js';
import { users } from '../user/user.tables.js';

/**
 * API keys of published agents and multi-agent setups (`Authorization: Bearer ak-…` on
 * `/v1/chat/completions`): each key opens exactly one of them. Only the key's sha256 is stored; the
 * key itself is shown once, when it is created.
 */
export const agentApiKeys = pgTable(
  'agent_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    setupId: uuid('setup_id').references(() => multiAgents.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** `ak-abcd****wxyz`: enough to tell keys apart in a list. */
    masked: text('masked').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('agent_api_keys_hash_key').on(table.keyHash),
    index('agent_api_keys_agent_idx').on(table.agentId, table.createdAt),
    index('agent_api_keys_setup_idx').on(table.setupId, table.createdAt),
    check('agent_api_keys_one_subject', sql`num_nonnulls(${table.agentId}, ${table.setupId}) = 1`),
  ],
);
