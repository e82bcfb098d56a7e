import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { freshPostgres, type TestDatabase } from './databases.js';

/**
 * The real server (`src/main.ts`) as a child process on one data directory and database, for tests
 * that kill it (`SIGKILL`) and start it again on the same data.
 */
export interface ServerProcess {
  url: string;
  /** The server's DATA_DIR (PGlite lives in its `pglite` folder) and, on PostgreSQL, its database. */
  dataDir: string;
  databaseUrl?: string;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the server (if running) and removes its data. */
  dispose(): Promise<void>;
}

export async function serverProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-process-'));
  let postgres: TestDatabase | undefined;
  const databaseEnv: Record<string, string> = {};
  if (process.env.TEST_DB === 'postgres') {
    postgres = await freshPostgres(inject('postgresTemplate'));
    await postgres.database.close();
    databaseEnv.DATABASE_URL = postgres.url!;
  }
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill(signal);
    await exited;
  };

  return {
    url,
    dataDir,
    databaseUrl: postgres?.url,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: '', ...databaseEnv, ...env },
        stdio: 'ignore',
      });
      await expect.poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, { timeout: 120_000, interval: 200 }).toBe(200);
    },
    kill,
    async dispose() {
      await kill('SIGKILL');
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
