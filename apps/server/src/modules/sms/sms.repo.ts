import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { smsCodes } from './sms.tables.js';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

/**
 * Takes the phone's send slot atomically: stores the new code unless one was sent less than
 * `intervalSeconds` ago. Returns the previous row's send time when the slot is taken.
 */
export async function claimSendSlot(db: Db, phone: string, codeHash: string, expiresAt: Date, intervalSeconds: number): Promise<{ claimed: true } | { claimed: false; sentAt: Date }> {
  const rows = await db
    .insert(smsCodes)
    .values({ phone, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: smsCodes.phone,
      set: { codeHash, expiresAt, sentAt: sql`now()`, attempts: 0 },
      setWhere: sql`${smsCodes.sentAt} <= now() - make_interval(secs => ${intervalSeconds})`,
    })
    .returning({ phone: smsCodes.phone });
  if (rows.length > 0) return { claimed: true };
  const [existing] = await db.select({ sentAt: smsCodes.sentAt }).from(smsCodes).where(eq(smsCodes.phone, phone));
  return { claimed: false, sentAt: existing?.sentAt ?? new Date() };
}

export async function findCode(db: Db, phone: string): Promise<SmsCodeRow | undefined> {
  const rows = await db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).limit(1);
  return rows[0];
}

export async function countAttempt(db: Db, phone: string): Promise<void> {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.phone, phone));
}

export async function deleteCode(db: Db, phone: string): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.phone, phone));
}
