import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { userColumns, type UserPublicRow } from './user.repo.js';
import { sessions, users } from './user.tables.js';

export type SessionWithUser = UserPublicRow & { sessionId: string; sessionCreatedAt: Date; expiresAt: Date };

export async function insertSession(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<string> {
  const [row] = await db.insert(sessions).values({ userId, tokenHash, expiresAt }).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** The hot path of every signed-in call: one prepared query per database handle. */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({ ...userColumns, sessionId: sessions.id, sessionCreatedAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.tokenHash} = ${sql.placeholder('tokenHash')} and ${sessions.expiresAt} > now()`)
    .limit(1)
    .prepare('session_lookup');
}

export async function findLiveSession(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const rows = await lookup.execute({ tokenHash });
  return rows[0];
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSessions(db: Db, userId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length > 0) await db.delete(sessions).where(and(eq(sessions.userId, userId), inArray(sessions.id, sessionIds)));
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteOtherSessions(db: Db, userId: string, keepSessionIds: string[]): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, keepSessionIds)));
}
