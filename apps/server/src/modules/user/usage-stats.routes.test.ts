import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { WriteBehind } from '../../platform/db/index.js';
import { createUsageService, type UsageService } from '../usage/index.js';

const STATS = '/api/user/stat_all_users_usage';

describe('stat_all_users_usage', () => {
  let t: TestApp;
  let admin: string;
  let usage: UsageService;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('stats_admin');
    for (const name of ['heavy', 'light', 'idle']) expectOk(await t.register(name));
    for (const name of ['stats_admin', 'heavy', 'light', 'idle']) ids[name] = (await t.userRow(name))?.id;
    usage = createUsageService({ db: t.database.db, writes: new WriteBehind(t.database.db) });
    const call = (userId: string | null, model: string, promptTokens: number, completionTokens: number, ok = true) =>
      usage.recordCall({ userId, model, feature: 'chat', promptTokens, completionTokens, latencyMs: 100, ok });
    await call(ids.heavy!, 'qwen-max', 100, 50);
    await call(ids.heavy!, 'qwen-max', 200, 25);
    await call(ids.heavy!, 'deepseek-chat', 10, 5, false);
    await call(ids.light!, 'qwen-max', 1, 2);
    await call(null, 'qwen-max', 1_000, 1_000); // system calls belong to nobody
  });
  afterAll(() => t.close());

  const rowOf = (list: any[], name: string) => list.find((row) => row.user_name === name);

  it('sums tokens per user and model from the usage records', async () => {
    const data = expectOk(await t.call(STATS, {}, admin));
    expect(data.total).toBe(4);
    expect(rowOf(data.list, 'heavy')).toEqual({
      user_id: ids.heavy,
      user_name: 'heavy',
      nick_name: '昵称heavy',
      role: 'user',
      status: 'active',
      counts: expect.any(Object),
      tokens: [
        { model: 'deepseek-chat', calls: 1, prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        { model: 'qwen-max', calls: 2, prompt_tokens: 300, completion_tokens: 75, total_tokens: 375 },
      ],
    });
    expect(rowOf(data.list, 'light').tokens).toEqual([{ model: 'qwen-max', calls: 1, prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }]);
    expect(rowOf(data.list, 'idle').tokens).toEqual([]);
    const idleCounts = Object.values(rowOf(data.list, 'idle').counts);
    expect(idleCounts.length).toBeGreaterThan(0);
    expect(idleCounts.every((n) => n === 0)).toBe(true);
    expect(rowOf(data.list, 'stats_admin')).toMatchObject({ role: 'admin', tokens: [] });
  });

  it('pages and filters by keyword', async () => {
    const page = expectOk(await t.call(STATS, { page: 2, page_size: 3 }, admin));
    expect(page.total).toBe(4);
    expect(page.list.map((row: any) => row.user_name)).toEqual(['stats_admin']);
    const found = expectOk(await t.call(STATS, { keyword: 'HEAV' }, admin));
    expect(found.total).toBe(1);
    expect(found.list.map((row: any) => row.user_name)).toEqual(['heavy']);
    expect(expectOk(await t.call(STATS, { keyword: "' OR 1=1 --" }, admin))).toEqual({ total: 0, list: [] });
  });

  it('keeps usage history of a deleted account out of the list, and the records in place', async () => {
    expectOk(await t.call('/api/user/del_user', { user_id: ids.light }, admin));
    const data = expectOk(await t.call(STATS, {}, admin));
    expect(data.total).toBe(3);
    expect(rowOf(data.list, 'light')).toBeUndefined();
    expect(rowOf(data.list, 'heavy').tokens).toHaveLength(2);
    expect(await t.count('usage_records')).toBe(5);
  });

  it('is for administrators only and validates its input', async () => {
    const normal = await t.login('heavy');
    expectCode(await t.call(STATS, {}), 40101, '请先登录');
    expectCode(await t.call(STATS, {}, normal), 40301, '需要管理员权限');
    expectCode(await t.call(STATS, { page_size: 0 }, admin), 40001, '参数 page_size 不合法：每页条数最小为 1');
    expectCode(await t.call(STATS, { keyword: 'k'.repeat(65) }, admin), 40001, '参数 keyword 不合法：关键词不能超过 64 个字符');
    expectCode(await t.call(STATS, { page: { n: 1 } }, admin), 40001, '参数 page 不合法：页码必须是数字');
  });
});
