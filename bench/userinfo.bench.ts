// Session benchmark: an authenticated `query_userinfo` at 50 connections on PostgreSQL and on PGlite,
// beside a bare Fastify route measured in the same run. Goal: ≥ 40% of the bare route's requests/s
// with PostgreSQL, p99 under 50 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, type LoadResult } from './lib/load.js';
import { withPostgresDatabase } from './lib/postgres.js';
import { PLATFORM_ENTRY, postJson, ROOT, startProcess, type RunningServer } from './lib/servers.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;

async function signIn(server: RunningServer): Promise<string> {
  const user = { user_name: 'bench', password: 'bench-password', nick_name: '压测', phone: '13800000000' };
  await postJson(`${server.url}/api/user/register/by_username`, user);
  const login = await postJson<{ data: { token: string } }>(`${server.url}/api/user/login/by_username`, user);
  return login.data.token;
}

async function measurePlatform(name: string, env: Record<string, string>, port: number): Promise<LoadResult> {
  const server = await startProcess(PLATFORM_ENTRY, { NODE_ENV: 'production', ...env }, port);
  try {
    const token = await signIn(server);
    return await measure(name, {
      url: `${server.url}/api/user/query_userinfo`,
      headers: { 'access-token': token },
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
  } finally {
    await server.stop();
  }
}

async function measureBare(port: number): Promise<LoadResult> {
  const bare = await startProcess('bench/bare-server.ts', {}, port);
  try {
    return await measure('bare Fastify route', { url: `${bare.url}/bare`, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
  } finally {
    await bare.stop();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-bench-'));
try {
  const results = [await measureBare(18190)];
  results.push(await withPostgresDatabase((url) => measurePlatform('query_userinfo · PostgreSQL', { DATABASE_URL: url, DATA_DIR: dataDir }, 18191)));
  results.push(await measurePlatform('query_userinfo · PGlite', { DATA_DIR: dataDir }, 18192));
  // For reference: every call looks its session up in the database (the per-process session cache off).
  const uncached = { SESSION_CACHE_SECONDS: '0', DATA_DIR: dataDir };
  results.push(await withPostgresDatabase((url) => measurePlatform('… PostgreSQL, no session cache', { ...uncached, DATABASE_URL: url }, 18193)));
  results.push(await measurePlatform('… PGlite, no session cache', uncached, 18194));
  const bareRps = results[0]!.requestsPerSecond;

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up, ${os.cpus().length} cores\n`);
  console.table(
    results.map((r) => ({
      target: r.name,
      'req/s': r.requestsPerSecond,
      'vs bare': `${((r.requestsPerSecond / bareRps) * 100).toFixed(1)}%`,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
  const postgres = results[1]!;
  const ratio = postgres.requestsPerSecond / bareRps;
  const pass = ratio >= 0.4 && postgres.p99Ms < 50 && postgres.errors === 0 && postgres.non2xx === 0;
  console.log(`goal (PostgreSQL ≥ 40% of bare req/s, p99 < 50 ms): ${pass ? 'met' : 'MISSED'} — ${(ratio * 100).toFixed(1)}%, p99 ${postgres.p99Ms} ms`);
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/userinfo.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
