import type { UserInfo } from '@agent-platform/contracts';
import { and, count, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { agentApiKeys } from './agent-publish.tables.js';

export type ApiKeyRow = typeof agentApiKeys.$inferSelect;
export type NewApiKey = typeof agentApiKeys.$inferInsert;

export type ApiKeyWithOwner = ApiKeyRow & { owner: UserInfo | null };

/** What a key opens: an agent, or a multi-agent setup. */
export interface KeySubject {
  kind: 'agent' | 'setup';
  id: string;
}

const live = isNull(agentApiKeys.revokedAt);
const keysOf = (subject: KeySubject) => (subject.kind === 'agent' ? eq(agentApiKeys.agentId, subject.id) : eq(agentApiKeys.setupId, subject.id));

/** The columns naming what a new key opens. */
export const subjectColumns = (subject: KeySubject) => (subject.kind === 'agent' ? { agentId: subject.id } : { setupId: subject.id });

/** What a stored key opens. */
export const subjectOf = (row: ApiKeyRow): KeySubject => (row.setupId ? { kind: 'setup', id: row.setupId } : { kind: 'agent', id: row.agentId! });

/** Serialises key creation per agent or setup, so the live-key limit holds under concurrent calls. */
export async function lockSubjectKeys(db: Db, subject: KeySubject): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`agent_api_keys:${subject.id}`}))`);
}

export async function countLiveKeys(db: Db, subject: KeySubject): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agentApiKeys)
    .where(and(keysOf(subject), live));
  return row?.n ?? 0;
}

export async function insertApiKey(db: Db, key: NewApiKey): Promise<ApiKeyRow> {
  const [row] = await db.insert(agentApiKeys).values(key).returning();
  return row!;
}

export async function listLiveKeys(db: Db, subject: KeySubject): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(agentApiKeys)
    .where(and(keysOf(subject), live))
    .orderBy(desc(agentApiKeys.createdAt), desc(agentApiKeys.id));
}

export async function findLiveKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  return (
    await db
      .select()
      .from(agentApiKeys)
      .where(and(eq(agentApiKeys.id, id), live))
      .limit(1)
  )[0];
}

/** `false` when it was revoked meanwhile. */
export async function revokeKey(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(agentApiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(agentApiKeys.id, id), live))
    .returning({ id: agentApiKeys.id });
  return rows.length > 0;
}

/** A live key by its hash, with its owner's account in the same round trip. */
export async function findLiveKeyByHash(db: Db, keyHash: string): Promise<ApiKeyWithOwner | undefined> {
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  const owner = sql<UserInfo | null>`(select json_build_object('id', u.id, 'user_name', u.user_name, 'nick_name', u.nick_name, 'phone', u.phone, 'role', u.role, 'status', u.status, 'created_at', u.created_at) from users u where u.id = ${agentApiKeys.ownerId})`;
  const rows = await db
    .select({ ...getTableColumns(agentApiKeys), owner })
    .from(agentApiKeys)
    .where(and(eq(agentApiKeys.keyHash, keyHash), live))
    .limit(1);
  return rows[0];
}

/** Written at most once per `minIntervalMs` per key: a busy key does not write on every call. */
export async function touchKey(db: Db, id: string, minIntervalMs: number): Promise<void> {
  const stale = new Date(Date.now() - minIntervalMs);
  await db
    .update(agentApiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(agentApiKeys.id, id), or(isNull(agentApiKeys.lastUsedAt), lt(agentApiKeys.lastUsedAt, stale))));
}
