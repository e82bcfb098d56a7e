// What the agent and multi-agent benchmarks share: platform turns beside the same model calls made
// directly, alternating rounds, on PostgreSQL and PGlite, with the server's CPU time and memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TurnTiming } from './agent-turns.js';
import { startSpread } from './arrivals.js';
import { postgresCpuMs, processStats, resetPeakMemory } from './proc.js';
import { withPostgresDatabase } from './postgres.js';
import { PLATFORM_ENTRY, postJson, ROOT, startProcess, startScriptedModel, type RunningServer } from './servers.js';
import { percentile } from './streams.js';

interface Summary {
  target: string;
  turns: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Report {
  target: string;
  /** Median added per turn, one turn at a time. */
  sequentialAddedMs: number;
  cpuMsPerTurn: number;
  /** The PostgreSQL server's CPU per turn (its statements cost as much as the platform's own work); none with PGlite, whose work is the server's. */
  dbCpuMsPerTurn: number | null;
  rssBeforeMb: number;
  rssAfterMb: number;
  peakMb: number;
  growthMb: number;
}

interface TurnBench<Context> {
  /** The results file's name and the heading. */
  name: string;
  heading: string;
  rules: unknown[];
  /** Ports: the scripted model, then the PostgreSQL and PGlite servers. */
  ports: [number, number, number];
  concurrency: number;
  rounds: number;
  spreadMs: number;
  /** Median added per turn must stay below this. */
  goalAddedMs: number;
  /** Creates what the turns need on a fresh server (a user, a model, what is chatted with). */
  prepare(server: RunningServer, llmUrl: string): Promise<Context>;
  platformTurn(server: RunningServer, context: Context): Promise<TurnTiming>;
  directTurn(llmUrl: string): Promise<TurnTiming>;
}

const SEQUENTIAL_TURNS = 20;

function summarize(target: string, timings: TurnTiming[]): Summary {
  const ok = timings.filter((t) => t.ok).map((t) => t.totalMs);
  const errors = timings.filter((t) => !t.ok);
  for (const error of new Set(errors.map((t) => t.error))) console.error(`${target}: ${error}`);
  return { target, turns: timings.length, p50: percentile(ok, 50), p99: percentile(ok, 99), errors: errors.length };
}

/** A user of its own on a fresh server, and a private chat model on the scripted model server; the user's headers. */
export async function benchUser(server: RunningServer, llmUrl: string, model: string): Promise<{ 'access-token': string }> {
  const user = { user_name: 'bench', password: 'bench-password', nick_name: '压测', phone: '13800000000' };
  await postJson(`${server.url}/api/user/register/by_username`, user);
  const { data } = await postJson<{ data: { token: string } }>(`${server.url}/api/user/login/by_username`, user);
  const headers = { 'access-token': data.token };
  const body = { llm_name: model, type: 'chat', provider: 'openai-compatible', base_url: llmUrl, api_key: '', is_public: false, supports_tools: true };
  const created = await postJson<{ code: number; msg: string }>(`${server.url}/api/llm/create_llm_model`, body, headers);
  if (created.code !== 200) throw new Error(`create model: ${created.msg}`);
  return headers;
}

/** Direct and platform turns alternate, so drift in the machine's speed hits both alike. */
async function compare<Context>(bench: TurnBench<Context>, label: string, env: Record<string, string>, port: number, llmUrl: string, externalDatabase: boolean) {
  const server = await startProcess(
    PLATFORM_ENTRY,
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', CONVERSATION_TITLES: process.env.BENCH_TITLES ?? 'question', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ...env },
    port,
  );
  const round = (turn: () => Promise<TurnTiming>) => startSpread(bench.concurrency, bench.spreadMs, turn);
  try {
    const context = await bench.prepare(server, llmUrl);
    const platform = () => bench.platformTurn(server, context);
    const direct = () => bench.directTurn(llmUrl);
    await round(platform); // warm-up
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL_TURNS; i += 1) sequential.push((await platform()).totalMs - (await direct()).totalMs);
    resetPeakMemory(server.pid); // the peak of the rounds, not of start-up (PGlite's is ~300 MB above its rest)
    const before = processStats(server.pid);
    const dbBefore = externalDatabase ? postgresCpuMs() : undefined;
    const directTimings: TurnTiming[] = [];
    const platformTimings: TurnTiming[] = [];
    for (let i = 0; i < bench.rounds; i += 1) {
      directTimings.push(...(await round(direct)));
      platformTimings.push(...(await round(platform)));
    }
    const after = processStats(server.pid);
    const dbAfter = externalDatabase ? postgresCpuMs() : undefined;
    const perTurn = (ms: number) => Math.round((ms / platformTimings.length) * 10) / 10;
    const report: Report = {
      target: label,
      sequentialAddedMs: Math.round(percentile(sequential, 50) * 10) / 10,
      cpuMsPerTurn: perTurn(after.cpuMs - before.cpuMs),
      dbCpuMsPerTurn: dbBefore === undefined || dbAfter === undefined ? null : perTurn(dbAfter - dbBefore),
      rssBeforeMb: before.rssMb,
      rssAfterMb: after.rssMb,
      peakMb: after.peakMb,
      // Read strictly: the rounds' peak above the resting size (the peak is never below what stays).
      growthMb: after.peakMb - before.rssMb,
    };
    return { summaries: [summarize(`direct (beside ${label})`, directTimings), summarize(`platform · ${label}`, platformTimings)], report };
  } finally {
    await server.stop();
  }
}

