import type { McpService, Page } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const TOKEN = 'Bearer very-secret-token-123456';

/** Registering, changing, listing and deleting MCP services; secrets sealed at rest and masked in answers. */
describe('MCP services', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  const create = (body: Record<string, unknown>, token = alice) => t.call<McpService>('/api/service/create', body, token);
  const answers: string[] = [];
  const call = async <T>(url: string, body: unknown, token: string) => {
    const result = await t.call<T>(url, body, token);
    answers.push(JSON.stringify(result.body));
    return result;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('mcpadmin');
    alice = await t.signUp('mcpalice');
    bob = await t.signUp('mcpbob');
    for (const name of ['工具', '搜索', '其他']) expectOk(await t.call('/api/tag/tag_create', { tag_type: 'service', name }, admin));
  });
  afterAll(async () => {
    for (const answer of answers) expect(answer).not.toContain('very-secret-token');
    await t.close();
  });

  it('creates a service with sealed headers and shows them masked to its owner only', async () => {
    const made = expectOk(
      await call<McpService>('/api/service/create', { name: '天气', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: TOKEN }, tags: ['工具'], is_public: true }, alice),
    );
    expect(made).toMatchObject({ name: '天气', transport: 'streamable_http', status: 'unknown', function_count: null, can_edit: true, headers: { Authorization: 'Bear****3456' } });
    const [row] = await t.rows<{ headers_sealed: string }>(sql`select headers_sealed from mcp_services where id = ${made.id}`);
    expect(row?.headers_sealed).not.toContain('secret');
    const seenByBob = expectOk(await call<McpService>('/api/service/query_service_by_id', { id: made.id }, bob));
    expect(seenByBob).toMatchObject({ can_edit: false, headers: {} });
  });

  it('keeps a masked header on update, replaces a new one, and refuses a masked value it does not know', async () => {
    const made = expectOk(await create({ name: '保持', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: TOKEN } }));
    const kept = expectOk(await call<McpService>('/api/service/update', { id: made.id, headers: made.headers, description: '新描述' }, alice));
    expect(kept).toMatchObject({ description: '新描述', headers: { Authorization: 'Bear****3456' } });
    expectCode(await call('/api/service/update', { id: made.id, headers: { Authorization: 'abcd****wxyz' } }, alice), 40001, /脱敏/);
    const replaced = expectOk(await call<McpService>('/api/service/update', { id: made.id, headers: { 'X-Key': 'another-key-999999' } }, alice));
    expect(replaced.headers).toEqual({ 'X-Key': 'anot****9999' });
  });

  it("hides another user's private service and refuses to change or delete it", async () => {
    const made = expectOk(await create({ name: '私有服务', url: 'http://127.0.0.1:1/mcp' }));
    expectCode(await call('/api/service/query_service_by_id', { id: made.id }, bob), 40401, '服务不存在');
    expectCode(await call('/api/service/update', { id: made.id, name: '改名' }, bob), 40401);
    expectCode(await call('/api/service/delete_service_by_id', { id: made.id }, bob), 40401);
    expectCode(await call('/api/service/get_mcp_functions_info', { id: made.id }, bob), 40401);
    const list = expectOk(await call<Page<McpService>>('/api/service/query_service_list', { keyword: '私有服务' }, bob));
    expect(list.total).toBe(0);
    const publicOne = expectOk(await create({ name: '公开但不可改', url: 'http://127.0.0.1:1/mcp', is_public: true }));
    expectCode(await call('/api/service/update', { id: publicOne.id, name: '改名' }, bob), 40301);
    expectOk(await call('/api/service/delete_service_by_id', { id: made.id }, alice));
    expectCode(await call('/api/service/query_service_by_id', { id: made.id }, alice), 40401);
  });

  it('lists usable, mine and public services with keyword and tag filters, paged', async () => {
    expectOk(await create({ name: '列表甲', url: 'http://127.0.0.1:1/mcp', tags: ['搜索'] }, bob));
    expectOk(await create({ name: '列表乙', url: 'http://127.0.0.1:1/mcp', tags: ['搜索'], is_public: true }, bob));
    const mine = expectOk(await call<Page<McpService>>('/api/service/query_my_services', { keyword: '列表' }, bob));
    expect(mine.list.map((s) => s.name).sort()).toEqual(['列表乙', '列表甲']);
    const aliceSees = expectOk(await call<Page<McpService>>('/api/service/query_service_list', { keyword: '列表', tag: '搜索' }, alice));
    expect(aliceSees.list.map((s) => s.name)).toEqual(['列表乙']);
    const publicOnes = expectOk(await call<Page<McpService>>('/api/service/query_public_service', { page: 1, page_size: 1 }, bob));
    expect(publicOnes.list).toHaveLength(1);
    expect(publicOnes.total).toBeGreaterThanOrEqual(2);
    const adminSees = expectOk(await call<Page<McpService>>('/api/service/query_service_list', { keyword: '列表' }, admin));
    expect(adminSees.total).toBe(2);
  });

  it("accepts only the tag manager's service tags, stored as it spells them", async () => {
    expectCode(await create({ name: '乱写标签', url: 'http://127.0.0.1:1/mcp', tags: ['搜索', '随手写的'] }), 40001, '没有名为「随手写的」的服务标签，请先在标签管理中添加');
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'tool', name: '工具类' }, admin));
    expectCode(await create({ name: '别的类型', url: 'http://127.0.0.1:1/mcp', tags: ['工具类'] }), 40001, /没有名为「工具类」的服务标签/);
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'service', name: 'Search' }, admin));
    const made = expectOk(await create({ name: '大小写', url: 'http://127.0.0.1:1/mcp', tags: ['search', '工具'] }));
    expect(made.tags).toEqual(['Search', '工具']);
    expectCode(await call('/api/service/update', { id: made.id, tags: ['工具', '也不存在'] }, alice), 40001, /「也不存在」/);
    expect(expectOk(await call<McpService>('/api/service/update', { id: made.id, tags: ['其他'] }, alice)).tags).toEqual(['其他']);
  });

  it('filters by a parent tag and follows tag renames and deletions', async () => {
    const parent = expectOk(await call<{ id: string }>('/api/tag/tag_create', { tag_type: 'service', name: '数据' }, admin));
    const child = expectOk(await call<{ id: string }>('/api/tag/tag_create', { tag_type: 'service', name: '行情', parent_id: parent.id }, admin));
    const made = expectOk(await create({ name: '股票服务', url: 'http://127.0.0.1:1/mcp', tags: ['行情', '其他'] }));
    const byParent = expectOk(await call<Page<McpService>>('/api/service/query_my_services', { tag: '数据' }, alice));
    expect(byParent.list.map((s) => s.id)).toEqual([made.id]);
    expectOk(await call('/api/tag/tag_update', { id: child.id, name: '股价' }, admin));
    expect(expectOk(await call<McpService>('/api/service/query_service_by_id', { id: made.id }, alice)).tags.sort()).toEqual(['其他', '股价']);
    expectOk(await call('/api/tag/tag_delete', { id: child.id }, admin));
    expect(expectOk(await call<McpService>('/api/service/query_service_by_id', { id: made.id }, alice)).tags).toEqual(['其他']);
  });

  it('refuses stdio services unless an administrator enabled the command', async () => {
    const stdio = { name: '本地', transport: 'stdio', command: 'npx', args: ['-y', 'some-mcp-server'] };
    expectCode(await create(stdio, admin), 40001, /MCP_STDIO_COMMANDS/);
    expectCode(await call('/api/service/get_mcp_functions_info_with_config', stdio, admin), 40001, /MCP_STDIO_COMMANDS/);
    const made = expectOk(await create({ name: '改成本地', url: 'http://127.0.0.1:1/mcp' }));
    expectCode(await call('/api/service/update', { id: made.id, transport: 'stdio', command: 'sh' }, alice), 40001, /MCP_STDIO_COMMANDS/);
  });

  it.each([
    [{ url: 'http://127.0.0.1:1/mcp' }, /请输入服务名称/],
    [{ name: '无地址' }, /请输入服务地址/],
    [{ name: '坏地址', url: 'ftp://example.com' }, /http:\/\/ 或 https:\/\//],
    [{ name: '坏传输', url: 'http://127.0.0.1:1/mcp', transport: 'websocket' }, /传输方式/],
    [{ name: '坏头', url: 'http://127.0.0.1:1/mcp', headers: { 'bad header': 'x' } }, /请求头名称/],
    [{ name: '无命令', transport: 'stdio' }, /请输入命令/],
  ])('refuses bad input %j', async (body, message) => {
    expectCode(await create(body), 40001, message);
  });

  it('refuses a bad id and an unknown one', async () => {
    expectCode(await call('/api/service/query_service_by_id', { id: 'nope' }, alice), 40001, /服务 id格式不正确/);
    expectCode(await call('/api/service/query_service_by_id', { id: '00000000-0000-4000-8000-000000000000' }, alice), 40401);
    expectCode(await t.call('/api/service/query_service_list', {}), 40101);
  });
});

/** With the allow-list an administrator may register a stdio service; a user still may not. */
describe('MCP stdio allow-list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MCP_STDIO_COMMANDS: 'npx,uvx' });
  });
  afterAll(() => t.close());

  it('accepts allowed commands for administrators only', async () => {
    const admin = await t.signUp('stdioadmin');
    const user = await t.signUp('stdiouser');
    const body = { name: '本地', transport: 'stdio', command: 'uvx', args: ['mcp-server-time'], env: { API_KEY: 'stdio-secret-value-1' } };
    const made = expectOk(await t.call<McpService>('/api/service/create', body, admin));
    expect(made).toMatchObject({ transport: 'stdio', url: '', command: 'uvx', env: { API_KEY: 'stdi****ue-1' } });
    expectCode(await t.call('/api/service/create', body, user), 40301, /只有管理员/);
    expectCode(await t.call('/api/service/create', { ...body, command: 'bash' }, admin), 40001, /不在允许的列表中/);
  });
});
