import { readFileSync } from 'node:fs';
import type { McpFunctionsInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { startOddServer, type OddServer } from './mcp-odd-server.js';
import { MCP_TEST_TOKEN, startMcpTestServer, type McpTestServer } from './mcp-test-server.js';

const AUTH = { Authorization: `Bearer ${MCP_TEST_TOKEN}` };
/** What no message may show: the SDK's zod dumps, its error class texts, a stack. */
const RAW = /invalid_type|"code"|ZodError|Streamable HTTP error|SSE error|protocol version is not supported|at .*\.js:\d+/;

/** Every way connecting to an MCP service fails, each as one short Chinese reason; redirects followed only where the outbound rules allow. */
describe('MCP failures as Chinese reasons, and redirects', () => {
  let t: TestApp;
  let odd: OddServer;
  let mcp: McpTestServer;
  let alice: string;
  const test = async (url: string, transport = 'streamable_http', headers: Record<string, string> = {}) => {
    const result = await t.call('/api/service/get_mcp_functions_info_with_config', { name: '被测服务', transport, url, headers }, alice);
    expect(result.body.msg).not.toMatch(RAW);
    return result;
  };

  beforeAll(async () => {
    [t, odd, mcp] = await Promise.all([startTestApp({ MCP_LIST_TIMEOUT_MS: '1000' }), startOddServer(), startMcpTestServer()]);
    await t.signUp('fail_admin');
    alice = await t.signUp('fail_alice');
  });
  afterAll(async () => {
    await Promise.all([t.close(), odd.stop(), mcp.stop()]);
  });

  it.each([
    ['a web page', '/html', /^MCP 服务「被测服务」无法连接：该地址不是 MCP 服务，或不支持所选的传输方式/],
    ['JSON that is not JSON-RPC', '/json', /^MCP 服务「被测服务」无法连接：该地址不是 MCP 服务/],
    ['JSON-RPC with an answer that is not MCP', '/wrong-result', /^MCP 服务「被测服务」无法连接：该地址不是 MCP 服务/],
    ['a missing page', '/missing', /^MCP 服务「被测服务」无法连接：该地址不是 MCP 服务.*（HTTP 404）$/],
  ])('not an MCP service: %s', async (_label, path, reason) => {
    expectCode(await test(`${odd.origin}${path}`), 50201, reason);
  });

  it('the legacy SSE transport at an address that is no SSE stream: not an MCP service', async () => {
    expectCode(await test(`${odd.origin}/html`, 'sse'), 50201, /该地址不是 MCP 服务/);
    expectCode(await test(`${odd.origin}/missing`, 'sse'), 50201, /该地址不是 MCP 服务.*HTTP 404/);
  });

  it('a protocol version we do not speak', async () => {
    expectCode(await test(`${odd.origin}/old-version`), 50201, 'MCP 服务「被测服务」无法连接：MCP 协议版本不兼容：服务使用的版本（1999-01-01）本平台不支持');
  });

  it('unauthorised, on both transports', async () => {
    expectCode(await test(`${odd.origin}/locked`), 50201, 'MCP 服务「被测服务」无法连接：服务拒绝访问（HTTP 401），请检查认证请求头');
    expectCode(await test(`${mcp.origin}/sse`, 'sse'), 50201, /服务拒绝访问（HTTP 401），请检查认证请求头/);
  });

  it('timed out', async () => {
    const started = Date.now();
    expectCode(await test(`${odd.origin}/hang`), 50201, 'MCP 服务「被测服务」响应超时（1 秒）');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refused by the outbound rules', async () => {
    expectCode(await test('http://169.254.169.254/mcp'), 50201, /^MCP 服务「被测服务」无法连接：出于安全考虑.*OUTBOUND_ALLOWED_HOSTS/);
  });

  it('follows a redirect the outbound rules allow, keeping the headers on the same host', async () => {
    odd.redirects.set('ok', `${mcp.origin}/mcp`);
    const info = expectOk(await test(`${odd.origin}/redirect/ok`, 'streamable_http', AUTH)) as McpFunctionsInfo;
    expect(info.functions.map((fn) => fn.name).sort()).toEqual(['add', 'echo', 'fail', 'huge', 'slow']);
  });

  it('follows a redirect from http to https', async () => {
    const tls = {
      key: readFileSync(new URL('../../../test/fixtures/tls/key.pem', import.meta.url), 'utf8'),
      cert: readFileSync(new URL('../../../test/fixtures/tls/cert.pem', import.meta.url), 'utf8'),
    };
    const secure = await startMcpTestServer({ tls });
    // The test certificate is self-signed: this test process accepts it (only this file's worker).
    const verify = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      expect(secure.origin).toMatch(/^https:/);
      odd.redirects.set('https', `${secure.origin}/mcp`);
      const info = expectOk(await test(`${odd.origin}/redirect/https`, 'streamable_http', AUTH)) as McpFunctionsInfo;
      expect(info.functions).toHaveLength(5);
    } finally {
      if (verify === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = verify;
      await secure.stop();
    }
  });

  it('refuses a redirect to a private address, and endless redirects', async () => {
    const before = mcp.calls.length;
    // `localhost` is loopback and not in OUTBOUND_ALLOWED_HOSTS (only 127.0.0.1 is, in tests).
    odd.redirects.set('private', `${mcp.origin.replace('127.0.0.1', 'localhost')}/mcp`);
    expectCode(await test(`${odd.origin}/redirect/private`, 'streamable_http', AUTH), 50201, /无法连接：出于安全考虑，不允许访问本机、内网或链路本地地址（localhost）/);
    odd.redirects.set('metadata', 'http://169.254.169.254/latest/meta-data/');
    expectCode(await test(`${odd.origin}/redirect/metadata`), 50201, /无法连接：出于安全考虑.*（169\.254\.169\.254）/);
    odd.redirects.set('loop', `${odd.origin}/redirect/loop`);
    expectCode(await test(`${odd.origin}/redirect/loop`), 50201, 'MCP 服务「被测服务」无法连接：重定向次数过多');
    expect(mcp.calls.length).toBe(before);
  });
});
