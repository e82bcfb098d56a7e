// PGlite's resident memory (issue 18, point 4): a knowledge base of BENCH_MEMORY_SEGMENTS segments
// (default 10,000) is seeded into a PGlite data directory through the ingestion's own steps, then each
// configuration below opens it in a process of its own (lib/pglite-probe.ts), runs full-text searches and
// reports its RSS right after opening and at rest, and the search time (wall and CPU); then the built server
// on the same data. BENCH_MEMORY_ROUNDS (1): each configuration that many times, alternating, medians
// reported; BENCH_MEMORY_VARIANTS: only the configurations whose names contain one of these (comma-separated)
// words; BENCH_MEMORY_SERVER=0: not the server; BENCH_MEMORY_PORT (18821): the server's port.
// The figures are in docs/decisions/pglite-memory.md.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, PGLITE_TUNING } from '../apps/server/src/platform/db/index.js';
import { seedDocuments } from './lib/kb-seed.js';
import type { ProbeVariant } from './lib/pglite-probe.js';
import { processStats, residentByKind } from './lib/proc.js';
import { PLATFORM_ENTRY, postJson, ROOT, startProcess } from './lib/servers.js';
import { smallTextFiles } from '../apps/server/test/fixtures/small-docs.js';

const SEGMENTS = Number(process.env.BENCH_MEMORY_SEGMENTS ?? 10_000);
/** The knowledge bench's documents: 150 paragraphs, about 50 segments at the default chunk size (500). */
const PARAGRAPHS = 150;
const SEGMENTS_PER_DOCUMENT = 50;
const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 18821);
const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 1);
const MB = 1024 * 1024;

