import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentInfo, McpService } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamOrEnvelope, textOf } from '../../../test/fixtures/agent-chat.js';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { waitFor } from '../../../test/wait-for.js';
import type { Viewer } from '../../core/index.js';
import { runTool } from '../../runtime/tools/index.js';
import type { McpCatalog } from './index.js';
import { MCP_TEST_TOKEN, startMcpTestServer, type McpTestServer } from './mcp-test-server.js';

const AUTH = { Authorization: `Bearer ${MCP_TEST_TOKEN}` };
const MODEL = 'turn-cost-model';

/**
 * What MCP services cost an agent turn: function lists come from a cache (a change, and the service
 * page's listing, replace it); a service that just failed is skipped at once for a back-off, so a dead
 * service costs a turn a database read and a notice; each service has its own call limit, bounded by
 * the server's.
 */
describe('MCP services in agent turns: cached lists, a back-off for dead services, per-service limits', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let mcp: McpTestServer;
  let hanging: Server;
  let hangingUrl: string;
  let catalog: McpCatalog;
  let alice: string;
  let aliceViewer: Viewer;
  const createService = async (body: Record<string, unknown>) => expectOk(await t.call<McpService>('/api/service/create', { headers: AUTH, ...body }, alice));
  const createAgent = async (name: string, services: unknown[]) => expectOk(await t.call<AgentInfo>('/api/agent/create', { name, llm_name: MODEL, services }, alice));
  const chat = async (agentId: string, query: string) => {
    const answer = await streamOrEnvelope(t.app, '/api/agent/chat', { agent_id: agentId, query }, alice);
    expect(answer.envelope?.body).toBeUndefined();
    return answer.events!;
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work().catch((error: unknown) => error);
    return { result, ms: performance.now() - started };
  };

  beforeAll(async () => {
    [llm, mcp] = await Promise.all([startScriptedLlm(), startMcpTestServer()]);
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/mcp`;
    t = await startTestApp({ MCP_LIST_TIMEOUT_MS: '1000', MCP_CALL_TIMEOUT_MS: '5000', MCP_DOWN_BACKOFF_MS: '60000' }, (_app, services) => {
      catalog = services.mcp;
    });
    const admin = await t.signUp('cost_admin');
    alice = await t.signUp('cost_alice');
    aliceViewer = { id: (await t.userRow('cost_alice'))!.id as string, role: 'user' };
    expectOk(
      await t.call(
        '/api/llm/create_llm_model',
        { llm_name: MODEL, type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-cost', is_public: true, supports_tools: true },
        admin,
      ),
    );
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
    await Promise.all([t.close(), llm.close(), mcp.stop()]);
  });

  it('a dead service costs the first turn its list timeout, and every later turn under 50 ms and a notice', async () => {
    const dead = await createService({ name: '挂起的服务', url: hangingUrl });
    const agent = await createAgent('依赖挂起服务', [{ service_id: dead.id }]);
    llm.script({ match: '挂起', text: '我直接回答。' });

    const first = await timed(() => chat(agent.id, '挂起的服务还在吗（一）'));
    expect(first.ms).toBeGreaterThanOrEqual(900);
    expect(textOf(first.result as never)).toContain('MCP 服务「挂起的服务」响应超时（1 秒）');
    const [row] = await t.rows<{ status: string }>(sql`select status from mcp_services where id = ${dead.id}`);
    expect(row?.status).toBe('error');

    // The catalog's part of a turn, measured alone: one read of the service's row, then the refusal.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const skipped = await timed(() => catalog.toolsOf(aliceViewer, dead.id, undefined, { forAgent: true }));
      expect(String(skipped.result)).toMatch(/响应超时（1 秒）（\d+ 秒内不再重试/);
      expect(skipped.ms).toBeLessThan(50);
    }
    const second = await timed(() => chat(agent.id, '挂起的服务还在吗（二）'));
    expect(second.ms).toBeLessThan(900);
    const text = textOf(second.result as never);
    expect(text).toMatch(/^（提示：MCP 服务「挂起的服务」响应超时（1 秒）（\d+ 秒内不再重试，可在服务页面重新测试连接），本次回答不使用它们。）/);
    expect(text).toContain('我直接回答。');
  });

  it('lists a service once and serves turns from the cache; a config change or the page listing replaces it', async () => {
    const service = await createService({ name: '计算器', url: `${mcp.origin}/mcp` });
    const [before] = await t.rows<{ checked_at: Date }>(sql`select checked_at from mcp_services where id = ${service.id}`);
    expect(before?.checked_at).toBeNull();
    expect(await catalog.toolsOf(aliceViewer, service.id)).toHaveLength(5);
    const [listed] = await t.rows<{ checked_at: Date }>(sql`select checked_at from mcp_services where id = ${service.id}`);
    // While the service is stopped, turns still get its functions: nothing is listed again.
    await mcp.stop();
    try {
      expect(await catalog.toolsOf(aliceViewer, service.id, ['add'])).toHaveLength(1);
      const [after] = await t.rows<{ checked_at: Date }>(sql`select checked_at from mcp_services where id = ${service.id}`);
      expect(after?.checked_at).toEqual(listed?.checked_at);
      // A changed config is listed again (and fails now).
      expectOk(await t.call('/api/service/update', { id: service.id, url: `${mcp.origin}/mcp?v=2` }, alice));
      await expect(catalog.toolsOf(aliceViewer, service.id)).rejects.toThrow(/无法连接：连接被拒绝/);
    } finally {
      await mcp.start();
    }
    // The page's listing asks now, whatever the back-off, and turns use what it found.
    expect(expectOk(await t.call<{ functions: unknown[] }>('/api/service/get_mcp_functions_info', { id: service.id }, alice)).functions).toHaveLength(5);
    expect(await catalog.toolsOf(aliceViewer, service.id)).toHaveLength(5);
  });

  it('lists a service again when it says its functions changed', async () => {
    const service = await createService({ name: '会变的服务', transport: 'sse', url: `${mcp.origin}/sse` });
    expect(await catalog.toolsOf(aliceViewer, service.id)).toHaveLength(5);
    mcp.addFunction('shout');
    await waitFor(async () => ((await catalog.toolsOf(aliceViewer, service.id)).length === 6 ? true : undefined), { what: 'the new function to be listed', timeoutMs: 5000 });
    expect((await catalog.toolsOf(aliceViewer, service.id, ['shout']))[0]!.description).toContain('Added later: shout');
  });

  it("each service has its own call limit, at most the server's", async () => {
    expectCode(await t.call('/api/service/create', { name: '太长', url: `${mcp.origin}/mcp`, call_timeout_ms: 6000 }, alice), 40001, '调用超时不能超过服务器的上限 5000 毫秒');
    expectCode(await t.call('/api/service/create', { name: '太短', url: `${mcp.origin}/mcp`, call_timeout_ms: 10 }, alice), 40001, /调用超时不能小于 1000 毫秒/);
    const quick = await createService({ name: '急性子', url: `${mcp.origin}/mcp`, call_timeout_ms: 1000 });
    expect(quick.call_timeout_ms).toBe(1000);
    const [slow] = await catalog.toolsOf(aliceViewer, quick.id, ['slow']);
    const outcome = await runTool(slow!, { ms: 3000 }, { viewer: aliceViewer, signal: new AbortController().signal });
    expect(outcome.error).toBe('MCP 服务「急性子」响应超时（1 秒）');
    expect(outcome.durationMs).toBeLessThan(2500);
    expectCode(await t.call('/api/service/update', { id: quick.id, call_timeout_ms: 5001 }, alice), 40001, /上限 5000 毫秒/);
    const serverDefault = expectOk(await t.call<McpService>('/api/service/update', { id: quick.id, call_timeout_ms: null }, alice));
    expect(serverDefault.call_timeout_ms).toBeNull();
    const [patient] = await catalog.toolsOf(aliceViewer, quick.id, ['slow']);
    expect((await runTool(patient!, { ms: 1500 }, { viewer: aliceViewer, signal: new AbortController().signal })).output).toBe('slept');
  });
});
