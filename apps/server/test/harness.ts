import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/platform/db/index.js';
import type { SmsProvider } from '../src/modules/sms/index.js';
import { freshPglite, freshPostgres } from './databases.js';

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dialect: 'pglite' | 'postgres';
  /** The last verification code "sent" to each phone. */
  smsCodes: Map<string, string>;
  call<T = any>(url: string, body?: unknown, token?: string): Promise<CallResult<T>>;
  register(userName: string, password?: string): Promise<CallResult<any>>;
  login(userName: string, password?: string): Promise<string>;
  /** Registers and signs in; the first user of a test app is its administrator. */
  signUp(userName: string): Promise<string>;
  setProperty(adminToken: string, code: string, value: string): Promise<void>;
  close(): Promise<void>;
}

export const PASSWORD = 'secret-123';

let phoneCounter = 0;
export const nextPhone = () => `1380000${String(++phoneCounter).padStart(4, '0')}`;

/** The whole server on a database of its own: PGlite or PostgreSQL, as the test project says. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const testDb = dialect === 'postgres' ? await freshPostgres(inject('postgresTemplate')) : await freshPglite(inject('pgliteTemplateDump'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'aip-unused'),
    LOGIN_SLOWDOWN_MS: '0',
    ...env,
  });
  const smsCodes = new Map<string, string>();
  const smsProvider: SmsProvider = { send: async (phone, code) => void smsCodes.set(phone, code) };
  const app = await buildApp({ config, database: testDb.database, smsProvider });

  const call = async <T>(url: string, body?: unknown, token?: string): Promise<CallResult<T>> => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? { 'access-token': token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
  };
  const register = (userName: string, password = PASSWORD) =>
    call('/api/user/register/by_username', { user_name: userName, password, nick_name: `昵称${userName}`, phone: nextPhone() });
  const login = async (userName: string, password = PASSWORD) => {
    const result = await call<{ token: string }>('/api/user/login/by_username', { user_name: userName, password });
    if (result.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
    return result.body.data.token;
  };

  return {
    app,
    database: testDb.database,
    dialect,
    smsCodes,
    call,
    register,
    login,
    async signUp(userName) {
      const result = await register(userName);
      if (result.body.code !== 200) throw new Error(`register failed: ${JSON.stringify(result.body)}`);
      return login(userName);
    },
    async setProperty(adminToken, code, value) {
      const result = await call('/api/system/property/update/batch', { items: [{ code, current_value: value }] }, adminToken);
      if (result.body.code !== 200) throw new Error(`setProperty failed: ${JSON.stringify(result.body)}`);
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}
