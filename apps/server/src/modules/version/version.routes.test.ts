import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { startTestApp, testConfig, type TestApp } from '../../../test/harness.js';

describe('version and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the build info at /version.json, unwrapped', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(Object.keys(info).sort()).toEqual(['arch', 'buildTime', 'containerId', 'gitBranch', 'gitCommit', 'id', 'isDocker', 'nodeVersion', 'platform'].sort());
    expect(info.id).toMatch(/\S+/);
    expect(info.nodeVersion).toBe(process.version);
    expect(info.arch).toBe(process.arch);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('reports a reachable database at /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: '操作成功', data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 with the 50001 envelope when the database does not answer', async () => {
    const unreachable = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
    const app = await buildApp({ config: testConfig(), database: unreachable });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 50001, msg: '数据库不可用', data: null });
      expect(response.body).not.toContain('connection refused');
    } finally {
      await app.close();
    }
  });

  it('answers HEAD for both, and nothing else under other methods', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/version.json' })).statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/version.json' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ code: 40401, msg: '接口不存在：POST /version.json', data: null });
  });
});
