import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpResourcesAndPrompts, McpService } from '@agent-platform/contracts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

/** One SDK server per request (stateless Streamable HTTP): `/full` offers resources and prompts, `/bare` only a tool. */
function buildServer(full: boolean): McpServer {
  const server = new McpServer({ name: 'library', version: '1.0.0' });
  server.registerTool('noop', { description: 'Does nothing', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  if (!full) return server;
  server.registerResource('handbook', 'doc://handbook', { title: '员工手册', description: '公司制度与流程', mimeType: 'text/markdown' }, async (uri) => ({
    contents: [{ uri: uri.href, text: '# 员工手册\n\n年假 10 天。' }],
  }));
  server.registerResource('prices', 'doc://prices', { mimeType: 'application/json' }, async (uri) => ({ contents: [{ uri: uri.href, text: '{"tea":12}' }] }));
  server.registerPrompt('summarize', { title: '总结', description: '总结一段文字', argsSchema: { text: z.string().describe('要总结的文字'), style: z.string().optional() } }, ({ text }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `请总结：${text}` } }],
  }));
  return server;
}

describe('MCP resources and prompts of a saved service', () => {
  let t: TestApp;
  let http: Server;
  let origin: string;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    http = createServer((req, res) => {
      const server = buildServer(req.url === '/full');
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void transport.close().then(() => server.close()));
      void server.connect(transport).then(() => transport.handleRequest(req, res));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    t = await startTestApp({ MCP_LIST_TIMEOUT_MS: '3000' });
    await t.signUp('res_admin');
    alice = await t.signUp('res_alice');
    bob = await t.signUp('res_bob');
  });
  afterAll(async () => {
    await t?.close();
    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
  });

  const service = async (name: string, path: string) => expectOk(await t.call<McpService>('/api/service/create', { name, url: `${origin}${path}` }, alice));

  it('lists what the service offers through the SDK client: resources with their types, prompts with their arguments', async () => {
    const full = await service('资料库', '/full');
    const offered = expectOk(await t.call<McpResourcesAndPrompts>('/api/service/get_mcp_resources_and_prompts', { id: full.id }, alice));
    expect(offered.resources).toEqual([
      { uri: 'doc://handbook', name: 'handbook', title: '员工手册', description: '公司制度与流程', mime_type: 'text/markdown' },
      { uri: 'doc://prices', name: 'prices', title: 'prices', description: '', mime_type: 'application/json' },
    ]);
    expect(offered.prompts).toEqual([
      {
        name: 'summarize',
        title: '总结',
        description: '总结一段文字',
        arguments: [
          { name: 'text', description: '要总结的文字', required: true },
          { name: 'style', description: '', required: false },
        ],
      },
    ]);
    expect(offered.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('answers empty lists for a service without those capabilities, 40401 for a private one of another user, a Chinese reason when it is down', async () => {
    const bare = await service('只有函数', '/bare');
    expect(expectOk(await t.call<McpResourcesAndPrompts>('/api/service/get_mcp_resources_and_prompts', { id: bare.id }, alice))).toMatchObject({ resources: [], prompts: [] });
    expectCode(await t.call('/api/service/get_mcp_resources_and_prompts', { id: bare.id }, bob), 40401);
    const down = expectOk(await t.call<McpService>('/api/service/create', { name: '已下线', url: 'http://127.0.0.1:9/mcp' }, alice));
    const refused = await t.call('/api/service/get_mcp_resources_and_prompts', { id: down.id }, alice);
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.msg).toContain('已下线');
  });
});
