import { and, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { type Viewer, visibleWhere } from '../../core/index.js';
import { readKb } from './knowledge-stored.js';
import { kbDocuments, knowledgeBases, type kbSegments } from './knowledge.tables.js';
import { taggedWithAny } from '../tag/index.js';

export type KbRow = typeof knowledgeBases.$inferSelect;
export type NewKb = typeof knowledgeBases.$inferInsert;
export type KbChanges = Partial<Omit<NewKb, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;
export type KbDocumentRow = typeof kbDocuments.$inferSelect;
export type KbSegmentRow = typeof kbSegments.$inferSelect;
export type KbListRow = KbRow & { ownerName: string; docCount: number; segmentCount: number };

export interface KbFilter {
  ownerId?: string;
  publicOnly?: boolean;
  keyword?: string;
  /** Any of these tag names. */
  tags?: string[];
}

export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Written out in SQL: inside a select list drizzle names columns without their table, which a
// correlated subquery cannot tell apart.
const listColumns = {
  ...getTableColumns(knowledgeBases),
  // The user module's table, read by name: modules import each other's tables only for foreign keys.
  ownerName: sql<string>`(select coalesce(nullif(u.nick_name, ''), u.user_name) from users u where u.id = "knowledge_bases"."owner_id")`,
  docCount: sql<number>`(select count(*)::int from kb_documents d where d.kb_id = "knowledge_bases"."id")`,
  segmentCount: sql<number>`(select coalesce(sum(d.segment_count), 0)::int from kb_documents d where d.kb_id = "knowledge_bases"."id")`,
};

function listQuery(db: Db, where: SQL | undefined) {
  return db.select(listColumns).from(knowledgeBases).where(where);
}

function filterOf({ ownerId, publicOnly, keyword, tags }: KbFilter): SQL | undefined {
  return and(
    ownerId ? eq(knowledgeBases.ownerId, ownerId) : undefined,
    publicOnly ? eq(knowledgeBases.isPublic, true) : undefined,
    keyword ? or(ilike(knowledgeBases.name, likePattern(keyword)), ilike(knowledgeBases.description, likePattern(keyword))) : undefined,
    tags?.length ? taggedWithAny(knowledgeBases.tags, tags) : undefined,
  );
}

export async function listKbs(db: Db, filter: KbFilter, offset: number, limit: number) {
  const where = filterOf(filter);
  const [total] = await db.select({ n: count() }).from(knowledgeBases).where(where);
  const rows = await listQuery(db, where).orderBy(desc(knowledgeBases.createdAt), desc(knowledgeBases.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows: rows.map(readKb) };
}

/** Every knowledge base the viewer may see (own and public; administrators all). */
export async function listVisibleKbs(db: Db, viewer: Viewer): Promise<KbListRow[]> {
  return (await listQuery(db, visibleWhere(viewer, knowledgeBases)).orderBy(desc(knowledgeBases.createdAt), desc(knowledgeBases.id))).map(readKb);
}

export async function findKbById(db: Db, id: string): Promise<KbRow | undefined> {
  const rows = await db.select().from(knowledgeBases).where(eq(knowledgeBases.id, id)).limit(1);
  return rows[0] && readKb(rows[0]);
}

export async function findKbListRow(db: Db, id: string): Promise<KbListRow | undefined> {
  const rows = await listQuery(db, eq(knowledgeBases.id, id)).limit(1);
  return rows[0] && readKb(rows[0]);
}

/** `undefined` when the owner already has a knowledge base of that name. */
export async function insertKb(db: Db, kb: NewKb): Promise<KbRow | undefined> {
  const rows = await db.insert(knowledgeBases).values(kb).onConflictDoNothing().returning();
  return rows[0] && readKb(rows[0]);
}

export async function updateKb(db: Db, id: string, changes: KbChanges): Promise<KbRow | undefined> {
  const rows = await db
    .update(knowledgeBases)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(knowledgeBases.id, id))
    .returning();
  return rows[0] && readKb(rows[0]);
}

export async function deleteKb(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(knowledgeBases).where(eq(knowledgeBases.id, id)).returning({ id: knowledgeBases.id });
  return rows.length > 0;
}

export async function countKbsByOwner(db: Db, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.select({ ownerId: knowledgeBases.ownerId, n: count() }).from(knowledgeBases).where(inArray(knowledgeBases.ownerId, ownerIds)).groupBy(knowledgeBases.ownerId);
  return new Map(rows.map((row) => [row.ownerId, row.n]));
}

/** Knowledge bases embedding or reranking with these models (lower-case names), or with any model. */
export function kbsUsingModels(db: Db, names?: string[]): Promise<Array<{ id: string; name: string; target: string }>> {
  const uses = (column: typeof knowledgeBases.embeddingModel | typeof knowledgeBases.rerankModel) => {
    const target = sql<string>`lower(${column})`;
    return db
      .select({ id: knowledgeBases.id, name: knowledgeBases.name, target })
      .from(knowledgeBases)
      .where(names ? inArray(target, names) : isNotNull(column));
  };
  return uses(knowledgeBases.embeddingModel).unionAll(uses(knowledgeBases.rerankModel));
}

/** Knowledge bases whose documents were made from these files (or from any file). */
export function kbsUsingFiles(db: Db, fileIds?: string[]): Promise<Array<{ id: string; name: string; target: string }>> {
  const target = sql<string>`${kbDocuments.fileId}::text`;
  return db
    .selectDistinct({ id: knowledgeBases.id, name: knowledgeBases.name, target })
    .from(kbDocuments)
    .innerJoin(knowledgeBases, eq(knowledgeBases.id, kbDocuments.kbId))
    .where(fileIds ? inArray(kbDocuments.fileId, fileIds) : isNotNull(kbDocuments.fileId));
}
