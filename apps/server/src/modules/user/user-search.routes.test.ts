import type { UserBrief } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const SEARCH = '/api/user/search_users';

describe('search_users: people to put on an access list', () => {
  let t: TestApp;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.signUp('search_root');
    user = await t.signUp('search_lin');
    for (const name of ['search_linda', 'search_olin', 'search_zhang', 'search_pending', 'search_pct']) await t.signUp(name);
    await t.rows(sql`update users set status = 'pending' where user_name = 'search_pending'`);
    await t.rows(sql`update users set nick_name = '林小雨' where user_name = 'search_zhang'`);
    await t.rows(sql`update users set nick_name = '满100%返' where user_name = 'search_pct'`);
  });
  afterAll(() => t.close());

  const search = async (keyword: string) => expectOk(await t.call<UserBrief[]>(SEARCH, { keyword }, user));

  it('finds active users by part of the user name or the nickname, an exact name first, and answers names only', async () => {
    const found = await search('search_lin');
    expect(found.map((entry) => entry.user_name)).toEqual(['search_lin', 'search_linda']);
    expect(Object.keys(found[0]!).sort()).toEqual(['id', 'nick_name', 'user_name']);
    expect((await search('林小雨')).map((entry) => entry.user_name)).toEqual(['search_zhang']);
    expect((await search('LIN')).map((entry) => entry.user_name)).toEqual(['search_lin', 'search_linda', 'search_olin']);
    const [row] = await t.rows<{ id: string }>(sql`select id from users where user_name = 'search_linda'`);
    expect(found[1]!.id).toBe(row!.id);
  });

  it('leaves out accounts waiting for review, and reads % and _ as themselves', async () => {
    expect(await search('search_pending')).toEqual([]);
    expect((await search('100%')).map((entry) => entry.user_name)).toEqual(['search_pct']);
    // As a pattern, `lin_` would match search_linda.
    expect(await search('lin_')).toEqual([]);
  });

  it('needs a keyword and a signed-in caller', async () => {
    expectCode(await t.call(SEARCH, { keyword: '  ' }, user), 40001, '参数 keyword 不合法：请输入关键词');
    expectCode(await t.call(SEARCH, {}, user), 40001, '参数 keyword 不合法：请输入关键词');
    expectCode(await t.raw({ method: 'POST', url: SEARCH, payload: { keyword: 'search' } }), 40101, '请先登录');
  });
});
