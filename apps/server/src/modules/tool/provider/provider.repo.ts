import { and, count, desc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { type Viewer, visibleWhere } from '../../../core/index.js';
import { toolProviders, toolUserCredentials } from '../tool-provider.tables.js';

export type ProviderRow = typeof toolProviders.$inferSelect & { ownerName: string };
type NewProvider = typeof toolProviders.$inferInsert;
type ProviderChanges = Partial<Omit<NewProvider, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;

const columns = {
  ...getTableColumns(toolProviders),
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = "tool_providers"."owner_id")`,
};

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const filterOf = (viewer: Viewer, keyword?: string): SQL | undefined => and(visibleWhere(viewer, toolProviders), keyword ? ilike(toolProviders.title, likePattern(keyword)) : undefined);

export async function findProvider(db: Db, id: string): Promise<ProviderRow | undefined> {
  return (await db.select(columns).from(toolProviders).where(eq(toolProviders.id, id)).limit(1))[0];
}

export async function countProviders(db: Db, viewer: Viewer, keyword?: string): Promise<number> {
  const [total] = await db.select({ n: count() }).from(toolProviders).where(filterOf(viewer, keyword));
  return total?.n ?? 0;
}

export async function listProviders(db: Db, viewer: Viewer, keyword: string | undefined, offset: number, limit: number): Promise<ProviderRow[]> {
  return db.select(columns).from(toolProviders).where(filterOf(viewer, keyword)).orderBy(desc(toolProviders.createdAt), desc(toolProviders.id)).offset(offset).limit(limit);
}

export async function insertProvider(db: Db, provider: NewProvider): Promise<string> {
  const [row] = await db.insert(toolProviders).values(provider).returning({ id: toolProviders.id });
  return row!.id;
}

export async function updateProvider(db: Db, id: string, changes: ProviderChanges): Promise<void> {
  await db
    .update(toolProviders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(toolProviders.id, id));
}

export async function deleteProvider(db: Db, id: string): Promise<boolean> {
  return (await db.delete(toolProviders).where(eq(toolProviders.id, id)).returning({ id: toolProviders.id })).length > 0;
}

export async function findUserCredential(db: Db, providerId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: toolUserCredentials.credentialSealed })
    .from(toolUserCredentials)
    .where(and(eq(toolUserCredentials.providerId, providerId), eq(toolUserCredentials.userId, userId)))
    .limit(1);
  return row?.sealed;
}

export async function saveUserCredential(db: Db, providerId: string, userId: string, sealed: string): Promise<void> {
  await db
    .insert(toolUserCredentials)
    .values({ providerId, userId, credentialSealed: sealed })
    .onConflictDoUpdate({ target: [toolUserCredentials.providerId, toolUserCredentials.userId], set: { credentialSealed: sealed, updatedAt: new Date() } });
}

export async function deleteUserCredential(db: Db, providerId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(toolUserCredentials)
    .where(and(eq(toolUserCredentials.providerId, providerId), eq(toolUserCredentials.userId, userId)))
    .returning({ userId: toolUserCredentials.userId });
  return deleted.length > 0;
}

/** When the scheme changes, everyone's own secret is for the old one: they are dropped with it. */
export async function deleteAllUserCredentials(db: Db, providerId: string): Promise<void> {
  await db.delete(toolUserCredentials).where(eq(toolUserCredentials.providerId, providerId));
}
