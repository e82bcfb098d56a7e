// Model chat benchmark: 50 concurrent streamed chats through POST /api/llm/chat, beside the same 50
// streams taken straight from the scripted model server, in the same run. Goal: the platform adds
// at most 5 ms to the median time to first token and 20 ms at p99, and delivers at least 95% of the
// direct token throughput. A bare proxy on the same stack is measured the same way, as the floor.
// Two arrival patterns, each round: the fifty chats started over SPREAD_MS (all fifty still stream
// together: an answer lasts ~1.9 s), and all fifty started at the same moment (a thundering herd).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSpread } from './lib/arrivals.js';
import { processStats } from './lib/proc.js';
import { withPostgresDatabase } from './lib/postgres.js';
import { PLATFORM_ENTRY, postJson, ROOT, startProcess, startScriptedModel, type RunningServer } from './lib/servers.js';
import { directStream, percentile, platformStream, type StreamTiming } from './lib/streams.js';

const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** The spread arrivals: chat i of fifty starts at i × SPREAD_MS / 50 (250 ms: 200 new chats a second). */
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 250);
const ARRIVALS = [
  { name: `started over ${SPREAD_MS} ms`, spreadMs: SPREAD_MS },
  { name: 'started at once', spreadMs: 0 },
];
const MODEL = 'bench-model';
/** A realistic pace: 120 pieces at 15 ms, like a model giving ≈ 65 tokens a second. */
const RULES = [{ chunks: Array.from({ length: 120 }, (_, i) => `第${i}段`), chunkDelayMs: 15 }];

interface Summary {
  target: string;
  arrivals: string;
  samples: number;
  ttftP50: number;
  ttftP99: number;
  charsPerSecond: number;
  failures: number;
  /** The proxy's (or platform's) CPU time per chat, from /proc: the whole stream, not only its start. */
  cpuMsPerChat?: number;
}

type Round = { timings: StreamTiming[]; wallMs: number };

async function round(spreadMs: number, run: () => Promise<StreamTiming>): Promise<Round> {
  const started = performance.now();
  const timings = await startSpread(CONCURRENCY, spreadMs, run);
  return { timings, wallMs: performance.now() - started };
}

function summarize(target: string, arrivals: string, rounds: Round[]): Summary {
  const timings = rounds.flatMap((r) => r.timings);
  const ok = timings.filter((t) => t.ok);
  const chars = ok.reduce((sum, t) => sum + t.chars, 0);
  const wall = rounds.reduce((sum, r) => sum + r.wallMs, 0);
  return {
    target,
    arrivals,
    samples: timings.length,
    ttftP50: percentile(
      ok.map((t) => t.ttftMs),
      50,
    ),
    ttftP99: percentile(
      ok.map((t) => t.ttftMs),
      99,
    ),
    charsPerSecond: Math.round((chars / wall) * 1000),
    failures: timings.length - ok.length,
  };
}

async function preparePlatform(server: RunningServer, llmUrl: string): Promise<string> {
  const user = { user_name: 'bench', password: 'bench-password', nick_name: '压测', phone: '13800000000' };
  await postJson(`${server.url}/api/user/register/by_username`, user);
  const { data } = await postJson<{ data: { token: string } }>(`${server.url}/api/user/login/by_username`, user);
  const model = { llm_name: MODEL, type: 'chat', provider: 'openai-compatible', base_url: llmUrl, api_key: '', is_public: false };
  const created = await postJson<{ code: number; msg: string }>(`${server.url}/api/llm/create_llm_model`, model, { 'access-token': data.token });
  if (created.code !== 200) throw new Error(`create model: ${created.msg}`);
  return data.token;
}

/** Direct and platform rounds alternate, so drift in the machine's speed hits both alike. */
async function compare(label: string, env: Record<string, string> | 'bare', port: number, llmUrl: string): Promise<Summary[]> {
  const server =
    env === 'bare'
      ? await startProcess('bench/bare-proxy.ts', { BARE_UPSTREAM: llmUrl }, port)
      : await startProcess(PLATFORM_ENTRY, { NODE_ENV: 'production', LOG_LEVEL: 'warn', CONVERSATION_TITLES: process.env.BENCH_TITLES ?? 'question', ...env }, port);
  try {
    const token = env === 'bare' ? '' : await preparePlatform(server, llmUrl);
    await round(0, () => platformStream(server.url, token, MODEL, '预热')); // warm-up
    const measured = ARRIVALS.map(() => ({ direct: [] as Round[], platform: [] as Round[], cpuMs: 0 }));
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const [index, { spreadMs }] of ARRIVALS.entries()) {
        const rounds = measured[index]!;
        rounds.direct.push(await round(spreadMs, () => directStream(llmUrl, MODEL, '你好')));
        const before = processStats(server.pid).cpuMs;
        rounds.platform.push(await round(spreadMs, () => platformStream(server.url, token, MODEL, '你好')));
        rounds.cpuMs += processStats(server.pid).cpuMs - before;
      }
    }
    return ARRIVALS.flatMap(({ name }, index) => {
      const { direct, platform, cpuMs } = measured[index]!;
      const cpuMsPerChat = Math.round((cpuMs / (ROUNDS * CONCURRENCY)) * 100) / 100;
      return [summarize(`direct (beside ${label})`, name, direct), { ...summarize(`platform · ${label}`, name, platform), cpuMsPerChat }];
    });
  } finally {
    await server.stop();
  }
}

const llm = await startScriptedModel(RULES, 18290);
const llmUrl = llm.apiUrl;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-bench-data-'));
try {
  const results = [
    // The floor: what one more hop on this stack costs, with nothing of the platform behind it.
    ...(await compare('bare proxy', 'bare', 18293, llmUrl)),
    ...(await withPostgresDatabase((url) => compare('PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir }, 18291, llmUrl))),
    ...(await compare('PGlite', { DATA_DIR: dataDir }, 18292, llmUrl)),
  ];
  console.log(`\n${CONCURRENCY} concurrent streams × ${ROUNDS} rounds per arrival pattern, 120 pieces at 15 ms each, ${os.cpus().length} cores\n`);
  console.table(results.map((r) => ({ ...r, ttftP50: r.ttftP50.toFixed(1), ttftP99: r.ttftP99.toFixed(1) })));
  for (let i = 0; i < results.length; i += 2) {
    const [direct, platform] = [results[i]!, results[i + 1]!];
    const addedP50 = platform.ttftP50 - direct.ttftP50;
    const addedP99 = platform.ttftP99 - direct.ttftP99;
    const throughput = platform.charsPerSecond / direct.charsPerSecond;
    const met = addedP50 <= 5 && addedP99 <= 20 && throughput >= 0.95 && platform.failures === 0;
    const figures = `+${addedP50.toFixed(1)} ms TTFT p50, +${addedP99.toFixed(1)} ms p99, ${(throughput * 100).toFixed(1)}% of direct throughput, ${platform.cpuMsPerChat} ms CPU per chat`;
    if (platform.target.endsWith('bare proxy')) console.log(`floor, ${platform.target}, ${platform.arrivals} (Fastify → Node's HTTP client → SSE, no platform): ${figures}`);
    else console.log(`${platform.target}, ${platform.arrivals}: ${figures} (goals: ≤ 5, ≤ 20, ≥ 95%) — ${met ? 'met' : 'MISSED'}`);
  }
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/llm-chat.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
} finally {
  await llm.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
