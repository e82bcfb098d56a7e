import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import type * as Security from '../../platform/security/index.js';

// Counts every password check the server makes; the checks themselves are the real ones. Test files
// share their worker's modules (vitest.config.ts): this one loads the server afresh so the mock below
// reaches it, and unloads it again when done so no later file sees the mock.
const passwordChecks = vi.hoisted(() => {
  vi.resetModules();
  return { count: 0 };
});
vi.mock('../../platform/security/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Security>();
  return {
    ...actual,
    verifyPassword: async (...args: Parameters<typeof actual.verifyPassword>) => {
      passwordChecks.count += 1;
      return actual.verifyPassword(...args);
    },
  };
});

const LOGIN = '/api/user/login/by_username';
const ACCOUNT_LOCKED = /^登录失败次数过多，账号已暂时锁定至 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（北京时间，约 1[45] 分钟后），请届时再试或联系管理员解锁$/;
const ADDRESS_LOCKED = /^当前网络地址登录失败次数过多，已暂时锁定至 .+（北京时间，约 1[45] 分钟后），请届时再试$/;

describe('sign-in lock', () => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;
  const login = (user_name: string, password: string, ip: string) => t.call(LOGIN, { user_name, password }, undefined, { ip });

  beforeAll(async () => {
    t = await startTestApp({
      LOGIN_MAX_FAILURES_PER_USER: '5',
      LOGIN_MAX_FAILURES_PER_IP_AND_USER: '3',
      LOGIN_MAX_FAILURES_PER_IP: '8',
      LOGIN_SLOWDOWN_MS: '0',
    });
    adminToken = await t.signUp('lock_admin');
    userToken = await t.signUp('lock_user');
    for (const name of ['target', 'rightful', 'office_a', 'office_b', 'paired']) expectOk(await t.register(name));
  });
  afterAll(async () => {
    await t.close();
    vi.doUnmock('../../platform/security/index.js');
    vi.resetModules();
  });
  beforeEach(() => {
    passwordChecks.count = 0;
  });

  it('checks at most the limit of 20 parallel wrong passwords for one name, from 20 addresses', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('target', `wrong-${i}`, `10.9.0.${i + 1}`)));
    expect(passwordChecks.count).toBe(5);
    const codes = answers.map((answer) => answer.body.code).sort();
    expect(codes).toEqual([...Array(5).fill(40104), ...Array(15).fill(42901)]);
    expectCode(
      answers.find((answer) => answer.body.code === 42901)!,
      42901,
      ACCOUNT_LOCKED,
    );
    // Locked: even the right password is not checked now.
    expectCode(await login('target', PASSWORD, '10.9.1.1'), 42901, ACCOUNT_LOCKED);
    expect(passwordChecks.count).toBe(5);
  });

  it('checks at most the limit when the right password is among ten parallel attempts', async () => {
    const passwords = Array.from({ length: 10 }, (_, i) => (i === 7 ? PASSWORD : `wrong-${i}`));
    const answers = await Promise.all(passwords.map((password, i) => login('rightful', password, `10.9.2.${i + 1}`)));
    expect(passwordChecks.count).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.body.code === 40104).length).toBeLessThanOrEqual(5);
    expect(answers.every((answer) => [200, 40104, 42901].includes(answer.body.code))).toBe(true);
  });

  it('shows administrators the lock and lets them lift it; ordinary users may not', async () => {
    const listed = expectOk(await t.call('/api/user/query_users_by_page', { keyword: 'target' }, adminToken));
    const target = listed.list.find((user: { user_name: string }) => user.user_name === 'target');
    expect(Date.parse(target.locked_until) - Date.now()).toBeGreaterThan(13 * 60_000);
    const unlocked = expectOk(await t.call('/api/user/query_users_by_page', { keyword: 'lock_user' }, adminToken));
    expect(unlocked.list).toHaveLength(1);
    expect(unlocked.list[0]).not.toHaveProperty('locked_until');

    expectCode(await t.call('/api/user/unlock', { user_id: target.id }, userToken), 40301);
    expectCode(await login('target', PASSWORD, '10.9.3.1'), 42901);
    expectOk(await t.call('/api/user/unlock', { user_id: target.id }, adminToken));
    expect(await t.rows(sql`select key from login_failures where key = 'user:target' or key like 'pair:target|%'`)).toEqual([]);
    expectOk(await login('target', PASSWORD, '10.9.3.1'));
    const after = expectOk(await t.call('/api/user/query_users_by_page', { keyword: 'target' }, adminToken));
    expect(after.list[0]).not.toHaveProperty('locked_until');
  });

  it('counts an address per name, so one person behind a NAT does not lock out the office', async () => {
    const office = '10.9.4.1';
    for (let i = 0; i < 3; i += 1) expectCode(await login('paired', 'bad-guess', office), 40104);
    expectCode(await login('paired', PASSWORD, office), 42901, ACCOUNT_LOCKED);
    // The same name from elsewhere, and other names from the same office, still sign in.
    expectOk(await login('paired', PASSWORD, '10.9.4.2'));
    expectOk(await login('office_a', PASSWORD, office));
  });

  it('locks an address alone only at its much higher limit, and gives successes back', async () => {
    const nat = '10.9.5.1';
    for (let i = 0; i < 10; i += 1) expectOk(await login('office_b', PASSWORD, nat));
    for (let i = 0; i < 8; i += 1) expectCode(await login(`spray_${i}`, 'bad-guess', nat), 40104);
    expectCode(await login('office_b', PASSWORD, nat), 42901, ADDRESS_LOCKED);
    expectOk(await login('office_b', PASSWORD, '10.9.5.2'));
  });
});
