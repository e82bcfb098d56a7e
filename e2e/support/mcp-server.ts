import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** What the spec's MCP server asks for in `Authorization: Bearer …`. */
export const MCP_E2E_TOKEN = 'mcp-e2e-token-0123456789';

export interface E2eMcpServer {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  calls: Array<{ name: string; args: unknown }>;
  stop(): Promise<void>;
}

function buildServer(calls: E2eMcpServer['calls']): McpServer {
  const server = new McpServer({ name: 'e2e-mcp', version: '1.0.0' });
  server.registerTool('echo', { title: '回声', description: '原样返回输入的文本', inputSchema: { text: z.string().describe('要返回的文本') } }, async ({ text }) => {
    calls.push({ name: 'echo', args: { text } });
    return { content: [{ type: 'text', text: `echo: ${text}` }] };
  });
  server.registerTool('add', { title: '加法', description: '两个数相加', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => {
    calls.push({ name: 'add', args: { a, b } });
    return { content: [{ type: 'text', text: String(a + b) }] };
  });
  return server;
}

/**
 * A real MCP server (the same SDK as the platform) on 127.0.0.1: Streamable HTTP, stateless, at `/mcp`.
 * Requests without the bearer token are refused, so a service registered without it fails.
 */
export async function startMcpServer(): Promise<E2eMcpServer> {
  const calls: E2eMcpServer['calls'] = [];
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${MCP_E2E_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = buildServer(calls);
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }
  const http: Server = createServer((req, res) => void handle(req, res).catch(() => res.headersSent || res.writeHead(500).end()));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    async stop() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
