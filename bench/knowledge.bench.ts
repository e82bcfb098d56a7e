// Knowledge retrieval at scale: ingestion throughput and search latency at 10,000 and 100,000 segments,
// on PostgreSQL and on PGlite (see README.md). `BENCH_KB_DOCS` (default 2000, 50 segments each) shrinks it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusDocument, corpusQueries } from './lib/chinese-corpus.js';
import { seedDocuments } from './lib/kb-seed.js';
import { postgresCpuMs, processStats } from './lib/proc.js';
import { withPostgresDatabase } from './lib/postgres.js';
import { PLATFORM_ENTRY, postJson, ROOT, startProcess, startScriptedModel, type RunningServer } from './lib/servers.js';
import { percentile } from './lib/streams.js';
import { smallTextFiles } from '../apps/server/test/fixtures/small-docs.js';

const DOCUMENTS = Number(process.env.BENCH_KB_DOCS ?? 2000);
/** 150 paragraphs of ~130 characters: about 50 segments of up to 500 characters (the default chunk size) per document. */
const PARAGRAPHS = 150;
const FIRST_STEP = Math.max(1, Math.round(DOCUMENTS / 10));
const UPLOAD_BATCH = 100;
const SEARCHES_PER_LEVEL = Number(process.env.BENCH_KB_SEARCHES ?? 120);
const CONCURRENCY = [1, 4, 16];
const EMBEDDING_MODEL = 'bench-embedding';
/** A folder of small notes: 1–2 KB text files uploaded in requests of 100 (issue 18: all indexed in < 5 s on 2 cores). */
const SMALL_FILES = Number(process.env.BENCH_KB_SMALL_FILES ?? 1000);
/** The scripted embedding server's port; the PostgreSQL and PGlite servers take the next two. */
const PORT = Number(process.env.BENCH_KB_PORT ?? 18811);
/** BENCH_KB_INGEST_ONLY=1: the small files and the ingestion through the API only (no searches, no seeding). */
const INGEST_ONLY = process.env.BENCH_KB_INGEST_ONLY === '1';

interface Api {
  url: string;
  headers: Record<string, string>;
}

interface Latency {
  concurrency: number;
  p50: number;
  p95: number;
}

interface StepReport {
  segments: number;
  ingestMbPerSecond: number;
  /** Seconds after the documents were searchable until their vectors were all in the HNSW index (null without vectors). */
  vectorIndexSeconds?: number | null;
  fulltext: Latency[];
  vector: Latency[] | null;
  rssMb: number;
}

async function call<T>(api: Api, route: string, body: unknown): Promise<T> {
  const result = await postJson<{ code: number; msg: string; data: T }>(`${api.url}/api${route}`, body, api.headers);
  if (result.code !== 200) throw new Error(`${route}: ${result.msg}`);
  return result.data;
}

async function prepare(server: RunningServer, embeddingUrl: string | undefined): Promise<{ api: Api; kbId: string }> {
  const user = { user_name: 'bench', password: 'bench-password', nick_name: '压测', phone: '13800000000' };
  await postJson(`${server.url}/api/user/register/by_username`, user);
  const { data } = await postJson<{ data: { token: string } }>(`${server.url}/api/user/login/by_username`, user);
  const api = { url: server.url, headers: { 'access-token': data.token } };
  if (embeddingUrl) await call(api, '/llm/create_llm_model', { llm_name: EMBEDDING_MODEL, type: 'embedding', provider: 'openai-compatible', base_url: embeddingUrl, api_key: '' });
  const kb = await call<{ id: string }>(api, '/kb/create_knowledge_base', { name: '压测知识库', ...(embeddingUrl ? { embedding_model: EMBEDDING_MODEL } : {}) });
  return { api, kbId: kb.id };
}

async function countDocuments(api: Api, kbId: string, status: string): Promise<number> {
  const response = await fetch(`${api.url}/api/kb/list_files_detail?kb_id=${kbId}&status=${status}&page_size=1`, { headers: api.headers });
  return ((await response.json()) as { data: { total: number } }).data.total;
}