/** Runs the comparison on PostgreSQL and on PGlite, prints it with the goal, and writes `bench/results/<name>.json`. */
export async function runTurnBench<Context>(bench: TurnBench<Context>): Promise<void> {
  const [llmPort, postgresPort, pglitePort] = bench.ports;
  const llm = await startScriptedModel(bench.rules, llmPort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-bench-data-'));
  try {
    // BENCH_DATABASES: `postgres`, `pglite` or both (the default), comma-separated.
    const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((name) => name.trim());
    const runs = [];
    if (databases.includes('postgres'))
      runs.push(await withPostgresDatabase((url) => compare(bench, 'PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir }, postgresPort, llm.apiUrl, true)));
    if (databases.includes('pglite')) runs.push(await compare(bench, 'PGlite', { DATA_DIR: dataDir }, pglitePort, llm.apiUrl, false));
    if (runs.length === 0) throw new Error(`BENCH_DATABASES names no database: ${process.env.BENCH_DATABASES}`);
    const results = runs.flatMap((run) => run.summaries);
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`\n${bench.heading}; ${os.cpus().length} cores, load average ${load}\n`);
    console.table(results.map((r) => ({ ...r, p50: r.p50.toFixed(1), p99: r.p99.toFixed(1) })));
    console.table(runs.map((run) => run.report));
    for (const { summaries, report } of runs) {
      const [direct, platform] = summaries as [Summary, Summary];
      const addedP50 = platform.p50 - direct.p50;
      const addedP99 = platform.p99 - direct.p99;
      const met = addedP50 < bench.goalAddedMs && platform.errors === 0 && direct.errors === 0 && report.growthMb < 200;
      console.log(
        `${platform.target}: +${addedP50.toFixed(1)} ms per turn at the median (goal < ${bench.goalAddedMs}), +${addedP99.toFixed(1)} ms at p99, ${platform.errors} errors, ` +
          `memory ${report.rssBeforeMb} → ${report.rssAfterMb} MB, peak ${report.peakMb} MB (growth goal < 200); one at a time +${report.sequentialAddedMs} ms, ${report.cpuMsPerTurn} ms CPU per turn` +
          `${report.dbCpuMsPerTurn === null ? '' : ` (+${report.dbCpuMsPerTurn} ms in PostgreSQL)`} — ${met ? 'met' : 'MISSED'}`,
      );
    }
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, `bench/results/${bench.name}.json`), JSON.stringify({ at: new Date().toISOString(), load, results, reports: runs.map((run) => run.report) }, null, 2));
  } finally {
    await llm.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
