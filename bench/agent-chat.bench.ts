// Agent chat benchmark: 100 concurrent agent chats through POST /api/agent/chat, each one calculator call
// and one answer, beside the same two model calls made straight to the scripted model server, in the
// same run. Goal: the platform adds under 15 ms to the median turn, no errors, and the server's memory
// grows by less than 200 MB. For reference, the same turn one at a time (no queueing) and the server's
// CPU time per turn (what a turn costs, whatever else the machine is doing).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { directTurn, platformTurn, type TurnTiming } from './lib/agent-turns.js';
import { startSpread } from './lib/arrivals.js';
import { postgresCpuMs, processStats, resetPeakMemory } from './lib/proc.js';
import { withPostgresDatabase } from './lib/postgres.js';
import { PLATFORM_ENTRY, postJson, ROOT, startProcess, startScriptedModel, type RunningServer } from './lib/servers.js';
import { percentile } from './lib/streams.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** A round's chats start spread over this long (users do not all press enter in the same millisecond); 0: all at once. */
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 1000);
const SEQUENTIAL_TURNS = 20;
const MODEL = 'bench-agent-model';
const QUESTION = '请计算 6*7';
/** A model that thinks 300 ms before proposing the call, then streams its answer in 30 pieces at 20 ms. */
const RULES = [
  { match: '计算', afterToolResult: false, delayMs: 300, toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
  { match: '计算', afterToolResult: true, chunks: Array.from({ length: 30 }, (_, i) => `答案第${i}段`), chunkDelayMs: 20 },
];

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

const round = (turn: () => Promise<TurnTiming>) => startSpread(CONCURRENCY, SPREAD_MS, turn);

function summarize(target: string, timings: TurnTiming[]): Summary {
  const ok = timings.filter((t) => t.ok).map((t) => t.totalMs);
  const errors = timings.filter((t) => !t.ok);
  for (const error of new Set(errors.map((t) => t.error))) console.error(`${target}: ${error}`);
  return { target, turns: timings.length, p50: percentile(ok, 50), p99: percentile(ok, 99), errors: errors.length };
}

async function preparePlatform(server: RunningServer, llmUrl: string): Promise<{ token: string; agentId: string }> {
  const user = { user_name: 'bench', password: 'bench-password', nick_name: '压测', phone: '13800000000' };
  await postJson(`${server.url}/api/user/register/by_username`, user);
  const { data } = await postJson<{ data: { token: string } }>(`${server.url}/api/user/login/by_username`, user);
  const headers = { 'access-token': data.token };
  const model = { llm_name: MODEL, type: 'chat', provider: 'openai-compatible', base_url: llmUrl, api_key: '', is_public: false, supports_tools: true };
  const created = await postJson<{ code: number; msg: string }>(`${server.url}/api/llm/create_llm_model`, model, headers);
  if (created.code !== 200) throw new Error(`create model: ${created.msg}`);
  const agent = await postJson<{ code: number; msg: string; data: { id: string } }>(
    `${server.url}/api/agent/create`,
    { name: '压测智能体', llm_name: MODEL, tool_ids: ['calculator'] },
    headers,
  );
  if (agent.code !== 200) throw new Error(`create agent: ${agent.msg}`);
  return { token: data.token, agentId: agent.data.id };
}

/** Direct and platform turns alternate, so drift in the machine's speed hits both alike. */
async function compare(label: string, env: Record<string, string>, port: number, llmUrl: string, externalDatabase: boolean): Promise<{ summaries: Summary[]; report: Report }> {
  const server = await startProcess(
    PLATFORM_ENTRY,
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', CONVERSATION_TITLES: process.env.BENCH_TITLES ?? 'question', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ...env },
    port,
  );
  try {
    const { token, agentId } = await preparePlatform(server, llmUrl);
    const platform = () => platformTurn(server.url, token, agentId, QUESTION);
    const direct = () => directTurn(llmUrl, MODEL, QUESTION);
    await round(platform); // warm-up
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL_TURNS; i += 1) sequential.push((await platform()).totalMs - (await direct()).totalMs);
    resetPeakMemory(server.pid); // the peak of the rounds, not of start-up (PGlite's is ~300 MB above its rest)
    const before = processStats(server.pid);
    const dbBefore = externalDatabase ? postgresCpuMs() : undefined;
    const directTimings: TurnTiming[] = [];
    const platformTimings: TurnTiming[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      directTimings.push(...(await round(direct)));
      platformTimings.push(...(await round(platform)));
    }
    const after = processStats(server.pid);
    const dbAfter = externalDatabase ? postgresCpuMs() : undefined;
    const perTurn = (ms: number) => Math.round((ms / platformTimings.length) * 10) / 10;
    return {
      summaries: [summarize(`direct (beside ${label})`, directTimings), summarize(`platform · ${label}`, platformTimings)],
      report: {
        target: label,
        sequentialAddedMs: Math.round(percentile(sequential, 50) * 10) / 10,
        cpuMsPerTurn: perTurn(after.cpuMs - before.cpuMs),
        dbCpuMsPerTurn: dbBefore === undefined || dbAfter === undefined ? null : perTurn(dbAfter - dbBefore),
        rssBeforeMb: before.rssMb,
        rssAfterMb: after.rssMb,
        peakMb: after.peakMb,
        // Read strictly: the rounds' peak above the resting size (the peak is never below what stays).
        growthMb: after.peakMb - before.rssMb,
      },
    };
  } finally {
    await server.stop();
  }
}

const llm = await startScriptedModel(RULES, 18293);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-bench-data-'));
try {
  const runs = [
    await withPostgresDatabase((url) => compare('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir }, 18294, llm.apiUrl, true)),
    await compare('PGlite', { DATA_DIR: dataDir }, 18295, llm.apiUrl, false),
  ];
  const results = runs.flatMap((run) => run.summaries);
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\n${CONCURRENCY} concurrent agent turns (started over ${SPREAD_MS} ms) × ${ROUNDS} rounds, one calculator call and one streamed answer each; ${os.cpus().length} cores, load average ${load}\n`,
  );
  console.table(results.map((r) => ({ ...r, p50: r.p50.toFixed(1), p99: r.p99.toFixed(1) })));
  console.table(runs.map((run) => run.report));
  for (const { summaries, report } of runs) {
    const [direct, platform] = summaries as [Summary, Summary];
    const addedP50 = platform.p50 - direct.p50;
    const addedP99 = platform.p99 - direct.p99;
    const met = addedP50 < 15 && platform.errors === 0 && direct.errors === 0 && report.growthMb < 200;
    console.log(
      `${platform.target}: +${addedP50.toFixed(1)} ms per turn at the median (goal < 15), +${addedP99.toFixed(1)} ms at p99, ${platform.errors} errors, ` +
        `memory ${report.rssBeforeMb} → ${report.rssAfterMb} MB, peak ${report.peakMb} MB (growth goal < 200); one at a time +${report.sequentialAddedMs} ms, ${report.cpuMsPerTurn} ms CPU per turn` +
        `${report.dbCpuMsPerTurn === null ? '' : ` (+${report.dbCpuMsPerTurn} ms in PostgreSQL)`} — ${met ? 'met' : 'MISSED'}`,
    );
  }
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/agent-chat.json'), JSON.stringify({ at: new Date().toISOString(), load, results, reports: runs.map((run) => run.report) }, null, 2));
} finally {
  await llm.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
