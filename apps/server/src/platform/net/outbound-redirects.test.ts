import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredAccess, createOutbound, findOutboundRefusal, OutboundRefused } from './index.js';

interface Seen {
  method: string;
  path: string;
  authorization?: string;
  apiKey?: string;
  body: string;
}

/**
 * `fetch(access, { followRedirects })` against a real server on 127.0.0.1, reached also as `localhost`
 * (another host name for the same address): each hop checked with the access it has there, credentials
 * kept on the host, dropped when a redirect leaves it, and an administrator's trust bound to its host.
 */
describe('outbound fetch following redirects', () => {
  let server: http.Server;
  let port: number;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        seen.push({
          method: req.method ?? '',
          path,
          authorization: req.headers.authorization,
          apiKey: req.headers['x-api-key'] as string | undefined,
          body: Buffer.concat(chunks).toString(),
        });
        if (path === '/same-host') return void res.writeHead(307, { location: '/end' }).end();
        if (path === '/other-host') return void res.writeHead(307, { location: `http://localhost:${port}/end` }).end();
        if (path === '/see-other') return void res.writeHead(303, { location: '/end' }).end();
        res.writeHead(200, { 'content-type': 'text/plain' }).end('end');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (fetch: typeof globalThis.fetch, path: string) =>
    fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { authorization: 'Bearer s3cret', 'x-api-key': 'k3y', 'content-type': 'application/json' }, body: '{"a":1}' });

  it('keeps method, body and credentials on the same host; drops the credentials on another host; 303 becomes a GET', async () => {
    const outbound = createOutbound({ allowedHosts: ['127.0.0.1', 'localhost'] });
    const fetch = outbound.fetch({ trusted: false }, { followRedirects: true, credentialHeaders: ['X-Api-Key'] });
    seen.length = 0;
    expect(await (await post(fetch, '/same-host')).text()).toBe('end');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: '/end', authorization: 'Bearer s3cret', apiKey: 'k3y', body: '{"a":1}' });
    await post(fetch, '/other-host');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: '/end', authorization: undefined, apiKey: undefined, body: '{"a":1}' });
    await post(fetch, '/see-other');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: '/end', body: '' });
    // Without the option a redirect is answered as it is.
    expect((await post(outbound.fetch({ trusted: false }), '/same-host')).status).toBe(307);
    await outbound.close();
  });

  it("an administrator's configuration is trusted at its own host only", async () => {
    const outbound = createOutbound({ allowedHosts: [] });
    const admin = outbound.fetch(configuredAccess(true, `http://127.0.0.1:${port}/same-host`), { followRedirects: true });
    expect((await post(admin, '/same-host')).status).toBe(200);
    await expect(post(admin, '/other-host')).rejects.toSatisfy((error: unknown) => findOutboundRefusal(error)?.host === 'localhost');
    await expect(post(outbound.fetch(configuredAccess(false, `http://127.0.0.1:${port}/`)), '/end')).rejects.toBeInstanceOf(OutboundRefused);
    expect(configuredAccess(true, 'http://{host}/x')).toEqual({ trusted: false });
    await outbound.close();
  });
});
