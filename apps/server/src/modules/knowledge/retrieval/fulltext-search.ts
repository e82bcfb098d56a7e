import { sql } from 'drizzle-orm';
import { binaryInteger, selectBinaryRows, selectRows, type Db } from '../../../platform/db/index.js';
import { bucketOf, DecodedPostings, findPostings, type PostingSlice } from './index-buckets.js';
import { bigramsOf, runBigramsOf } from '../../../platform/documents/index.js';
import { intArray, uuidArray } from './sql-arrays.js';
import { TopScores } from './top-scores.js';

export interface FullTextHit {
  segmentId: string;
  kbId: string;
  /** BM25 relative to what the query could score (every query word once, in a segment of average length), capped at 1. */
  score: number;
}

/** BM25 parameters (the usual ones; STACK-NOTES measured them on Chinese text). */
const K1 = 1.2;
const B = 0.75;

export type FullTextSearch = (db: Db, kbIds: string[], queryWords: string[], limit: number) => Promise<FullTextHit[]>;

interface KbScope {
  kbId: string;
  segments: number;
  /** Every ordinal of the knowledge base is below it. */
  ordLimit: number;
  averageLength: number;
  /** The rows read for the query, by bucket. */
  rows: Map<number, Uint8Array[]>;
}

const characters = (word: string) => Array.from(word).length;

/** A term's postings in one knowledge base: one slice per group that holds it; `df` counts them all. */
function postingsOf(scope: KbScope, term: string, encoded: Uint8Array): { slices: PostingSlice[]; df: number } {
  const slices: PostingSlice[] = [];
  let df = 0;
  for (const row of scope.rows.get(bucketOf(term)) ?? []) {
    const slice = findPostings(row, encoded);
    if (slice) {
      slices.push(slice);
      df += slice.count;
    }
  }
  return { slices, df };
}

/**
 * The terms searched in one knowledge base: the query's words, except that a word the knowledge base does
 * not hold (three characters or more) is searched as its character bigrams instead, and runs of single
 * characters add their bigrams where the knowledge base holds them (platform/documents/index-terms.ts).
 */
function queryTermsOf(words: string[], runBigrams: string[], dfOf: (term: string) => number): string[] {
  const terms = new Set<string>();
  for (const word of words) {
    if (dfOf(word) > 0 || characters(word) < 3) terms.add(word);
    else for (const bigram of bigramsOf(word)) terms.add(bigram);
  }
  for (const bigram of runBigrams) if (dfOf(bigram) > 0) terms.add(bigram);
  return [...terms];
}

/** One table and one decoding buffer for every search: scoring runs start to end without awaiting, so no two searches share them at once. */
const scoreTable = new TopScores(0, 0);
const decoded = new DecodedPostings();

/** BM25 over one knowledge base's postings: its best `limit` segments by ordinal, scores relative to the best the query allows there. */
function scoreKb(scope: KbScope, words: string[], runBigrams: string[], limit: number): Array<{ ord: number; score: number }> {
  const encoder = new TextEncoder();
  const found = new Map<string, ReturnType<typeof postingsOf>>();
  const lookup = (term: string) => {
    let postings = found.get(term);
    if (!postings) found.set(term, (postings = postingsOf(scope, term, encoder.encode(term))));
    return postings;
  };
  const terms = queryTermsOf(words, runBigrams, (term) => lookup(term).df);
  const lengthScale = K1 / Math.max(scope.averageLength, 1);
  let best = 0;
  const weighted = terms.map((term) => {
    const { slices, df } = lookup(term);
    const idf = Math.log(1 + (scope.segments - df + 0.5) / (df + 0.5));
    best += idf;
    return { slices, idf, df };
  });
  // At most one score per segment, however many terms a segment holds.
  const scores = scoreTable.reset(
    scope.ordLimit,
    weighted.reduce((sum, term) => sum + term.df, 0),
  );
  // BM25's term weight: idf · tf · (k1 + 1) / (tf + k1 · (1 − b) + k1 · b · length / average length).
  const [constant, perWord] = [K1 * (1 - B), lengthScale * B];
  for (const { slices, idf } of weighted) {
    const scale = idf * (K1 + 1);
    for (const slice of slices) {
      const count = decoded.decode(slice);
      const { ords, tfs, lengths } = decoded;
      for (let index = 0; index < count; index += 1) {
        scores.add(ords[index]!, (scale * tfs[index]!) / (tfs[index]! + constant + perWord * lengths[index]!));
      }
    }
  }
  return scores.top(limit).map(({ ord, score }) => ({ ord, score: Math.min(1, score / best) }));
}

