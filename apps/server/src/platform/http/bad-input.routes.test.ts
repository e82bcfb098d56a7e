import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const MIB = 1024 * 1024;
const NOT_JSON = '请求体不是合法的 JSON';
const TOO_LARGE = '请求体过大，不能超过 1024 KB';

describe('bad input on any call: one envelope, the right status, nothing written', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('gate_admin');
    user = await t.signUp('gate_user');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | Buffer | Readable, token?: string, contentType = 'application/json') =>
    t.raw({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...(token ? { 'access-token': token } : {}) } });
  /** What the database holds that a refused call could have changed. */
  const snapshot = () =>
    Promise.all([
      t.rows(sql`select id, user_name, nick_name, phone, role, status, password_hash from users order by id`),
      t.rows(sql`select code, current_value from system_properties order by code`),
      t.count('sessions'),
    ]);

  it('refuses malformed JSON with 40001 on public, user and admin calls', async () => {
    const before = await snapshot();
    const bodies = ['{"user_name":', '{user_name: "x"}', "{'a': 1}", '{"a":1}}', '[1,]', 'undefined', '{"a":"\\x41"}', '\u0000'];
    const calls: Array<[string, string | undefined]> = [
      ['/api/user/register/by_username', undefined],
      ['/api/user/login/by_username', undefined],
      ['/api/sms/send_verification_code', undefined],
      ['/api/user/update_userinfo', user],
      ['/api/system/property/update/batch', admin],
    ];
    for (const [url, token] of calls) {
      for (const body of bodies) expectCode(await post(url, body, token), 40001, NOT_JSON);
    }
    expectCode(await post('/api/user/register/by_username', '['.repeat(500_000)), 40001, NOT_JSON);
    expectCode(await post('/api/user/register/by_username', Buffer.from([0xff, 0xfe, 0x7b, 0x7d])), 40001, NOT_JSON);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses prototype-poisoning bodies', async () => {
    const before = await snapshot();
    const poisoned = ['{"nick_name":"x","__proto__":{"role":"admin"}}', '{"nick_name":"x","constructor":{"prototype":{"role":"admin"}}}'];
    for (const body of poisoned) expectCode(await post('/api/user/update_userinfo', body, user), 40001, NOT_JSON);
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('refuses a body over the 1 MiB limit with 41301 (HTTP 413), with or without a length', async () => {
    const before = await snapshot();
    const big = JSON.stringify({ nick_name: 'x'.repeat(MIB) });
    expectCode(await post('/api/user/register/by_username', big), 41301, TOO_LARGE);
    expectCode(await post('/api/user/update_userinfo', big, user), 41301, TOO_LARGE);
    expectCode(await post('/api/system/property/create', big, admin), 41301, TOO_LARGE);
    expectCode(await post('/api/user/login/by_username', Readable.from([Buffer.alloc(MIB + 1, 'a')])), 41301, TOO_LARGE);
    expect(await snapshot()).toEqual(before);
  });

  it('reads a body of exactly 1 MiB, then refuses its over-long field with 40001', async () => {
    const envelope = JSON.stringify({ nick_name: '' });
    const exact = JSON.stringify({ nick_name: 'x'.repeat(MIB - envelope.length) });
    expect(Buffer.byteLength(exact)).toBe(MIB);
    expectCode(await post('/api/user/update_userinfo', exact, user), 40001, '参数 nick_name 不合法：昵称不能超过 64 个字符');
  });

  it('refuses other content types with 40001', async () => {
    expectCode(await post('/api/user/login/by_username', 'user_name=a&password=b', undefined, 'application/x-www-form-urlencoded'), 40001, '不支持的请求内容类型，请使用 application/json');
    expectCode(await post('/api/user/update_userinfo', '--x--', user, 'multipart/form-data; boundary=x'), 40001, '不支持的请求内容类型，请使用 application/json');
    expectCode(await post('/api/user/update_userinfo', '{"nick_name":"文本"}', user, 'text/plain'), 40001, '请求参数不合法：无效输入：期望 object，实际接收 string');
    expect((await t.userRow('gate_user'))?.nick_name).toBe('昵称gate_user');
  });

  it('treats an empty JSON body as no payload, and other JSON values as the wrong type', async () => {
    expectCode(await post('/api/user/login/by_username', ''), 40001, '参数 user_name 不合法：请输入用户名；参数 password 不合法：请输入密码');
    expectOk(await post('/api/user/query_userinfo', '', user));
    for (const body of ['[]', '42', 'true', '"text"']) {
      expectCode(await post('/api/user/login/by_username', body), 40001, /^请求参数不合法：无效输入：期望 object，实际接收 /);
      expectCode(await post('/api/system/property/create', body, admin), 40001, /^请求参数不合法：无效输入：期望 object，实际接收 /);
    }
  });

  it('answers unknown /api routes with the 40401 envelope', async () => {
    expectCode(await t.call('/api/nope'), 40401, '接口不存在：POST /api/nope');
    expectCode(await t.raw({ method: 'GET', url: '/api/user/query_userinfo?x=1' }), 40401, '接口不存在：GET /api/user/query_userinfo');
    expectCode(await t.raw({ method: 'PUT', url: '/api/user/login/by_username' }), 40401, '接口不存在：PUT /api/user/login/by_username');
    expectCode(await t.call('/ai-sdk-api/user/logout', undefined, user), 40401, '接口不存在：POST /ai-sdk-api/user/logout');
    expectCode(await t.call('/api/%3Cscript%3Ealert(1)%3C/script%3E'), 40401, '接口不存在：POST /api/%3Cscript%3Ealert(1)%3C/script%3E');
    expectCode(await t.call("/api/user/x' OR 1=1 --", {}, user), 40401, /^接口不存在：POST \/api\/user\//);
  });

  it('still has every table after SQL fragments went through every kind of field', async () => {
    const fragments = ["'; DROP TABLE users; --", "' OR 1=1 --", "1; DELETE FROM sessions WHERE '1'='1", '<script>alert(1)</script>'];
    for (const fragment of fragments) {
      await t.call('/api/user/login/by_username', { user_name: fragment, password: fragment }, undefined, { ip: '10.9.9.9' });
      await t.call('/api/user/query_users_by_page', { keyword: fragment }, admin);
      await t.call('/api/system/property/list', { keyword: fragment }, admin);
      await t.call('/api/user/del_user', { user_id: fragment }, admin);
      await t.call('/api/sms/send_verification_code', fragment);
      await t.call('/api/user/query_userinfo', undefined, fragment);
    }
    expect(await t.count('users')).toBe(2);
    expectOk(await t.call('/api/user/query_userinfo', undefined, user));
    expectOk(await t.call('/api/user/query_userinfo', undefined, admin));
  });
});
