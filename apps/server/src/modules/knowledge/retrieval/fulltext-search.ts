import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { bigramsOf, runBigramsOf } from './index-terms.js';
import { textArray, uuidArray } from './sql-arrays.js';

export interface FullTextHit {
  segmentId: string;
  kbId: string;
  /** BM25 relative to what the query could score (every query word once, in a segment of average length), capped at 1. */
  score: number;
}

/** BM25 parameters (the usual ones; STACK-NOTES measured them on Chinese text). */
const K1 = 1.2;
const B = 0.75;

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

export type FullTextSearch = (db: Db, kbIds: string[], queryWords: string[], limit: number) => Promise<FullTextHit[]>;

/**
 * Full-text search over jieba tokens, scored with BM25 from the inverted index (term-index.ts): one
 * statement reads each knowledge base's segment count and average length, the document frequency of the
 * query's terms and only those terms' postings, then scores and keeps the best `limit`. Every knowledge
 * base is scored with its own statistics; a score is relative to the best its knowledge base allows.
 * A query word the knowledge base does not hold falls back to its character bigrams, and runs of single
 * characters in the query also search as bigrams where the knowledge base holds them (index-terms.ts).
 *
 * `fixedEstimates` (PGlite): each parameter is read through a scalar subquery, which the planner cannot
 * look into, so a plan made for the values (a custom plan) is estimated as the one made for any values
 * (the generic plan), and the prepared statement keeps its generic plan. Otherwise, once the postings
 * are analyzed, the planner prices the generic plan for ten words against the custom plan's actual few
 * and plans the statement again at every search: on PGlite, in the server's own thread, that doubled
 * the statement's time (docs/decisions/history-scaling.md).
 */
export function createFullTextSearch({ fixedEstimates = false }: { fixedEstimates?: boolean } = {}): FullTextSearch {
  const param = (value: SQL) => (fixedEstimates ? sql`(select ${value})` : value);
  return async (db, kbIds, queryWords, limit) => {
    const words = [...new Set(queryWords.filter((word) => word.trim() !== '' && !/\s/.test(word)))];
    if (kbIds.length === 0 || words.length === 0) return [];
    const fallback = words.flatMap((word) => bigramsOf(word).map((bigram) => [bigram, word] as const));
    const runBigrams = runBigramsOf(queryWords);
    const rows = rowsOf<{ segment_id: string; kb_id: string; score: number | string }>(
      await db.execute(sql`
        with query_words as (select distinct unnest(${param(textArray(words))}) as term),
        scope as (
          select kb_id, segments::float8 as n, tokens::float8 / segments as average_length
          from kb_index_stats where kb_id = any(${param(uuidArray(kbIds))}::uuid[]) and segments > 0
        ),
        known as (
          select s.kb_id, q.term, t.df from scope s cross join query_words q
          left join kb_terms t on t.kb_id = s.kb_id and t.term = q.term
        ),
        -- A word no segment of the knowledge base holds is searched as its character bigrams instead.
        query_terms as (
          select kb_id, term from known where df is not null or char_length(term) < 3
          union
          select k.kb_id, f.bigram from known k
          join unnest(${param(textArray(fallback.map(([bigram]) => bigram)))}, ${param(textArray(fallback.map(([, word]) => word)))}) as f(bigram, word) on f.word = k.term
          where k.df is null
          union
          select t.kb_id, t.term from kb_terms t
          where t.kb_id in (select kb_id from scope) and t.term = any(${param(textArray(runBigrams))}::text[])
        ),
        weights as (
          select s.kb_id, q.term, s.average_length, ln(1 + (s.n - coalesce(t.df, 0) + 0.5) / (coalesce(t.df, 0) + 0.5)) as idf
          from query_terms q join scope s on s.kb_id = q.kb_id
          left join kb_terms t on t.kb_id = q.kb_id and t.term = q.term
        ),
        best as (select kb_id, sum(idf) as total from weights group by kb_id)
        select p.segment_id, p.kb_id,
          sum(w.idf * p.tf * ${K1 + 1}::float8 / (p.tf + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * p.segment_length / greatest(w.average_length, 1)))) / min(b.total) as score
        from weights w
        join kb_postings p on p.kb_id = w.kb_id and p.term = w.term
        join best b on b.kb_id = w.kb_id
        group by p.segment_id, p.kb_id
        order by score desc, p.segment_id
        limit ${param(sql`${limit}::int`)}`),
    );
    return rows.map((row) => ({ segmentId: row.segment_id, kbId: row.kb_id, score: Math.min(1, Number(row.score)) }));
  };
}
