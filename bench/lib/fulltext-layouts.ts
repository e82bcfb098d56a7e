// Two ways to keep what BM25 needs, measured on the same seeded PostgreSQL knowledge base: the postings
// table the product uses (kb_postings with kb_terms and kb_index_stats) and a stored `tsvector` column
// with its own GIN index (term frequencies read from its positions, document frequencies from kb_terms).
import pg from 'pg';
import { segmentWords } from '../../apps/server/src/platform/documents/index.js';
import { percentile } from './streams.js';

export interface LayoutFigures {
  queries: number;
  postings: { p50: number; p95: number; sizeMb: number };
  tsvector: { p50: number; p95: number; sizeMb: number; buildSeconds: number };
}

const POSTINGS_QUERY = `
  with query_terms as (select distinct unnest($2::text[]) as term),
  scope as (select kb_id, segments::float8 as n, tokens::float8 / segments as average_length from kb_index_stats where kb_id = $1),
  weights as (
    select s.kb_id, q.term, s.average_length, ln(1 + (s.n - coalesce(t.df, 0) + 0.5) / (coalesce(t.df, 0) + 0.5)) as idf
    from scope s cross join query_terms q left join kb_terms t on t.kb_id = s.kb_id and t.term = q.term
  )
  select p.segment_id, sum(w.idf * p.tf * 2.2 / (p.tf + 1.2 * (0.25 + 0.75 * p.segment_length / w.average_length))) as score
  from weights w join kb_postings p on p.kb_id = w.kb_id and p.term = w.term
  group by p.segment_id order by score desc limit 50`;

const TSVECTOR_QUERY = `
  with query_terms as (select distinct unnest($2::text[]) as term),
  scope as (select segments::float8 as n, tokens::float8 / segments as average_length from kb_index_stats where kb_id = $1),
  candidates as (select id, token_count, bench_tsv from kb_segments where kb_id = $1 and bench_tsv @@ $3::tsquery),
  freq as (
    select c.id, c.token_count, u.lexeme as term, coalesce(array_length(u.positions, 1), 1) as tf
    from candidates c cross join lateral unnest(c.bench_tsv) as u where u.lexeme = any($2::text[])
  ),
  weights as (
    select q.term, ln(1 + (s.n - coalesce(t.df, 0) + 0.5) / (coalesce(t.df, 0) + 0.5)) as idf
    from query_terms q cross join scope s left join kb_terms t on t.kb_id = $1 and t.term = q.term
  )
  select f.id, sum(w.idf * f.tf * 2.2 / (f.tf + 1.2 * (0.25 + 0.75 * f.token_count / s.average_length))) as score
  from freq f join weights w on w.term = f.term cross join scope s
  group by f.id order by score desc limit 50`;

const quoted = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

async function time(client: pg.Client, text: string, values: (words: string[]) => unknown[], queries: string[][]): Promise<{ p50: number; p95: number }> {
  for (const words of queries.slice(0, 5)) await client.query(text, values(words));
  const timings: number[] = [];
  for (const words of queries) {
    const started = performance.now();
    await client.query(text, values(words));
    timings.push(performance.now() - started);
  }
  const round = (value: number) => Math.round(value * 10) / 10;
  return { p50: round(percentile(timings, 50)), p95: round(percentile(timings, 95)) };
}

const sizeMb = async (client: pg.Client, tables: string) =>
  Math.round(Number((await client.query(`select sum(pg_total_relation_size(t))::float8 as bytes from unnest('{${tables}}'::regclass[]) t`)).rows[0].bytes) / 1e6);

export async function compareLayouts(url: string, kbId: string, queryTexts: string[]): Promise<LayoutFigures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const queries = queryTexts.map((text) => [...new Set(segmentWords(text))]).filter((words) => words.length > 0);
    const postings = { ...(await time(client, POSTINGS_QUERY, (words) => [kbId, words], queries)), sizeMb: await sizeMb(client, 'kb_postings,kb_terms') };
    const started = performance.now();
    await client.query(`alter table kb_segments add column bench_tsv tsvector`);
    await client.query(`update kb_segments set bench_tsv = to_tsvector('simple', tokens)`);
    await client.query(`create index kb_segments_bench_tsv_idx on kb_segments using gin (bench_tsv)`);
    await client.query('vacuum analyze kb_segments');
    const buildSeconds = Math.round((performance.now() - started) / 100) / 10;
    // The column's own bytes and its index (the rewritten table's dead rows are not the layout's cost), and kb_terms.
    const columnBytes = Number((await client.query(`select coalesce(sum(pg_column_size(bench_tsv)), 0)::float8 as bytes from kb_segments`)).rows[0].bytes);
    const tsvectorSize = Math.round(columnBytes / 1e6) + (await sizeMb(client, 'kb_segments_bench_tsv_idx,kb_terms'));
    const tsvector = {
      ...(await time(client, TSVECTOR_QUERY, (words) => [kbId, words, words.map(quoted).join(' | ')], queries)),
      sizeMb: tsvectorSize,
      buildSeconds,
    };
    await client.query(`alter table kb_segments drop column bench_tsv`);
    return { queries: queries.length, postings, tsvector };
  } finally {
    await client.end();
  }
}
