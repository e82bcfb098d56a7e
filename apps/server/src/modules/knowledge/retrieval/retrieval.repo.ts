import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { readKb, readSegment } from '../knowledge-stored.js';
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

export async function findKbs(db: Db, ids: string[]): Promise<SearchableKb[]> {
  return (await db.select().from(knowledgeBases).where(inArray(knowledgeBases.id, ids))).map(readKb);
}

/** The segments with their document and knowledge-base names, in no particular order. */
export async function findSegmentDetails(db: Db, segmentIds: string[]): Promise<SegmentDetail[]> {
  if (segmentIds.length === 0) return [];
  const rows = await db
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
  return rows.map(readSegment);
}
