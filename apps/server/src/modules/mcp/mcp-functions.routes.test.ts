import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpFunctionsInfo, McpService } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { MCP_TEST_TOKEN, startMcpTestServer, type McpTestServer } from './mcp-test-server.js';

const AUTH = { Authorization: `Bearer ${MCP_TEST_TOKEN}` };
const REFUSED = /无法连接：出于安全考虑，不允许访问本机、内网或链路本地地址/;

/** Listing a service's functions against a real MCP server (Streamable HTTP and legacy SSE) on 127.0.0.1. */
describe('MCP function listing', () => {
  let t: TestApp;
  let mcp: McpTestServer;
  let hanging: Server;
  let hangingUrl: string;
  let alice: string;
  const answers: string[] = [];
  const call = async <T>(url: string, body: unknown, token = alice) => {
    const result = await t.call<T>(url, body, token);
    answers.push(JSON.stringify(result.body));
    return result;
  };
  const create = async (body: Record<string, unknown>) => expectOk(await call<McpService>('/api/service/create', body));
  const names = (info: McpFunctionsInfo) => info.functions.map((fn) => fn.name).sort();

  beforeAll(async () => {
    [t, mcp] = await Promise.all([startTestApp({ MCP_LIST_TIMEOUT_MS: '1500' }), startMcpTestServer()]);
    // Accepts connections and never answers: a hanging service.
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/mcp`;
    // Not the first user: an administrator's services may reach the private host they name.
    await t.signUp('fnadmin');
    alice = await t.signUp('fnalice');
  });
  afterAll(async () => {
    for (const answer of answers) expect(answer).not.toContain(MCP_TEST_TOKEN);
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
    await Promise.all([t.close(), mcp.stop()]);
  });

  it('lists a saved service and records its status and function count', async () => {
    const service = await create({ name: '测试服务', url: `${mcp.origin}/mcp`, headers: AUTH });
    const info = expectOk(await call<McpFunctionsInfo>('/api/service/get_mcp_functions_info', { id: service.id }));
    expect(names(info)).toEqual(['add', 'echo', 'fail', 'huge', 'slow']);
    expect(info.functions.find((fn) => fn.name === 'echo')).toMatchObject({
      title: '回声',
      description: 'Echo a text back',
      input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
    const saved = expectOk(await call<McpService>('/api/service/query_service_by_id', { id: service.id }));
    expect(saved).toMatchObject({ status: 'ok', status_message: '', function_count: 5, checked_at: expect.any(String) });
  });

  it('lists an unsaved config (the form test button), and a saved one being edited with its masked header', async () => {
    const fresh = expectOk(await call<McpFunctionsInfo>('/api/service/get_mcp_functions_info_with_config', { transport: 'streamable_http', url: `${mcp.origin}/mcp`, headers: AUTH }));
    expect(names(fresh)).toHaveLength(5);
    const service = await create({ name: '编辑中', url: `${mcp.origin}/mcp`, headers: AUTH });
    const edited = expectOk(await call<McpFunctionsInfo>('/api/service/get_mcp_functions_info_with_config', { id: service.id, url: `${mcp.origin}/mcp`, headers: service.headers }));
    expect(names(edited)).toHaveLength(5);
  });

  it('lists through the legacy SSE transport, saved and unsaved', async () => {
    const info = expectOk(await call<McpFunctionsInfo>('/api/service/get_sse_mcp_functions_info', { url: `${mcp.origin}/sse`, headers: AUTH }));
    expect(names(info)).toEqual(['add', 'echo', 'fail', 'huge', 'slow']);
    const service = await create({ name: 'SSE 服务', transport: 'sse', url: `${mcp.origin}/sse`, headers: AUTH });
    expect(names(expectOk(await call<McpFunctionsInfo>('/api/service/get_mcp_functions_info', { id: service.id })))).toHaveLength(5);
  });

  it('passes the auth header: without it the service refuses, and the error says so', async () => {
    const service = await create({ name: '缺认证', url: `${mcp.origin}/mcp` });
    expectCode(await call('/api/service/get_mcp_functions_info', { id: service.id }), 50201, 'MCP 服务「缺认证」无法连接：服务拒绝访问（HTTP 401），请检查认证请求头');
    const saved = expectOk(await call<McpService>('/api/service/query_service_by_id', { id: service.id }));
    expect(saved).toMatchObject({ status: 'error', status_message: expect.stringMatching(/HTTP 401/), function_count: null });
  });

  it('gives a clear error when the service is down, and reconnects when it is back', async () => {
    const service = await create({ name: '会停的服务', url: `${mcp.origin}/mcp`, headers: AUTH });
    expectOk(await call('/api/service/get_mcp_functions_info', { id: service.id }));
    await mcp.stop();
    try {
      const started = Date.now();
      expectCode(await call('/api/service/get_mcp_functions_info', { id: service.id }), 50201, /MCP 服务「会停的服务」无法连接：连接被拒绝/);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await mcp.start();
    }
    expect(names(expectOk(await call<McpFunctionsInfo>('/api/service/get_mcp_functions_info', { id: service.id })))).toHaveLength(5);
    expect(expectOk(await call<McpService>('/api/service/query_service_by_id', { id: service.id })).status).toBe('ok');
  });

  it('gives up on a hanging service within the list timeout', async () => {
    const service = await create({ name: '不回应', url: hangingUrl });
    const started = Date.now();
    expectCode(await call('/api/service/get_mcp_functions_info', { id: service.id }), 50201, 'MCP 服务「不回应」响应超时（1.5 秒）');
    expect(Date.now() - started).toBeLessThan(4000);
    const sse = Date.now();
    expectCode(await call('/api/service/get_sse_mcp_functions_info', { url: hangingUrl }), 50201, /响应超时/);
    expect(Date.now() - sse).toBeLessThan(4000);
  });

  it.each([
    ['a name resolving to loopback', () => `${mcp.origin.replace('127.0.0.1', 'localhost')}/mcp`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/mcp'],
    ['a private network address', () => 'http://10.0.0.1:8000/mcp'],
  ])('refuses %s without sending anything', async (_label, target) => {
    const before = mcp.calls.length;
    expectCode(await call('/api/service/get_mcp_functions_info_with_config', { url: target(), headers: AUTH }), 50201, REFUSED);
    expectCode(await call('/api/service/get_sse_mcp_functions_info', { url: target(), headers: AUTH }), 50201, REFUSED);
    const service = await create({ name: '内网', url: target(), headers: AUTH });
    expectCode(await call('/api/service/get_mcp_functions_info', { id: service.id }), 50201, REFUSED);
    expect(mcp.calls.length).toBe(before);
  });

  it('refuses bad input to the test calls', async () => {
    expectCode(await call('/api/service/get_mcp_functions_info_with_config', { transport: 'sse' }), 40001, /请输入服务地址/);
    expectCode(await call('/api/service/get_sse_mcp_functions_info', {}), 40001);
    expectCode(await call('/api/service/get_mcp_functions_info', {}), 40001, /缺少服务 id/);
  });
});
