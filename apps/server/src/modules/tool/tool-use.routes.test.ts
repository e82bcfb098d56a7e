import type { ToolInfo, ToolUseResult } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { SECRETS, startApiServer, type ApiServer } from '../../../test/fixtures/tool-api.js';

const REFUSED = /出于安全考虑，不允许访问本机、内网或链路本地地址/;

describe('tool_use: HTTP tools call a real API, bounded and guarded', () => {
  let t: TestApp;
  let api: ApiServer;
  let alice: string;
  let counter = 0;
  const tool = async (config: Record<string, unknown>, inputSchema: Record<string, unknown> = { type: 'object', properties: {} }) =>
    expectOk(await t.call<ToolInfo>('/api/tool/create', { kind: 'llm', name: `t${++counter}`, title: `工具${counter}`, input_schema: inputSchema, config }, alice));
  const use = async (id: string, input: Record<string, unknown> = {}) => expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id, input }, alice));

  beforeAll(async () => {
    api = await startApiServer();
    t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 5).toString('base64') });
    await t.signUp('use_admin');
    alice = await t.signUp('use_alice');
  });
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it('maps input to path, query, headers and a JSON body, and prints JSON compactly', async () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', minimum: 1 },
        'x-trace': { type: 'string' },
        note: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city'],
    };
    const post = await tool({ method: 'POST', url: `${api.url}/echo/weather/{city}`, headers: { 'x-fixed': 'yes' }, params: { days: 'query', 'x-trace': 'header' } }, schema);
    const started = Date.now();
    const answer = await use(post.id, { city: '北京 市', days: 3, 'x-trace': 'abc', note: 'hi', tags: ['a'] });
    expect(answer.error).toBeUndefined();
    // The tool's own time: a whole number of milliseconds, within the call's.
    expect(Number.isInteger(answer.duration_ms)).toBe(true);
    expect(answer.duration_ms).toBeLessThanOrEqual(Date.now() - started);
    expect(answer.data).toMatchObject({ status: 200 });
    expect(answer.output).not.toContain('\n');
    expect(JSON.parse(answer.output)).toEqual({
      method: 'POST',
      path: `/echo/weather/${encodeURIComponent('北京 市')}`,
      query: { days: '3' },
      trace: 'abc',
      fixed: 'yes',
      body: { note: 'hi', tags: ['a'] },
    });
    const get = await tool({ method: 'GET', url: `${api.url}/echo/items` }, { type: 'object', properties: { q: { type: 'string' }, page: { type: 'integer' } } });
    expect(JSON.parse((await use(get.id, { q: 'x', page: 2 })).output)).toMatchObject({ method: 'GET', query: { q: 'x', page: '2' }, body: null });
  });

  it('checks input against the schema with Chinese messages', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } }, required: ['city'], additionalProperties: false };
    const strict = await tool({ method: 'GET', url: `${api.url}/echo/{city}` }, schema);
    const missing = await use(strict.id, { days: 0, extra: 1 });
    expect(missing.error).toMatch(/^工具「工具\d+」的输入不正确：/);
    expect(missing.error).toContain('缺少参数 city');
    expect(missing.error).toContain('days 不能小于 1');
    expect(missing.error).toContain('不认识的参数 extra');
    expect((await use(strict.id, { city: 5 })).error).toContain('city 应为文本');
  });

  it('sends each kind of auth, and the API refuses a wrong secret', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/secure/key-header', { type: 'api_key', in: 'header', name: 'x-api-key', value: SECRETS.headerKey }],
      ['/secure/key-query', { type: 'api_key', in: 'query', name: 'api_key', value: SECRETS.queryKey }],
      ['/secure/bearer', { type: 'bearer', token: SECRETS.bearer }],
      ['/secure/basic', { type: 'basic', username: 'robot', password: SECRETS.basicPassword }],
    ];
    for (const [path, auth] of cases) {
      const created = await tool({ method: 'GET', url: `${api.url}${path}`, auth });
      for (const secret of Object.values(SECRETS)) expect(JSON.stringify(created)).not.toContain(secret);
      const answer = await use(created.id);
      expect(answer, path).toMatchObject({ output: '{"ok":true,"who":"robot"}' });
      for (const secret of Object.values(SECRETS)) expect(JSON.stringify(answer)).not.toContain(secret);
    }
    const wrong = await tool({ method: 'GET', url: `${api.url}/secure/bearer`, auth: { type: 'bearer', token: 'wrong-token-value' } });
    expect((await use(wrong.id)).error).toBe('接口返回错误状态 401：{"error":"unauthorized"}');
    const none = await tool({ method: 'GET', url: `${api.url}/secure/basic` });
    expect((await use(none.id)).error).toMatch(/^接口返回错误状态 401/);
  });

  it('trims a huge answer for the model and says so; text stays text', async () => {
    const huge = await use((await tool({ method: 'GET', url: `${api.url}/huge` })).id);
    expect(huge.error).toBeUndefined();
    expect(huge.output.length).toBeLessThan(16_200);
    expect(huge.output).toMatch(/（响应内容过长，已截断/);
    expect((await use((await tool({ method: 'GET', url: `${api.url}/text` })).id)).output).toBe('plain answer');
    expect((await use((await tool({ method: 'GET', url: `${api.url}/fail` })).id)).error).toBe('接口返回错误状态 500：{"error":"database exploded"}');
  });

  it('stops a slow API at the tool time limit with a clear error, without hanging', async () => {
    const slow = await tool({ method: 'GET', url: `${api.url}/slow`, timeout_ms: 1000 });
    const started = Date.now();
    const answer = await use(slow.id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.error).toBe(`请求 127.0.0.1:${api.port} 超时（1 秒）`);
  });

  it('refuses loopback by DNS name, cloud metadata, private addresses and redirects to them', async () => {
    const targets = [
      `http://localhost:${api.port}/echo/x`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/admin',
      `${api.url}/redirect?to=${encodeURIComponent('http://10.0.0.1/admin')}`,
      `${api.url}/redirect?to=${encodeURIComponent(`http://localhost:${api.port}/echo/secret`)}`,
      `${api.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
    ];
    for (const url of targets) {
      const answer = await use((await tool({ method: 'GET', url })).id);
      expect(answer.error, url).toMatch(REFUSED);
    }
    // The allow-listed test host itself still works through a redirect.
    const ok = await use((await tool({ method: 'GET', url: `${api.url}/redirect?to=${encodeURIComponent('/echo/after')}` })).id);
    expect(JSON.parse(ok.output)).toMatchObject({ path: '/echo/after' });
  });

  it('answers 40401 for an unknown tool id or built-in name', async () => {
    expectCode(await t.call('/api/tool/tool_use', { id: crypto.randomUUID(), input: {} }, alice), 40401, '工具不存在');
    expectCode(await t.call('/api/tool/tool_use', { id: 'no_such_tool', input: {} }, alice), 40401, '工具不存在');
  });
});
