import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

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
    expect(Object.keys(info).sort()).toEqual(
      ['arch', 'buildTime', 'containerId', 'gitBranch', 'gitCommit', 'id', 'isDocker', 'nodeVersion', 'platform'].sort(),
    );
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
});
