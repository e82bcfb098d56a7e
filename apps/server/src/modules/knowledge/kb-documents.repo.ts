import type { KbDocStatus } from '@agent-platform/contracts';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TermCounts } from '../../platform/documents/index.js';
import type { Db } from '../../platform/db/index.js';
import { likePattern, type KbDocumentRow, type KbSegmentRow } from './knowledge.repo.js';
import { indexSegments, storedSegments, unindexDocuments, unindexSegments } from './retrieval/term-index.js';
import { readSegment } from './knowledge-stored.js';
import { intArray, textArray, textStrings, uuidArray } from './retrieval/sql-arrays.js';
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

/** Call in a transaction holding the documents' locks: their segments and the index change together (`terms`: each document's counted terms, in the segments' order). */
export async function replaceSegments(db: Db, docIds: string[], kbId: string, segments: NewKbSegment[], terms: TermCounts[]): Promise<void> {
  await unindexDocuments(db, docIds);
  await db.delete(kbSegments).where(inArray(kbSegments.docId, docIds));
  const places = await indexSegments(db, kbId, terms);
  for (let start = 0; start < segments.length; start += SEGMENT_SLICE) await insertSegments(db, segments.slice(start, start + SEGMENT_SLICE), places.slice(start, start + SEGMENT_SLICE));
}

/** Segments are inserted in slices, each column one array parameter: a statement stays a few megabytes. */
const SEGMENT_SLICE = 1000;

async function insertSegments(db: Db, segments: NewKbSegment[], places: Array<{ ord: number; indexGroup: number }>): Promise<void> {
  const column = <T>(pick: (segment: NewKbSegment, index: number) => T) => segments.map(pick);
  const texts = textStrings(column((segment) => segment.text));
  await db.execute(sql`
    insert into kb_segments (id, kb_id, doc_id, seq, text, headings, token_count, ord, index_group)
    select x.id, x.kb_id, x.doc_id, x.seq, ${texts.cut('x')}, x.headings::jsonb, x.token_count, x.ord, x.index_group
    from unnest(${uuidArray(column((segment) => segment.id))}, ${uuidArray(column((segment) => segment.kbId))}, ${uuidArray(column((segment) => segment.docId))},
      ${intArray(column((segment) => segment.seq))}, ${texts.positions}, ${textArray(column((segment) => JSON.stringify(segment.headings ?? [])))},
      ${intArray(column((segment) => segment.tokenCount))},
      ${intArray(column((_, index) => places[index]!.ord))}, ${intArray(column((_, index) => places[index]!.indexGroup))})
      as x(id, kb_id, doc_id, seq, start, size, headings, token_count, ord, index_group)`);
}

/*
 * Ingestion in batches: a document belongs to the job its `job_id` names. A re-index gives it a new
 * job, so an older job still running skips it (it no longer owns it) instead of writing over it.
 */

/** The documents of `ids` that job `jobId` still has to ingest. */
export async function unfinishedOfJob(db: Db, jobId: string, ids: string[]): Promise<KbDocumentRow[]> {
  return db
    .select()
    .from(kbDocuments)
    .where(and(inArray(kbDocuments.id, ids), eq(kbDocuments.jobId, jobId), notInArray(kbDocuments.status, ['done', 'failed'])))
    .orderBy(asc(kbDocuments.createdAt), asc(kbDocuments.id));
}

/** Locks those of `ids` the job still owns (in id order, as deletes lock them) and returns their ids. */
export async function lockOwnedDocuments(db: Db, jobId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: kbDocuments.id })
    .from(kbDocuments)
    .where(and(inArray(kbDocuments.id, ids), eq(kbDocuments.jobId, jobId)))
    .orderBy(asc(kbDocuments.id))
    .for('update');
  return new Set(rows.map((row) => row.id));
}

/** The same progress for many documents in one statement (those the job still owns). */
export async function updateDocumentsOfJob(db: Db, jobId: string, ids: string[], changes: DocumentProgress): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(kbDocuments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(inArray(kbDocuments.id, ids), eq(kbDocuments.jobId, jobId)));
}

/** Ingested documents: done, each with its segment count and note, in one statement. */
export async function markDocumentsDone(db: Db, done: Array<{ id: string; segmentCount: number; note: string | null }>): Promise<void> {
  if (done.length === 0) return;
  await db.execute(sql`
    update kb_documents d set status = 'done', progress = 1, status_text = nullif(x.note, ''), segment_count = x.segment_count, updated_at = now()
    from unnest(${uuidArray(done.map((doc) => doc.id))}, ${intArray(done.map((doc) => doc.segmentCount))}, ${textArray(done.map((doc) => doc.note ?? ''))})
      as x(id, segment_count, note)
    where d.id = x.id`);
}

/** Queued again under job `jobId` (re-indexing). */
export async function queueDocuments(db: Db, ids: string[], jobId: string, statusText: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(kbDocuments).set({ status: 'queued', progress: 0, statusText, jobId, updatedAt: new Date() }).where(inArray(kbDocuments.id, ids));
}

/** A job that failed for good: its documents not yet finished fail with its reason. */
export async function failUnfinishedOfJob(db: Db, jobId: string, statusText: string): Promise<void> {
  await db
    .update(kbDocuments)
    .set({ status: 'failed', progress: 0, statusText, updatedAt: new Date() })
    .where(and(eq(kbDocuments.jobId, jobId), notInArray(kbDocuments.status, ['done', 'failed'])));
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
export async function updateSegment(db: Db, id: string, changes: Pick<NewKbSegment, 'text' | 'tokenCount'> & { terms: TermCounts }): Promise<KbSegmentRow | undefined> {
  const [old] = await storedSegments(db, { segmentIds: [id] });
  if (!old) return undefined;
  await unindexSegments(db, old.kbId, [old]);
  const [place] = await indexSegments(db, old.kbId, [changes.terms]);
  const rows = await db
    .update(kbSegments)
    .set({ text: changes.text, tokenCount: changes.tokenCount, ...place, updatedAt: new Date() })
    .where(eq(kbSegments.id, id))
    .returning();
  return rows[0] && readSegment(rows[0]);
}

export async function countStatuses(db: Db, ids: string[]): Promise<Array<{ status: KbDocStatus; name: string }>> {
  if (ids.length === 0) return [];
  return db.select({ status: kbDocuments.status, name: kbDocuments.name }).from(kbDocuments).where(inArray(kbDocuments.id, ids));
}
