import { sql } from 'drizzle-orm';
import type { SystemProperty } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, nextPhone, startTestApp, type TestApp } from '../../../test/harness.js';

const SECRET = 'Sup3r-Secret-AccessKey-Value';
const SECRET_CODE = 'system.sms.access_key_secret';
const TEST = '/api/sms/send_test_code';

describe('SMS provider properties: the secret is sealed and never answered, the choice and completeness are checked', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('sms_props_admin');
    user = await t.signUp('sms_props_user');
  });
  afterAll(() => t.close());

  const allProperties = async () => {
    const first = expectOk(await t.call<{ total: number; list: SystemProperty[] }>('/api/system/property/list', { page: 1, page_size: 100 }, admin));
    const rest = first.total > 100 ? expectOk(await t.call<{ list: SystemProperty[] }>('/api/system/property/list', { page: 2, page_size: 100 }, admin)).list : [];
    return [...first.list, ...rest];
  };
  const secretRow = async () => (await t.rows(sql`select current_value from system_properties where code = ${SECRET_CODE}`))[0];

  it('are seeded, each explaining itself; the secret starts unset', async () => {
    const list = await allProperties();
    const sms = list.filter((property) => property.code.startsWith('system.sms.'));
    expect(sms.map((property) => property.code).sort()).toEqual(
      [
        'system.sms.access_key_id',
        'system.sms.access_key_secret',
        'system.sms.enabled',
        'system.sms.endpoint',
        'system.sms.provider',
        'system.sms.region',
        'system.sms.sdk_app_id',
        'system.sms.sign_name',
        'system.sms.template_code',
        'system.sms.template_param',
      ].sort(),
    );
    expect(sms.find((property) => property.code === SECRET_CODE)).toMatchObject({ current_value: null, default_value: null, secret_set: false, name: '短信 AccessKey Secret' });
    expect(sms.find((property) => property.code === 'system.sms.template_param')).toMatchObject({ default_value: 'code' });
  });

  it('seals the secret however it is written, and no list or answer ever carries it', async () => {
    await t.setProperty(admin, SECRET_CODE, SECRET);
    const stored = await secretRow();
    expect(stored?.current_value).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(stored?.current_value).not.toContain(SECRET);

    const list = await allProperties();
    expect(JSON.stringify(list)).not.toContain(SECRET);
    const row = list.find((property) => property.code === SECRET_CODE)!;
    expect(row).toMatchObject({ current_value: null, default_value: null, secret_set: true, updated_by: 'sms_props_admin' });
    const searched = expectOk(await t.call('/api/system/property/list', { page: 1, page_size: 20, keyword: 'secret' }, admin));
    expect(JSON.stringify(searched)).not.toContain(SECRET);
    expect(JSON.stringify(expectOk(await t.call('/api/system/property/list/ui')))).not.toContain(SECRET);

    // Through update (current and default) the same: sealed, answered as set.
    const updated = expectOk(await t.call<SystemProperty>('/api/system/property/update', { id: row.id, current_value: `${SECRET}-2`, default_value: `${SECRET}-3` }, admin));
    expect(updated).toMatchObject({ current_value: null, default_value: null, secret_set: true });
    expect(JSON.stringify(updated)).not.toContain(SECRET);
    const both = (await t.rows(sql`select current_value, default_value from system_properties where code = ${SECRET_CODE}`))[0]!;
    expect(JSON.stringify(both)).not.toContain(SECRET);
    // Resetting to the default clears it.
    expect(expectOk(await t.call<SystemProperty>('/api/system/property/update', { id: row.id, current_value: null, default_value: null }, admin))).toMatchObject({ secret_set: false });
    expect((await secretRow())?.current_value).toBeNull();
    await t.setProperty(admin, SECRET_CODE, SECRET);
    await t.setProperty(admin, SECRET_CODE, '');
    expect((await secretRow())?.current_value).toBeNull(); // '' clears it
  });

  it('accepts only the known providers', async () => {
    const batch = (value: string) => t.call('/api/system/property/update/batch', { items: [{ code: 'system.sms.provider', current_value: value }] }, admin);
    expectCode(await batch('qiniu'), 40001, '短信服务商（system.sms.provider）只能是 log、webhook、aliyun、tencent 之一');
    for (const kind of ['log', 'webhook', 'aliyun', 'tencent', '']) expectOk(await batch(kind));
  });

  it('refuses a test send before anything is sent when the chosen provider is incomplete, naming what is missing', async () => {
    await t.setProperty(admin, 'system.sms.provider', 'tencent');
    expectCode(
      await t.call(TEST, { phone: nextPhone() }, admin),
      40001,
      '腾讯云短信尚未配置完整，请在系统属性中填写：短信签名（system.sms.sign_name）、短信模板（system.sms.template_code）、短信 AccessKey ID（system.sms.access_key_id）、短信 AccessKey Secret（system.sms.access_key_secret）、腾讯云短信应用 ID（system.sms.sdk_app_id）',
    );
    await t.setProperty(admin, 'system.sms.provider', 'webhook');
    expectCode(await t.call(TEST, { phone: nextPhone() }, admin), 40001, 'Webhook（POST JSON 到指定地址）尚未配置完整，请在系统属性中填写：短信接口地址（system.sms.endpoint）');
  });

  it('sends a test code through the log provider, and only for administrators with a valid phone', async () => {
    await t.setProperty(admin, 'system.sms.provider', 'log');
    const phone = nextPhone();
    expect(expectOk(await t.call(TEST, { phone }, admin))).toEqual({
      sent: true,
      provider: 'log',
      message: '测试验证码已写入服务器日志（当前服务商为「仅写入服务器日志（开发用）」，不会真正发送短信）',
      vendor_code: null,
      request_id: null,
    });
    expect(t.smsCodes.get(phone)).toMatch(/^\d{6}$/);
    expectCode(await t.call(TEST, { phone: nextPhone() }, user), 40301);
    expectCode(await t.call(TEST, { phone: nextPhone() }), 40101);
    expectCode(await t.call(TEST, { phone: '12345' }, admin), 40001, /请输入正确的手机号/);
    expectCode(await t.call(TEST, {}, admin), 40001, /请输入手机号/);
  });
});
