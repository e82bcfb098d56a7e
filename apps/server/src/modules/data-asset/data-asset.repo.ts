import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { isAdmin, type Viewer } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { dbAssets, dbQueryAudits } from './data-asset.tables.js';
import { taggedWithAny } from '../tag/index.js';

export type AssetRow = typeof dbAssets.$inferSelect;
export type NewAsset = typeof dbAssets.$inferInsert;
export type AssetChanges = Partial<Omit<NewAsset, 'id' | 'ownerId' | 'connectionId' | 'createdAt' | 'updatedAt'>>;
export type AssetListRow = AssetRow & { ownerName: string; connectionName: string; dbType: 'mysql' | 'postgresql' };
export type AuditRow = typeof dbQueryAudits.$inferSelect & { userName: string };

/** Own, public, or naming the viewer in the access list; administrators see every asset. */
function usableWhere(viewer: Viewer): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return or(eq(dbAssets.ownerId, viewer.id), eq(dbAssets.isPublic, true), sql`${viewer.id}::uuid = any(${dbAssets.accessUserIds})`);
}

export interface AssetFilter {
  /** Own; usable (own, public, shared, or all for administrators); public; shared with the viewer by others. */
  scope: { ownerId: string } | { usableBy: Viewer } | { publicOnly: true } | { sharedWith: string };
  keyword?: string;
  /** Any of these tag names (`TagService.namesForFilter`). */
  tags?: string[];
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Other modules' tables, read by name: modules import each other's tables only for foreign keys.
const listColumns = {
  id: dbAssets.id,
  ownerId: dbAssets.ownerId,
  connectionId: dbAssets.connectionId,
  name: dbAssets.name,
  description: dbAssets.description,
  content: dbAssets.content,
  tags: dbAssets.tags,
  isPublic: dbAssets.isPublic,
  accessUserIds: dbAssets.accessUserIds,
  confirmSql: dbAssets.confirmSql,
  createdAt: dbAssets.createdAt,
  updatedAt: dbAssets.updatedAt,
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = "db_assets"."owner_id")`,
  connectionName: sql<string>`(select c.name from db_connections c where c.id = "db_assets"."connection_id")`,
  dbType: sql<'mysql' | 'postgresql'>`(select c.db_type from db_connections c where c.id = "db_assets"."connection_id")`,
};

function scopeWhere(scope: AssetFilter['scope']): SQL | undefined {
  if ('ownerId' in scope) return eq(dbAssets.ownerId, scope.ownerId);
  if ('publicOnly' in scope) return eq(dbAssets.isPublic, true);
  if ('sharedWith' in scope) return and(ne(dbAssets.ownerId, scope.sharedWith), sql`${scope.sharedWith}::uuid = any(${dbAssets.accessUserIds})`);
  return usableWhere(scope.usableBy);
}

function filterOf({ scope, keyword, tags }: AssetFilter): SQL | undefined {
  return and(
    scopeWhere(scope),
    keyword ? or(ilike(dbAssets.name, likePattern(keyword)), ilike(dbAssets.description, likePattern(keyword))) : undefined,
    tags?.length ? taggedWithAny(dbAssets.tags, tags) : undefined,
  );
}

export async function countAssets(db: Db, filter: AssetFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dbAssets).where(filterOf(filter));
  return row?.n ?? 0;
}

export async function listAssets(db: Db, filter: AssetFilter, offset: number, limit: number): Promise<AssetListRow[]> {
  return db.select(listColumns).from(dbAssets).where(filterOf(filter)).orderBy(desc(dbAssets.createdAt), desc(dbAssets.id)).offset(offset).limit(limit);
}

export async function findAsset(db: Db, id: string): Promise<AssetListRow | undefined> {
  return (await db.select(listColumns).from(dbAssets).where(eq(dbAssets.id, id)).limit(1))[0];
}

/** `undefined` when the owner already has an asset of that name. */
export async function insertAsset(db: Db, asset: NewAsset): Promise<AssetRow | undefined> {
  return (await db.insert(dbAssets).values(asset).onConflictDoNothing().returning())[0];
}

export async function updateAsset(db: Db, id: string, changes: AssetChanges): Promise<AssetRow | undefined> {
  return (
    await db
      .update(dbAssets)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(dbAssets.id, id))
      .returning()
  )[0];
}

export async function deleteAsset(db: Db, id: string): Promise<boolean> {
  return (await db.delete(dbAssets).where(eq(dbAssets.id, id)).returning({ id: dbAssets.id })).length > 0;
}

export async function insertAudit(db: Db, audit: typeof dbQueryAudits.$inferInsert): Promise<void> {
  await db.insert(dbQueryAudits).values(audit);
}

export async function listAudits(db: Db, assetId: string, limit: number): Promise<AuditRow[]> {
  return db
    .select({
      id: dbQueryAudits.id,
      assetId: dbQueryAudits.assetId,
      userId: dbQueryAudits.userId,
      sql: dbQueryAudits.sql,
      outcome: dbQueryAudits.outcome,
      error: dbQueryAudits.error,
      rowCount: dbQueryAudits.rowCount,
      durationMs: dbQueryAudits.durationMs,
      createdAt: dbQueryAudits.createdAt,
      userName: sql<string>`coalesce((select u.user_name from users u where u.id = "db_query_audits"."user_id"), '')`,
    })
    .from(dbQueryAudits)
    .where(eq(dbQueryAudits.assetId, assetId))
    .orderBy(desc(dbQueryAudits.createdAt))
    .limit(limit);
}
