import type { OpenApiPreview, Page, ToolInfo, ToolProviderInfo } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { openApiJson, openApiYaml, SECRETS, startApiServer, type ApiServer } from '../../../test/fixtures/tool-api.js';

const NOT_FOUND = '工具不存在';

describe('custom tools: create, import, list, change, delete', () => {
  let t: TestApp;
  let api: ApiServer;
  let admin: string;
  let alice: string;
  let bob: string;
  const create = async (token: string, body: Record<string, unknown>) => expectOk(await t.call<ToolInfo>('/api/tool/create', body, token));
  /** One operation imported as a tool set's only tool. */
  const importOne = async (token: string, document: string, operation: string) =>
    expectOk(await t.call<ToolProviderInfo>('/api/tool/provider/create', { document, operations: [operation] }, token)).tools[0]!;
  const echoTool = (name: string, extra: Record<string, unknown> = {}) => ({
    kind: 'llm',
    name,
    title: `回显 ${name}`,
    input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    config: { method: 'GET', url: `${api.url}/echo/{id}` },
    ...extra,
  });

  beforeAll(async () => {
    api = await startApiServer();
    t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 9).toString('base64') });
    [admin, alice, bob] = [await t.signUp('tool_admin'), await t.signUp('tool_alice'), await t.signUp('tool_bob')];
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'tool', name: '测试' }, admin));
  });
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it('creates an HTTP tool by hand with defaults, and answers it by id', async () => {
    const tool = await create(alice, echoTool('echo_one', { tags: ['测试'] }));
    expect(tool).toMatchObject({ name: 'echo_one', kind: 'llm', tags: ['测试'], is_public: false, editable: true, owner_name: '昵称tool_alice' });
    expect(tool.config).toMatchObject({ method: 'GET', headers: {}, params: {}, auth: { type: 'none' }, timeout_ms: 15000 });
    expect(expectOk(await t.call<ToolInfo>('/api/tool/query_tool_by_id', { id: tool.id }, alice))).toEqual(tool);
  });

  it('imports operations from an OpenAPI document, JSON and YAML, after a preview', async () => {
    const preview = expectOk(await t.call<OpenApiPreview>('/api/tool/parse_openapi', { document: openApiJson(api.url) }, alice));
    expect(preview).toMatchObject({ title: '宠物商店', servers: [api.url] });
    expect(preview.operations.map((op) => [op.key, op.name])).toEqual([
      ['getPet', 'getPet'],
      ['PUT /echo/pets/{petId}', 'PUT_echo_pets_petId'],
    ]);
    expect(preview.operations[0]!.input_schema).toEqual({
      type: 'object',
      properties: { petId: { type: 'integer' }, verbose: { type: 'boolean' }, 'x-trace': { type: 'string' } },
      required: ['petId'],
    });
    const put = await importOne(alice, openApiJson(api.url), 'PUT /echo/pets/{petId}');
    expect(put).toMatchObject({ name: 'PUT_echo_pets_petId', title: '修改宠物' });
    expect(put.input_schema).toMatchObject({ required: ['petId', 'name'], properties: { name: { type: 'string' } } });
    expect(put.config).toMatchObject({ method: 'PUT', url: `${api.url}/echo/pets/{petId}`, params: { petId: 'path', name: 'body', tag: 'body' } });
    const yaml = await importOne(alice, openApiYaml(api.url), 'search.items');
    expect(yaml).toMatchObject({ name: 'search_items', title: '搜索条目', config: { params: { body: 'body_whole' } } });
    const ran = expectOk(await t.call('/api/tool/tool_use', { id: yaml.id, input: { body: ['a', 'b'] } }, alice));
    expect(JSON.parse(ran.output)).toMatchObject({ method: 'POST', body: ['a', 'b'] });
  });

  it('refuses bad input: kind, names, schemas, URL templates, malformed OpenAPI, the data-asset placeholder', async () => {
    expectCode(await t.call('/api/tool/create', { ...echoTool('x'), kind: 'magic' }, alice), 40001, /工具类型只能是/);
    expectCode(await t.call('/api/tool/create', echoTool('has space'), alice), 40001, /工具名称只能包含字母、数字、下划线和短横线/);
    expectCode(await t.call('/api/tool/create', echoTool('a'.repeat(65)), alice), 40001, /最长 64 个字符/);
    expectCode(await t.call('/api/tool/create', echoTool('web_fetch'), alice), 40001, '工具名称「web_fetch」与内置工具重名，请换一个名称');
    expectCode(await t.call('/api/tool/create', { ...echoTool('no_name'), name: undefined }, alice), 40001, '请输入工具名称');
    expectCode(await t.call('/api/tool/create', echoTool('missing', { config: { method: 'GET', url: `${api.url}/x/{nope}` } }), alice), 40001, '接口地址中的 {nope} 在输入参数中没有定义');
    expectCode(await t.call('/api/tool/create', echoTool('badurl', { config: { method: 'GET', url: 'ftp://x/{id}' } }), alice), 40001, /接口地址必须以 http/);
    expectCode(await t.call('/api/tool/create', echoTool('badschema', { input_schema: { type: 'string' } }), alice), 40001, /不是有效的 JSON Schema/);
    expectCode(await t.call('/api/tool/create', echoTool('badschema2', { input_schema: { type: 'object', properties: 5 } }), alice), 40001, /不是有效的 JSON Schema/);
    expectCode(await t.call('/api/tool/create', echoTool('badauth', { config: { method: 'GET', url: `${api.url}/echo/{id}`, auth: { type: 'oauth' } } }), alice), 40001, /认证方式只能是/);
    expectCode(await t.call('/api/tool/create', { kind: 'llm/db', name: 'db1', config: {} }, alice), 40001, '参数 asset_id 不合法：缺少数据资产 id');
    expectCode(await t.call('/api/tool/create', { kind: 'service', name: 'svc', config: {} }, alice), 40001, '参数 service_id 不合法：缺少服务 id；参数 function 不合法：请输入函数名称');
    expectCode(await t.call('/api/tool/parse_openapi', { document: '{not json' }, alice), 40001, 'OpenAPI 文档不是有效的 JSON 或 YAML');
    expectCode(await t.call('/api/tool/parse_openapi', { document: 'swagger: "2.0"\npaths: {}' }, alice), 40001, /只支持 OpenAPI 3.x/);
    expectCode(await t.call('/api/tool/parse_openapi', { document: 'openapi: 3.0.0\npaths: {}' }, alice), 40001, /没有可导入的接口/);
    const noServer = openApiJson(api.url).replace(/"servers":\[[^\]]*\],/, '');
    expectCode(await t.call('/api/tool/provider/create', { document: noServer, operations: ['getPet'] }, alice), 40001, /请填写服务地址/);
    expectCode(await t.call('/api/tool/provider/create', { document: openApiJson(api.url), operations: ['nope'] }, alice), 40001, 'OpenAPI 文档中没有接口「nope」');
    await create(alice, echoTool('dup'));
    expectCode(await t.call('/api/tool/create', echoTool('DUP'), alice), 40901, '工具名称「DUP」已存在，请换一个名称');
  });

  it('seals secrets at rest and answers them only masked; a masked secret sent back keeps the stored one', async () => {
    const tool = await create(
      alice,
      echoTool('keyed', { config: { method: 'GET', url: `${api.url}/secure/bearer`, auth: { type: 'bearer', token: SECRETS.bearer } }, input_schema: { type: 'object', properties: {} } }),
    );
    expect(tool.config.auth).toEqual({ type: 'bearer', token: 'tok-****0003' });
    const [row] = await t.rows<{ secret_sealed: string; config: unknown }>(sql`select secret_sealed, config from tools where id = ${tool.id}`);
    expect(row!.secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SECRETS.bearer);
    const renamed = expectOk(await t.call<ToolInfo>('/api/tool/update', { id: tool.id, title: '改名', config: tool.config }, alice));
    expect(renamed.config.auth).toEqual({ type: 'bearer', token: 'tok-****0003' });
    expect(expectOk(await t.call('/api/tool/tool_use', { id: tool.id, input: {} }, alice)).output).toContain('"ok":true');
    expectCode(await t.call('/api/tool/update', { id: tool.id, config: { ...tool.config, auth: { type: 'bearer', token: 'ab****cd' } } }, alice), 40001, /请重新输入认证密钥/);
    const lists = [await t.call('/api/tool/query_my_tools', {}, alice), await t.call('/api/tool/query_tool_list', { page_size: 100 }, alice)];
    for (const answer of lists) expect(JSON.stringify(answer.body)).not.toContain(SECRETS.bearer);
  });

  it("keeps another user's private tool invisible and unchangeable (40401); a public one is usable but not editable", async () => {
    const mine = await create(alice, echoTool('private_one'));
    for (const url of ['/api/tool/query_tool_by_id', '/api/tool/delete_tool_by_id', '/api/tool/tool_use']) {
      expectCode(await t.call(url, { id: mine.id, input: { id: '1' } }, bob), 40401, NOT_FOUND);
    }
    expectCode(await t.call('/api/tool/update', { id: mine.id, title: '偷改' }, bob), 40401, NOT_FOUND);
    const shared = await create(alice, echoTool('public_one', { is_public: true }));
    const seen = expectOk(await t.call<ToolInfo>('/api/tool/query_tool_by_id', { id: shared.id }, bob));
    expect(seen.editable).toBe(false);
    expect(expectOk(await t.call('/api/tool/tool_use', { id: shared.id, input: { id: '7' } }, bob)).output).toContain('/echo/7');
    expectCode(await t.call('/api/tool/update', { id: shared.id, title: '偷改' }, bob), 40301, '只有创建者可以修改该工具');
    expectCode(await t.call('/api/tool/delete_tool_by_id', { id: shared.id }, bob), 40301, '只有创建者可以修改该工具');
    expect(expectOk(await t.call<ToolInfo>('/api/tool/update', { id: shared.id, title: '管理员改' }, admin)).title).toBe('管理员改');
    expectOk(await t.call('/api/tool/delete_tool_by_id', { id: mine.id }, alice));
    expectCode(await t.call('/api/tool/query_tool_by_id', { id: mine.id }, alice), 40401, NOT_FOUND);
  });

  it('lists what I may use with the built-ins first, filtered by kind, tag and keyword, paged', async () => {
    const tag = expectOk(await t.call<{ id: string }>('/api/tag/tag_create', { tag_type: 'tool', name: '天气' }, admin));
    await create(bob, echoTool('bob_tagged', { tags: ['天气'], is_public: true }));
    await create(bob, echoTool('bob_hidden'));
    const all = expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { page_size: 100 }, alice));
    expect(all.list.slice(0, 3).map((tool) => [tool.id, tool.kind])).toEqual([
      ['current_time', 'builtin'],
      ['calculator', 'builtin'],
      ['web_fetch', 'builtin'],
    ]);
    expect(all.list.map((tool) => tool.name)).toContain('bob_tagged');
    expect(all.list.map((tool) => tool.name)).not.toContain('bob_hidden');
    expect(all.total).toBe(all.list.length);
    const paged = expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { page: 2, page_size: 2 }, alice));
    expect(paged.list.map((tool) => tool.id)).toEqual(all.list.slice(2, 4).map((tool) => tool.id));
    const byTag = expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { tag: '天气' }, alice));
    expect(byTag.list.map((tool) => tool.name)).toEqual(['bob_tagged']);
    // The tag manager's rename and delete reach the tools' tags.
    expectOk(await t.call('/api/tag/tag_update', { id: tag.id, name: '气象' }, admin));
    expect(expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { tag: '气象' }, alice)).list.map((tool) => tool.name)).toEqual(['bob_tagged']);
    expectOk(await t.call('/api/tag/tag_delete', { id: tag.id }, admin));
    expect(expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { tag: '气象' }, alice)).total).toBe(0);
    expect(expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { kind: 'builtin' }, alice)).total).toBe(3);
    expect(expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { keyword: '计算' }, alice)).list.map((tool) => tool.id)).toEqual(['calculator']);
    const mine = expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_my_tools', { page_size: 100 }, bob));
    expect(mine.list.map((tool) => tool.name).sort()).toEqual(['bob_hidden', 'bob_tagged']);
    const publicOnes = expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_public_tools', { page_size: 100 }, bob));
    expect(publicOnes.list.length).toBeGreaterThan(0);
    expect(publicOnes.list.every((tool) => tool.is_public && tool.kind !== 'builtin')).toBe(true);
    expect(expectOk(await t.call('/api/tool/query_tool_by_id', { id: 'calculator' }, bob))).toMatchObject({ kind: 'builtin', editable: false });
    expect(expectOk(await t.call('/api/tool/tool_use', { id: 'calculator', input: { expression: '2+3' } }, bob))).toMatchObject({ output: '2+3 = 5' });
  });
});
