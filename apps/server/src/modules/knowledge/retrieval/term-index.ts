import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../platform/db/index.js';
import { intArray, textArray, uuidArray } from './sql-arrays.js';

/** A segment as the index sees it: its words joined by spaces (the stored `tokens`) and their count. */
export interface IndexedSegment {
  id: string;
  tokens: string;
  tokenCount: number;
}

export interface KbIndexStats {
  segments: number;
  tokens: number;
}

interface Postings {
  terms: string[];
  segmentIds: string[];
  tfs: number[];
  lengths: number[];
  /** Document frequency each term gains (or loses): the number of these segments that hold it. */
  df: Map<string, number>;
  tokens: number;
}

export const termsOf = (tokens: string) => tokens.split(' ').filter((term) => term !== '');

function postingsOf(segments: IndexedSegment[]): Postings {
  const postings: Postings = { terms: [], segmentIds: [], tfs: [], lengths: [], df: new Map(), tokens: 0 };
  for (const segment of segments) {
    const tf = new Map<string, number>();
    for (const term of termsOf(segment.tokens)) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const [term, count] of tf) {
      postings.terms.push(term);
      postings.segmentIds.push(segment.id);
      postings.tfs.push(count);
      postings.lengths.push(segment.tokenCount);
      postings.df.set(term, (postings.df.get(term) ?? 0) + 1);
    }
    postings.tokens += segment.tokenCount;
  }
  return postings;
}

/** Sorted, so two writers touching the same terms take their row locks in the same order. */
const sortedDf = (df: Map<string, number>) => [...df].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Moves the knowledge base's segment count and total length. Called first in every index write: the
 * stats row's lock makes concurrent writers of one knowledge base wait for each other.
 */
async function moveStats(db: Db, kbId: string, segments: number, tokens: number): Promise<void> {
  await db.execute(sql`
    insert into kb_index_stats (kb_id, segments, tokens) values (${kbId}::uuid, ${segments}::int, ${tokens}::bigint)
    on conflict (kb_id) do update set segments = kb_index_stats.segments + excluded.segments, tokens = kb_index_stats.tokens + excluded.tokens`);
}

/** Postings are written in slices: a statement's arrays stay a few megabytes at most. */
const SLICE = 20_000;

/** Adds segments to the knowledge base's index; call in the transaction that inserts them. */
export async function indexSegments(db: Db, kbId: string, segments: IndexedSegment[]): Promise<void> {
  if (segments.length === 0) return;
  const postings = postingsOf(segments);
  await moveStats(db, kbId, segments.length, postings.tokens);
  const df = sortedDf(postings.df);
  await db.execute(sql`
    insert into kb_terms (kb_id, term, df)
    select ${kbId}::uuid, x.term, x.n from unnest(${textArray(df.map(([term]) => term))}, ${intArray(df.map(([, n]) => n))}) as x(term, n)
    on conflict (kb_id, term) do update set df = kb_terms.df + excluded.df`);
  for (let start = 0; start < postings.terms.length; start += SLICE) {
    const end = start + SLICE;
    await db.execute(sql`
      insert into kb_postings (kb_id, term, segment_id, tf, segment_length)
      select ${kbId}::uuid, x.term, x.segment_id, x.tf, x.segment_length
      from unnest(${textArray(postings.terms.slice(start, end))}, ${uuidArray(postings.segmentIds.slice(start, end))},
        ${intArray(postings.tfs.slice(start, end))}, ${intArray(postings.lengths.slice(start, end))})
        as x(term, segment_id, tf, segment_length)`);
  }
}

/** Removes segments from the index (as they were indexed); call in the transaction that deletes or rewrites them. */
export async function unindexSegments(db: Db, kbId: string, segments: IndexedSegment[]): Promise<void> {
  if (segments.length === 0) return;
  const postings = postingsOf(segments);
  await moveStats(db, kbId, -segments.length, -postings.tokens);
  const df = sortedDf(postings.df);
  const terms = textArray(df.map(([term]) => term));
  await db.execute(sql`
    update kb_terms t set df = t.df - x.n
    from unnest(${terms}, ${intArray(df.map(([, n]) => n))}) as x(term, n)
    where t.kb_id = ${kbId}::uuid and t.term = x.term`);
  await db.execute(sql`delete from kb_terms where kb_id = ${kbId}::uuid and term = any(${terms}) and df <= 0`);
  for (let start = 0; start < postings.terms.length; start += SLICE) {
    const end = start + SLICE;
    await db.execute(sql`
      delete from kb_postings p
      using unnest(${textArray(postings.terms.slice(start, end))}, ${uuidArray(postings.segmentIds.slice(start, end))}) as x(term, segment_id)
      where p.kb_id = ${kbId}::uuid and p.term = x.term and p.segment_id = x.segment_id`);
  }
}

/** The index of the segments as stored now, read back for removing them. */
export async function storedSegments(db: Db, where: { docIds: string[] } | { segmentIds: string[] }): Promise<Array<IndexedSegment & { kbId: string }>> {
  const filter = 'docIds' in where ? sql`doc_id = any(${uuidArray(where.docIds)})` : sql`id = any(${uuidArray(where.segmentIds)})`;
  const rows = await selectRows<{ id: string; kb_id: string; tokens: string; token_count: number }>(db, sql`select id, kb_id, tokens, token_count from kb_segments where ${filter}`);
  return rows.map((row) => ({ id: row.id, kbId: row.kb_id, tokens: row.tokens, tokenCount: Number(row.token_count) }));
}

/** Removes the documents' segments from the index, per knowledge base; call before deleting or replacing them. */
export async function unindexDocuments(db: Db, docIds: string[]): Promise<void> {
  if (docIds.length === 0) return;
  const byKb = new Map<string, IndexedSegment[]>();
  for (const segment of await storedSegments(db, { docIds })) byKb.set(segment.kbId, [...(byKb.get(segment.kbId) ?? []), segment]);
  for (const [kbId, segments] of [...byKb].sort(([a], [b]) => (a < b ? -1 : 1))) await unindexSegments(db, kbId, segments);
}

export async function readIndexStats(db: Db, kbId: string): Promise<KbIndexStats> {
  const [row] = await selectRows<{ segments: number; tokens: number | string }>(db, sql`select segments, tokens from kb_index_stats where kb_id = ${kbId}::uuid`);
  return { segments: Number(row?.segments ?? 0), tokens: Number(row?.tokens ?? 0) };
}
