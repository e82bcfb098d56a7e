import type { DepCheck, DepsReport, LlmModel, McpService } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { ADMIN_URL } from '../../../test/databases.js';
import { startLlmTestApp, type LlmTestContext } from '../../../test/fixtures/llm.js';

describe('/system/deps/query_all: the health of everything the platform depends on', () => {
  let c: LlmTestContext;
  let live: LlmModel;
  const DEAD_URL = 'http://127.0.0.1:1/v1';
  const report = async (token = c.admin) => expectOk(await c.t.call<DepsReport>('/api/system/deps/query_all', {}, token));
  const item = (deps: DepsReport, key: string): DepCheck => {
    const found = deps.items.find((entry) => entry.key === key);
    if (!found) throw new Error(`no ${key} in ${deps.items.map((entry) => entry.key).join(', ')}`);
    return found;
  };
  const modelListings = () => c.llm.requests.filter((request) => request.method === 'GET' && request.path === '/v1/models').length;

  beforeAll(async () => {
    c = await startLlmTestApp();
    live = await c.createModel(c.admin, { llm_name: 'deps-live', display_name: '在线模型', upstream_model: 'scripted-chat' });
    await c.createModel(c.admin, { llm_name: 'deps-broken', display_name: '断线模型', base_url: DEAD_URL });
    await c.createModel(c.admin, { llm_name: 'deps-unknown', upstream_model: 'no-such-model' });
    const off = await c.createModel(c.admin, { llm_name: 'deps-off' });
    expectOk(await c.t.call('/api/llm/update_status', { id: off.id, status: 'disabled' }, c.admin));
  }, 120_000);
  afterAll(() => c?.close());

  it('reports the database, storage, queue, OCR and this process, grouped by kind', async () => {
    const deps = await report();
    const kinds = deps.items.map((entry) => entry.kind);
    expect(kinds).toEqual(
      [...kinds].sort(
        (a, b) =>
          ['database', 'storage', 'model', 'service', 'datasource', 'queue', 'worker', 'ocr', 'process'].indexOf(a) -
          ['database', 'storage', 'model', 'service', 'datasource', 'queue', 'worker', 'ocr', 'process'].indexOf(b),
      ),
    );

    const database = item(deps, 'database');
    expect(database).toMatchObject({ kind: 'database', details: { dialect: c.t.dialect } });
    expect(String(database.details.version)).toMatch(/^\d+/);
    expect(database.latency_ms).toBeGreaterThanOrEqual(0);
    if (c.t.dialect === 'postgres') expect(database.details).toMatchObject({ pool_size: expect.any(Number), pool_in_use: expect.any(Number), pool_waiting: 0 });
    else expect(database.details).not.toHaveProperty('pool_size');
    // pgvector: PGlite ships it; the knowledge module creates it on PostgreSQL when the server has it.
    if (c.t.dialect === 'pglite') expect(database.details.pgvector).toMatch(/^\d+\.\d+/);
    expect(database.status).toBe(database.details.pgvector === false ? 'degraded' : 'up');

    expect(item(deps, 'storage')).toMatchObject({ status: 'up', error: null, details: { store: '本地目录', free_bytes: expect.any(Number), total_bytes: expect.any(Number) } });
    expect(item(deps, 'queue')).toMatchObject({ details: { queued: expect.any(Number), running: expect.any(Number), failed_24h: expect.any(Number) } });
    expect(item(deps, 'ocr').status).toMatch(/^(up|off)$/);

    const processes = deps.items.filter((entry) => entry.kind === 'process');
    expect(processes).toHaveLength(1);
    expect(processes[0]).toMatchObject({
      status: 'up',
      details: { version: expect.any(String), uptime_seconds: expect.any(Number), rss_bytes: expect.any(Number), node_version: process.version },
    });
    expect(processes[0]!.name).toContain('当前进程');
  });

  it('probes every enabled model: a live one is up, a dead port is down with the reason in Chinese, a missing upstream model is a warning', async () => {
    const deps = await report();
    expect(item(deps, 'model:deps-live')).toMatchObject({ name: '在线模型', status: 'up', error: null, details: { base_url: c.llm.url, listed_models: expect.any(Number) } });
    expect(item(deps, 'model:deps-live').latency_ms).toBeGreaterThanOrEqual(0);
    const broken = item(deps, 'model:deps-broken');
    expect(broken).toMatchObject({ name: '断线模型', status: 'down' });
    expect(broken.error).toBe('无法连接 127.0.0.1:1（ECONNREFUSED），请检查模型的接口地址、端口和网络');
    expect(item(deps, 'model:deps-unknown')).toMatchObject({ status: 'degraded', error: expect.stringMatching(/没有「no-such-model」，请检查上游模型 ID/) });
    expect(deps.items.some((entry) => entry.key === 'model:deps-off')).toBe(false);
  });

  it('asks a model at most once a minute, however many administrators ask at once; a changed model is asked again', async () => {
    c.llm.reset();
    const concurrent = await Promise.all([report(), report(), report()]);
    expect(modelListings()).toBe(0);
    const checkedAt = item(concurrent[0]!, 'model:deps-live').checked_at;
    for (const deps of concurrent) expect(item(deps, 'model:deps-live')).toMatchObject({ status: 'up', checked_at: checkedAt });
    expect(item(await report(), 'model:deps-live').checked_at).toBe(checkedAt);

    // Pointing the model at a dead port is a new configuration: it is asked at once, and found down.
    expectOk(await c.t.call('/api/llm/update_llm_model', { id: live.id, base_url: DEAD_URL }, c.admin));
    const after = await report();
    expect(item(after, 'model:deps-live')).toMatchObject({ status: 'down', error: expect.stringMatching(/^无法连接 127\.0\.0\.1:1/) });
    expect(item(after, 'model:deps-live').checked_at > checkedAt).toBe(true);
    expectOk(await c.t.call('/api/llm/update_llm_model', { id: live.id, base_url: c.llm.url }, c.admin));
    await Promise.all([report(), report()]);
    expect(modelListings()).toBe(1);
  });

  it('reports MCP services and datasources, each with the reason it fails', async () => {
    const service = expectOk(await c.t.call<McpService>('/api/service/create', { name: '停机的服务', url: 'http://127.0.0.1:1/mcp' }, c.admin));
    const pg = new URL(ADMIN_URL);
    const datasource = expectOk<{ id: string }>(
      await c.t.call(
        '/api/db/dbconnect/create_connection',
        {
          name: '本机库',
          db_type: 'postgresql',
          host: pg.hostname,
          port: Number(pg.port || 5432),
          database: 'postgres',
          schema: 'public',
          user: pg.username || 'postgres',
          password: pg.password,
        },
        c.admin,
      ),
    );
    const deps = await report();
    const down = item(deps, `service:${service.id}`);
    expect(down).toMatchObject({ kind: 'service', name: '停机的服务', status: 'down', details: { endpoint: 'http://127.0.0.1:1/mcp' } });
    expect(down.error).toMatch(/^MCP 服务「停机的服务」无法连接：/);
    expect(item(deps, `datasource:${datasource.id}`)).toMatchObject({
      kind: 'datasource',
      name: '本机库',
      status: 'up',
      details: { db_type: 'postgresql', version: expect.stringMatching(/\d+\.\d+/) },
    });
  });

  it('answers administrators only', async () => {
    expectCode(await c.t.call('/api/system/deps/query_all', {}, c.alice), 40301);
    expectCode(await c.t.call('/api/system/deps/query_all', {}), 40101);
  });
});