/** The index rows of some buckets, with their knowledge base as its 1-based place in `kbIds`. */
async function readIndexRows(db: Db, kbIds: string[], buckets: number[]): Promise<Array<{ kbIndex: number; bucket: number; data: Uint8Array }>> {
  const query = sql`select array_position(${uuidArray(kbIds)}, kb_id) as kb_index, bucket, data from kb_index_buckets
    where kb_id = any(${uuidArray(kbIds)}) and bucket = any(${intArray(buckets)})`;
  const binary = await selectBinaryRows(db, query);
  if (binary) return binary.map(([kbIndex, bucket, data]) => ({ kbIndex: binaryInteger(kbIndex!), bucket: binaryInteger(bucket!), data: data! }));
  const rows = await selectRows<{ kb_index: number; bucket: number; data: Uint8Array }>(db, query);
  return rows.map((row) => ({ kbIndex: row.kb_index, bucket: row.bucket, data: row.data }));
}

/**
 * Full-text search over jieba tokens, scored with BM25 from the bucketed index (term-index.ts): one
 * statement reads each knowledge base's segment count and average length, one the index rows of the
 * query's terms' buckets (one per group of segments indexed together; one statement was measured slower
 * on PGlite), the postings are scored here, and a last statement names the best segments. Every knowledge base is scored with its own statistics;
 * a score is relative to the best its knowledge base allows for the query.
 */
export const searchFullText: FullTextSearch = async (db, kbIds, queryWords, limit) => {
  const words = [...new Set(queryWords.filter((word) => word.trim() !== '' && !/\s/.test(word)))];
  if (kbIds.length === 0 || words.length === 0) return [];
  const runBigrams = runBigramsOf(queryWords);
  const candidates = [...words, ...words.flatMap(bigramsOf), ...runBigrams];
  const buckets = [...new Set(candidates.map(bucketOf))].sort((a, b) => a - b);
  const [stats, rows] = await Promise.all([
    selectRows<{ kb_id: string; segments: number; tokens: number | string; next_ord: number }>(
      db,
      sql`select kb_id, segments, tokens, next_ord from kb_index_stats where kb_id = any(${uuidArray(kbIds)}) and segments > 0`,
    ),
    readIndexRows(db, kbIds, buckets),
  ]);
  const scopes = new Map<string, KbScope>(
    stats.map((row) => [
      row.kb_id,
      {
        kbId: row.kb_id,
        segments: Number(row.segments),
        ordLimit: Number(row.next_ord),
        averageLength: Number(row.tokens) / Number(row.segments),
        rows: new Map(),
      },
    ]),
  );
  for (const row of rows) {
    const scope = scopes.get(kbIds[row.kbIndex - 1]!);
    if (!scope) continue;
    const list = scope.rows.get(row.bucket);
    if (list) list.push(row.data);
    else scope.rows.set(row.bucket, [row.data]);
  }
  const ranked = [...scopes.values()]
    .flatMap((scope) => scoreKb(scope, words, runBigrams, limit).map((hit) => ({ ...hit, kbId: scope.kbId })))
    .sort((a, b) => b.score - a.score || a.ord - b.ord)
    .slice(0, limit);
  if (ranked.length === 0) return [];
  const ids = await selectRows<{ id: string; kb_id: string; ord: number }>(
    db,
    sql`select s.id, s.kb_id, s.ord from kb_segments s
      join unnest(${uuidArray(ranked.map((hit) => hit.kbId))}, ${intArray(ranked.map((hit) => hit.ord))}) as x(kb_id, ord) on s.kb_id = x.kb_id and s.ord = x.ord`,
  );
  const idOf = new Map(ids.map((row) => [`${row.kb_id}:${row.ord}`, row.id]));
  return ranked.flatMap((hit) => {
    const segmentId = idOf.get(`${hit.kbId}:${hit.ord}`);
    return segmentId ? [{ segmentId, kbId: hit.kbId, score: hit.score }] : [];
  });
};
