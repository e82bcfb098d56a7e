import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { createScopeStats } from './scope-stats.js';

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
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** One word as a tsquery operand: quoted, so nothing in it is read as an operator. */
const quoted = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export type FullTextSearch = (db: Db, kbIds: string[], queryWords: string[], limit: number) => Promise<FullTextHit[]>;

/**
 * Full-text search over jieba tokens, scored with BM25. Candidates are the segments holding any of the
 * query's words, found through the GIN index on `to_tsvector('simple', tokens)`. Term frequencies are
 * counted by splitting the stored token string (no re-parsing), document frequencies over those same candidates
 * (every segment holding a word is one), segment count and average length over the knowledge bases searched.
 */
export function createFullTextSearch(): FullTextSearch {
  const scopeStats = createScopeStats();
  return async (db, kbIds, queryWords, limit) => {
    const words = [...new Set(queryWords.filter((word) => word.trim() !== '' && !/\s/.test(word)))];
    if (kbIds.length === 0 || words.length === 0) return [];
    const scope = await scopeStats(db, kbIds);
    if (scope.segments === 0) return [];
    const terms = sql.join(
      words.map((word) => sql`(${word}::text)`),
      sql`, `,
    );
    const n = sql`${scope.segments}::float8`;
    const rows = rowsOf<{ id: string; kb_id: string; score: number | string }>(
      await db.execute(sql`
        with candidates as (
          select s.id, s.kb_id, s.token_count, s.tokens
          from kb_segments s
          where s.kb_id = any(${uuidArray(kbIds)}) and to_tsvector('simple', s.tokens) @@ to_tsquery('simple', ${words.map(quoted).join(' | ')})
        ),
        terms (term) as (values ${terms}),
        freq as (
          select c.id, c.kb_id, c.token_count, w.term, count(*) as tf
          from candidates c
          cross join lateral unnest(string_to_array(c.tokens, ' ')) as w(term)
          join terms t on t.term = w.term
          group by c.id, c.kb_id, c.token_count, w.term
        ),
        df as (select t.term, count(f.id) as n from terms t left join freq f on f.term = t.term group by t.term),
        -- The remembered segment count may lag behind a document just added: never below a frequency.
        weights as (select term, ln(1 + (greatest(${n}, n) - n + 0.5) / (n + 0.5)) as idf from df)
        select f.id, f.kb_id, sum(w.idf * f.tf * ${K1 + 1}::float8 / (f.tf + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * f.token_count / ${scope.averageLength}::float8)))
          / (select sum(idf) from weights) as score
        from freq f join weights w on w.term = f.term
        group by f.id, f.kb_id
        order by score desc, f.id
        limit ${limit}::int`),
    );
    return rows.map((row) => ({ segmentId: row.id, kbId: row.kb_id, score: Math.min(1, Number(row.score)) }));
  };
}
