// Shared by the tool module's API tests: a real HTTP API on 127.0.0.1 for custom tools to call.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const SECRETS = {
  headerKey: 'sk-header-key-secret-0001',
  queryKey: 'sk-query-key-secret-0002',
  bearer: 'tok-bearer-secret-0003',
  basicPassword: 'pw-basic-secret-0004',
} as const;

export interface ApiServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
};

/**
 * `/echo/...` answers what it received; `/secure/*` check credentials; `/huge` is 200 KB of JSON;
 * `/slow` answers after 10 s; `/redirect?to=` redirects anywhere.
 */
export async function startApiServer(): Promise<ApiServer> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = await readBody(req);
      const basic = `Basic ${Buffer.from(`robot:${SECRETS.basicPassword}`).toString('base64')}`;
      const secure: Record<string, boolean> = {
        '/secure/key-header': req.headers['x-api-key'] === SECRETS.headerKey,
        '/secure/key-query': url.searchParams.get('api_key') === SECRETS.queryKey,
        '/secure/bearer': req.headers.authorization === `Bearer ${SECRETS.bearer}`,
        '/secure/basic': req.headers.authorization === basic,
      };
      if (url.pathname in secure) return secure[url.pathname] ? send(res, 200, { ok: true, who: 'robot' }) : send(res, 401, { error: 'unauthorized' });
      if (url.pathname.startsWith('/echo')) {
        return send(res, 200, {
          method: req.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          trace: req.headers['x-trace'] ?? null,
          fixed: req.headers['x-fixed'] ?? null,
          body: body ? JSON.parse(body) : null,
        });
      }
      if (url.pathname === '/huge') return send(res, 200, { items: Array.from({ length: 5000 }, (_, index) => ({ index, text: '数据'.repeat(10) })) });
      if (url.pathname === '/text') return send(res, 200, 'plain answer', 'text/plain');
      if (url.pathname === '/fail') return send(res, 500, { error: 'database exploded' });
      if (url.pathname === '/slow') {
        const timer = setTimeout(() => send(res, 200, { late: true }), 10_000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return res.end();
      }
      send(res, 404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const openApiJson = (serverUrl: string) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: '宠物商店', version: '1.0' },
    servers: [{ url: serverUrl }],
    paths: {
      '/echo/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          operationId: 'getPet',
          summary: '查询宠物',
          parameters: [{ name: 'verbose', in: 'query', schema: { type: 'boolean' } }, { $ref: '#/components/parameters/Trace' }],
        },
        put: {
          summary: '修改宠物',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        },
      },
    },
    components: {
      parameters: { Trace: { name: 'x-trace', in: 'header', schema: { type: 'string' } } },
      schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string', nullable: true } } } },
    },
  });

export const openApiYaml = (serverUrl: string) => `
openapi: 3.1.0
info:
  title: 搜索
  version: "2"
servers:
  - url: ${serverUrl}
paths:
  /echo/search:
    post:
      operationId: search.items
      summary: 搜索条目
      requestBody:
        content:
          application/json:
            schema:
              type: array
              items: { type: string }
`;
