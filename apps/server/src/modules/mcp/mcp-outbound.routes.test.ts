import type { McpService, ToolInfo, ToolUseResult } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolApi, type TinyServer } from '../../../test/fixtures/agent-chat.js';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { startOddServer, type OddServer } from './mcp-odd-server.js';
import { MCP_TEST_TOKEN, startMcpTestServer, type McpTestServer } from './mcp-test-server.js';

const AUTH = { Authorization: `Bearer ${MCP_TEST_TOKEN}` };
const REFUSED = /出于安全考虑，不允许访问本机、内网或链路本地地址（127\.0\.0\.1）。如确需访问，请管理员在服务器配置 OUTBOUND_ALLOWED_HOSTS 中加入该主机/;

/**
 * With nothing allowed by OUTBOUND_ALLOWED_HOSTS: an administrator's MCP services and tools reach the
 * private host they were configured with (as administrators' models do), checked at connect time like
 * anyone's everywhere else; everyone else's are refused with a message that says what lets them through.
 */
describe('outbound rules for MCP services and tools: administrators and everyone else', () => {
  let t: TestApp;
  let mcp: McpTestServer;
  let odd: OddServer;
  let api: TinyServer;
  let admin: string;
  let alice: string;
  const createService = async (token: string, url: string) =>
    expectOk(await t.call<McpService>('/api/service/create', { name: `服务${Math.random()}`.slice(0, 12), url, headers: AUTH }, token));
  const weatherTool = (name: string) => ({
    kind: 'llm',
    name,
    title: name,
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    config: { method: 'GET', url: `${api.origin}/weather` },
  });

  beforeAll(async () => {
    [t, mcp, odd, api] = await Promise.all([startTestApp({ OUTBOUND_ALLOWED_HOSTS: '', MCP_LIST_TIMEOUT_MS: '2000' }), startMcpTestServer(), startOddServer(), startToolApi()]);
    [admin, alice] = [await t.signUp('out_admin'), await t.signUp('out_alice')];
  });
  afterAll(async () => {
    await Promise.all([t.close(), mcp.stop(), odd.stop(), api.stop()]);
  });

  it("an administrator's service reaches its private host; a user's is refused, saying what allows it", async () => {
    const adminService = await createService(admin, `${mcp.origin}/mcp`);
    expect(expectOk(await t.call<{ functions: unknown[] }>('/api/service/get_mcp_functions_info', { id: adminService.id }, admin)).functions).toHaveLength(5);
    const aliceService = await createService(alice, `${mcp.origin}/mcp`);
    const refused = await t.call('/api/service/get_mcp_functions_info', { id: aliceService.id }, alice);
    expectCode(refused, 50201, REFUSED);
    expect(refused.body.msg).not.toContain('请由管理员创建');
    // The form's test button, before saving: the same rule.
    expect(expectOk(await t.call<{ functions: unknown[] }>('/api/service/get_mcp_functions_info_with_config', { url: `${mcp.origin}/mcp`, headers: AUTH }, admin)).functions).toHaveLength(5);
    expectCode(await t.call('/api/service/get_mcp_functions_info_with_config', { url: `${mcp.origin}/mcp`, headers: AUTH }, alice), 50201, REFUSED);
  });

  it("an administrator's service is trusted at its own host only: a redirect elsewhere is checked as anyone's", async () => {
    odd.redirects.set('same-host', `${mcp.origin}/mcp`);
    odd.redirects.set('other-host', `${mcp.origin.replace('127.0.0.1', 'localhost')}/mcp`);
    const sameHost = await createService(admin, `${odd.origin}/redirect/same-host`);
    expect(expectOk(await t.call<{ functions: unknown[] }>('/api/service/get_mcp_functions_info', { id: sameHost.id }, admin)).functions).toHaveLength(5);
    const otherHost = await createService(admin, `${odd.origin}/redirect/other-host`);
    expectCode(await t.call('/api/service/get_mcp_functions_info', { id: otherHost.id }, admin), 50201, /出于安全考虑.*（localhost）/);
  });

  it("an administrator's HTTP tool reaches its private host; a user's is refused", async () => {
    const adminTool = expectOk(await t.call<ToolInfo>('/api/tool/create', weatherTool('admin_weather'), admin));
    const answer = expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: adminTool.id, input: { city: '杭州' } }, admin));
    expect(answer.error).toBeUndefined();
    expect(answer.output).toContain('晴');
    const aliceTool = expectOk(await t.call<ToolInfo>('/api/tool/create', weatherTool('alice_weather'), alice));
    expect(expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: aliceTool.id, input: { city: '杭州' } }, alice)).error).toMatch(REFUSED);
    // Published, the administrator's tool runs for anyone at the host it names.
    expectOk(await t.call('/api/tool/update', { id: adminTool.id, is_public: true }, admin));
    expect(expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: adminTool.id, input: { city: '苏州' } }, alice)).output).toContain('苏州');
  });

  it('a host the model fills in is never trusted, even for an administrator', async () => {
    const tool = expectOk(
      await t.call<ToolInfo>(
        '/api/tool/create',
        {
          kind: 'llm',
          name: 'admin_any_host',
          title: 'any host',
          input_schema: { type: 'object', properties: { host: { type: 'string' } }, required: ['host'] },
          config: { method: 'GET', url: `http://{host}:${api.port}/weather` },
        },
        admin,
      ),
    );
    expect(expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: tool.id, input: { host: '127.0.0.1' } }, admin)).error).toMatch(REFUSED);
  });
});
