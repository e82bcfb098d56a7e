import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const P = '/api/system/property';
const NOT_ADMIN = '需要管理员权限';

describe('system properties', () => {
  let t: TestApp;
  let admin: string;
  let normal: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('prop_admin');
    normal = await t.signUp('prop_user');
  });
  afterAll(() => t.close());

  const propertyRow = async (code: string) => (await t.rows(sql`select * from system_properties where code = ${code}`))[0];
  const allValues = () => t.rows(sql`select code, current_value, default_value, name, description from system_properties order by code`);

  it('answers the UI settings to anyone: only system.ui.* entries, code and values', async () => {
    const entries = expectOk(await t.call(`${P}/list/ui`));
    expect(Array.isArray(entries)).toBe(true);
    expect(entries.length).toBeGreaterThan(2);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['code', 'current_value', 'default_value']);
      expect(entry.code.startsWith('system.ui.')).toBe(true);
    }
    expect(entries.find((e: any) => e.code === 'system.ui.name')).toEqual({ code: 'system.ui.name', current_value: null, default_value: '大模型智能体平台' });
    expect(entries.some((e: any) => e.code === 'system.sms.enabled')).toBe(false);
  });

  it('lists properties for administrators only, by page and keyword', async () => {
    expectCode(await t.call(`${P}/list`, {}), 40101, '请先登录');
    expectCode(await t.call(`${P}/list`, {}, normal), 40301, NOT_ADMIN);
    const total = await t.count('system_properties');
    const page = expectOk(await t.call(`${P}/list`, { page: 1, page_size: 5 }, admin));
    expect(page.total).toBe(total);
    expect(page.list).toHaveLength(5);
    expect(Object.keys(page.list[0]).sort()).toEqual(['code', 'created_at', 'current_value', 'default_value', 'description', 'id', 'name', 'updated_at', 'updated_by']);
    const sms = expectOk(await t.call(`${P}/list`, { keyword: 'SMS.ENABLED' }, admin));
    expect(sms.list.map((p: any) => p.code)).toEqual(['system.sms.enabled']);
    expect(expectOk(await t.call(`${P}/list`, { keyword: "%' OR 1=1 --" }, admin))).toEqual({ total: 0, list: [] });
  });

  it('creates a property, stores script and SQL fragments verbatim, and refuses a duplicate code with 40901', async () => {
    const body = {
      code: 'system.ui.banner',
      name: '横幅',
      current_value: '<script>alert(1)</script>',
      default_value: "'; DROP TABLE system_properties; --",
      description: "' OR 1=1 --",
      id: randomUUID(),
      created_at: '2000-01-01T00:00:00.000Z',
    };
    const created = expectOk(await t.call(`${P}/create`, body, admin));
    expect(created).toMatchObject({ code: 'system.ui.banner', name: '横幅', current_value: body.current_value, default_value: body.default_value, description: body.description });
    expect(created.id).not.toBe(body.id);
    expect(new Date(created.created_at).getFullYear()).toBeGreaterThan(2000);
    expect(await propertyRow('system.ui.banner')).toMatchObject({ current_value: body.current_value, default_value: body.default_value });
    const ui = expectOk(await t.call(`${P}/list/ui`));
    expect(ui.find((e: any) => e.code === 'system.ui.banner')).toEqual({ code: 'system.ui.banner', current_value: body.current_value, default_value: body.default_value });

    const before = await allValues();
    expectCode(await t.call(`${P}/create`, { code: 'system.ui.banner', current_value: 'other' }, admin), 40901, '属性编码 system.ui.banner 已存在');
    expect(await allValues()).toEqual(before);
  });

  it('refuses bad create input with 40001 naming the field', async () => {
    const count = await t.count('system_properties');
    const cases: Array<[unknown, string]> = [
      [{}, '参数 code 不合法：请输入属性编码'],
      [{ code: 'System.Bad' }, '参数 code 不合法：属性编码只能包含小写字母、数字和 _ . -'],
      [{ code: "x'; drop table users; --" }, '参数 code 不合法：属性编码只能包含小写字母、数字和 _ . -'],
      [{ code: `a${'b'.repeat(128)}` }, '参数 code 不合法：属性编码不能超过 128 个字符'],
      [{ code: 12 }, '参数 code 不合法：属性编码必须是文本'],
      [{ code: 'ok.code', name: 'n'.repeat(129) }, '参数 name 不合法：名称不能超过 128 个字符'],
      [{ code: 'ok.code', description: 'd'.repeat(501) }, '参数 description 不合法：描述不能超过 500 个字符'],
      [{ code: 'ok.code', current_value: 'v'.repeat(100_001) }, '参数 current_value 不合法：当前值过长'],
      [{ code: 'ok.code', current_value: 5 }, '参数 current_value 不合法：当前值必须是文本'],
      [{ code: 'ok.code', default_value: true }, '参数 default_value 不合法：默认值必须是文本'],
    ];
    for (const [body, msg] of cases) expectCode(await t.call(`${P}/create`, body, admin), 40001, msg);
    expect(await t.count('system_properties')).toBe(count);
  });

  it('updates by id, may clear a value with null, and answers 40401 for an unknown id', async () => {
    const created = expectOk(await t.call(`${P}/create`, { code: 'custom.limit', current_value: '10', default_value: '5' }, admin));
    const updated = expectOk(await t.call(`${P}/update`, { id: created.id, current_value: '20', code: 'custom.renamed' }, admin));
    expect(updated).toMatchObject({ code: 'custom.limit', current_value: '20', default_value: '5' });
    expect(expectOk(await t.call(`${P}/update`, { id: created.id, current_value: null }, admin))).toMatchObject({ current_value: null, default_value: '5' });
    expect(await propertyRow('custom.limit')).toMatchObject({ current_value: null, default_value: '5' });

    expectCode(await t.call(`${P}/update`, { id: randomUUID(), current_value: 'x' }, admin), 40401, '系统属性不存在');
    expectCode(await t.call(`${P}/update`, { id: 'nope', current_value: 'x' }, admin), 40001, '参数 id 不合法：属性 id格式不正确');
    expectCode(await t.call(`${P}/update`, { current_value: 'x' }, admin), 40001, '参数 id 不合法：缺少属性 id');
    expectCode(await t.call(`${P}/update`, { id: created.id, name: ['x'] }, admin), 40001, '参数 name 不合法：名称必须是文本');
    expectCode(await t.call(`${P}/update`, { id: created.id, current_value: 'hack' }, normal), 40301, NOT_ADMIN);
    expect(await propertyRow('custom.limit')).toMatchObject({ current_value: null });
  });

  it('deletes by id once; the second time answers 40401', async () => {
    const created = expectOk(await t.call(`${P}/create`, { code: 'custom.temp' }, admin));
    expectCode(await t.call(`${P}/delete`, { id: created.id }, normal), 40301, NOT_ADMIN);
    expect(await propertyRow('custom.temp')).toBeDefined();
    expect(expectOk(await t.call(`${P}/delete`, { id: created.id }, admin))).toBeNull();
    expect(await propertyRow('custom.temp')).toBeUndefined();
    expectCode(await t.call(`${P}/delete`, { id: created.id }, admin), 40401, '系统属性不存在');
    expectCode(await t.call(`${P}/delete`, { id: 7 }, admin), 40001, '参数 id 不合法：属性 id必须是文本');
  });

  it('updates a batch all or nothing', async () => {
    const items = [
      { code: 'system.ui.name', current_value: '我的平台' },
      { code: 'system.user.register.review', current_value: 'true' },
    ];
    const before = await allValues();
    expectCode(await t.call(`${P}/update/batch`, { items: [...items, { code: 'no.such.code', current_value: 'x' }] }, admin), 40401, '系统属性不存在：no.such.code');
    expectCode(await t.call(`${P}/update/batch`, { items }, normal), 40301, NOT_ADMIN);
    expectCode(await t.call(`${P}/update/batch`, { items: [...items, { code: 'Bad Code' }] }, admin), 40001, /^参数 items\.2\.code 不合法：/);
    expect(await allValues()).toEqual(before);

    expect(expectOk(await t.call(`${P}/update/batch`, { items }, admin))).toBeNull();
    expect(await propertyRow('system.ui.name')).toMatchObject({ current_value: '我的平台' });
    expect(await propertyRow('system.user.register.review')).toMatchObject({ current_value: 'true' });
    expectOk(await t.call(`${P}/update/batch`, { items: [{ code: 'system.ui.name' }] }, admin));
    expect(await propertyRow('system.ui.name')).toMatchObject({ current_value: null, default_value: '大模型智能体平台' });
  });

  it('says who changed a property last', async () => {
    const created = expectOk(await t.call(`${P}/create`, { code: 'custom.owner', current_value: 'a' }, admin));
    expect(created.updated_by).toBe('prop_admin');
    await t.setProperty(admin, 'system.user.register.review', 'false');
    const review = expectOk(await t.call(`${P}/list`, { keyword: 'register.review' }, admin)).list[0];
    expect(review).toMatchObject({ code: 'system.user.register.review', current_value: 'false', updated_by: 'prop_admin' });
    const untouched = expectOk(await t.call(`${P}/list`, { keyword: 'system.sms.enabled' }, admin)).list[0];
    expect(untouched.updated_by).toBeNull();
  });

  it('checks the values of known properties by their type, all or nothing', async () => {
    const before = await allValues();
    const batch = (code: string, value: string) =>
      t.call(
        `${P}/update/batch`,
        {
          items: [
            { code: 'system.ui.name', current_value: '不应保存' },
            { code, current_value: value },
          ],
        },
        admin,
      );
    expectCode(await batch('system.sms.enabled', 'yes'), 40001, '短信验证码（system.sms.enabled）只能是 true 或 false');
    expectCode(await batch('system.audit.retention_days', '1.5'), 40001, '审计日志保留天数（system.audit.retention_days）必须是整数');
    expectCode(await batch('system.ui.logo', 'https://evil.example/logo.png'), 40001, 'Logo 必须是 PNG、JPEG 或 SVG 图片');
    const review = (await propertyRow('system.user.register.review')) as { id: string };
    expectCode(await t.call(`${P}/update`, { id: review.id, current_value: 'TRUE' }, admin), 40001, '注册审核（system.user.register.review）只能是 true 或 false');
    expectOk(await t.call(`${P}/create`, { code: 'custom.free', current_value: 'anything { goes' }, admin));
    await t.rows(sql`delete from system_properties where code = 'custom.free'`);
    expect(await allValues()).toEqual(before);
  });

  it('stores an uploaded SVG logo sanitised, and serves it to anyone from list/ui', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><image href="https://evil.example/t.png"/><circle r="8"/></svg>';
    const logo = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    expectOk(await t.call(`${P}/update/batch`, { items: [{ code: 'system.ui.logo', current_value: logo }] }, admin));
    const served = expectOk(await t.call(`${P}/list/ui`)).find((entry: any) => entry.code === 'system.ui.logo');
    const stored = Buffer.from(String(served.current_value).split(',')[1]!, 'base64').toString('utf8');
    expect(served.current_value.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(stored).toBe('<svg xmlns="http://www.w3.org/2000/svg"><image/><circle r="8"/></svg>');
    expectOk(await t.call(`${P}/update/batch`, { items: [{ code: 'system.ui.logo' }] }, admin));
  });

  it('refuses empty, oversized or mistyped batches with 40001', async () => {
    const before = await allValues();
    expectCode(await t.call(`${P}/update/batch`, { items: [] }, admin), 40001, '参数 items 不合法：至少修改一项');
    expectCode(await t.call(`${P}/update/batch`, {}, admin), 40001, '参数 items 不合法：items 必须是数组');
    expectCode(await t.call(`${P}/update/batch`, { items: 'system.ui.name' }, admin), 40001, '参数 items 不合法：items 必须是数组');
    const tooMany = Array.from({ length: 201 }, () => ({ code: 'system.ui.name', current_value: 'x' }));
    expectCode(await t.call(`${P}/update/batch`, { items: tooMany }, admin), 40001, '参数 items 不合法：一次最多修改 200 项');
    expect(await allValues()).toEqual(before);
  });
});
