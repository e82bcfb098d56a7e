import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { smsChallenges, smsSendCounts } from './sms.tables.js';

const THIS_HOUR = sql`date_trunc('hour', now())`;

/** Counts one code against `key` in the current clock hour, atomically; answers the hour's count including it. */
export async function countSend(db: Db, key: string): Promise<number> {
  const [row] = await db
    .insert(smsSendCounts)
    .values({ key, hourStart: THIS_HOUR, sent: 1 })
    .onConflictDoUpdate({
      target: smsSendCounts.key,
      set: {
        sent: sql`case when ${smsSendCounts.hourStart} < ${THIS_HOUR} then 1 else ${smsSendCounts.sent} + 1 end`,
        hourStart: THIS_HOUR,
      },
    })
    .returning({ sent: smsSendCounts.sent });
  return row?.sent ?? 1;
}

/** Takes back a count for a code that was not sent after all. */
export async function uncountSend(db: Db, key: string): Promise<void> {
  await db
    .update(smsSendCounts)
    .set({ sent: sql`greatest(${smsSendCounts.sent} - 1, 0)` })
    .where(sql`${smsSendCounts.key} = ${key} and ${smsSendCounts.hourStart} = ${THIS_HOUR}`);
}

export async function insertChallenge(db: Db, challenge: typeof smsChallenges.$inferInsert): Promise<void> {
  await db.delete(smsChallenges).where(lt(smsChallenges.expiresAt, sql`now()`));
  await db.insert(smsChallenges).values(challenge);
}

/** Removes the challenge and answers it: each challenge is tried once, whatever the answer. */
export async function takeChallenge(db: Db, id: string): Promise<{ answerHash: string; expiresAt: Date } | undefined> {
  const [row] = await db.delete(smsChallenges).where(eq(smsChallenges.id, id)).returning({ answerHash: smsChallenges.answerHash, expiresAt: smsChallenges.expiresAt });
  return row;
}
