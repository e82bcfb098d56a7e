// Vector search on PGlite at 10,000 and 100,000 segments (see README.md, knowledge): the server's vector
// store, HNSW index and retriever on a corpus seeded in-process (lib/vector-corpus.ts), at a realistic
// embedding length. `BENCH_VEC_DIR` keeps the data folder, so a second run grows it or only searches.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LlmService } from '../apps/server/src/modules/llm/index.js';
import { analyzeChangedTables } from '../apps/server/src/platform/db/index.js';
import { createKnowledgeRetriever, nearestQuery } from '../apps/server/src/modules/knowledge/index.js';
import { corpusQueries } from './lib/chinese-corpus.js';
import { ROOT } from './lib/servers.js';
import { percentile } from './lib/streams.js';
import { bulkLoadDocuments, documentCount, embed, openVectorCorpus, PARAGRAPHS, quietLog, seedVectorDocuments, type SeedTimes, type VectorCorpus } from './lib/vector-corpus.js';

const DIMS = Number(process.env.BENCH_VEC_DIMS ?? 768);
/** Documents of the large knowledge base after each step (~50 segments each). */
const STEPS = (process.env.BENCH_VEC_STEPS ?? '200,2000').split(',').map(Number);
/** The first documents also get their full-text index terms, so hybrid search has both halves there. */
const FULLTEXT_DOCS = Number(process.env.BENCH_VEC_FULLTEXT_DOCS ?? 200);
const SMALL_DOCS = 10;
/** Load the large step's vectors with plain inserts and build the HNSW index once (see bulkLoadDocuments). */
const BULK = process.env.BENCH_VEC_BULK === '1';
/** The index build keeps its graph in memory up to this (PGlite's default, 64 MB, holds ~20,000 vectors of 768). */
const BUILD_MEMORY = process.env.BENCH_VEC_BUILD_MEMORY ?? '1GB';
const SEARCHES = Number(process.env.BENCH_VEC_SEARCHES ?? 60);
/** What the retriever asks the vector store for when top_k is 5: max(50, 4 × top_k). */
const CANDIDATES = 50;

interface Latency {
  p50: number;
  p95: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function timed(queries: string[], search: (query: string) => Promise<unknown>): Promise<Latency> {
  for (const query of queries.slice(0, 5)) await search(query); // warm-up
  const timings: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await search(query);
    timings.push(performance.now() - started);
  }
  return { p50: round(percentile(timings, 50)), p95: round(percentile(timings, 95)) };
}

