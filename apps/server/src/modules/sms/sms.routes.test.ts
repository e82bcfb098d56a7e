import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, expectCode, expectOk, nextPhone, startTestApp, type TestApp } from '../../../test/harness.js';
import { sha256 } from '../../platform/security/index.js';

const FLAG = '/api/sms/internet_flag';
const SEND = '/api/sms/send_verification_code';
const BAD_CODE = '验证码错误或已过期，请重新获取';

describe('SMS verification codes', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('sms_admin');
  });
  afterAll(() => t.close());

  const codeRow = async (phone: string) => (await t.rows(sql`select * from sms_codes where phone = ${phone}`))[0];
  const register = (userName: string, phone: string, yzm?: string) => t.registerWith({ user_name: userName, phone, ...(yzm === undefined ? {} : { yzm }) });
  const sendFor = async (phone: string) => {
    expectOk(await t.call(SEND, phone));
    return t.smsCodes.get(phone) as string;
  };

  it('is off by default: the flag says false, sending is refused, registering needs no code', async () => {
    expect(expectOk(await t.call(FLAG))).toBe(false);
    const phone = nextPhone();
    expectCode(await t.call(SEND, phone), 40301, '短信验证码未启用');
    expect(await codeRow(phone)).toBeUndefined();
    expect(t.smsCodes.has(phone)).toBe(false);
    expectOk(await register('no_sms_needed', nextPhone()));
    await t.setProperty(admin, 'system.sms.enabled', 'true');
    expect(expectOk(await t.call(FLAG))).toBe(true);
  });

  it('sends a code for a bare JSON string phone or {phone}, and keeps only its hash', async () => {
    const bare = nextPhone();
    const code = await sendFor(bare);
    expect(code).toMatch(/^\d{6}$/);
    const row = await codeRow(bare);
    expect(row).toMatchObject({ code_hash: sha256(`${bare}:${code}`), attempts: 0 });
    expect(JSON.stringify(row)).not.toContain(code);

    const wrapped = nextPhone();
    expectOk(await t.call(SEND, { phone: wrapped }));
    expect(t.smsCodes.get(wrapped)).toMatch(/^\d{6}$/);
    // +86 and 0086 are the same phone as the bare number.
    const prefixed = nextPhone();
    expectOk(await t.call(SEND, `+86${prefixed}`));
    expect(await codeRow(prefixed)).toBeDefined();
    expectCode(await t.call(SEND, `0086${prefixed}`), 42901);
  });

  it('refuses bad phones with 40001 and stores nothing', async () => {
    const before = await t.count('sms_codes');
    const cases: Array<[unknown, string]> = [
      ['12345', '请输入正确的手机号'],
      ['1380000000x', '请输入正确的手机号'],
      ["13800000000' OR 1=1 --", '请输入正确的手机号'],
      ['<script>alert(1)</script>', '请输入正确的手机号'],
      ['1'.repeat(10_000), '请输入正确的手机号'],
      [{ phone: '12' }, '请输入正确的手机号'],
      [13800000000, '请求参数不合法：请提供手机号'],
      [{}, '请求参数不合法：请提供手机号'],
      [{ phone: 13800000000 }, '请求参数不合法：请提供手机号'],
      [null, '请求参数不合法：请提供手机号'],
    ];
    for (const [body, msg] of cases) expectCode(await t.call(SEND, body), 40001, msg);
    expectCode(await t.call(SEND), 40001, '请求参数不合法：请提供手机号');
    expect(await t.count('sms_codes')).toBe(before);
  });

  it('allows one send per phone per minute (42901), keeping the first code', async () => {
    const phone = nextPhone();
    const code = await sendFor(phone);
    const row = await codeRow(phone);
    expectCode(await t.call(SEND, phone), 42901, /^验证码发送过于频繁，请 (60|59|58) 秒后再试$/);
    expect(t.smsCodes.get(phone)).toBe(code);
    expect(await codeRow(phone)).toEqual(row);
    // A minute later a new code replaces the old one.
    await t.rows(sql`update sms_codes set sent_at = now() - interval '61 seconds' where phone = ${phone}`);
    const next = await sendFor(phone);
    expect((await codeRow(phone))?.code_hash).toBe(sha256(`${phone}:${next}`));
  });

  it('leaves no rate-limit row when the provider fails, so the user may retry at once', async () => {
    const phone = nextPhone();
    t.smsFails = true;
    try {
      expectCode(await t.call(SEND, phone), 50001, '短信服务暂时不可用，请稍后重试');
      expect(await codeRow(phone)).toBeUndefined();
    } finally {
      t.smsFails = false;
    }
    expect(await sendFor(phone)).toMatch(/^\d{6}$/);
  });

  it('registers with the right code once, and consumes it', async () => {
    const phone = nextPhone();
    const code = await sendFor(phone);
    expect(expectOk(await register('sms_user', phone, code))).toMatchObject({ user_name: 'sms_user', phone, status: 'active' });
    expect(await codeRow(phone)).toBeUndefined();
    expectCode(await register('sms_user2', phone, code), 202, BAD_CODE);
    expect(await t.userRow('sms_user2')).toBeUndefined();
  });

  it('answers 202 for a wrong, foreign, expired or over-tried code and creates no user', async () => {
    const users = await t.count('users');
    const phone = nextPhone();
    const code = await sendFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expectCode(await register('wrong_code', phone, wrong), 202, BAD_CODE);
    expect((await codeRow(phone))?.attempts).toBe(1);

    const other = nextPhone();
    expectCode(await register('foreign_code', other, code), 202, BAD_CODE); // a code belongs to its phone

    await t.rows(sql`update sms_codes set expires_at = now() - interval '1 second' where phone = ${phone}`);
    expectCode(await register('expired_code', phone, code), 202, BAD_CODE);

    await t.rows(sql`update sms_codes set expires_at = now() + interval '5 minutes', sent_at = now() - interval '61 seconds' where phone = ${phone}`);
    const fresh = await sendFor(phone);
    const guess = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expectCode(await register('guesser', phone, guess), 202, BAD_CODE);
    expectCode(await register('guesser', phone, fresh), 202, BAD_CODE); // locked after five wrong tries
    expect(await t.count('users')).toBe(users);
  });

  it('needs the code when SMS is on, and checks a taken name before spending the code', async () => {
    const phone = nextPhone();
    const code = await sendFor(phone);
    expectCode(await register('code_missing', phone), 40001, '参数 yzm 不合法：请输入验证码');
    expectCode(await register('code_blank', phone, '  '), 40001, '参数 yzm 不合法：请输入验证码');
    expectCode(await register('code_typed', phone, 123456 as never), 40001, '参数 yzm 不合法：验证码必须是文本');
    expectCode(await register('sms_admin', phone, code), 201, '用户名 sms_admin 已被注册');
    expect(await codeRow(phone)).toMatchObject({ attempts: 0 }); // still there, still usable
    expectOk(await register('code_kept', phone, code));
    expect(await t.login('code_kept', PASSWORD)).toMatch(/\S+/);
  });
});
