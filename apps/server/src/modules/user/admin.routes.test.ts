import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const LIST = '/api/user/query_users_by_page';
const REVIEW = '/api/user/review';
const DELETE = '/api/user/del_user';
const WHO_AM_I = '/api/user/query_userinfo';
const NOT_ADMIN = '需要管理员权限';
/** The advisory lock user.service.ts takes around writes that must see a stable set of administrators. */
const ADMIN_LOCK = 7_270_002;

describe('account administration', () => {
  let t: TestApp;
  let admin: string;
  let normal: string;
  const idOf = async (userName: string) => (await t.userRow(userName))?.id as string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('boss');
    normal = await t.signUp('worker');
  });
  afterAll(() => t.close());

  it('refuses every admin call to a normal user with 40301 and changes nothing', async () => {
    const target = await idOf('boss');
    const calls: Array<[string, unknown]> = [
      [LIST, {}],
      [REVIEW, { user_id: target, approve: false }],
      [DELETE, { user_id: target }],
      ['/api/user/stat_all_users_usage', {}],
    ];
    for (const [url, body] of calls) expectCode(await t.call(url, body, normal), 40301, NOT_ADMIN);
    expect(await t.userRow('boss')).toMatchObject({ role: 'admin', status: 'active' });
    expectOk(await t.call(WHO_AM_I, undefined, admin));
  });

  it('lists users by page, newest first, with a total, a keyword and a status filter', async () => {
    for (const name of ['page_a', 'page_b', 'page_c']) expectOk(await t.register(name));
    const all = expectOk(await t.call(LIST, { page: 1, page_size: 100 }, admin));
    expect(all.total).toBe(await t.count('users'));
    const first = expectOk(await t.call(LIST, { page: 1, page_size: 2 }, admin));
    const second = expectOk(await t.call(LIST, { page: '2', page_size: '2' }, admin));
    expect(first.list.map((u: any) => u.user_name)).toEqual(['page_c', 'page_b']);
    expect(second.list.map((u: any) => u.user_name)).toEqual(['page_a', 'worker']);
    expect(Object.keys(first.list[0]).sort()).toEqual(['created_at', 'id', 'nick_name', 'phone', 'role', 'status', 'user_name']);

    const found = expectOk(await t.call(LIST, { keyword: 'PAGE_' }, admin));
    expect(found).toMatchObject({ total: 3 });
    expect(expectOk(await t.call(LIST, { status: 'pending' }, admin))).toEqual({ total: 0, list: [] });
  });

  it('treats keyword wildcards and SQL fragments as plain text', async () => {
    for (const keyword of ['page%c', 'p_ge', "' OR 1=1 --", "'; DROP TABLE users; --", '\\']) {
      expect(expectOk(await t.call(LIST, { keyword }, admin))).toEqual({ total: 0, list: [] });
    }
    expect(await t.count('users')).toBeGreaterThan(0);
  });

  it('refuses bad paging input with 40001', async () => {
    const cases: Array<[unknown, string]> = [
      [{ page: 0 }, '参数 page 不合法：页码最小为 1'],
      [{ page: 'abc' }, '参数 page 不合法：页码必须是数字'],
      [{ page: 1.5 }, '参数 page 不合法：页码必须是整数'],
      [{ page_size: 101 }, '参数 page_size 不合法：每页条数最大为 100'],
      [{ keyword: 'k'.repeat(65) }, '参数 keyword 不合法：关键词不能超过 64 个字符'],
      [{ keyword: 7 }, '参数 keyword 不合法：关键词必须是文本'],
      [{ status: 'deleted' }, '参数 status 不合法：状态只能是 active、pending 或 rejected'],
    ];
    for (const [body, msg] of cases) expectCode(await t.call(LIST, body, admin), 40001, msg);
  });

  it('approves a pending account, which can then sign in', async () => {
    await t.setProperty(admin, 'system.user.register.review', 'true');
    expectOk(await t.register('newbie'));
    await t.setProperty(admin, 'system.user.register.review', 'false');
    const login = { user_name: 'newbie', password: PASSWORD };
    expectCode(await t.call('/api/user/login/by_username', login), 40105);
    const listed = expectOk(await t.call(LIST, { status: 'pending' }, admin));
    expect(listed.list.map((u: any) => u.user_name)).toEqual(['newbie']);

    const data = expectOk(await t.call(REVIEW, { user_id: await idOf('newbie'), approve: true }, admin));
    expect(data).toMatchObject({ user_name: 'newbie', status: 'active', role: 'user' });
    expect(await t.userRow('newbie')).toMatchObject({ status: 'active' });
    expect(await t.login('newbie')).toMatch(/\S+/);
  });

  it('rejecting an account revokes its tokens and refuses its logins', async () => {
    const token = await t.signUp('rejectee');
    const second = await t.login('rejectee');
    const data = expectOk(await t.call(REVIEW, { user_id: await idOf('rejectee'), approve: false }, admin));
    expect(data).toMatchObject({ status: 'rejected' });
    for (const tok of [token, second]) expectCode(await t.call(WHO_AM_I, undefined, tok), 40101, '登录已失效，请重新登录');
    expect(await t.rows(sql`select id from sessions where user_id = ${await idOf('rejectee')}`)).toEqual([]);
    expectCode(await t.call('/api/user/login/by_username', { user_name: 'rejectee', password: PASSWORD }), 40301, '账号审核未通过，请联系管理员');
  });

  it('refuses bad review calls and changes nothing', async () => {
    const workerId = await idOf('worker');
    expectCode(await t.call(REVIEW, { user_id: await idOf('boss'), approve: false }, admin), 40301, '管理员账号无需审核');
    expectCode(await t.call(REVIEW, { user_id: randomUUID(), approve: true }, admin), 40401, '用户不存在');
    expectCode(await t.call(REVIEW, { user_id: 'not-a-uuid', approve: true }, admin), 40001, '参数 user_id 不合法：用户 id格式不正确');
    expectCode(await t.call(REVIEW, { user_id: "' OR 1=1 --", approve: false }, admin), 40001, '参数 user_id 不合法：用户 id格式不正确');
    expectCode(await t.call(REVIEW, { user_id: workerId, approve: 'false' }, admin), 40001, '参数 approve 不合法：approve 必须是 true 或 false');
    expectCode(await t.call(REVIEW, { approve: false }, admin), 40001, '参数 user_id 不合法：缺少用户 id');
    expect(await t.userRow('boss')).toMatchObject({ status: 'active' });
    expect(await t.userRow('worker')).toMatchObject({ status: 'active' });
  });

  it('deleting a user removes the row and revokes every token at once', async () => {
    const token = await t.signUp('leaver');
    const other = await t.login('leaver');
    const id = await idOf('leaver');
    const before = await t.count('users');
    expect(expectOk(await t.call(DELETE, { user_id: id }, admin))).toBeNull();
    expect(await t.count('users')).toBe(before - 1);
    expect(await t.userRow('leaver')).toBeUndefined();
    expect(await t.rows(sql`select id from sessions where user_id = ${id}`)).toEqual([]);
    for (const tok of [token, other]) expectCode(await t.call(WHO_AM_I, undefined, tok), 40101, '登录已失效，请重新登录');
    expectCode(await t.call(DELETE, { user_id: id }, admin), 40401, '用户不存在');
  });

  it('never deletes oneself, and refuses bad ids without deleting anything', async () => {
    const before = await t.count('users');
    expectCode(await t.call(DELETE, { user_id: await idOf('boss') }, admin), 40301, '不能删除自己的账号');
    expectCode(await t.call(DELETE, { user_id: '1 OR 1=1' }, admin), 40001, '参数 user_id 不合法：用户 id格式不正确');
    expectCode(await t.call(DELETE, { user_id: 42 }, admin), 40001, '参数 user_id 不合法：用户 id必须是文本');
    expectCode(await t.call(DELETE, {}, admin), 40001, '参数 user_id 不合法：缺少用户 id');
    expect(await t.count('users')).toBe(before);
    expectOk(await t.call(WHO_AM_I, undefined, admin));
  });

  it('never deletes the last administrator, even when two delete each other at once', async () => {
    const second = await t.signUp('deputy');
    await t.rows(sql`update users set role = 'admin' where user_name = 'deputy'`);
    const [bossId, deputyId] = [await idOf('boss'), await idOf('deputy')];
    const race = () => Promise.all([t.call(DELETE, { user_id: deputyId }, admin), t.call(DELETE, { user_id: bossId }, second)]);

    if (t.dialect === 'postgres') {
      // Hold the service's admin lock so that both calls are signed in and waiting before either deletes.
      const holder = new pg.Client({ connectionString: t.databaseUrl });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [ADMIN_LOCK]);
      const pending = race();
      const waiting = `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
        and database = (select oid from pg_database where datname = current_database())`;
      await expect.poll(async () => (await holder.query(waiting)).rows[0].n, { timeout: 5_000, interval: 10 }).toBe(2);
      await holder.query('select pg_advisory_unlock($1)', [ADMIN_LOCK]);
      await holder.end();
      const results = await pending;
      expect(results.map((r) => r.body.code).sort()).toEqual([200, 40301]);
      expectCode(
        results.find((r) => r.body.code === 40301)!,
        40301,
        '不能删除最后一个管理员',
      );
    } else {
      // One embedded process: the loser finds itself deleted already, or the other as the last admin.
      const codes = (await race()).map((r) => r.body.code).sort();
      expect(codes[0]).toBe(200);
      expect([40101, 40301]).toContain(codes[1]);
    }
    expect(await t.rows(sql`select count(*)::int as n from users where role = 'admin'`)).toEqual([{ n: 1 }]);
  });
});
