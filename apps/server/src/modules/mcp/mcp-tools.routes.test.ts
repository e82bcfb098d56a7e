import type { McpService } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import type { Viewer } from '../../core/index.js';
import { runTool, type Tool } from '../../runtime/tools/index.js';
import type { McpCatalog } from './index.js';
import { MCP_TEST_TOKEN, startMcpTestServer, type McpTestServer } from './mcp-test-server.js';

/** An agent's view: a service's functions as `Tool`s, run with `runTool` against a real MCP server. */
describe('MCP functions as agent tools', () => {
  let t: TestApp;
  let mcp: McpTestServer;
  let catalog: McpCatalog;
  let alice: Viewer;
  let bob: Viewer;
  let serviceId: string;
  const run = (tool: Tool, input: unknown, viewer = alice, timeoutMs?: number) => runTool(tool, input, { viewer, signal: new AbortController().signal, timeoutMs });
  const byFunction = (tools: Tool[], fn: string) => tools.find((tool) => tool.name.endsWith(`_${fn}`))!;

  beforeAll(async () => {
    mcp = await startMcpTestServer();
    t = await startTestApp({ MCP_MAX_OUTPUT_CHARS: '1000', MCP_LIST_TIMEOUT_MS: '2000' }, (_app, services) => {
      catalog = services.mcp;
    });
    const aliceToken = await t.signUp('toolalice');
    await t.signUp('toolbob');
    const ids = await t.rows<{ id: string; user_name: string }>(sql`select id, user_name from users where user_name in ('toolalice', 'toolbob')`);
    alice = { id: ids.find((row) => row.user_name === 'toolalice')!.id, role: 'user' };
    bob = { id: ids.find((row) => row.user_name === 'toolbob')!.id, role: 'user' };
    const service = expectOk(
      await t.call<McpService>('/api/service/create', { name: '计算器', url: `${mcp.origin}/mcp`, headers: { Authorization: `Bearer ${MCP_TEST_TOKEN}` } }, aliceToken),
    );
    serviceId = service.id;
  });
  afterAll(async () => {
    await Promise.all([t.close(), mcp.stop()]);
  });

  it('adapts every function, with prefixed names and the JSON schemas of the service', async () => {
    const tools = await catalog.toolsOf(alice, serviceId);
    const prefix = `mcp_${serviceId.replace(/-/g, '').slice(0, 8)}_`;
    expect(tools.map((tool) => tool.name).sort()).toEqual(['add', 'echo', 'fail', 'huge', 'slow'].map((fn) => prefix + fn));
    expect(byFunction(tools, 'echo')).toMatchObject({ title: '计算器 / 回声', inputSchema: { required: ['text'] } });
    expect(await catalog.toolsOf(alice, serviceId, ['add'])).toHaveLength(1);
    await expect(catalog.toolsOf(alice, serviceId, ['add', 'nope'])).rejects.toThrow(/没有这些函数：nope/);
  });

  it('calls functions and joins their text output', async () => {
    const tools = await catalog.toolsOf(alice, serviceId);
    expect(await run(byFunction(tools, 'add'), { a: 2, b: 3 })).toMatchObject({ output: '5\ndone' });
    expect((await run(byFunction(tools, 'echo'), { text: '你好' })).output).toBe('echo: 你好');
  });

  it('turns an isError result into a failure with the text', async () => {
    const outcome = await run(byFunction(await catalog.toolsOf(alice, serviceId), 'fail'), {});
    expect(outcome.error).toBe('MCP 服务「计算器」的函数 fail 返回错误：the database is on fire');
  });

  it('refuses invalid input before anything is sent', async () => {
    const before = mcp.calls.length;
    const outcome = await run(byFunction(await catalog.toolsOf(alice, serviceId), 'add'), { a: 'two' });
    expect(outcome.error).toMatch(/^工具「计算器 \/ add」的输入不正确：/);
    expect(outcome.error).toContain('缺少必填字段 b');
    expect(outcome.error).toContain('a 应为 number 类型');
    expect(mcp.calls.length).toBe(before);
  });

  it('trims a huge result to the size bound', async () => {
    const outcome = await run(byFunction(await catalog.toolsOf(alice, serviceId), 'huge'), {});
    expect(outcome.error).toBeUndefined();
    expect(outcome.output.length).toBeLessThan(1100);
    expect(outcome.output).toMatch(/结果过长，已截断，共 200000 个字符/);
  });

  it('stops a slow function at the per-call timeout', async () => {
    const [slow] = await catalog.toolsOf(alice, serviceId, ['slow'], { callTimeoutMs: 400 });
    const outcome = await run(slow!, { ms: 5000 });
    expect(outcome.error).toBe('MCP 服务「计算器」响应超时（0.4 秒）');
    expect(outcome.durationMs).toBeLessThan(2000);
    const byEngine = await run(slow!, { ms: 5000 }, alice, 300);
    expect(byEngine.error).toMatch(/执行超时（0.3 秒）/);
  });

  it('fails clearly while the service is down and reconnects when it is back', async () => {
    const add = byFunction(await catalog.toolsOf(alice, serviceId), 'add');
    await mcp.stop();
    try {
      const outcome = await run(add, { a: 1, b: 1 });
      expect(outcome.error).toMatch(/^MCP 服务「计算器」无法连接：连接被拒绝/);
      await expect(catalog.toolsOf(alice, serviceId)).rejects.toThrow(/MCP 服务「计算器」无法连接/);
    } finally {
      await mcp.start();
    }
    expect((await run(add, { a: 1, b: 1 })).output).toBe('2\ndone');
  });

  it("does not give another user's private service", async () => {
    await expect(catalog.toolsOf(bob, serviceId)).rejects.toThrow('服务不存在');
  });
});
