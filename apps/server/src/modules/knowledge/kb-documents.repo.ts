import type { KbDocStatus } from '@agent-platform/contracts';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { likePattern, type KbDocumentRow, type KbSegmentRow } from './knowledge.repo.js';
import { indexSegments, storedSegments, unindexDocuments, unindexSegments } from './retrieval/term-index.js';
import { readSegment } from './knowledge-stored.js';
import { kbDocuments, kbSegments } from './knowledge.tables.js';

export type NewKbDocument = typeof kbDocuments.$inferInsert;
export type NewKbSegment = typeof kbSegments.$inferInsert;
export type DocumentProgress = Partial<Pick<NewKbDocument, 'status' | 'progress' | 'statusText' | 'segmentCount' | 'jobId'>>;

export async function insertDocuments(db: Db, documents: NewKbDocument[]): Promise<KbDocumentRow[]> {
  if (documents.length === 0) return [];
  return db.insert(kbDocuments).values(documents).returning();
}

export async function findDocumentById(db: Db, id: string): Promise<KbDocumentRow | undefined> {
  const rows = await db.select().from(kbDocuments).where(eq(kbDocuments.id, id)).limit(1);
  return rows[0];
}

/** Locks the document's row for the rest of the transaction; `undefined` when it was deleted. */
export async function lockDocument(db: Db, id: string): Promise<KbDocumentRow | undefined> {
  const rows = await db.select().from(kbDocuments).where(eq(kbDocuments.id, id)).for('update').limit(1);
  return rows[0];
}

export async function listDocumentsOfKb(db: Db, kbId: string): Promise<KbDocumentRow[]> {
  return db.select().from(kbDocuments).where(eq(kbDocuments.kbId, kbId)).orderBy(asc(kbDocuments.createdAt), asc(kbDocuments.id));
}

export async function fileIdsOfKb(db: Db, kbId: string, fileIds: string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .select({ fileId: kbDocuments.fileId })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.kbId, kbId), inArray(kbDocuments.fileId, fileIds)));
  return new Set(rows.map((row) => row.fileId));
}

export interface DocumentFilter {
  kbId: string;
  status?: KbDocStatus;
  keyword?: string;
}

export async function listDocuments(db: Db, { kbId, status, keyword }: DocumentFilter, offset: number, limit: number) {
  const where = and(eq(kbDocuments.kbId, kbId), status ? eq(kbDocuments.status, status) : undefined, keyword ? ilike(kbDocuments.name, likePattern(keyword)) : undefined);
  const [total] = await db.select({ n: count() }).from(kbDocuments).where(where);
  const rows = await db.select().from(kbDocuments).where(where).orderBy(desc(kbDocuments.createdAt), desc(kbDocuments.id)).offset(offset).limit(limit);
  return { total: total?.n ?? 0, rows };
}

/** Progress of a running ingestion; a deleted document stays deleted (the update matches nothing). */
export async function updateDocument(db: Db, id: string, changes: DocumentProgress): Promise<void> {
  await db
    .update(kbDocuments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(kbDocuments.id, id));
}

/** Deletes the documents with their segments, taken out of the index in the same transaction. */
export async function deleteDocuments(db: Db, kbId: string, ids: string[]): Promise<KbDocumentRow[]> {
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    // Locked in id order first: an ingestion finishing meanwhile either committed already or waits.
    const locked = await tx
      .select({ id: kbDocuments.id })
      .from(kbDocuments)
      .where(and(eq(kbDocuments.kbId, kbId), inArray(kbDocuments.id, ids)))
      .orderBy(asc(kbDocuments.id))
      .for('update');
    await unindexDocuments(
      tx,
      locked.map((row) => row.id),
    );
    return tx
      .delete(kbDocuments)
      .where(and(eq(kbDocuments.kbId, kbId), inArray(kbDocuments.id, ids)))
      .returning();
  });
}

/** Job ids of the documents still being ingested. */
export async function unfinishedJobIds(db: Db, where: SQL): Promise<string[]> {
  const rows = await db
    .select({ jobId: kbDocuments.jobId })
    .from(kbDocuments)
    .where(and(where, notInArray(kbDocuments.status, ['done', 'failed'])));
  return rows.flatMap((row) => (row.jobId ? [row.jobId] : []));
}

export const documentsOfKb = (kbId: string) => eq(kbDocuments.kbId, kbId);
export const documentsById = (kbId: string, ids: string[]) => and(eq(kbDocuments.kbId, kbId), inArray(kbDocuments.id, ids))!;

/** Call in a transaction holding the document's lock: the segments and the index change together. */
export async function replaceSegments(db: Db, docId: string, kbId: string, segments: NewKbSegment[]): Promise<void> {
  await unindexDocuments(db, [docId]);
  await db.delete(kbSegments).where(eq(kbSegments.docId, docId));
  // Inserted in slices: one statement has at most 65,535 parameters.
  for (let start = 0; start < segments.length; start += 1000) {
    await db.insert(kbSegments).values(segments.slice(start, start + 1000));
  }
  await indexSegments(db, kbId, segments);
}

export interface SegmentFilter {
  kbId: string;
  docId?: string;
  keyword?: string;
}

export async function listSegments(db: Db, { kbId, docId, keyword }: SegmentFilter, offset: number, limit: number) {
  const where = and(eq(kbSegments.kbId, kbId), docId ? eq(kbSegments.docId, docId) : undefined, keyword ? ilike(kbSegments.text, likePattern(keyword)) : undefined);
  const [total] = await db.select({ n: count() }).from(kbSegments).where(where);
  const rows = await db
    .select({ segment: kbSegments, docName: kbDocuments.name })
    .from(kbSegments)
    .innerJoin(kbDocuments, eq(kbDocuments.id, kbSegments.docId))
    .where(where)
    .orderBy(asc(kbDocuments.createdAt), asc(kbSegments.docId), asc(kbSegments.seq))
    .offset(offset)
    .limit(limit);
  return { total: total?.n ?? 0, rows: rows.map((row) => readSegment({ ...row.segment, docName: row.docName })) };
}

export async function findSegmentById(db: Db, id: string): Promise<(KbSegmentRow & { docName: string }) | undefined> {
  const rows = await db
    .select({ segment: kbSegments, docName: kbDocuments.name })
    .from(kbSegments)
    .innerJoin(kbDocuments, eq(kbDocuments.id, kbSegments.docId))
    .where(eq(kbSegments.id, id))
    .limit(1);
  return rows[0] && readSegment({ ...rows[0].segment, docName: rows[0].docName });
}

/** Call in a transaction holding the document's lock: the old words leave the index, the new ones enter. */
export async function updateSegment(db: Db, id: string, changes: Pick<NewKbSegment, 'text' | 'tokens' | 'tokenCount'>): Promise<KbSegmentRow | undefined> {
  const [old] = await storedSegments(db, { segmentIds: [id] });
  if (!old) return undefined;
  await unindexSegments(db, old.kbId, [old]);
  await indexSegments(db, old.kbId, [{ id, tokens: changes.tokens, tokenCount: changes.tokenCount }]);
  const rows = await db
    .update(kbSegments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(kbSegments.id, id))
    .returning();
  return rows[0] && readSegment(rows[0]);
}

export async function countStatuses(db: Db, ids: string[]): Promise<Array<{ status: KbDocStatus; name: string }>> {
  if (ids.length === 0) return [];
  return db.select({ status: kbDocuments.status, name: kbDocuments.name }).from(kbDocuments).where(inArray(kbDocuments.id, ids));
}
