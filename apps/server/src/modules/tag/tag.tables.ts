import type { TagColor, TagType } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.js';

/** Platform-wide tags, typed by what they classify, nested one level (a child's parent has no parent). */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tagType: text('tag_type').$type<TagType>().notNull(),
    name: text('name').notNull(),
    // Deleting a parent deletes its children.
    parentId: uuid('parent_id').references((): AnyPgColumn => tags.id, { onDelete: 'cascade' }),
    color: text('color').$type<TagColor>(),
    sort: integer('sort').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One name per type and parent, ignoring case; first-level tags share the all-zero parent.
    uniqueIndex('tags_type_parent_name_key').on(table.tagType, sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${table.name})`),
    index('tags_parent_id_idx').on(table.parentId),
  ],
);
