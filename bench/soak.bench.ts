// Sustained load: ten users, each looping over a playground chat, an agent turn with one calculator
// call, a knowledge-base search and a file upload + download + delete, for ten minutes against one
// server, on PostgreSQL and on PGlite, once on an empty database and once on a seeded year of history
// (seed-history.ts). Reports per minute the operations, errors, p50/p99 per operation and the server's
// memory. Goals, in the same run: seeded p50 within 1.25× of empty per operation; last minute's p50
// within 1.2× of the first; 0 errors; memory growth < 100 MB after minute one.
//
// BENCH_SOAK_MINUTES (default 10), BENCH_SOAK_USERS (10), BENCH_SOAK_DATABASES (postgres,pglite),
// BENCH_SOAK_HISTORIES (empty,seeded), BENCH_SEED_SCALE (1: the full year), BENCH_SOAK_PORT (18391: the
// scripted model; the servers take the ports after it). BENCH_SOAK_MEMORY_LOG=<folder>: every second the
// server's resident memory by kind (lib/proc.ts, from /proc) and V8's accounting (lib/memory-sampler.mjs,
// loaded into the server), written to <folder>/<run>.jsonl; the report shows them at minute one and at the
// later peak.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPglite, openPostgres } from '../apps/server/src/platform/db/index.js';
import { scaled, SEED_PASSWORD, seedUserName, YEAR_FOR_1000_USERS } from './lib/history-sql.js';
import { withPostgresDatabase } from './lib/postgres.js';
import { processStats, resetPeakMemory, residentByKind } from './lib/proc.js';
import { judge, summarize, type Sample, type SoakResult } from './lib/soak-report.js';
import { OPERATIONS, perform, prepareUser, SOAK_MODEL, SOAK_RULES, type SoakUser } from './lib/soak-ops.js';
import { PLATFORM_ENTRY, postJson, ROOT, startProcess, startScriptedModel } from './lib/servers.js';
import { seedHistory } from './seed-history.js';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const USERS = Number(process.env.BENCH_SOAK_USERS ?? 10);
const DATABASES = (process.env.BENCH_SOAK_DATABASES ?? 'postgres,pglite').split(',');
const HISTORIES = (process.env.BENCH_SOAK_HISTORIES ?? 'empty,seeded').split(',');
const SEED_SCALE = Number(process.env.BENCH_SEED_SCALE ?? 1);
const MINUTE_MS = Number(process.env.BENCH_SOAK_MINUTE_MS ?? 60_000);
const PORT = Number(process.env.BENCH_SOAK_PORT ?? 18391);
const MEMORY_LOG = process.env.BENCH_SOAK_MEMORY_LOG;

type Target = { database: 'postgres' | 'pglite'; history: 'empty' | 'seeded' };

/** The seeded users (the heaviest histories of the seed) are the benchmark's users; on an empty database they are registered. */
async function prepare(url: string, llmUrl: string, seeded: boolean): Promise<SoakUser[]> {
  const users: SoakUser[] = [];
  for (let n = 1; n <= USERS; n += 1) {
    const name = seedUserName(n);
    const register = !seeded;
    if (n === 1) {
      if (register) await postJson(`${url}/api/user/register/by_username`, { user_name: name, password: SEED_PASSWORD, nick_name: name, phone: '13900000001' });
      const { data } = await postJson<{ data: { token: string } }>(`${url}/api/user/login/by_username`, { user_name: name, password: SEED_PASSWORD });
      const model = { llm_name: SOAK_MODEL, type: 'chat', provider: 'openai-compatible', base_url: llmUrl, api_key: '', is_public: true };
      const created = await postJson<{ code: number; msg: string }>(`${url}/api/llm/create_llm_model`, model, { 'access-token': data.token });
      if (created.code !== 200) throw new Error(`create model: ${created.msg}`);
    }
    users.push(await prepareUser(url, name, SEED_PASSWORD, register && n > 1, n));
  }
  return users;
}

