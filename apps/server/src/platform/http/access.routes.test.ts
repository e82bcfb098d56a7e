import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { expectCode, listRoutes, startTestApp, testConfig, type TestApp } from '../../../test/harness.js';

/** The only calls anyone may make without signing in. Adding one is a decision: add it here. */
const PUBLIC = [
  'POST /api/user/register/by_username',
  'POST /api/user/login/by_username',
  'POST /ai-sdk-api/user/register/by_username',
  'POST /ai-sdk-api/user/login/by_username',
  'POST /api/sms/internet_flag',
  'POST /api/sms/send_verification_code',
  // The arithmetic challenge asked for after a few codes from one address: needed before signing in.
  'POST /api/sms/challenge',
  'POST /api/system/property/list/ui',
  // Download links whose signature and expiry are the credential (files module).
  'GET /api/common/file/signed/:token',
  'GET /api/kb/files/shared/:token',
];

const ADMIN = [
  'POST /api/user/query_users_by_page',
  'POST /api/user/review',
  'POST /api/user/update_role',
  'POST /api/user/del_user',
  'POST /api/user/stat_all_users_usage',
  'POST /api/system/property/list',
  'POST /api/system/property/create',
  'POST /api/system/property/update',
  'POST /api/system/property/delete',
  'POST /api/system/property/update/batch',
  'POST /api/system/audit/list',
  'POST /api/system/summary/query',
  'POST /api/system/deps/query_all',
];

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/ai-sdk-api/');
const concrete = (url: string) => url.replace(/:[^/]+/g, randomUUID()).replace(/\*/g, 'x');

describe('who may call what', () => {
  let t: TestApp;
  let routes: string[];
  beforeAll(async () => {
    t = await startTestApp();
    routes = listRoutes(t.app)
      .filter((r) => isApi(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
  });
  afterAll(() => t.close());

  it('finds every route of the foundation in the route table', () => {
    for (const known of [...PUBLIC, ...ADMIN, 'POST /api/user/logout', 'POST /api/user/query_userinfo', 'POST /api/user/update_userinfo']) {
      expect(routes).toContain(known);
    }
  });

  it('answers 40101 to an anonymous caller on every /api route that is not public', async () => {
    const answers: Record<string, number> = {};
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      const result = await t.raw({ method: method as 'GET' | 'POST', url: concrete(url) });
      answers[route] = result.body.code;
      if (!PUBLIC.includes(route)) expectCode(result, 40101, '请先登录');
    }
    for (const route of PUBLIC) expect(answers[route], route).not.toBe(40101);
  });

  it('answers 40301 to a signed-in normal user on every admin call, before looking at the body', async () => {
    await t.signUp('access_admin');
    const normal = await t.signUp('access_user');
    for (const route of ADMIN) {
      expectCode(await t.call(route.split(' ')[1] as string, { junk: true }, normal), 40301, '需要管理员权限');
    }
  });

  it('will not start with an /api route that does not say who may call it', async () => {
    let refusal: unknown;
    const app = await buildApp({
      config: testConfig(),
      database: t.database,
      extend: (instance) => {
        try {
          instance.post('/api/undeclared', async () => null);
        } catch (error) {
          refusal = error;
        }
      },
    });
    await app.close();
    expect(String(refusal)).toContain('route POST /api/undeclared does not declare who may call it');
  });
});
