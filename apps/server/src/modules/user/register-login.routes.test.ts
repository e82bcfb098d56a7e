import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, expectCode, expectOk, nextPhone, startTestApp, type TestApp } from '../../../test/harness.js';

const LOGIN = '/api/user/login/by_username';
const USER_INFO_KEYS = ['created_at', 'id', 'nick_name', 'phone', 'role', 'status', 'user_name'];

describe('register and login', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '5' });
  });
  afterAll(() => t.close());

  it('makes the first account an active administrator even with review on, and only one when two race', async () => {
    await t.rows(sql`update system_properties set current_value = 'true' where code = 'system.user.register.review'`);
    const [a, b] = await Promise.all([t.register('first_a'), t.register('first_b')]);
    const answers = [expectOk(a), expectOk(b)];
    expect(answers.map((u) => `${u.role}/${u.status}`).sort()).toEqual(['admin/active', 'user/pending']);
    const admin = answers.find((u) => u.role === 'admin');
    expect(await t.rows(sql`select user_name, role, status from users order by role`)).toEqual([
      { user_name: admin.user_name, role: 'admin', status: 'active' },
      { user_name: answers.find((u) => u.role === 'user').user_name, role: 'user', status: 'pending' },
    ]);
    adminToken = await t.login(admin.user_name);
    await t.setProperty(adminToken, 'system.user.register.review', 'false');
  });

  it('creates an active user that can sign in, storing an argon2id hash and answering no secret', async () => {
    const phone = nextPhone();
    const data = expectOk(await t.registerWith({ user_name: 'alice', nick_name: '爱丽丝', phone }));
    expect(Object.keys(data).sort()).toEqual(USER_INFO_KEYS);
    expect(data).toMatchObject({ user_name: 'alice', nick_name: '爱丽丝', phone, role: 'user', status: 'active' });
    const row = await t.userRow('alice');
    expect(row).toMatchObject({ id: data.id, role: 'user', status: 'active' });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);

    const login = await t.call(LOGIN, { user_name: 'alice', password: PASSWORD });
    const { token } = expectOk(login);
    expect(Object.keys(login.body.data as object)).toEqual(['token']);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toContain(data.id);
    const info = expectOk(await t.call('/api/user/query_userinfo', undefined, token));
    expect(info).toEqual(data);
  });

  it('answers 201 for a taken user name, whatever its case, and writes nothing', async () => {
    expectOk(await t.register('bob'));
    const before = await t.count('users');
    for (const name of ['bob', 'BOB', 'Bob']) {
      expectCode(await t.register(name, 'other-pass-1'), 201, `用户名 ${name} 已被注册`);
    }
    expect(await t.count('users')).toBe(before);
    expect(await t.login('bob')).toMatch(/\S+/); // the first password still works
  });

  it('serves register and login under /ai-sdk-api too', async () => {
    const body = { user_name: 'carol', password: PASSWORD, nick_name: '卡罗尔', phone: nextPhone() };
    expect(expectOk(await t.call(`/ai-sdk-api/user/register/by_username`, body))).toMatchObject({ user_name: 'carol' });
    const { token } = expectOk(await t.call('/ai-sdk-api/user/login/by_username', { user_name: 'CAROL', password: PASSWORD }));
    expect(expectOk(await t.call('/api/user/query_userinfo', undefined, token))).toMatchObject({ user_name: 'carol' });
  });

  it('ignores server-owned fields in the register body (mass assignment)', async () => {
    const id = randomUUID();
    const data = expectOk(
      await t.registerWith({
        user_name: 'mallory',
        role: 'admin',
        status: 'active',
        id,
        created_at: '2000-01-01T00:00:00.000Z',
        password_hash: 'x',
      }),
    );
    expect(data).toMatchObject({ role: 'user', status: 'active' });
    const row = await t.userRow('mallory');
    expect(row).toMatchObject({ role: 'user', status: 'active' });
    expect(row?.id).not.toBe(id);
    expect(new Date(row?.created_at).getFullYear()).toBeGreaterThan(2000);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('makes later accounts wait for review when the property is on: 40105 on login', async () => {
    await t.setProperty(adminToken, 'system.user.register.review', 'true');
    expect(expectOk(await t.register('pending_pat'))).toMatchObject({ role: 'user', status: 'pending' });
    const login = await t.call(LOGIN, { user_name: 'pending_pat', password: PASSWORD }, undefined, { ip: '10.0.1.1' });
    expectCode(login, 40105, '当前账号尚未审核，请联系管理员审核后登录');
    // A wrong password says nothing about the review state.
    const wrong = await t.call(LOGIN, { user_name: 'pending_pat', password: 'wrong-pass' }, undefined, { ip: '10.0.1.1' });
    expectCode(wrong, 40104, '用户名或密码错误');
    expect(await t.rows(sql`select s.id from sessions s join users u on u.id = s.user_id where u.user_name = 'pending_pat'`)).toEqual([]);
    await t.setProperty(adminToken, 'system.user.register.review', 'false');
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const opts = { ip: '10.0.2.1' };
    const wrongPassword = await t.call(LOGIN, { user_name: 'alice', password: 'not-the-password' }, undefined, opts);
    const unknownUser = await t.call(LOGIN, { user_name: 'nobody_here', password: 'not-the-password' }, undefined, opts);
    expectCode(wrongPassword, 40104, '用户名或密码错误');
    expect(unknownUser.status).toBe(wrongPassword.status);
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  it('locks a user name after repeated failures (42901), for existing and unknown names alike', async () => {
    expectOk(await t.register('dave'));
    for (const [name, ip] of [
      ['dave', '10.0.3.1'],
      ['ghost_user', '10.0.3.2'],
    ] as const) {
      for (let i = 0; i < 3; i += 1) {
        expectCode(await t.call(LOGIN, { user_name: name, password: 'bad-guess' }, undefined, { ip }), 40104, '用户名或密码错误');
      }
      const locked = await t.call(LOGIN, { user_name: name, password: PASSWORD }, undefined, { ip });
      expectCode(locked, 42901, /^登录失败次数过多，账号已暂时锁定至 .+（北京时间，约 1[45] 分钟后）/);
    }
    // The lock is per name: another user signs in from the same address.
    expect(await t.call(LOGIN, { user_name: 'bob', password: PASSWORD }, undefined, { ip: '10.0.3.1' }).then(expectOk)).toHaveProperty('token');
    // Once the lock has run out, the right password works and clears the count.
    await t.rows(sql`update login_failures set locked_until = now() - interval '1 second', first_failed_at = now() - interval '1 hour' where key = 'user:dave'`);
    expectOk(await t.call(LOGIN, { user_name: 'DAVE', password: PASSWORD }, undefined, { ip: '10.0.3.3' }));
    expect(await t.rows(sql`select key from login_failures where key = 'user:dave'`)).toEqual([]);
  });

  it('forgets failures after a successful login', async () => {
    expectOk(await t.register('erin'));
    const attempt = (password: string) => t.call(LOGIN, { user_name: 'erin', password }, undefined, { ip: '10.0.4.1' });
    for (let i = 0; i < 2; i += 1) expectCode(await attempt('bad-guess'), 40104);
    expectOk(await attempt(PASSWORD));
    for (let i = 0; i < 2; i += 1) expectCode(await attempt('bad-guess2'), 40104);
    expectOk(await attempt(PASSWORD));
  });

  it('locks a client address after repeated failures over many names', async () => {
    const ip = '10.0.5.1';
    for (let i = 0; i < 5; i += 1) {
      expectCode(await t.call(LOGIN, { user_name: `spray_${i}`, password: 'bad-guess' }, undefined, { ip }), 40104);
    }
    expectCode(await t.call(LOGIN, { user_name: 'bob', password: PASSWORD }, undefined, { ip }), 42901, /登录失败次数过多/);
    expectOk(await t.call(LOGIN, { user_name: 'bob', password: PASSWORD }, undefined, { ip: '10.0.5.2' }));
  });

  it('refuses bad register input with 40001 naming the field, and writes nothing', async () => {
    const before = await t.count('users');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ user_name: undefined }, '参数 user_name 不合法：请输入用户名'],
      [{ user_name: 'u'.repeat(65), nick_name: '长名' }, '参数 user_name 不合法：用户名不能超过 64 个字符'],
      [{ user_name: 42 }, '参数 user_name 不合法：用户名必须是文本'],
      [{ user_name: "' OR 1=1 --" }, '参数 user_name 不合法：用户名只能包含文字、数字和 _ . @ -'],
      [{ user_name: '<script>alert(1)</script>' }, '参数 user_name 不合法：用户名只能包含文字、数字和 _ . @ -'],
      [{ user_name: 'ok_name', password: '12345' }, '参数 password 不合法：密码至少 6 位'],
      [{ user_name: 'ok_name', password: 'p'.repeat(65) }, '参数 password 不合法：密码不能超过 64 个字符'],
      [{ user_name: 'ok_name', password: 123456 }, '参数 password 不合法：密码必须是文本'],
      [{ user_name: 'ok_name', nick_name: '  ' }, '参数 nick_name 不合法：请输入昵称'],
      [{ user_name: 'ok_name', nick_name: 'n'.repeat(65) }, '参数 nick_name 不合法：昵称不能超过 64 个字符'],
      [{ user_name: 'ok_name', phone: '12345678901' }, '参数 phone 不合法：请输入正确的手机号'],
      [{ user_name: 'ok_name', phone: 13800000000 }, '参数 phone 不合法：手机号必须是文本'],
      [{ user_name: 'ok_name', phone: undefined }, '参数 phone 不合法：请输入手机号'],
      [{ user_name: 'ok_name', yzm: '1234567' }, '参数 yzm 不合法：验证码为 6 位数字'],
    ];
    for (const [fields, msg] of cases) expectCode(await t.registerWith(fields), 40001, msg);
    expect(await t.count('users')).toBe(before);
  });

  it('refuses bad login input with 40001 without counting a failure', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, '参数 user_name 不合法：请输入用户名；参数 password 不合法：请输入密码'],
      [{ user_name: 'carol', password: '' }, '参数 password 不合法：请输入密码'],
      [{ user_name: 'carol', password: 'p'.repeat(65) }, '参数 password 不合法：密码不能超过 64 个字符'],
      [{ user_name: ['carol'], password: PASSWORD }, '参数 user_name 不合法：用户名必须是文本'],
      [{ user_name: 'a'.repeat(65), password: PASSWORD }, '参数 user_name 不合法：用户名不能超过 64 个字符'],
    ];
    for (const [body, msg] of cases) expectCode(await t.call(LOGIN, body, undefined, { ip: '10.0.6.1' }), 40001, msg);
    expect(await t.rows(sql`select key from login_failures where key in ('user:carol', 'ip:10.0.6.1')`)).toEqual([]);
  });

  it('treats SQL fragments in the login name as data', async () => {
    const ip = '10.0.7.1';
    for (const name of ["' OR 1=1 --", "admin'--", "'; DROP TABLE users; --"]) {
      expectCode(await t.call(LOGIN, { user_name: name, password: "' OR '1'='1" }, undefined, { ip }), 40104, '用户名或密码错误');
    }
    expect(await t.count('users')).toBeGreaterThan(0);
  });
});