/** Uploads documents `from`–`to` in multipart batches of 100 and waits until all are indexed; MB of text per second. */
async function ingest(api: Api, kbId: string, from: number, to: number): Promise<number> {
  // The documents are generated before the clock starts: generating them is the client's work (~1 s for 200).
  const documents = Array.from({ length: to - from }, (_, offset) => corpusDocument(from + offset, PARAGRAPHS));
  const bytes = documents.reduce((sum, doc) => sum + Buffer.byteLength(doc.text), 0);
  const started = performance.now();
  for (let start = 0; start < documents.length; start += UPLOAD_BATCH) {
    const form = new FormData();
    form.append('kb_id', kbId);
    for (const doc of documents.slice(start, start + UPLOAD_BATCH)) form.append('files', new Blob([doc.text]), doc.name);
    const response = await fetch(`${api.url}/api/kb/upload_docs`, { method: 'POST', headers: api.headers, body: form });
    const result = (await response.json()) as { code: number; msg: string; data: { failed: unknown[] } };
    if (result.code !== 200 || result.data.failed.length > 0) throw new Error(`upload: ${result.msg} ${JSON.stringify(result.data?.failed)}`);
  }
  for (;;) {
    const [done, failed] = [await countDocuments(api, kbId, 'done'), await countDocuments(api, kbId, 'failed')];
    if (failed > 0) throw new Error(`${failed} documents failed`);
    if (done >= to) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return bytes / 1e6 / ((performance.now() - started) / 1000);
}

async function searchLatency(api: Api, kbId: string, mode: 'fulltext' | 'vector', queries: string[], concurrency: number): Promise<Latency> {
  const timings: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < queries.length) {
        const query = queries[next++]!;
        const started = performance.now();
        await call(api, '/kb/search_docs', { kb_id: kbId, query, mode, top_k: 5 });
        timings.push(performance.now() - started);
      }
    }),
  );
  const round = (value: number) => Math.round(value * 10) / 10;
  return { concurrency, p50: round(percentile(timings, 50)), p95: round(percentile(timings, 95)) };
}

async function measureSearches(api: Api, kbId: string, vectors: boolean): Promise<Pick<StepReport, 'fulltext' | 'vector'>> {
  const queries = corpusQueries(SEARCHES_PER_LEVEL, DOCUMENTS, PARAGRAPHS);
  await searchLatency(api, kbId, 'fulltext', queries.slice(0, 20), 4); // warm-up
  const fulltext: Latency[] = [];
  for (const concurrency of CONCURRENCY) fulltext.push(await searchLatency(api, kbId, 'fulltext', queries, concurrency));
  if (!vectors) return { fulltext, vector: null };
  const vector: Latency[] = [];
  for (const concurrency of CONCURRENCY) vector.push(await searchLatency(api, kbId, 'vector', queries, concurrency));
  return { fulltext, vector };
}

/** A trivial authenticated call: the floor every search latency stands on (the machine is shared and noisy). */
async function floorLatency(api: Api, kbId: string): Promise<number> {
  const timings: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const started = performance.now();
    await call(api, '/kb/query_knowledge_base', { kb_id: kbId });
    timings.push(performance.now() - started);
  }
  return Math.round(percentile(timings, 50) * 10) / 10;
}