/** Share of the exact 10 nearest (a sequential scan) among the candidates the retriever asks the index for. */
async function recallAt10(corpus: VectorCorpus, kbId: string, queries: string[]): Promise<number> {
  let found = 0;
  for (const query of queries) {
    const embedding = embed(query, DIMS);
    const approximate = await corpus.store.search(corpus.database.db, [kbId], embedding, CANDIDATES);
    const exact = await corpus.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`);
      return ((await tx.execute(nearestQuery([kbId], embedding, 10))) as unknown as { rows: Array<{ segment_id: string; distance: number }> }).rows;
    });
    // A hit as near as the exact tenth counts too: equally near segments may come in either order.
    const tenth = Number(exact.at(-1)?.distance ?? 0);
    const ids = new Set(exact.map((row) => row.segment_id));
    found += Math.min(exact.length, approximate.filter((hit) => ids.has(hit.segmentId) || 1 - hit.score <= tenth + 1e-6).length) / Math.max(1, exact.length);
  }
  return Math.round((found / queries.length) * 1000) / 1000;
}

async function plan(corpus: VectorCorpus, kbId: string, query: string): Promise<string> {
  const rows = await corpus.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', '100', true)`);
    return ((await tx.execute(sql`explain (analyze, buffers) ${nearestQuery([kbId], embed(query, DIMS), CANDIDATES)}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows;
  });
  return rows
    .map((row) => row['QUERY PLAN'].replace(/'\[[^\]]*\]'/g, "'[…]'"))
    .filter((line) => !/^\s*(Sort Key|Planning:)/.test(line))
    .join('\n');
}

function retrieverOf(corpus: VectorCorpus) {
  // The query is embedded in-process, as the corpus was: the figures are the database's and the retriever's.
  const llm = {
    resolveModel: async () => ({ name: 'bench-embedding' }),
    embed: async (_viewer: unknown, _model: unknown, texts: string[]) => texts.map((text) => embed(text, DIMS)),
  } as unknown as LlmService;
  return createKnowledgeRetriever({ db: corpus.database.db, llm, vectors: corpus.store, log: quietLog(), userWordsOfKb: async () => undefined });
}

interface StepReport {
  segments: number;
  seeding: SeedTimes & { msPerVector: number; vectorShare: number; indexBuildMs: number | null };
  store: { large: Latency; small: Latency; recall: number };
  retrieve: Record<'vector' | 'fulltext' | 'hybrid', Latency>;
  plan: string;
}

async function step(corpus: VectorCorpus, documents: number): Promise<StepReport> {
  const { db } = corpus.database;
  const seeding: SeedTimes = { documents: 0, segments: 0, prepareMs: 0, segmentsMs: 0, vectorsMs: 0 };
  const add = (times: SeedTimes) => {
    for (const key of Object.keys(seeding) as Array<keyof SeedTimes>) seeding[key] += times[key];
  };
  const small = await documentCount(corpus, corpus.smallKb);
  if (small < SMALL_DOCS) add(await seedVectorDocuments(corpus, corpus.smallKb, small, SMALL_DOCS, DIMS, true));
  const large = await documentCount(corpus, corpus.largeKb);
  if (large < FULLTEXT_DOCS) add(await seedVectorDocuments(corpus, corpus.largeKb, large, Math.min(documents, FULLTEXT_DOCS), DIMS, true));
  const rest = Math.max(large, FULLTEXT_DOCS);
  let indexBuildMs: number | null = null;
  if (BULK && rest < documents - 10) {
    // Plain inserts, then one index build (the first document seeded after them), then 9 documents into the built index.
    await bulkLoadDocuments(corpus, corpus.largeKb, rest, documents - 10, DIMS);
    await db.execute(sql.raw(`set maintenance_work_mem = '${BUILD_MEMORY}'`));
    const built = await seedVectorDocuments(corpus, corpus.largeKb, documents - 10, documents - 9, DIMS, false);
    indexBuildMs = Math.round(built.vectorsMs);
    add(await seedVectorDocuments(corpus, corpus.largeKb, documents - 9, documents, DIMS, false));
  } else if (rest < documents) add(await seedVectorDocuments(corpus, corpus.largeKb, rest, documents, DIMS, false));
  // As the server's statistics job does (PGlite has no autovacuum): the planner's view of the new rows.
  await analyzeChangedTables(corpus.database, 100);
  const [{ count }] = ((await db.execute(sql`select count(*) as count from kb_segment_vectors where kb_id = ${corpus.largeKb}::uuid`)) as unknown as { rows: Array<{ count: string }> })
    .rows as [{ count: string }];

  const queries = corpusQueries(SEARCHES, Math.min(documents, FULLTEXT_DOCS), PARAGRAPHS);
  const search = (kbId: string) => (query: string) => corpus.store.search(db, [kbId], embed(query, DIMS), CANDIDATES);
  const retriever = retrieverOf(corpus);
  const viewer = { id: corpus.userId, role: 'user' as const };
  const retrieve = (mode: 'vector' | 'fulltext' | 'hybrid') => (query: string) => retriever.retrieve(viewer, { kbIds: [corpus.largeKb], query, topK: 5, scoreThreshold: 0, mode });
  const total = seeding.prepareMs + seeding.segmentsMs + seeding.vectorsMs;
  return {
    segments: Number(count),
    seeding: {
      ...seeding,
      msPerVector: round(seeding.vectorsMs / Math.max(1, seeding.segments)),
      vectorShare: Math.round((seeding.vectorsMs / Math.max(1, total)) * 100) / 100,
      indexBuildMs,
    },
    store: {
      large: await timed(queries, search(corpus.largeKb)),
      small: await timed(queries, search(corpus.smallKb)),
      recall: await recallAt10(corpus, corpus.largeKb, queries.slice(0, 20)),
    },
    retrieve: { vector: await timed(queries, retrieve('vector')), fulltext: await timed(queries, retrieve('fulltext')), hybrid: await timed(queries, retrieve('hybrid')) },
    plan: await plan(corpus, corpus.largeKb, queries[0]!),
  };
}

const kept = process.env.BENCH_VEC_DIR;
const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aip-bench-vec-'));
const corpus = await openVectorCorpus(dataDir);
const reports: StepReport[] = [];
try {
  for (const documents of STEPS) {
    const started = performance.now();
    reports.push(await step(corpus, documents));
    const { plan: explained, ...figures } = reports.at(-1)!;
    console.log(`${documents} documents (${Math.round((performance.now() - started) / 1000)} s): ${JSON.stringify(figures)}\n${explained}`);
  }
} finally {
  await corpus.database.close();
  if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
}
const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`\nvector bench on PGlite: ${DIMS} dimensions, top ${CANDIDATES} per search; ${os.cpus().length} cores, load average ${load}`);
console.table(
  reports.map(({ segments, seeding, store, retrieve }) => ({
    segments,
    'store p50/p95 large kb': `${store.large.p50}/${store.large.p95}`,
    'small kb': `${store.small.p50}/${store.small.p95}`,
    'recall@10': store.recall,
    'retrieve vector': `${retrieve.vector.p50}/${retrieve.vector.p95}`,
    'full text': `${retrieve.fulltext.p50}/${retrieve.fulltext.p95}`,
    hybrid: `${retrieve.hybrid.p50}/${retrieve.hybrid.p95}`,
    'ms/vector seeded': seeding.msPerVector,
    'vector share of seeding': seeding.vectorShare,
  })),
);
fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench/results/vector.json'), JSON.stringify({ at: new Date().toISOString(), load, dims: DIMS, reports }, null, 2));
