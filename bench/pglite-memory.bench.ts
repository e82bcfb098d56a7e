// PGlite's resident memory (issue 18, point 4): a knowledge base of BENCH_MEMORY_SEGMENTS segments
// (default 10,000) is seeded into a PGlite data directory through the ingestion's own steps, then each
// configuration below opens it in a process of its own (lib/pglite-probe.ts), runs full-text searches and
// reports its RSS right after opening and at rest. The figures are in docs/decisions/pglite-memory.md.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/platform/db/index.js';
import { seedDocuments } from './lib/kb-seed.js';
import type { ProbeVariant } from './lib/pglite-probe.js';
import { ROOT } from './lib/servers.js';

const SEGMENTS = Number(process.env.BENCH_MEMORY_SEGMENTS ?? 10_000);
/** The knowledge bench's documents: 50 segments each. */
const PARAGRAPHS = 50;
const MB = 1024 * 1024;

const VARIANTS: ProbeVariant[] = [
  { name: 'PGlite defaults' },
  { name: 'initialMemory 32 MB', initialMemory: 32 * MB },
  { name: 'shared_buffers 16 MB', settings: ['shared_buffers=16MB'] },
  { name: 'work_mem 1 MB, maintenance_work_mem 16 MB', settings: ['work_mem=1MB', 'maintenance_work_mem=16MB'] },
  { name: 'temp_buffers 1 MB, wal_buffers 1 MB', settings: ['temp_buffers=1MB', 'wal_buffers=1MB'] },
  { name: 'WebAssembly without the optimising tier (--liftoff-only)', v8Flags: ['--liftoff-only'] },
  { name: 'WebAssembly compiled lazily (--wasm-lazy-compilation)', v8Flags: ['--wasm-lazy-compilation'] },
  { name: 'shared_buffers 16 MB + initialMemory 32 MB', initialMemory: 32 * MB, settings: ['shared_buffers=16MB'] },
];

async function seed(dataDir: string): Promise<string> {
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const [userId, kbId, fileId] = [randomUUID(), randomUUID(), randomUUID()];
  try {
    const { db } = database;
    await db.execute(sql`insert into users (id, user_name, nick_name, phone, password_hash) values (${userId}::uuid, 'bench', '压测', '13800000000', 'x')`);
    await db.execute(sql`insert into files (id, owner_id, tree, kind, name) values (${fileId}::uuid, ${userId}::uuid, 'private', 'file', '语料.md')`);
    await db.execute(sql`insert into knowledge_bases (id, owner_id, name, chunk_size, chunk_overlap) values (${kbId}::uuid, ${userId}::uuid, '内存测试', 500, 50)`);
    await db.execute(sql`insert into kb_documents (id, kb_id, file_id, name, status) values (${randomUUID()}::uuid, ${kbId}::uuid, ${fileId}::uuid, '语料.md', 'done')`);
  } finally {
    await database.close();
  }
  const documents = Math.ceil(SEGMENTS / PARAGRAPHS);
  const mbPerSecond = await seedDocuments({ dataDir, kbId }, 0, documents, PARAGRAPHS);
  const check = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const counted = ((await check.db.execute(sql`select count(*)::int as n from kb_segments`)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
  await check.close();
  console.log(`seeded ${counted} segments in ${documents} documents (${mbPerSecond.toFixed(2)} MB/s)`);
  return kbId;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-pglite-memory-'));
try {
  const kbId = await seed(dataDir);
  const rows = [];
  for (const variant of VARIANTS) {
    const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/lib/pglite-probe.ts'], {
      cwd: ROOT,
      env: { ...process.env, PROBE_VARIANT: JSON.stringify(variant), PROBE_DATA_DIR: path.join(dataDir, 'pglite'), PROBE_KB_ID: kbId },
      encoding: 'utf8',
    });
    rows.push(JSON.parse(output.trim().split('\n').pop()!));
  }
  console.log(`\nPGlite resident memory, ${SEGMENTS} segments, load average ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores):`);
  console.table(rows);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
