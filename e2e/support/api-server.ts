import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The bearer token `/notes` asks for (401 without it). */
export const E2E_API_TOKEN = 'e2e-notes-token-7731';

export interface E2eApiServer {
  origin: string;
  /** An OpenAPI 3 document describing this server; `suffix` keeps tool names unique per run. */
  openApi(suffix: string): string;
  /** A document of the bearer-protected `/notes` API, its scheme in `securitySchemes`. */
  securedOpenApi(suffix: string): string;
  stop(): Promise<void>;
}

/** A tiny weather API on 127.0.0.1 for custom HTTP tools: `GET /weather/{city}?days=n`; `/notes` needs a bearer token. */
export async function startApiServer(): Promise<E2eApiServer> {
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/weather\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const city = decodeURIComponent(match[1] ?? '');
      const days = Number(url.searchParams.get('days') ?? 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city, days, forecast: '晴', temperature: 23 }));
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/notes')) {
      if (req.headers.authorization !== `Bearer ${E2E_API_TOKEN}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      const id = url.pathname.split('/')[2];
      const body = id ? { id: decodeURIComponent(id), text: '记得买牛奶' } : { notes: [{ id: 'n1', text: '记得买牛奶' }], total: 1 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/time') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('2025-01-01T08:00:00Z');
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    origin,
    openApi: (suffix) =>
      JSON.stringify(
        {
          openapi: '3.0.3',
          info: { title: '天气接口', version: '1.0.0' },
          servers: [{ url: origin }],
          paths: {
            '/weather/{city}': {
              get: {
                operationId: `getWeather_${suffix}`,
                summary: '查询城市天气',
                parameters: [
                  { name: 'city', in: 'path', required: true, description: '城市名称', schema: { type: 'string' } },
                  { name: 'days', in: 'query', description: '预报天数', schema: { type: 'integer', default: 1 } },
                ],
                responses: { '200': { description: 'OK' } },
              },
            },
            '/time': { get: { operationId: `getTime_${suffix}`, summary: '当前时间', responses: { '200': { description: 'OK' } } } },
          },
        },
        null,
        2,
      ),
    securedOpenApi: (suffix) =>
      JSON.stringify(
        {
          openapi: '3.0.3',
          info: { title: `笔记接口 ${suffix}`, version: '1.0.0' },
          servers: [{ url: origin }],
          security: [{ token: [] }],
          components: { securitySchemes: { token: { type: 'http', scheme: 'bearer' } } },
          paths: {
            '/notes': { get: { operationId: `listNotes_${suffix}`, summary: '列出笔记', responses: { '200': { description: 'OK' } } } },
            '/notes/{id}': {
              get: {
                operationId: `getNote_${suffix}`,
                summary: '读取笔记',
                parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
                responses: { '200': { description: 'OK' } },
              },
            },
          },
        },
        null,
        2,
      ),
    async stop() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
