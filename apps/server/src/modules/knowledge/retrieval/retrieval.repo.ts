import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { kbDocuments, kbSegments, knowledgeBases } from '../knowledge.tables.js';

export type SearchableKb = typeof knowledgeBases.$inferSelect;

export interface SegmentDetail {
  segmentId: string;
  docId: string;
  docName: string;
  kbId: string;
  kbName: string;
  seq: number;
  text: string;
  headings: string[];
}

export function findKbs(db: Db, ids: string[]): Promise<SearchableKb[]> {
  return db.select().from(knowledgeBases).where(inArray(knowledgeBases.id, ids));
}

/** The segments with their document and knowledge-base names, in no particular order. */
export function findSegmentDetails(db: Db, segmentIds: string[]): Promise<SegmentDetail[]> {
  if (segmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      segmentId: kbSegments.id,
      docId: kbSegments.docId,
      docName: kbDocuments.name,
      kbId: kbSegments.kbId,
      kbName: knowledgeBases.name,
      seq: kbSegments.seq,
      text: kbSegments.text,
      headings: kbSegments.headings,
    })
    .from(kbSegments)
    .innerJoin(kbDocuments, eq(kbDocuments.id, kbSegments.docId))
    .innerJoin(knowledgeBases, eq(knowledgeBases.id, kbSegments.kbId))
    .where(inArray(kbSegments.id, segmentIds));
}
