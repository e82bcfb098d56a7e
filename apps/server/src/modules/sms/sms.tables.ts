import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The last code sent to a phone: kept hashed, valid for a few minutes, one send per minute. */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});
