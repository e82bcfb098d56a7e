import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../platform/db/index.js';
import { callerOf, startTestApp, testConfig, type TestApp } from '../../../test/harness.js';

const CACHE_ON = { SESSION_CACHE_SECONDS: '30' };
const userinfo = '/api/user/query_userinfo';

describe('session cache: revocation is immediate even while sessions are cached', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(CACHE_ON);
    admin = await t.signUp('cache_admin');
  });
  afterAll(() => t.close());

  it('logout: the cached token stops working on the next call', async () => {
    const token = await t.signUp('cache_logout');
    expect((await t.call(userinfo, undefined, token)).body.code).toBe(200);
    expect((await t.call('/api/user/logout', undefined, token)).body.code).toBe(200);
    expect((await t.call(userinfo, undefined, token)).body.code).toBe(40101);
  });

  it('deleting and rejecting accounts revoke their cached sessions', async () => {
    const doomed = await t.signUp('cache_deleted');
    const me = (await t.call(userinfo, undefined, doomed)).body.data;
    expect((await t.call('/api/user/del_user', { user_id: me.id }, admin)).body.code).toBe(200);
    expect((await t.call(userinfo, undefined, doomed)).body.code).toBe(40101);

    const rejected = await t.signUp('cache_rejected');
    const rejectedInfo = (await t.call(userinfo, undefined, rejected)).body.data;
    expect((await t.call('/api/user/review', { user_id: rejectedInfo.id, approve: false }, admin)).body.code).toBe(200);
    expect((await t.call(userinfo, undefined, rejected)).body.code).toBe(40101);
  });

  it('a changed nickname shows at once, not after the cache expires', async () => {
    const token = await t.signUp('cache_nick');
    expect((await t.call(userinfo, undefined, token)).body.data.nick_name).toBe('昵称cache_nick');
    await t.call('/api/user/update_userinfo', { nick_name: '新昵称' }, token);
    expect((await t.call(userinfo, undefined, token)).body.data.nick_name).toBe('新昵称');
  });

  it('another server process on the same PostgreSQL forgets a revoked session at once', async (context) => {
    if (t.dialect !== 'postgres' || !t.databaseUrl) {
      context.skip(); // embedded PGlite is one process by design
      return;
    }
    const database = await openPostgres(t.databaseUrl, 2, () => {});
    const other = await buildApp({ config: testConfig(CACHE_ON), database });
    try {
      const callOther = callerOf(other).call;
      const token = await t.signUp('cache_two_processes');
      expect((await callOther(userinfo, undefined, token)).body.code).toBe(200); // now cached over there
      expect((await t.call('/api/user/logout', undefined, token)).body.code).toBe(200);
      await expect.poll(async () => (await callOther(userinfo, undefined, token)).body.code, { timeout: 2_000, interval: 20 }).toBe(40101);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