const VARIANTS: ProbeVariant[] = [
  { name: 'PGlite defaults' },
  // Below 128 MB PGlite 0.5.14 does not start: its module declares 2,048 pages (128 MB) as the minimum.
  { name: 'initialMemory 256 MB', initialMemory: 256 * MB },
  { name: 'shared_buffers 64 MB', settings: ['shared_buffers=64MB'] },
  { name: 'shared_buffers 48 MB', settings: ['shared_buffers=48MB'] },
  { name: 'shared_buffers 32 MB', settings: ['shared_buffers=32MB'] },
  { name: 'shared_buffers 16 MB', settings: ['shared_buffers=16MB'] },
  { name: 'work_mem 1 MB, maintenance_work_mem 16 MB', settings: ['work_mem=1MB', 'maintenance_work_mem=16MB'] },
  { name: 'temp_buffers 1 MB, wal_buffers 1 MB', settings: ['temp_buffers=1MB', 'wal_buffers=1MB'] },
  { name: 'WebAssembly without the optimising tier (--liftoff-only)', v8Flags: ['--liftoff-only'] },
  { name: 'WebAssembly compiled lazily (--wasm-lazy-compilation)', v8Flags: ['--wasm-lazy-compilation'] },
  { name: 'glibc malloc trims (MALLOC_TRIM_THRESHOLD_, MALLOC_MMAP_THRESHOLD_ 128 KB)', env: { MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' } },
  { name: 'glibc malloc arenas 2 (MALLOC_ARENA_MAX)', env: { MALLOC_ARENA_MAX: '2' } },
  { name: 'one WebAssembly compilation thread (--wasm-num-compilation-tasks=1)', v8Flags: ['--wasm-num-compilation-tasks=1'] },
  { name: 'shared_buffers 32 MB, --liftoff-only', settings: ['shared_buffers=32MB'], v8Flags: ['--liftoff-only'] },
  { name: `the server's: ${[...(PGLITE_TUNING.settings ?? []), ...(PGLITE_TUNING.v8Flags ?? [])].join(', ')}`, ...PGLITE_TUNING },
];

async function seed(dataDir: string): Promise<string> {
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const [userId, kbId, fileId] = [randomUUID(), randomUUID(), randomUUID()];
  try {
    const { db } = database;
    await db.execute(sql`insert into users (id, user_name, nick_name, phone, password_hash) values (${userId}::uuid, 'bench', '压测', '13800000000', 'x')`);
    await db.execute(sql`insert into files (id, owner_id, tree, kind, name) values (${fileId}::uuid, ${userId}::uuid, 'private', 'file', '语料.md')`);
    // Public, so that the user the server test registers may search it.
    await db.execute(sql`insert into knowledge_bases (id, owner_id, name, chunk_size, chunk_overlap, is_public) values (${kbId}::uuid, ${userId}::uuid, '内存测试', 500, 50, true)`);
    await db.execute(sql`insert into kb_documents (id, kb_id, file_id, name, status) values (${randomUUID()}::uuid, ${kbId}::uuid, ${fileId}::uuid, '语料.md', 'done')`);
  } finally {
    await database.close();
  }
  const documents = Math.ceil(SEGMENTS / SEGMENTS_PER_DOCUMENT);
  const mbPerSecond = await seedDocuments({ dataDir, kbId }, 0, documents, PARAGRAPHS);
  const check = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const counted = ((await check.db.execute(sql`select count(*)::int as n from kb_segments`)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
  await check.close();
  console.log(`seeded ${counted} segments in ${documents} documents (${mbPerSecond.toFixed(2)} MB/s)`);
  return kbId;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The built server on the seeded data: RSS once started, after searches, and after a batch of uploads once its parser threads have ended. */
async function serverAtRest(dataDir: string, kbId: string): Promise<Record<string, number>> {
  const server = await startProcess(PLATFORM_ENTRY, { NODE_ENV: 'production', DATA_DIR: dataDir }, PORT);
  try {
    const figures: Record<string, number> = {};
    await pause(3000);
    figures.startedMb = processStats(server.pid).rssMb;
    const user = { user_name: 'memory', password: 'bench-password', nick_name: '内存', phone: '13800000001' };
    await postJson(`${server.url}/api/user/register/by_username`, user);
    const { data } = await postJson<{ data: { token: string } }>(`${server.url}/api/user/login/by_username`, user);
    const headers = { 'access-token': data.token };
    for (const query of ['知识库的检索效果', '数据备份与恢复', '合同审批流程', '项目进度风险', '供应商采购预算']) {
      for (let round = 0; round < 8; round += 1) await postJson(`${server.url}/api/kb/search_docs`, { kb_id: kbId, query, mode: 'fulltext', top_k: 5 }, headers);
    }
    await pause(3000);
    figures.afterSearchesMb = processStats(server.pid).rssMb;
    const own = await postJson<{ data: { id: string } }>(`${server.url}/api/kb/create_knowledge_base`, { name: '上传' }, headers);
    const form = new FormData();
    form.append('kb_id', own.data.id);
    for (const file of smallTextFiles(100)) form.append('files', new Blob([file.content]), file.name);
    await fetch(`${server.url}/api/kb/upload_docs`, { method: 'POST', headers, body: form });
    await pause(5000);
    figures.afterUploadMb = processStats(server.pid).rssMb;
    // The parser threads end after 30 s without work.
    await pause(35_000);
    figures.atRestMb = processStats(server.pid).rssMb;
    figures.peakMb = processStats(server.pid).peakMb;
    return { ...figures, ...Object.fromEntries(Object.entries(residentByKind(server.pid)).map(([kind, mb]) => [`atRest.${kind}Mb`, mb])) };
  } finally {
    await server.stop();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-pglite-memory-'));
try {
  const kbId = await seed(dataDir);
  // BENCH_MEMORY_ROUNDS: each configuration that many times, alternating, and the median of each figure.
  const runs = new Map<string, Array<Record<string, number | string>>>();
  const chosen = VARIANTS.filter((variant) => !process.env.BENCH_MEMORY_VARIANTS || process.env.BENCH_MEMORY_VARIANTS.split(',').some((part) => variant.name.includes(part)));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of chosen) {
      const run = runs.get(variant.name) ?? [];
      runs.set(variant.name, run);
      try {
        const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/lib/pglite-probe.ts'], {
          cwd: ROOT,
          env: { ...process.env, ...variant.env, PROBE_VARIANT: JSON.stringify(variant), PROBE_DATA_DIR: path.join(dataDir, 'pglite'), PROBE_KB_ID: kbId },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        run.push(JSON.parse(output.trim().split('\n').pop()!));
      } catch (error) {
        // A configuration PGlite refuses is a finding too: the rest still run.
        const reason =
          String((error as { stderr?: string }).stderr ?? error)
            .split('\n')
            .find((line) => /Error/.test(line)) ?? 'failed';
        run.push({ name: variant.name, failed: reason.trim().slice(0, 120) });
      }
    }
  }
  const rows = [...runs.values()].map((run) => {
    const median = (key: string) => {
      const values = run
        .map((row) => row[key])
        .filter((value): value is number => typeof value === 'number')
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)];
    };
    const first = run[0]!;
    return Object.fromEntries(Object.keys(first).map((key) => [key, typeof first[key] === 'number' ? median(key) : first[key]]));
  });
  console.log(`\nPGlite resident memory, ${SEGMENTS} segments, median of ${ROUNDS} round(s), load average ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores):`);
  console.table(rows);
  if (process.env.BENCH_MEMORY_SERVER !== '0') {
    const server = await serverAtRest(dataDir, kbId);
    console.log(`\nthe server (${PLATFORM_ENTRY}) on this data, RSS in MB: ${JSON.stringify(server)}`);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
