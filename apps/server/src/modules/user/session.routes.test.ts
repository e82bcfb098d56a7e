import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { sha256 } from '../../platform/security/index.js';

const WHO_AM_I = '/api/user/query_userinfo';
const LOGGED_OUT = '登录已失效，请重新登录';
const HOUR_MS = 3_600_000;

describe('sessions', () => {
  let t: TestApp;
  /** Sessions rotate after an hour here; tests age a session by moving its created_at back. */
  beforeAll(async () => {
    t = await startTestApp({ SESSION_ROTATE_HOURS: '1', SESSION_TTL_HOURS: '24' });
    await t.signUp('admin');
    expectOk(await t.register('sam'));
  });
  afterAll(() => t.close());

  const age = (token: string, hours: number) => t.rows(sql`update sessions set created_at = now() - make_interval(secs => ${hours * 3600}) where token_hash = ${sha256(token)}`);
  const expire = (token: string) => t.rows(sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`);
  const whoAmI = (token: string) => t.call(WHO_AM_I, undefined, token);
  const sessionCount = async (userName: string) => (await t.rows(sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.user_name = ${userName}`))[0]?.n;

  it('answers 40101 without a token, with an unknown one, and with the token in another header', async () => {
    expectCode(await t.call(WHO_AM_I), 40101, '请先登录');
    expectCode(await whoAmI('not-a-real-token'), 40101, LOGGED_OUT);
    expectCode(await whoAmI('x'.repeat(300)), 40101, LOGGED_OUT);
    expectCode(await whoAmI("' OR 1=1 --"), 40101, LOGGED_OUT);
    const token = await t.login('sam');
    expectCode(await t.call(WHO_AM_I, undefined, undefined, { headers: { authorization: `Bearer ${token}` } }), 40101, '请先登录');
    expectCode(await t.call(WHO_AM_I, undefined, undefined, { headers: { 'access-token': `Bearer ${token}` } }), 40101, LOGGED_OUT);
  });

  it('keeps only a hash of the token, and answers the user without session details', async () => {
    const token = await t.login('sam');
    const row = await t.sessionRow(token);
    expect(row?.token_hash).toBe(sha256(token));
    expect(await t.rows(sql`select id from sessions where token_hash = ${token}`)).toEqual([]);
    const info = expectOk(await whoAmI(token));
    expect(Object.keys(info).sort()).toEqual(['created_at', 'id', 'nick_name', 'phone', 'role', 'status', 'user_name']);
    expect(info).toMatchObject({ id: row?.user_id, user_name: 'sam', role: 'user', status: 'active' });
  });

  it('logout revokes that token only', async () => {
    const laptop = await t.login('sam');
    const phone = await t.login('sam');
    expect(expectOk(await t.call('/api/user/logout', undefined, laptop))).toBeNull();
    expect(await t.sessionRow(laptop)).toBeUndefined();
    expectCode(await whoAmI(laptop), 40101, LOGGED_OUT);
    expectCode(await t.call('/api/user/logout', undefined, laptop), 40101, LOGGED_OUT);
    expectOk(await whoAmI(phone));
  });

  it('refuses an expired token', async () => {
    const token = await t.login('sam');
    await expire(token);
    expectCode(await whoAmI(token), 40101, LOGGED_OUT);
    expectCode(await t.call('/api/user/update_userinfo', { nick_name: '过期' }, token), 40101, LOGGED_OUT);
    expect((await t.userRow('sam'))?.nick_name).not.toBe('过期');
  });

  it('slides the expiry forward while the token is used', async () => {
    const token = await t.login('sam');
    await t.rows(sql`update sessions set expires_at = now() + interval '1 hour' where token_hash = ${sha256(token)}`);
    expectOk(await whoAmI(token));
    const expiresAt = new Date((await t.sessionRow(token))?.expires_at).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 23 * HOUR_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR_MS);
  });

  it('does not rotate a token younger than SESSION_ROTATE_HOURS', async () => {
    const token = await t.login('sam');
    await age(token, 0.5);
    const result = await whoAmI(token);
    expectOk(result);
    expect(result.headers.access_token).toBeUndefined();
  });

  it('rotates an old token: the new one arrives in access_token, the old one works for its 60 s grace', async () => {
    const old = await t.login('sam');
    await age(old, 2);
    const rotated = await whoAmI(old);
    expect(expectOk(rotated)).toMatchObject({ user_name: 'sam' });
    const fresh = rotated.headers.access_token;
    expect(fresh).toEqual(expect.stringMatching(/^[\w-]{43}$/));
    expect(fresh).not.toBe(old);

    expect(expectOk(await whoAmI(fresh as string))).toMatchObject({ user_name: 'sam' });
    const again = await whoAmI(old);
    expectOk(again);
    expect(again.headers.access_token).toBeUndefined(); // one successor per token, not one per call
    const graceEnd = new Date((await t.sessionRow(old))?.expires_at).getTime();
    expect(graceEnd).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(graceEnd).toBeGreaterThan(Date.now() + 50_000);

    await expire(old); // the grace is over
    expectCode(await whoAmI(old), 40101, LOGGED_OUT);
    expectOk(await whoAmI(fresh as string));
  });

  it('logout with an old token also ends the session it was just rotated into', async () => {
    const old = await t.login('sam');
    const before = await sessionCount('sam');
    await age(old, 2);
    const result = await t.call('/api/user/logout', undefined, old);
    expectOk(result);
    expect(result.headers.access_token).toBeUndefined();
    expectCode(await whoAmI(old), 40101, LOGGED_OUT);
    expect(await sessionCount('sam')).toBe(before - 1);
  });

  it('a password change signs out other sessions and keeps this one, also when it rotates', async () => {
    expectOk(await t.register('pia'));
    const here = await t.login('pia');
    const elsewhere = await t.login('pia');
    await age(here, 2);
    const change = await t.call('/api/user/update_userinfo', { old_password: PASSWORD, new_password: 'new-secret-456' }, here);
    expectOk(change);
    expectCode(await whoAmI(elsewhere), 40101, LOGGED_OUT);
    const fresh = change.headers.access_token as string;
    expect(fresh).toMatch(/^[\w-]{43}$/);
    expect(expectOk(await whoAmI(fresh))).toMatchObject({ user_name: 'pia' }); // the token this client switches to
    expectOk(await whoAmI(here)); // and the old one for its grace period
    expect(await t.login('pia', 'new-secret-456')).toMatch(/\S+/);
  });
});
