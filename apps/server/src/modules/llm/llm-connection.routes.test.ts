import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LlmModel, TestLlmConnectionResult } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startLlmTestApp, type LlmTestContext } from '../../../test/fixtures/llm.js';

const RIGHT_KEY = 'sk-right-key-00001111';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('test_connection and generate_suggest_questions', () => {
  let c: LlmTestContext;
  /** A stricter provider: one key, one model. */
  let strict: ScriptedLlm;
  let saved: LlmModel;
  const test = (body: Record<string, unknown>, token = c.alice) => c.t.call<TestLlmConnectionResult>('/api/llm/test_connection', body, token);
  const failedWith = async (body: Record<string, unknown>, reason: RegExp) => {
    const result = expectOk(await test(body));
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
    return result;
  };

  beforeAll(async () => {
    strict = await startScriptedLlm({ apiKeys: [RIGHT_KEY], models: ['known-model', 'known-embedding'] });
    c = await startLlmTestApp({ LLM_TIMEOUT_MS: '700' });
    saved = await c.createModel(c.alice, { llm_name: 'strict-chat', base_url: strict.url, api_key: RIGHT_KEY, upstream_model: 'known-model', is_public: true });
  });
  beforeEach(() => {
    c.llm.reset();
    strict.reset();
  });
  afterAll(async () => {
    await c.close();
    await strict.close();
  });

  it('answers ok with the latency for a saved model and for an unsaved configuration, with a one-token call', async () => {
    expect(expectOk(await test({ id: saved.id }))).toEqual({ ok: true, latency_ms: expect.any(Number) });
    expect(strict.requests[0]?.body).toMatchObject({ model: 'known-model', max_tokens: 1 });
    const unsaved = { type: 'chat', base_url: strict.url, api_key: RIGHT_KEY, upstream_model: 'known-model' };
    expect(expectOk(await test(unsaved)).ok).toBe(true);
    expect(expectOk(await test({ ...unsaved, type: 'embedding', upstream_model: 'known-embedding' })).ok).toBe(true);
    expect(expectOk(await test({ type: 'rerank', base_url: c.llm.url, llm_name: 'any-rerank' })).ok).toBe(true);
    expect(expectOk(await test({ type: 'stt', base_url: c.llm.url, llm_name: 'any-whisper' })).ok).toBe(true);
    expect(c.llm.requests.map((request) => request.path)).toEqual(['/v1/rerank', '/v1/audio/transcriptions']);
  });

  it('says why it failed: bad key (401), unknown model (404), nothing listening, timeout', async () => {
    const base = { type: 'chat', base_url: strict.url, upstream_model: 'known-model' };
    await failedWith({ ...base, api_key: 'sk-wrong-key' }, /^密钥无效（401）/);
    await failedWith({ ...base, api_key: RIGHT_KEY, upstream_model: 'gpt-99' }, /^模型不存在（404）.*gpt-99/);
    await failedWith({ ...base, base_url: `http://127.0.0.1:${await closedPort()}/v1` }, /^无法连接模型服务 127\.0\.0\.1:\d+（ECONNREFUSED）/);
    c.llm.script({ model: 'sleepy', hang: true });
    const timedOut = await failedWith({ type: 'chat', base_url: c.llm.url, upstream_model: 'sleepy' }, /超时/);
    expect(timedOut.latency_ms).toBeLessThan(2_000);
    expect(c.llm.requests).toHaveLength(1); // tests are never retried
    // Usage rows are written behind the answer.
    await expect.poll(async () => (await c.t.rows(sql`select ok, error from usage_records where feature = 'test_connection' and ok = false`)).length).toBe(4);
  });

  it('tests a saved model with edited fields, keeping the saved key when the form sends it masked', async () => {
    expect(expectOk(await test({ id: saved.id, api_key: saved.api_key, upstream_model: 'known-model' })).ok).toBe(true);
    expect(strict.requests[0]?.headers.authorization).toBe(`Bearer ${RIGHT_KEY}`);
    await failedWith({ id: saved.id, upstream_model: 'other-model' }, /模型不存在/);
    expectCode(await test({ id: saved.id, api_key: 'sk-x****0000' }), 40001, /脱敏后的密钥/);
  });

  it('lets others test a public model as saved, never with its key sent elsewhere; private ones stay invisible', async () => {
    expect(expectOk(await test({ id: saved.id }, c.bob)).ok).toBe(true);
    expectCode(await test({ id: saved.id, base_url: c.llm.url }, c.bob), 40301, '只有模型的创建者或管理员可以修改或删除它');
    expect(c.llm.requests).toHaveLength(0);
    const hidden = await c.createModel(c.alice, { llm_name: 'alice-hidden' });
    expectCode(await test({ id: hidden.id }, c.bob), 40401, '模型不存在');
  });

  it('refuses incomplete configurations', async () => {
    expectCode(await test({ base_url: c.llm.url, upstream_model: 'x' }), 40001, '参数 type 不合法：请选择模型类型');
    expectCode(await test({ type: 'chat', base_url: c.llm.url }), 40001, '参数 upstream_model 不合法：请输入上游模型 ID');
    expectCode(await test({ type: 'chat', upstream_model: 'x' }), 40001, /参数 base_url 不合法：请输入接口地址/);
  });

  describe('suggested questions', () => {
    const suggest = (body: Record<string, unknown>, token = c.alice) => c.t.call<string[]>('/api/llm/generate_suggest_questions', body, token);
    const messages = [
      { role: 'user', content: '怎么创建知识库？' },
      { role: 'assistant', content: '在知识库页面点击“新建”即可。' },
    ];

    it('asks the named model and returns three questions from a JSON array or numbered lines', async () => {
      c.llm.script({ match: '三个推荐问题', times: 1, text: '```json\n["如何上传文档？","支持哪些格式？","怎样删除知识库？"]\n```' });
      expect(expectOk(await suggest({ llm_name: 'alice-hidden', messages, description: '知识库助手' }))).toEqual(['如何上传文档？', '支持哪些格式？', '怎样删除知识库？']);
      const sent = c.llm.requests[0]?.body.messages;
      expect(sent[0].role).toBe('system');
      expect(sent[1].content).toContain('助手简介：知识库助手');
      expect(sent[1].content).toContain('用户：怎么创建知识库？');

      c.llm.script({ match: '三个推荐问题', times: 1, text: '1. 问题一？\n2. 问题二？\n3. 问题三？' });
      expect(expectOk(await suggest({ llm_name: 'alice-hidden', messages }))).toEqual(['问题一？', '问题二？', '问题三？']);
      await expect.poll(async () => (await c.t.rows(sql`select model, ok from usage_records where feature = 'suggest_questions' limit 1`))[0]).toEqual({ model: 'alice-hidden', ok: true });
    });

    it('uses the first chat model the user may use when none is named', async () => {
      // alice's oldest model is strict-chat, which is also the only (public) one bob may use.
      strict.script({ match: '三个推荐问题', text: '["一？","二？","三？"]' });
      expect(expectOk(await suggest({ messages }))).toEqual(['一？', '二？', '三？']);
      expect(expectOk(await suggest({}, c.bob))).toEqual(['一？', '二？', '三？']);
      expect(strict.requests).toHaveLength(2);
      expect(c.llm.requests).toHaveLength(0);
    });

    it('says clearly when the model answers garbage, fails, or no model is available', async () => {
      c.llm.script({ match: '三个推荐问题', text: '抱歉，我不知道。' });
      const garbage = await suggest({ llm_name: 'alice-hidden', messages });
      expect({ status: garbage.status, code: garbage.body.code, msg: garbage.body.msg }).toEqual({
        status: 502,
        code: 50201,
        msg: '模型「alice-hidden」没有给出可用的推荐问题，请重试或换一个模型',
      });
      c.llm.reset();
      c.llm.script({ match: '三个推荐问题', status: 401 });
      expect((await suggest({ llm_name: 'alice-hidden', messages })).body).toMatchObject({ code: 50201, msg: expect.stringMatching(/^密钥无效（401）/) });
      expectCode(await suggest({ llm_name: 'no-such-model' }), 40401, '模型不存在');
      expectCode(await suggest({ messages: [{ role: 'robot', content: 'x' }] }), 40001, /消息角色只能是 system、user 或 assistant/);
      expectOk(await c.t.call('/api/llm/update_status', { id: saved.id, status: 'disabled' }, c.alice));
      expectCode(await suggest({}, c.bob), 40001, '没有可用的对话模型，请先在模型管理中添加并启用一个对话模型');
      expectCode(await suggest({ llm_name: 'strict-chat' }, c.bob), 40301, /已停用/);
    });
  });
});
