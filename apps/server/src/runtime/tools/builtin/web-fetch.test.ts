import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound } from '../../../platform/net/index.js';
import { runTool } from '../run-tool.js';
import { webFetchTool } from './web-fetch.js';

const viewer = { id: '00000000-0000-4000-8000-000000000001', role: 'admin' as const };
const REFUSED = /出于安全考虑，不允许访问/;

/**
 * A real page server on 127.0.0.1, which the outbound guard allows by name (as the test harness does);
 * `localhost` resolves to the same address but is not allowed, so it stands for "a name resolving to loopback".
 */
describe('web_fetch tool', () => {
  let server: http.Server;
  let base: string;
  const outbound = createOutbound({ allowedHosts: ['127.0.0.1'] });
  const tool = webFetchTool(outbound);
  const fetchUrl = (url: string) => runTool(tool, { url }, { viewer, signal: new AbortController().signal });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const port = (server.address() as AddressInfo).port;
      const routes: Record<string, () => void> = {
        '/page': () => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end('<html><head><title>公司简介</title><script>alert(1)</script></head><body><h1>关于我们</h1><p>我们成立于 2010 年。</p></body></html>');
        },
        '/to-localhost': () => res.writeHead(302, { location: `http://localhost:${port}/page` }).end(),
        '/to-metadata': () => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
        '/loop': () => res.writeHead(302, { location: '/loop' }).end(),
        '/huge': () => {
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('数据'.repeat(1_500_000));
        },
        '/binary': () => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(10)),
        '/missing': () => res.writeHead(404).end(),
        '/slow': () => setTimeout(() => res.end('late'), 15_000),
      };
      (routes[req.url ?? ''] ?? routes['/missing']!)();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await outbound.close();
  });

  it('reads a page as text: title and headings kept, scripts dropped', async () => {
    const outcome = await fetchUrl(`${base}/page`);
    expect(outcome.error).toBeUndefined();
    expect(outcome.output).toBe('标题：公司简介\n# 关于我们\n我们成立于 2010 年。');
  });

  it.each([
    ['a name resolving to loopback', () => base.replace('127.0.0.1', 'localhost') + '/page'],
    ['a redirect to a name resolving to loopback', () => `${base}/to-localhost`],
    ['a redirect to the cloud metadata address', () => `${base}/to-metadata`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'http://192.168.0.1/'],
  ])('refuses %s', async (_label, url) => {
    expect((await fetchUrl(url())).error).toMatch(REFUSED);
  });

  it('refuses other schemes, redirect loops, binary content and error pages', async () => {
    expect((await fetchUrl('file:///etc/passwd')).error).toMatch(/只支持 http/);
    expect((await fetchUrl(`${base}/loop`)).error).toMatch(/重定向次数过多/);
    expect((await fetchUrl(`${base}/binary`)).error).toMatch(/不支持的内容类型/);
    expect((await fetchUrl(`${base}/missing`)).error).toMatch(/错误状态 404/);
  });

  it('reads at most 2 MB and 8000 characters of a huge page', async () => {
    const outcome = await fetchUrl(`${base}/huge`);
    expect(outcome.output.length).toBeLessThan(8_100);
    expect(outcome.output).toMatch(/已截断）$/);
  });

  it('gives up on a page that does not answer in time', { timeout: 20_000 }, async () => {
    const started = Date.now();
    expect((await fetchUrl(`${base}/slow`)).error).toMatch(/超时/);
    expect(Date.now() - started).toBeLessThan(13_000);
  });
});