/** Waits until the knowledge base's vectors are all in the HNSW index (written pending, indexed in the background); seconds. */
async function vectorsIndexed(api: Api, kbId: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const [kb] = await call<Array<{ vector_pending?: number }>>(api, '/kb/query_knowledge_base', { kb_id: kbId });
    if (!kb?.vector_pending) return Math.round((performance.now() - started) / 100) / 10;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Uploads SMALL_FILES small text files into a knowledge base of their own (full text only) and waits until all are indexed; seconds. */
async function uploadSmallFiles(api: Api): Promise<number> {
  const kb = await call<{ id: string }>(api, '/kb/create_knowledge_base', { name: '小文件压测' });
  const files = smallTextFiles(SMALL_FILES);
  const started = performance.now();
  for (let start = 0; start < files.length; start += UPLOAD_BATCH) {
    const form = new FormData();
    form.append('kb_id', kb.id);
    for (const file of files.slice(start, start + UPLOAD_BATCH)) form.append('files', new Blob([file.content]), file.name);
    const response = await fetch(`${api.url}/api/kb/upload_docs`, { method: 'POST', headers: api.headers, body: form });
    const result = (await response.json()) as { code: number; msg: string; data: { failed: unknown[] } };
    if (result.code !== 200 || result.data.failed.length > 0) throw new Error(`upload: ${result.msg} ${JSON.stringify(result.data?.failed)}`);
  }
  while ((await countDocuments(api, kb.id, 'done')) + (await countDocuments(api, kb.id, 'failed')) < files.length) await new Promise((resolve) => setTimeout(resolve, 50));
  return Math.round((performance.now() - started) / 10) / 100;
}

interface RunReport {
  steps: Array<StepReport & { floorMs: number; seededMbPerSecond: number | null }>;
  /** Seconds until SMALL_FILES small files were uploaded and indexed. */
  smallFilesSeconds?: number;
}

/**
 * The first tenth of the corpus goes through `/kb/upload_docs` and the ingestion jobs (the ingestion
 * figure); the rest is seeded through the same ingestion steps without HTTP (kb-seed.ts), with the
 * PGlite server stopped meanwhile: two thousand documents through the API would take too long here.
 */
async function run(label: string, env: Record<string, string>, port: number, embeddingUrl: string, databaseUrl?: string): Promise<RunReport> {
  // PGlite has pgvector; BENCH_KB_VECTORS=0 leaves vectors to bench:vector (HNSW inserts make seeding slow).
  const vectors = !databaseUrl && process.env.BENCH_KB_VECTORS !== '0';
  const start = () => startProcess(PLATFORM_ENTRY, { NODE_ENV: 'production', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ...env }, port);
  let server = await start();
  try {
    const { api, kbId } = await prepare(server, vectors ? embeddingUrl : undefined);
    const report: RunReport = { steps: [] };
    if (SMALL_FILES > 0) {
      report.smallFilesSeconds = await uploadSmallFiles(api);
      console.log(`${label}: ${SMALL_FILES} small files uploaded and indexed in ${report.smallFilesSeconds} s`);
    }
    const step = async (ingestMbPerSecond: number, seededMbPerSecond: number | null) => {
      const vectorIndexSeconds = vectors ? await vectorsIndexed(api, kbId) : null;
      if (vectors) console.log(`${label}: vectors all in the HNSW index ${vectorIndexSeconds} s later`);
      const { total } = await call<{ total: number }>(api, '/kb/list_doc_segment', { kb_id: kbId, page: 1, page_size: 1 });
      const floorMs = await floorLatency(api, kbId);
      const searches = await measureSearches(api, kbId, vectors);
      report.steps.push({ segments: total, ingestMbPerSecond, vectorIndexSeconds, seededMbPerSecond, floorMs, ...searches, rssMb: processStats(server.pid).rssMb });
      console.log(`${label}: ${JSON.stringify(report.steps.at(-1))}`);
    };
    const cpuNow = () => [processStats(server.pid).cpuMs, postgresCpuMs() ?? 0, processStats(embedder.pid).cpuMs];
    const cpuBefore = cpuNow();
    const ingestMbPerSecond = Math.round((await ingest(api, kbId, 0, FIRST_STEP)) * 100) / 100;
    // CPU seconds the ingestion took, less sensitive to a shared machine than its wall time.
    const cpuSeconds = cpuNow().map((ms, index) => Math.round((ms - cpuBefore[index]!) / 100) / 10);
    console.log(
      `${label}: ingestion used ${cpuSeconds[0]} s of the server's CPU${databaseUrl ? ` and ${cpuSeconds[1]} s of PostgreSQL's (all of its processes)` : ''}${vectors ? `; the scripted embedding server ${cpuSeconds[2]} s` : ''}`,
    );
    if (INGEST_ONLY) {
      if (vectors) console.log(`${label}: vectors all in the HNSW index ${await vectorsIndexed(api, kbId)} s later`);
      const { total } = await call<{ total: number }>(api, '/kb/list_doc_segment', { kb_id: kbId, page: 1, page_size: 1 });
      report.steps.push({ segments: total, ingestMbPerSecond, seededMbPerSecond: null, floorMs: 0, fulltext: [], vector: null, rssMb: processStats(server.pid).rssMb });
      console.log(`${label}: ingestion through the API ${ingestMbPerSecond} MB/s`);
      return report;
    }
    await step(ingestMbPerSecond, null);
    if (!databaseUrl) await server.stop();
    const seeded = await seedDocuments({ databaseUrl, dataDir: env.DATA_DIR!, kbId, embeddingUrl: vectors ? embeddingUrl : undefined }, FIRST_STEP, DOCUMENTS, PARAGRAPHS);
    if (!databaseUrl) server = await start();
    await step(report.steps[0]!.ingestMbPerSecond, Math.round(seeded * 100) / 100);
    return report;
  } finally {
    await server.stop();
  }
}

const embedder = await startScriptedModel([], PORT);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-bench-kb-'));
try {
  // BENCH_KB_DBS=postgres or =pglite measures one of them only.
  const only = process.env.BENCH_KB_DBS;
  const skipped: RunReport = { steps: [] };
  const postgres =
    only === 'pglite' ? skipped : await withPostgresDatabase((url) => run('PostgreSQL', { DATABASE_URL: url, DATA_DIR: path.join(dataDir, 'pg') }, PORT + 1, embedder.apiUrl, url));
  const pglite = only === 'postgres' ? skipped : await run('PGlite', { DATA_DIR: path.join(dataDir, 'pglite') }, PORT + 2, embedder.apiUrl);
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\nknowledge bench: ${DOCUMENTS} documents; ${os.cpus().length} cores, load average ${load}`);
  const rows = [...postgres.steps.map((step) => ({ db: 'PostgreSQL', ...step })), ...pglite.steps.map((step) => ({ db: 'PGlite', ...step }))];
  console.table(
    rows.map(({ db, segments, ingestMbPerSecond, vectorIndexSeconds, seededMbPerSecond, floorMs, fulltext, vector, rssMb }) => ({
      db,
      segments,
      'ingest MB/s (API)': ingestMbPerSecond,
      'HNSW after, s': vectorIndexSeconds ?? '—',
      'seeded MB/s': seededMbPerSecond ?? '—',
      'floor p50': floorMs,
      'full text p50/p95 @1,4,16': fulltext.map((l) => `${l.p50}/${l.p95}`).join('  '),
      'vector p50/p95 @1,4,16': vector?.map((l) => `${l.p50}/${l.p95}`).join('  ') ?? '—',
      'RSS MB': rssMb,
    })),
  );
  for (const [db, report] of [
    ['PostgreSQL', postgres],
    ['PGlite', pglite],
  ] as const) {
    if (report.smallFilesSeconds !== undefined)
      console.log(`${db}: ${SMALL_FILES} files of 1–2 KB uploaded in requests of ${UPLOAD_BATCH} and indexed in ${report.smallFilesSeconds} s (goal < 5 s)`);
  }
  for (const [db, steps, goal] of [
    ['PostgreSQL', postgres.steps, 20],
    ['PGlite', pglite.steps, 40],
  ] as const) {
    if (steps.length < 2) continue;
    const [small, large] = [steps[0]!.fulltext[0]!.p50, steps.at(-1)!.fulltext[0]!.p50];
    console.log(`${db}: full-text p50 ${large} ms at ${steps.at(-1)!.segments} segments (goal < ${goal}), ×${(large / small).toFixed(2)} from ${steps[0]!.segments} (goal < 3)`);
  }
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench/results/knowledge.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        load,
        documents: DOCUMENTS,
        rows,
        smallFiles: { files: SMALL_FILES, postgresSeconds: postgres.smallFilesSeconds, pgliteSeconds: pglite.smallFilesSeconds },
      },
      null,
      2,
    ),
  );
} finally {
  await embedder.stop();
  // A server that failed to stop may still write there: the benchmark's own error matters more.
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}
