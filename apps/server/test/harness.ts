import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@agent-platform/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/platform/db/index.js';
import { sha256 } from '../src/platform/security/index.js';
import type { SmsProvider } from '../src/modules/sms/index.js';
import { freshPglite, freshPostgres } from './databases.js';

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  /** The client address the server sees (login throttling counts per address). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dialect: 'pglite' | 'postgres';
  /** PostgreSQL only: where a second server process would connect. */
  databaseUrl?: string;
  /** The last verification code "sent" to each phone. */
  smsCodes: Map<string, string>;
  /** While true, the SMS provider throws instead of sending. */
  smsFails: boolean;
  /** POSTs `body` as JSON; every answer is checked for leaked secrets. */
  call<T = any>(url: string, body?: unknown, token?: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Any request as it is, e.g. a malformed or oversized body; the answer must still be an envelope. */
  raw<T = any>(options: InjectOptions): Promise<CallResult<T>>;
  register(userName: string, password?: string): Promise<CallResult<any>>;
  /** Register with a body of one's own choosing: valid defaults, then `fields`. */
  registerWith(fields: Record<string, unknown>): Promise<CallResult<any>>;
  login(userName: string, password?: string): Promise<string>;
  /** Registers and signs in; the first user of a test app is its administrator. */
  signUp(userName: string): Promise<string>;
  setProperty(adminToken: string, code: string, value: string): Promise<void>;
  /** Rows of a raw query on the test database (test setup and checks only). */
  rows<R = Record<string, any>>(query: SQL): Promise<R[]>;
  /** Number of rows in a table. */
  count(table: string): Promise<number>;
  /** The stored row of a user, password hash included, by user name. */
  userRow(userName: string): Promise<Record<string, any> | undefined>;
  /** The stored session row of a token. */
  sessionRow(token: string): Promise<Record<string, any> | undefined>;
  close(): Promise<void>;
}

export const PASSWORD = 'secret-123';

let phoneCounter = 0;
export const nextPhone = () => `1380000${String(++phoneCounter).padStart(4, '0')}`;

/** HTTP status by envelope code, as the spec's rule says: the code's class, and 2xx/3xx codes travel as 200. */
export const HTTP_STATUS: Record<number, number> = {
  200: 200,
  201: 200,
  202: 200,
  40001: 400,
  40101: 401,
  40104: 401,
  40105: 401,
  40301: 403,
  40401: 404,
  40901: 409,
  41301: 413,
  42801: 428,
  42901: 429,
  50001: 500,
  50201: 502,
};

/** Asserts the envelope, its code, the matching HTTP status and a Chinese message; returns `data`. */
export function expectCode<T>(result: CallResult<T>, code: number, msg?: string | RegExp): T {
  expect(Object.keys(result.body).sort(), JSON.stringify(result.body)).toEqual(['code', 'data', 'msg']);
  expect({ code: result.body.code, status: result.status }, result.body.msg).toEqual({ code, status: HTTP_STATUS[code] });
  expect(result.body.msg).toMatch(/\p{Script=Han}/u);
  if (msg instanceof RegExp) expect(result.body.msg).toMatch(msg);
  else if (msg !== undefined) expect(result.body.msg).toBe(msg);
  if (code !== 200) expect(result.body.data).toBeNull();
  return result.body.data;
}

export const expectOk = <T>(result: CallResult<T>): T => expectCode(result, 200, '操作成功');

/** Password hashes, token hashes (sha256 hex) and their column names never appear in an answer. */
export function expectNoSecrets(text: string): void {
  expect(text).not.toMatch(/password_?hash|token_?hash|code_?hash|\$argon2/i);
  expect(text).not.toMatch(/[0-9a-f]{64}/i);
}

/** The routes the app serves, read from `printRoutes` (its tree nests paths under shared prefixes). */
export function listRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (line.trim() === '') continue;
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected printRoutes line: ${line}`);
    const depth = (match[1] ?? '').length / 4;
    const url = (depth > 0 ? parents[depth - 1] : '') + (match[2] ?? '');
    parents.length = depth;
    parents[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'aip-unused'),
    LOGIN_SLOWDOWN_MS: '0',
    // Tests that change sessions in the database directly must not see a cached copy; session-cache.routes.test.ts turns it on.
    SESSION_CACHE_SECONDS: '0',
    LLM_MODEL_CACHE_SECONDS: '0',
    AGENT_CACHE_SECONDS: '0',
    // Titles written by the model add a model call after first answers; conversation-titles.routes.test.ts turns them on.
    CONVERSATION_TITLES: 'question',
    // The scripted model, tool and MCP servers listen on 127.0.0.1; llm-outbound.routes.test.ts checks the guard.
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    // Tests send many codes from one address; sms-limits.routes.test.ts checks the hourly limits and the challenge.
    SMS_MAX_PER_IP_PER_HOUR: '100000',
    SMS_MAX_PER_HOUR: '100000',
    SMS_CHALLENGE_AFTER: '100000',
    ...env,
  });
}

/** POSTs JSON through `inject`; every answer must be an envelope free of secrets. */
export function callerOf(app: FastifyInstance) {
  const raw = async <T>(options: InjectOptions): Promise<CallResult<T>> => {
    const response = await app.inject(options);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectNoSecrets(response.body);
    return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
  };
  const call = <T = any>(url: string, body?: unknown, token?: string, options: CallOptions = {}) =>
    raw<T>({
      method: 'POST',
      url,
      headers: {
        ...(token ? { 'access-token': token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
  return { raw, call };
}

/** The whole server on a database of its own: PGlite or PostgreSQL, as the test project says. */
export async function startTestApp(env: Record<string, string> = {}, extend?: AppOptions['extend'], logStream?: AppOptions['logStream']): Promise<TestApp> {
  const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const testDb = dialect === 'postgres' ? await freshPostgres(inject('postgresTemplate')) : await freshPglite(inject('pgliteTemplateDump'));
  const config = testConfig(env);
  const smsCodes = new Map<string, string>();
  const smsProvider: SmsProvider = {
    send: async (phone, code) => {
      if (testApp.smsFails) throw new Error('SMS gateway down (test)');
      smsCodes.set(phone, code);
    },
  };
  const app = await buildApp({ config, database: testDb.database, smsProvider, logStream, extend });
  const { db } = testDb.database;

  const { raw, call } = callerOf(app);
  const registerWith = (fields: Record<string, unknown>) =>
    call('/api/user/register/by_username', { password: PASSWORD, nick_name: `昵称${String(fields.user_name)}`, phone: nextPhone(), ...fields });
  const register = (userName: string, password = PASSWORD) => registerWith({ user_name: userName, password });
  const login = async (userName: string, password = PASSWORD) => {
    const result = await call<{ token: string }>('/api/user/login/by_username', { user_name: userName, password });
    if (result.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
    return result.body.data.token;
  };
  const rows = async <R>(query: SQL) => ((await db.execute(query)) as unknown as { rows: R[] }).rows;
  const first = async (query: SQL) => (await rows<Record<string, any>>(query))[0];

  const testApp: TestApp = {
    app,
    database: testDb.database,
    dialect,
    databaseUrl: testDb.url,
    smsCodes,
    smsFails: false,
    call,
    raw,
    register,
    registerWith,
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
    rows,
    async count(table) {
      const row = await first(sql`select count(*)::int as n from ${sql.identifier(table)}`);
      return Number(row?.n);
    },
    userRow: (userName) => first(sql`select * from users where lower(user_name) = lower(${userName})`),
    sessionRow: (token) => first(sql`select * from sessions where token_hash = ${sha256(token)}`),
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
  return testApp;
}
