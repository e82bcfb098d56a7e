import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const UPDATE = '/api/user/update_userinfo';

describe("update_userinfo: one's own account", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('root');
  });
  afterAll(() => t.close());

  it('changes the nickname and phone, and only what was sent', async () => {
    const token = await t.signUp('una');
    const before = await t.userRow('una');
    const data = expectOk(await t.call(UPDATE, { nick_name: '  新的昵称  ' }, token));
    expect(data).toMatchObject({ user_name: 'una', nick_name: '新的昵称', phone: before?.phone });
    expect(await t.userRow('una')).toMatchObject({ nick_name: '新的昵称', phone: before?.phone, password_hash: before?.password_hash });

    expect(expectOk(await t.call(UPDATE, { phone: '+8613912345678' }, token))).toMatchObject({ nick_name: '新的昵称', phone: '+8613912345678' });
    expect(await t.userRow('una')).toMatchObject({ nick_name: '新的昵称', phone: '+8613912345678' });
    expect(new Date((await t.userRow('una'))?.updated_at).getTime()).toBeGreaterThan(new Date(before?.updated_at).getTime());
  });

  it('ignores server-owned fields (mass assignment) and never touches another account', async () => {
    const token = await t.signUp('victor');
    const other = await t.userRow('root');
    const me = await t.userRow('victor');
    const data = expectOk(
      await t.call(
        UPDATE,
        {
          nick_name: '改名',
          id: other?.id,
          user_id: other?.id,
          user_name: 'root',
          role: 'admin',
          status: 'rejected',
          password_hash: 'x',
          created_at: '2000-01-01T00:00:00.000Z',
        },
        token,
      ),
    );
    expect(data).toMatchObject({ id: me?.id, user_name: 'victor', nick_name: '改名', role: 'user', status: 'active' });
    expect(await t.userRow('victor')).toEqual({ ...me, nick_name: '改名', updated_at: expect.anything() });
    expect(await t.userRow('root')).toEqual(other);
    expectCode(await t.call('/api/user/query_users_by_page', {}, token), 40301, '需要管理员权限');
  });

  it('changes the password only with the right old one', async () => {
    const token = await t.signUp('wendy');
    const hash = (await t.userRow('wendy'))?.password_hash;
    expectCode(await t.call(UPDATE, { old_password: 'wrong-old', new_password: 'new-secret-1' }, token), 40001, '原密码不正确');
    expectCode(await t.call(UPDATE, { new_password: 'new-secret-1' }, token), 40001, '参数 old_password 不合法：修改密码需要填写原密码');
    expectCode(await t.call(UPDATE, { old_password: PASSWORD, new_password: '12345' }, token), 40001, '参数 new_password 不合法：新密码至少 6 位');
    expectCode(await t.call(UPDATE, { old_password: PASSWORD, new_password: 'n'.repeat(65) }, token), 40001, '参数 new_password 不合法：新密码不能超过 64 个字符');
    // A refused change changes nothing, the nickname sent with it included.
    expectCode(await t.call(UPDATE, { nick_name: '不该保存', old_password: 'wrong-old', new_password: 'new-secret-1' }, token), 40001);
    expect(await t.userRow('wendy')).toMatchObject({ password_hash: hash, nick_name: '昵称wendy' });

    expectOk(await t.call(UPDATE, { old_password: PASSWORD, new_password: 'new-secret-1' }, token));
    const after = await t.userRow('wendy');
    expect(after?.password_hash).not.toBe(hash);
    expect(after?.password_hash).toMatch(/^\$argon2id\$/);
    expectCode(await t.call('/api/user/login/by_username', { user_name: 'wendy', password: PASSWORD }), 40104, '用户名或密码错误');
    expect(await t.login('wendy', 'new-secret-1')).toMatch(/\S+/);
    expectOk(await t.call('/api/user/query_userinfo', undefined, token));
  });

  it('a password change signs out every other session of that user only', async () => {
    const here = await t.signUp('xena');
    const there = await t.login('xena');
    const someoneElse = await t.signUp('yuri');
    expectOk(await t.call(UPDATE, { old_password: PASSWORD, new_password: 'fresh-pass-2' }, here));
    expectCode(await t.call('/api/user/query_userinfo', undefined, there), 40101, '登录已失效，请重新登录');
    expectOk(await t.call('/api/user/query_userinfo', undefined, here));
    expectOk(await t.call('/api/user/query_userinfo', undefined, someoneElse));
    expectOk(await t.call('/api/user/query_userinfo', undefined, admin));
  });

  it('refuses bad input with 40001 naming the field, and changes nothing', async () => {
    const token = await t.signUp('zoe');
    const before = await t.userRow('zoe');
    const cases: Array<[unknown, string]> = [
      [{ nick_name: 'n'.repeat(65) }, '参数 nick_name 不合法：昵称不能超过 64 个字符'],
      [{ nick_name: '   ' }, '参数 nick_name 不合法：请输入昵称'],
      [{ nick_name: 42 }, '参数 nick_name 不合法：昵称必须是文本'],
      [{ nick_name: null }, '参数 nick_name 不合法：昵称必须是文本'],
      [{ phone: '110' }, '参数 phone 不合法：请输入正确的手机号'],
      [{ phone: ['13800000000'] }, '参数 phone 不合法：手机号必须是文本'],
      [{ old_password: 123, new_password: 'abcdefg' }, '参数 old_password 不合法：原密码必须是文本'],
      [{ nick_name: 'ok', phone: "13800000000' OR 1=1 --" }, '参数 phone 不合法：请输入正确的手机号'],
      ['just a string', '请求参数不合法：无效输入：期望 object，实际接收 string'],
      [[{ nick_name: 'x' }], '请求参数不合法：无效输入：期望 object，实际接收 数组'],
    ];
    for (const [body, msg] of cases) expectCode(await t.call(UPDATE, body, token), 40001, msg);
    expect(await t.userRow('zoe')).toEqual(before);
  });

  it('stores SQL and script fragments verbatim as data', async () => {
    const token = await t.signUp('quinn');
    for (const nick of ["'; DROP TABLE users; --", '<script>alert(1)</script>', "' OR 1=1 --", 'Robert"); DELETE FROM sessions;--']) {
      const result = await t.call(UPDATE, { nick_name: nick }, token);
      expect(expectOk(result).nick_name).toBe(nick);
      expect(result.headers['content-type']).toMatch(/^application\/json/);
      expect((await t.userRow('quinn'))?.nick_name).toBe(nick);
      expect(expectOk(await t.call('/api/user/query_userinfo', undefined, token)).nick_name).toBe(nick);
    }
    expect(await t.count('users')).toBeGreaterThanOrEqual(2);
    expect(await t.count('sessions')).toBeGreaterThanOrEqual(2);
    expect(await t.rows(sql`select to_regclass('public.users') is not null as present`)).toEqual([{ present: true }]);
  });

  it('needs a signed-in user', async () => {
    expectCode(await t.call(UPDATE, { nick_name: '匿名' }), 40101, '请先登录');
    expectCode(await t.call(UPDATE, { nick_name: '匿名' }, randomUUID()), 40101, '登录已失效，请重新登录');
    expect(await t.rows(sql`select id from users where nick_name = '匿名'`)).toEqual([]);
  });
});
