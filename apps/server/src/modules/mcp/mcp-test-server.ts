import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export const MCP_TEST_TOKEN = 'mcp-test-token-0123456789';

/** What the test server saw: every tool call's arguments, for "refused before sending". */
export interface McpTestServer {
  /** `http://127.0.0.1:<port>` (`https://` with `tls`) */
  origin: string;
  calls: Array<{ name: string; args: unknown }>;
  /** Legacy SSE connections open now: a pooled SSE client holds one. */
  openSseSessions(): number;
  /** Adds a function (`name` echoes its text) from now on; connected SSE clients are told their list changed. */
  addFunction(name: string): void;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

function registerEcho(server: McpServer, name: string): void {
  server.registerTool(name, { description: `Added later: ${name}`, inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
}

function buildServer(calls: McpTestServer['calls'], added: string[]): McpServer {
  const server = new McpServer({ name: 'test-mcp', version: '1.0.0' });
  for (const name of added) registerEcho(server, name);
  const record = (name: string, args: unknown) => calls.push({ name, args });
  server.registerTool('echo', { title: '回声', description: 'Echo a text back', inputSchema: { text: z.string() } }, async ({ text }) => {
    record('echo', { text });
    return { content: [{ type: 'text', text: `echo: ${text}` }] };
  });
  server.registerTool('add', { description: 'Add two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => {
    record('add', { a, b });
    return {
      content: [
        { type: 'text', text: String(a + b) },
        { type: 'text', text: 'done' },
      ],
    };
  });
  server.registerTool('fail', { description: 'Always fails', inputSchema: {} }, async () => {
    record('fail', {});
    return { isError: true, content: [{ type: 'text', text: 'the database is on fire' }] };
  });
  server.registerTool('slow', { description: 'Waits', inputSchema: { ms: z.number() } }, async ({ ms }) => {
    record('slow', { ms });
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { content: [{ type: 'text', text: 'slept' }] };
  });
  server.registerTool('huge', { description: 'A very long answer', inputSchema: {} }, async () => {
    record('huge', {});
    return { content: [{ type: 'text', text: 'x'.repeat(200_000) }] };
  });
  return server;
}

/**
 * A real MCP server on 127.0.0.1 built with the SDK (over HTTPS with `tls`): Streamable HTTP (stateless) at `/mcp`, the legacy
 * SSE transport at `/sse` + `/messages`. Every request must carry `Authorization: Bearer MCP_TEST_TOKEN`.
 */
export async function startMcpTestServer({ tls }: { tls?: { key: string; cert: string } } = {}): Promise<McpTestServer> {
  const calls: McpTestServer['calls'] = [];
  const sseSessions = new Map<string, SSEServerTransport>();
  const sseServers = new Set<McpServer>();
  const added: string[] = [];
  let port = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${MCP_TEST_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/mcp') {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      const server = buildServer(calls, added);
      res.on('close', () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(req, res);
      return;
    }
    if (url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      const server = buildServer(calls, added);
      sseSessions.set(transport.sessionId, transport);
      sseServers.add(server);
      res.on('close', () => {
        sseSessions.delete(transport.sessionId);
        sseServers.delete(server);
      });
      await server.connect(transport);
      return;
    }
    if (url.pathname === '/messages' && req.method === 'POST') {
      const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return void res.writeHead(404).end();
      await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end();
  }

  // HTTP or HTTPS: what both are, as far as starting and stopping go.
  let http: (NetServer & { closeAllConnections(): void }) | undefined;
  async function start(): Promise<void> {
    const listener = (req: IncomingMessage, res: ServerResponse) => void handle(req, res).catch(() => res.headersSent || res.writeHead(500).end());
    http = tls ? createTlsServer(tls, listener) : createServer(listener);
    await new Promise<void>((resolve) => http!.listen(port, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  }
  await start();
  return {
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    calls,
    openSseSessions: () => sseSessions.size,
    addFunction(name) {
      added.push(name);
      // Registering on a connected server sends `notifications/tools/list_changed`.
      for (const server of sseServers) registerEcho(server, name);
    },
    start,
    async stop() {
      const server = http!;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
