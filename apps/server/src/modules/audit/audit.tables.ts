import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did what to what, when and from where: one row per audited call (see `platform/http/audit-trail.ts`). */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    // No foreign key: the trail outlives a deleted account (and a failed sign-in may name nobody).
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    detail: text('detail'),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list reads newest first, by period; pruning takes the oldest.
    index('audit_entries_created_idx').on(table.createdAt),
    index('audit_entries_action_created_idx').on(table.action, table.createdAt),
  ],
);
