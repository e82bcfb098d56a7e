import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';

export interface IndexDrift {
  /** Stored segment count and total length against those of the segments. */
  stats: { stored: [number, number]; actual: [number, number] } | null;
  /** Terms whose stored document frequency differs from the segments' (a few, for the message). */
  terms: string[];
  /** Postings (term, segment, frequency, length) stored but not derived from the segments, or the reverse. */
  postings: number;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** Segment words as the index derives them: one row per (segment, term) with its frequency. */
const DERIVED = (kbId: string) => sql`
  select s.id as segment_id, w.term, count(*)::int as tf, s.token_count as segment_length
  from kb_segments s cross join lateral unnest(string_to_array(s.tokens, ' ')) as w(term)
  where s.kb_id = ${kbId}::uuid and w.term <> ''
  group by s.id, w.term, s.token_count`;

/**
 * Compares a knowledge base's inverted index with what a full re-index of its segments computes: no drift
 * means every statistic BM25 reads is exact. For tests and checks after a crash; it reads the whole index.
 */
export async function findIndexDrift(db: Db, kbId: string): Promise<IndexDrift> {
  const [stats] = rowsOf<{ stored_segments: number | null; stored_tokens: string | null; segments: number; tokens: string }>(
    await db.execute(sql`
      select (select segments from kb_index_stats where kb_id = ${kbId}::uuid) as stored_segments,
        (select tokens from kb_index_stats where kb_id = ${kbId}::uuid)::text as stored_tokens,
        count(*)::int as segments, coalesce(sum(token_count), 0)::text as tokens
      from kb_segments where kb_id = ${kbId}::uuid`),
  );
  const stored: [number, number] = [Number(stats?.stored_segments ?? 0), Number(stats?.stored_tokens ?? 0)];
  const actual: [number, number] = [Number(stats?.segments ?? 0), Number(stats?.tokens ?? 0)];
  const terms = rowsOf<{ term: string }>(
    await db.execute(sql`
      with derived as (select term, count(*)::int as df from (${DERIVED(kbId)}) d group by term),
      stored as (select term, df from kb_terms where kb_id = ${kbId}::uuid)
      select coalesce(d.term, s.term) as term from derived d full join stored s on s.term = d.term
      where d.df is distinct from s.df order by 1 limit 20`),
  ).map((row) => row.term);
  const [postings] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with derived as (${DERIVED(kbId)}),
      stored as (select segment_id, term, tf, segment_length from kb_postings where kb_id = ${kbId}::uuid)
      select count(*)::int as n from derived d full join stored s on s.segment_id = d.segment_id and s.term = d.term
      where d.tf is distinct from s.tf or d.segment_length is distinct from s.segment_length`),
  );
  const statsDiffer = stored[0] !== actual[0] || stored[1] !== actual[1];
  return { stats: statsDiffer ? { stored, actual } : null, terms, postings: Number(postings?.n ?? 0) };
}
