import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const systemProperties = pgTable('system_properties', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().default(''),
  currentValue: text('current_value'),
  defaultValue: text('default_value'),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The user name of the administrator who last changed it (null: as seeded). */
  updatedBy: text('updated_by'),
});
