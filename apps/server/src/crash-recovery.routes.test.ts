import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../test/databases.js';

/** SECURITY.md: a call that answered success has committed — `kill -9` right after, restart, it is there. */
describe('crash recovery: the real server process killed with SIGKILL', () => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aip-crash-'));
  let postgres: TestDatabase | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(env: Record<string, string>): Promise<ChildProcess> {
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: '', ...env },
      stdio: 'ignore',
    });
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, { timeout: 30_000, interval: 200 }).toBe(200);
    return server;
  }

  const post = async (url: string, body: unknown): Promise<any> =>
    (await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

  it('an account registered just before the kill can sign in after the restart', async () => {
    const env: Record<string, string> = {};
    if (process.env.TEST_DB === 'postgres') {
      postgres = await freshPostgres(inject('postgresTemplate'));
      await postgres.database.close();
      env.DATABASE_URL = postgres.url!;
    }
    child = await startServer(env);
    const registered = await post('/api/user/register/by_username', { user_name: 'survivor', password: 'secret-123', nick_name: '幸存者', phone: '13900000000' });
    expect(registered.code).toBe(200);
    child.kill('SIGKILL');
    await once(child, 'exit');

    child = await startServer(env);
    const login = await post('/api/user/login/by_username', { user_name: 'survivor', password: 'secret-123' });
    expect(login.code).toBe(200);
    expect(login.data.token).toMatch(/^[\w-]{43}$/);
    child.kill('SIGTERM');
    await once(child, 'exit');
    child = undefined;
  }, 90_000);
});
