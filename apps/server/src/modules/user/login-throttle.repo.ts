import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { loginFailures } from './user.tables.js';

/** The latest lock among `keys`, if any is locked now. */
export async function findLockedUntil(db: Db, keys: string[]): Promise<Date | undefined> {
  const rows = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(sql`${inArray(loginFailures.key, keys)} and ${loginFailures.lockedUntil} > now()`);
  return rows.map((row) => row.lockedUntil).filter((date): date is Date => date !== null).sort((a, b) => b.getTime() - a.getTime())[0];
}

/** Counts one failure in the current window (restarting an expired one) and locks at `max`. */
export async function addFailure(db: Db, key: string, max: number, windowMinutes: number): Promise<number> {
  const window = sql.raw(`interval '${Number(windowMinutes)} minutes'`);
  const expired = sql`${loginFailures.firstFailedAt} < now() - ${window}`;
  const next = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: next,
        firstFailedAt: sql`case when ${expired} then now() else ${loginFailures.firstFailedAt} end`,
        lockedUntil: sql`case when ${next} >= ${max} then now() + ${window} else null end`,
      },
    })
    .returning({ failures: loginFailures.failures });
  return row?.failures ?? 1;
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}
