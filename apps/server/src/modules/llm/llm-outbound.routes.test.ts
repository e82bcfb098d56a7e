import type { TestLlmConnectionResult } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from '../../../test/sse.js';
import { expectOk } from '../../../test/harness.js';
import { startLlmTestApp, type LlmTestContext } from '../../../test/fixtures/llm.js';

const REFUSED = /出于安全考虑，不允许访问本机、内网或链路本地地址/;

/**
 * SSRF: a user's model endpoint may not reach loopback, private or link-local addresses (checked after
 * DNS, so a name resolving to 127.0.0.1 is caught too); an administrator's may. The harness allows the
 * literal host 127.0.0.1 (where the scripted servers listen); `localhost` is not on that list.
 */
describe('outbound guard for model endpoints', () => {
  let c: LlmTestContext;
  let viaLocalhost: string;
  const chatEvents = async (body: Record<string, unknown>, token: string) =>
    parseSse((await c.t.app.inject({ method: 'POST', url: '/api/llm/chat', headers: { 'access-token': token }, payload: body })).body);
  const test = (body: Record<string, unknown>, token: string) => c.t.call<TestLlmConnectionResult>('/api/llm/test_connection', body, token);

  beforeAll(async () => {
    c = await startLlmTestApp({ LLM_TIMEOUT_MS: '2000' });
    viaLocalhost = c.llm.url.replace('127.0.0.1', 'localhost');
  });
  afterAll(() => c.close());

  it.each([
    ['a name resolving to loopback', () => viaLocalhost],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest'],
    ['a private network address', () => 'http://10.0.0.1:8000/v1'],
    ['IPv6 loopback', () => 'http://[::1]:8000/v1'],
  ])('refuses %s for a user, without sending anything', async (_label, target) => {
    const before = c.llm.requests.length;
    const result = expectOk(await test({ type: 'chat', base_url: target(), api_key: 'sk-x', upstream_model: 'scripted-chat' }, c.alice));
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(REFUSED) });
    expect(c.llm.requests.length).toBe(before);
  });

  it('lets an administrator reach a private address', async () => {
    const result = expectOk(await test({ type: 'chat', base_url: viaLocalhost, api_key: 'sk-x', upstream_model: 'scripted-chat' }, c.admin));
    expect(result).toEqual({ ok: true, latency_ms: expect.any(Number) });
  });

  it("refuses a user's saved model at chat time, and serves the same address when an administrator owns the model", async () => {
    await c.createModel(c.alice, { llm_name: 'alice-localhost', base_url: viaLocalhost });
    const refused = await chatEvents({ llm_name: 'alice-localhost', query: '你好' }, c.alice);
    expect(refused.find((event) => event.event === 'error')?.data).toMatchObject({ code: 50201, msg: expect.stringMatching(REFUSED) });

    await c.createModel(c.admin, { llm_name: 'admin-localhost', base_url: viaLocalhost, is_public: true });
    const served = await chatEvents({ llm_name: 'admin-localhost', query: '你好' }, c.alice);
    expect(served.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
  });
});
