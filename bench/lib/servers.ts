import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server as `npm start` runs it: the bundle `npm run build` writes (the bench scripts build first). */
export const PLATFORM_ENTRY = 'apps/server/dist/main.js';
const SCRIPTED_MODEL_ENTRY = 'packages/scripted-llm/src/cli.ts';

export interface RunningServer {
  url: string;
  /** The process id (memory is read from `/proc/<pid>/status`). */
  pid: number;
  stop(): Promise<void>;
}

/** Starts a TypeScript entry point in its own process and waits until `readyPath` answers. */
export async function startProcess(entry: string, env: Record<string, string>, port: number, readyPath = '/healthz', args: string[] = []): Promise<RunningServer> {
  const loader = [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  // BENCH_PIN_SUT: the servers under test (not the scripted model) on those CPUs only.
  const pinned = process.env.BENCH_PIN_SUT && entry !== SCRIPTED_MODEL_ENTRY ? ['-c', process.env.BENCH_PIN_SUT, process.execPath] : undefined;
  const child: ChildProcess = spawn(pinned ? 'taskset' : process.execPath, [...(pinned ?? []), ...loader, entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // BENCH_START_TIMEOUT_MS: a machine shared with other work may need longer.
  const startMs = Number(process.env.BENCH_START_TIMEOUT_MS ?? 60_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start within ${startMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

/** The scripted model server (`packages/scripted-llm`) in its own process, answering by `rules` only; `apiUrl` ends in `/v1`. */
export async function startScriptedModel(rules: unknown[], port: number): Promise<RunningServer & { apiUrl: string }> {
  const scriptFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aip-bench-')), 'rules.json');
  fs.writeFileSync(scriptFile, JSON.stringify(rules));
  const server = await startProcess(SCRIPTED_MODEL_ENTRY, {}, port, '/v1/models', ['--port', String(port), '--no-demo', '--script', scriptFile]);
  return { ...server, apiUrl: `${server.url}/v1` };
}