/** BENCH_SOAK_MEMORY_LOG: the server's environment that loads the in-process sampler, and the file it writes. */
function inProcessSampler(label: string): { env: Record<string, string>; file?: string } {
  if (!MEMORY_LOG) return { env: {} };
  fs.mkdirSync(MEMORY_LOG, { recursive: true });
  const file = path.resolve(MEMORY_LOG, `${label.replace(/\W+/g, '-')}.v8.jsonl`);
  fs.rmSync(file, { force: true });
  const sampler = pathToFileURL(path.join(ROOT, 'bench/lib/memory-sampler.mjs')).href;
  return { env: { MEMORY_SAMPLE_FILE: file, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${sampler}`.trim() }, file };
}

type MemorySample = Record<string, number>;

/**
 * BENCH_SOAK_MEMORY_LOG: every second the server's resident memory by kind (`/proc/<pid>/smaps`), joined
 * with the server's own `process.memoryUsage()` of the same second; the whole series is written beside it.
 */
function memorySeries(label: string, pid: number, v8File: string | undefined) {
  const series: MemorySample[] = [];
  const timer = setInterval(() => {
    try {
      const { rssMb, cpuMs } = processStats(pid);
      series.push({ at: Math.round(Date.now() / 1000), rss: rssMb, cpuMs, ...residentByKind(pid) });
    } catch {
      // The server has just ended.
    }
  }, 1000).unref();
  return {
    /** The samples at the end of minute one and at the largest RSS after it. */
    stop(loadStartedMs: number): string[] {
      clearInterval(timer);
      if (!v8File) return [];
      const v8 = new Map<number, MemorySample>();
      for (const line of fs.readFileSync(v8File, 'utf8').split('\n').filter(Boolean)) {
        const sample = JSON.parse(line) as MemorySample;
        v8.set(sample.at!, sample);
      }
      const joined = series.map((sample) => {
        const own = v8.get(sample.at!) ?? {};
        return { ...sample, heapTotal: own.heapTotal, heapUsed: own.heapUsed, external: own.external, arrayBuffers: own.arrayBuffers, gcMs: own.gcMs } as MemorySample;
      });
      fs.writeFileSync(path.resolve(MEMORY_LOG!, `${label.replace(/\W+/g, '-')}.jsonl`), joined.map((sample) => JSON.stringify(sample)).join('\n'));
      const minuteOne = (loadStartedMs + MINUTE_MS) / 1000;
      const atOne = joined.find((sample) => sample.at! >= minuteOne);
      const peak = joined.filter((sample) => sample.at! > minuteOne).reduce<MemorySample | undefined>((best, sample) => (best && best.rss! >= sample.rss! ? best : sample), undefined);
      return [`memory (MB) at minute one ${JSON.stringify(atOne)}`, `memory (MB) at the largest later sample ${JSON.stringify(peak)}`];
    },
  };
}

async function soak(label: string, env: Record<string, string>, port: number, llmUrl: string, seeded: boolean): Promise<SoakResult> {
  const sampler = inProcessSampler(label);
  const server = await startProcess(
    PLATFORM_ENTRY,
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', CONVERSATION_TITLES: 'question', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ...env, ...sampler.env },
    port,
  );
  const memory = MEMORY_LOG ? memorySeries(label, server.pid, sampler.file) : undefined;
  try {
    const users = await prepare(server.url, llmUrl, seeded);
    const samples: Sample[] = [];
    const rssByMinute: number[] = [];
    const started = performance.now();
    const startedWall = Date.now();
    const cpuAtStart = processStats(server.pid).cpuMs;
    const end = started + MINUTES * MINUTE_MS;
    const errorsSeen = new Set<string>();
    const loop = async (user: SoakUser, offset: number) => {
      for (let i = offset; performance.now() < end; i += 1) {
        const operation = OPERATIONS[i % OPERATIONS.length]!;
        const at = performance.now();
        const minute = Math.floor((at - started) / MINUTE_MS) + 1;
        try {
          await perform(server.url, user, operation);
          samples.push({ operation, minute, ms: performance.now() - at, ok: true });
        } catch (error) {
          samples.push({ operation, minute, ms: performance.now() - at, ok: false });
          const text = String(error).slice(0, 200);
          if (!errorsSeen.has(text)) console.error(`${label}: ${text}`);
          errorsSeen.add(text);
        }
      }
    };
    const minutes = setInterval(() => {
      rssByMinute.push(processStats(server.pid).rssMb);
      if (rssByMinute.length === 1) resetPeakMemory(server.pid);
      const minute = rssByMinute.length;
      const done = samples.filter((sample) => sample.minute === minute);
      console.log(`${label} minute ${minute}: ${done.length} operations, ${done.filter((s) => !s.ok).length} errors, RSS ${rssByMinute.at(-1)} MB`);
    }, MINUTE_MS);
    await Promise.all(users.map((user, index) => loop(user, index)));
    clearInterval(minutes);
    if (rssByMinute.length < MINUTES) rssByMinute.push(processStats(server.pid).rssMb);
    const cpuMs = processStats(server.pid).cpuMs - cpuAtStart;
    console.log(`${label}: server CPU ${(cpuMs / 1000).toFixed(1)} s, ${(cpuMs / samples.length).toFixed(2)} ms per operation`);
    for (const line of memory?.stop(startedWall) ?? []) console.log(`${label}: ${line}`);
    return summarize(
      label,
      samples.filter((sample) => sample.minute <= MINUTES),
      rssByMinute,
      processStats(server.pid).peakMb,
    );
  } finally {
    await server.stop();
  }
}

async function seedPostgres(url: string): Promise<void> {
  const database = await openPostgres(url, 2, (error) => console.error(error));
  try {
    const report = await seedHistory(database, scaled(YEAR_FOR_1000_USERS, SEED_SCALE), (line) => console.log(`  seed (PostgreSQL) ${line}`));
    console.log(`seeded PostgreSQL in ${report.seconds.toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

async function seedPglite(dataDir: string): Promise<void> {
  const database = await openPglite({ dataDir });
  try {
    const report = await seedHistory(database, scaled(YEAR_FOR_1000_USERS, SEED_SCALE), (line) => console.log(`  seed (PGlite) ${line}`));
    console.log(`seeded PGlite in ${report.seconds.toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

async function runTarget({ database, history }: Target, llmUrl: string, port: number): Promise<SoakResult> {
  const label = `${database === 'postgres' ? 'PostgreSQL' : 'PGlite'} · ${history}`;
  const seeded = history === 'seeded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-soak-'));
  try {
    if (database === 'postgres') {
      return await withPostgresDatabase(async (url) => {
        if (seeded) await seedPostgres(url);
        return soak(label, { DATABASE_URL: url, DATA_DIR: dataDir }, port, llmUrl, seeded);
      });
    }
    if (seeded) await seedPglite(path.join(dataDir, 'pglite'));
    return await soak(label, { DATA_DIR: dataDir }, port, llmUrl, seeded);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const llm = await startScriptedModel(SOAK_RULES, PORT);
try {
  const results: SoakResult[] = [];
  const lines: string[] = [];
  let port = PORT + 1;
  for (const database of DATABASES as Target['database'][]) {
    const pair: Partial<Record<Target['history'], SoakResult>> = {};
    for (const history of HISTORIES as Target['history'][]) {
      const result = await runTarget({ database, history }, llm.apiUrl, port++);
      pair[history] = result;
      results.push(result);
      console.log(`\n${result.label}`);
      console.table(result.minutes);
    }
    if (pair.empty) lines.push(...judge(pair.empty, pair.seeded));
    else if (pair.seeded) lines.push(...judge(pair.seeded, undefined));
  }
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\n${USERS} users × ${MINUTES} min, ${os.cpus().length} cores, load average at the end ${load}`);
  for (const line of lines) console.log(line);
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench/results/soak.json'),
    JSON.stringify({ at: new Date().toISOString(), minutes: MINUTES, users: USERS, seedScale: SEED_SCALE, load, results, verdicts: lines }, null, 2),
  );
} finally {
  await llm.stop();
}
