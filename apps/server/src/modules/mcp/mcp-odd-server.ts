import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server that is not a (good) MCP service, for the failure classes, and one that redirects. */
export interface OddServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Where `/redirect/<name>` sends a request; a test sets it before asking. */
  redirects: Map<string, string>;
  stop(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<{ id?: unknown; method?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown; method?: string };
  } catch {
    return {};
  }
}

const json = (res: ServerResponse, status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

/**
 * `/html` a web page, `/json` JSON that is no JSON-RPC, `/wrong-result` JSON-RPC whose result is no MCP
 * answer, `/old-version` an initialize answer in a protocol version nobody speaks, `/missing` 404,
 * `/locked` 401, `/hang` no answer ever, `/redirect/<name>` a 307 to what `redirects` holds.
 */
export async function startOddServer(): Promise<OddServer> {
  const redirects = new Map<string, string>();
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = req.method === 'POST' ? await bodyOf(req) : {};
    if (path.startsWith('/redirect/')) {
      const target = redirects.get(path.slice('/redirect/'.length));
      return void (target ? res.writeHead(307, { location: target }).end() : res.writeHead(404).end());
    }
    switch (path) {
      case '/html':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>欢迎</title>');
      case '/json':
        return void json(res, 200, { hello: 'world' });
      case '/wrong-result':
        return void json(res, 200, { jsonrpc: '2.0', id: body.id ?? 0, result: { tools: 'none', protocolVersion: 42 } });
      case '/old-version':
        if (body.method !== 'initialize') return void res.writeHead(202).end();
        return void json(res, 200, { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '1999-01-01', capabilities: {}, serverInfo: { name: 'old', version: '0.1' } } });
      case '/locked':
        return void json(res, 401, { error: 'unauthorized' });
      case '/hang':
        return;
      default:
        res.writeHead(404).end();
    }
  }
  const server = createServer((req, res) => void handle(req, res).catch(() => res.headersSent || res.writeHead(500).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    redirects,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
