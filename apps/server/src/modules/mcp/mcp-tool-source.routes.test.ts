import type { McpService, Page, ToolInfo, ToolUseResult } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { MCP_TEST_TOKEN, startMcpTestServer, type McpTestServer } from './mcp-test-server.js';

const GONE = /^工具「.+」使用的 MCP 服务已被删除或你无权使用/;

/** `kind: service`: an MCP function stored as a tool, listed and run like any other, against a real MCP server. */
describe('MCP functions as stored tools (kind service)', () => {
  let t: TestApp;
  let mcp: McpTestServer;
  let alice: string;
  let bob: string;
  let serviceId: string;
  const service = async (name: string, token = alice) =>
    expectOk(await t.call<McpService>('/api/service/create', { name, url: `${mcp.origin}/mcp`, headers: { Authorization: `Bearer ${MCP_TEST_TOKEN}` } }, token));
  const create = (body: Record<string, unknown>, token = alice) => t.call<ToolInfo>('/api/tool/create', { kind: 'service', ...body }, token);
  const use = async (id: string, input: Record<string, unknown>, token = alice) => expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id, input }, token));

  beforeAll(async () => {
    mcp = await startMcpTestServer();
    t = await startTestApp({ MCP_LIST_TIMEOUT_MS: '2000' });
    await t.signUp('svctool_admin');
    alice = await t.signUp('svctool_alice');
    bob = await t.signUp('svctool_bob');
    serviceId = (await service('计算器')).id;
  });
  afterAll(async () => {
    await Promise.all([t?.close(), mcp?.stop()]);
  });

  it('stores a function with its input schema, lists it by kind and runs it through tool_use', async () => {
    const tool = expectOk(await create({ name: 'calc_add', title: '加法', config: { service_id: serviceId, function: 'add' }, is_public: true }));
    expect(tool).toMatchObject({ kind: 'service', config: { service_id: serviceId, function: 'add' }, input_schema: { type: 'object', required: ['a', 'b'] } });
    const listed = expectOk(await t.call<Page<ToolInfo>>('/api/tool/query_tool_list', { kind: 'service' }, alice));
    expect(listed.list.map((one) => one.name)).toEqual(['calc_add']);

    const answer = await use(tool.id, { a: 2, b: 3 });
    expect(answer).toMatchObject({ output: '5\ndone' });
    expect(answer.error).toBeUndefined();
    const before = mcp.calls.length;
    expect((await use(tool.id, { a: 'two' })).error).toMatch(/^工具「加法」的输入不正确：.*缺少必填字段 b/);
    expect(mcp.calls.length).toBe(before);
    // Public tool, private service: Bob runs it as himself and is told why it cannot run.
    expect((await use(tool.id, { a: 1, b: 1 }, bob)).error).toMatch(GONE);
  });

  it('refuses another user’s private service (40401), a function the service lacks and a bad config (40001)', async () => {
    expectCode(await create({ name: 'steal', config: { service_id: serviceId, function: 'add' } }, bob), 40401, '服务不存在');
    expectCode(await create({ name: 'nope', config: { service_id: serviceId, function: 'nope' } }), 40001, 'MCP 服务「计算器」没有这些函数：nope');
    expectCode(await create({ name: 'bad1', config: { service_id: 'x', function: 'add' } }), 40001, /服务 id格式不正确/);
    expectCode(await create({ name: 'bad2', config: { service_id: serviceId } }), 40001, /请输入函数名称/);
    const tool = expectOk(await create({ name: 'calc_echo', config: { service_id: serviceId, function: 'echo' } }));
    expectCode(await t.call('/api/tool/update', { id: tool.id, config: { service_id: serviceId, function: 'nope' } }, alice), 40001, /没有这些函数：nope/);
    const moved = expectOk(await t.call<ToolInfo>('/api/tool/update', { id: tool.id, config: { service_id: serviceId, function: 'slow' } }, alice));
    expect(moved).toMatchObject({ config: { function: 'slow' }, input_schema: { required: ['ms'] } });
  });

  it('answers a Chinese error, not a hang, while the service is down, and works again once it is back', async () => {
    const tool = expectOk(await create({ name: 'calc_echo2', config: { service_id: serviceId, function: 'echo' } }));
    await mcp.stop();
    try {
      const answer = await use(tool.id, { text: '在吗' });
      expect(answer.error).toMatch(/^MCP 服务「计算器」无法连接：连接被拒绝/);
      expect(answer.duration_ms).toBeLessThan(5000);
      expectCode(await create({ name: 'while_down', config: { service_id: serviceId, function: 'echo' } }), 50201, /MCP 服务「计算器」无法连接/);
    } finally {
      await mcp.start();
    }
    expect((await use(tool.id, { text: '在吗' })).output).toBe('echo: 在吗');
  });

  it('keeps the tools of a deleted service, which then say why they cannot run', async () => {
    const doomed = await service('临时服务');
    const tool = expectOk(await create({ name: 'doomed_echo', config: { service_id: doomed.id, function: 'echo' } }));
    expectOk(await t.call('/api/service/delete_service_by_id', { id: doomed.id }, alice));
    expect((await use(tool.id, { text: 'hi' })).error).toMatch(GONE);
    expectOk(await t.call('/api/tool/query_tool_by_id', { id: tool.id }, alice));
  });
});
