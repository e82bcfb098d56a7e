import type { ThingKind } from '../../core/index.js';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Things removed while other users' things still referred to them (a public tool in their agents): the
 * name is kept so those referrers can say what is gone.
 */
export const removedThings = pgTable(
  'removed_things',
  {
    kind: text('kind').$type<ThingKind>().notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
);
