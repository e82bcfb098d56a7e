import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The last code sent to a phone: kept hashed, valid for a few minutes, one send per minute. */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});

/** Codes sent per hour, per client address (`ip:<address>`) and in all (`all`); the hour is a fixed clock hour. */
export const smsSendCounts = pgTable('sms_send_counts', {
  key: text('key').primaryKey(),
  hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
  sent: integer('sent').notNull().default(0),
});

/** Challenges handed out by `/sms/challenge`: the answer hashed, one try each, a few minutes long. */
export const smsChallenges = pgTable('sms_challenges', {
  id: uuid('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
