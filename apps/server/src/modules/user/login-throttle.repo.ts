import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { loginFailures } from './user.tables.js';

export interface Reservation {
  failures: number;
  lockedUntil: Date | null;
}

/**
 * Counts one attempt against `key` before its password is checked, in one atomic statement, so
 * parallel attempts (in any process) each see their own number. A window that has run out (or a lock
 * that has) starts again at 1; reaching `max` locks the key for the window without extending a lock.
 */
export async function reserveAttempt(db: Db, key: string, max: number, windowMinutes: number): Promise<Reservation> {
  const window = sql.raw(`interval '${Number(windowMinutes)} minutes'`);
  const expired = sql`(case when ${loginFailures.lockedUntil} is null then ${loginFailures.firstFailedAt} < now() - ${window}
    else ${loginFailures.lockedUntil} <= now() end)`;
  const next = sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`;
  const currentLock = sql`case when ${expired} then null else ${loginFailures.lockedUntil} end`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, lockedUntil: max <= 1 ? sql`now() + ${window}` : null })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: next,
        firstFailedAt: sql`case when ${expired} then now() else ${loginFailures.firstFailedAt} end`,
        lockedUntil: sql`case when ${next} >= ${max} then coalesce(${currentLock}, now() + ${window}) else null end`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  return row ?? { failures: 1, lockedUntil: null };
}

/** Gives back one reserved attempt that turned out not to be a failure. */
export async function releaseAttempt(db: Db, key: string, max: number): Promise<void> {
  await db
    .update(loginFailures)
    .set({
      failures: sql`greatest(${loginFailures.failures} - 1, 0)`,
      lockedUntil: sql`case when ${loginFailures.failures} - 1 >= ${max} then ${loginFailures.lockedUntil} else null end`,
    })
    .where(sql`${loginFailures.key} = ${key}`);
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

/** Forgets `key` and every key starting with `prefix` (a name's count and its (name, address) counts). */
export async function clearFailuresWithPrefix(db: Db, key: string, prefix: string): Promise<void> {
  await db.delete(loginFailures).where(or(sql`${loginFailures.key} = ${key}`, sql`starts_with(${loginFailures.key}, ${prefix})`));
}

/** Every lock running now on a user name or an (address, name) pair: there are few at any time. */
export async function listNameLocks(db: Db): Promise<Array<{ key: string; lockedUntil: Date }>> {
  const rows = await db
    .select({ key: loginFailures.key, lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(sql`${loginFailures.lockedUntil} > now() and not starts_with(${loginFailures.key}, 'ip:')`);
  return rows.flatMap((row) => (row.lockedUntil ? [{ key: row.key, lockedUntil: row.lockedUntil }] : []));
}
