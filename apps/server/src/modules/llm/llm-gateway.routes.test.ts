import { embedText } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/harness.js';
import type { Viewer } from '../../core/index.js';
import type { ChatStreamPart, ToolSpec } from '../../platform/llm/index.js';
import { collect, rejectionOf, startLlmTestApp, type LlmTestContext } from '../../../test/fixtures/llm.js';

const KEY = 'sk-gateway-key-0001';
const weather: ToolSpec = {
  name: 'get_weather',
  description: '查询城市天气',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }] });
const textOf = (parts: ChatStreamPart[], type: 'text' | 'reasoning') => parts.map((part) => (part.type === type ? part.text : '')).join('');

describe('model gateway: streaming, tools, retries, timeouts, cancellation, usage', () => {
  let c: LlmTestContext;
  let alice: Viewer;
  const opts = { feature: 'playground' };
  const usageRows = (feature: string) =>
    c.t.rows<{ model: string; user_id: string; ok: boolean; error: string | null; prompt_tokens: number; completion_tokens: number; latency_ms: number }>(
      sql`select model, user_id, ok, error, prompt_tokens, completion_tokens, latency_ms from usage_records where feature = ${feature} order by created_at`,
    );

  beforeAll(async () => {
    c = await startLlmTestApp({ LLM_TIMEOUT_MS: '800' });
    alice = await c.viewerOf(c.alice);
    const base = { base_url: c.llm.url, api_key: KEY };
    await c.createModel(c.alice, { ...base, llm_name: 'gw-chat', upstream_model: 'scripted-chat', temperature: 0.2 });
    await c.createModel(c.alice, { ...base, llm_name: 'gw-embed', type: 'embedding', upstream_model: 'scripted-embedding' });
    await c.createModel(c.alice, { ...base, llm_name: 'gw-rerank', type: 'rerank' });
    await c.createModel(c.alice, { ...base, llm_name: 'gw-stt', type: 'stt' });
    const off = await c.createModel(c.alice, { ...base, llm_name: 'gw-off' });
    expectOk(await c.t.call('/api/llm/update_status', { id: off.id, status: 'disabled' }, c.alice));
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c.close());

  it('streams reasoning, then text, then a finish with usage; the upstream request carries key, model and defaults', async () => {
    c.llm.script({ match: '思考', reasoning: '先想一想：', text: '答案是 42。', usage: { prompt_tokens: 11, completion_tokens: 7 } });
    const parts = await collect(c.service.streamChat(alice, 'gw-chat', ask('请思考一下'), opts));
    expect(textOf(parts, 'reasoning')).toBe('先想一想：');
    expect(textOf(parts, 'text')).toBe('答案是 42。');
    expect(parts.findIndex((part) => part.type === 'reasoning')).toBeLessThan(parts.findIndex((part) => part.type === 'text'));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop', usage: { promptTokens: 11, completionTokens: 7 } });
    const [request] = c.llm.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({ model: 'scripted-chat', stream: true, stream_options: { include_usage: true }, temperature: 0.2 });
    // The stream does not wait for the usage row; the finish part carries its write.
    const finish = parts.at(-1);
    if (finish?.type === 'finish') await finish.recorded;
    expect(await usageRows('playground')).toContainEqual(expect.objectContaining({ model: 'gw-chat', user_id: alice.id, ok: true, error: null, prompt_tokens: 11, completion_tokens: 7 }));
  });

  it('answers whole when not streamed (the default script echoes the question)', async () => {
    const result = await c.service.chat(alice, 'gw-chat', { ...ask('你好'), temperature: 0.9, maxTokens: 50 }, opts);
    expect(result).toMatchObject({ text: '收到：你好', reasoning: '', toolCalls: [], finishReason: 'stop' });
    expect(result.usage.completionTokens).toBeGreaterThan(0);
    expect(c.llm.requests[0]?.body).toMatchObject({ temperature: 0.9, max_tokens: 50 });
  });

  it('returns proposed tool calls without running them, streamed and whole, and sends tool results back', async () => {
    c.llm.script({ match: '天气', afterToolResult: false, toolCalls: [{ name: 'get_weather', arguments: { city: '北京' } }] });
    c.llm.script({ match: '天气', afterToolResult: true, text: '北京晴。' });
    const parts = await collect(c.service.streamChat(alice, 'gw-chat', { ...ask('北京天气如何'), tools: [weather] }, opts));
    const call = parts.find((part) => part.type === 'tool-call');
    expect(call).toMatchObject({ type: 'tool-call', toolCall: { name: 'get_weather', input: { city: '北京' } } });
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
    expect(c.llm.requests[0]?.body.tools).toEqual([{ type: 'function', function: { name: 'get_weather', description: '查询城市天气', parameters: weather.inputSchema } }]);

    const whole = await c.service.chat(alice, 'gw-chat', { ...ask('北京天气如何'), tools: [weather] }, opts);
    expect(whole.toolCalls).toEqual([{ id: expect.any(String), name: 'get_weather', input: { city: '北京' } }]);
    const toolCall = whole.toolCalls[0]!;
    const followUp = await c.service.chat(
      alice,
      'gw-chat',
      {
        messages: [
          { role: 'user', content: '北京天气如何' },
          { role: 'assistant', content: '', toolCalls: [toolCall] },
          { role: 'tool', toolCallId: toolCall.id, toolName: 'get_weather', content: '{"weather":"晴"}' },
        ],
        tools: [weather],
      },
      opts,
    );
    expect(followUp.text).toBe('北京晴。');
    const sent = c.llm.requests.at(-1)?.body.messages;
    expect(sent[1]).toMatchObject({ role: 'assistant', tool_calls: [{ id: toolCall.id, function: { name: 'get_weather' } }] });
    expect(sent[2]).toMatchObject({ role: 'tool', tool_call_id: toolCall.id, content: '{"weather":"晴"}' });
  });

  it('retries 503 and 429 with backoff and succeeds; 400 is not retried', async () => {
    c.llm.script({ match: '重试503', status: 503, failTimes: 2, text: '第三次成功' });
    expect((await c.service.chat(alice, 'gw-chat', ask('重试503'), opts)).text).toBe('第三次成功');
    expect(c.llm.requests).toHaveLength(3);

    c.llm.script({ match: '限流', status: 429, failTimes: 1, text: '限流之后成功' });
    const parts = await collect(c.service.streamChat(alice, 'gw-chat', ask('限流'), opts));
    expect(textOf(parts, 'text')).toBe('限流之后成功');
    expect(c.llm.requests).toHaveLength(5);

    c.llm.script({ match: '坏请求', status: 400, errorMessage: 'messages is malformed' });
    const failure = await rejectionOf(c.service.chat(alice, 'gw-chat', ask('坏请求'), opts));
    // Users read what to do; the provider's own words stay in the diagnostic (log, the model's owner).
    expect(failure).toMatchObject({ code: 'MODEL_CALL_FAILED', envelopeCode: 50201, reason: 'bad_request', message: '模型服务拒绝了请求（400）' });
    expect(failure).toMatchObject({ diagnostic: '模型服务拒绝了请求（400）：messages is malformed' });
    expect(c.llm.requests).toHaveLength(6);
  });

  it('gives up after the configured number of tries, saying so', async () => {
    c.llm.script({ match: '一直坏', status: 502 });
    const failure = await rejectionOf(c.service.chat(alice, 'gw-chat', ask('一直坏'), opts));
    expect(failure).toMatchObject({ reason: 'upstream', message: expect.stringContaining('共尝试 3 次') });
    expect(c.llm.requests).toHaveLength(3);
    expect(await rejectionOf(c.service.chat(alice, 'gw-chat', ask('一直坏'), { ...opts, maxAttempts: 1 }))).toMatchObject({ reason: 'upstream' });
    expect(c.llm.requests).toHaveLength(4);
  });

  it('times out a silent model (whole and streamed) and closes the connection', async () => {
    c.llm.script({ match: '不回答', hang: true });
    const started = Date.now();
    expect(await rejectionOf(c.service.chat(alice, 'gw-chat', ask('不回答'), opts))).toMatchObject({ reason: 'timeout', message: expect.stringContaining('超时') });
    expect(await rejectionOf(collect(c.service.streamChat(alice, 'gw-chat', ask('不回答'), { ...opts, timeoutMs: 300 })))).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(c.llm.requests).toHaveLength(2); // a timeout is not retried
    await expect.poll(() => c.llm.requests.every((request) => request.aborted)).toBe(true);

    c.llm.script({ match: '停顿', chunks: ['一', '二', '三'], chunkDelayMs: 600 });
    const failure = await rejectionOf(collect(c.service.streamChat(alice, 'gw-chat', ask('停顿'), { ...opts, timeoutMs: 300 })));
    expect(failure).toMatchObject({ reason: 'timeout' });
  });

  it('streamed answers share one kept-alive connection, and a burst of them goes out before any answers', async () => {
    c.llm.script({ match: '连接复用', chunks: ['一', '二'], chunkDelayMs: 5 });
    for (let i = 0; i < 3; i += 1) await collect(c.service.streamChat(alice, 'gw-chat', ask('连接复用'), opts));
    const ports = new Set(c.llm.requests.map((request) => request.clientPort));
    expect(ports.size).toBe(1);

    // Ten at once, each answering only after 300 ms: all ten reach the model before the first answer does.
    c.llm.reset();
    c.llm.script({ match: '同时发出', chunks: ['好'], delayMs: 300 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 10 }, () => collect(c.service.streamChat(alice, 'gw-chat', ask('同时发出'), opts))));
    expect(c.llm.requests).toHaveLength(10);
    expect(Math.max(...c.llm.requests.map((request) => request.receivedAt)) - started).toBeLessThan(300);
  });

  it('aborting mid-stream closes the upstream request within a second and records the cancellation', async () => {
    c.llm.script({ match: '慢慢说', chunks: Array.from({ length: 30 }, (_, i) => `第${i}段`), chunkDelayMs: 100 });
    const controller = new AbortController();
    const seen: string[] = [];
    let abortedAt = 0;
    const failure = await rejectionOf(
      (async () => {
        for await (const part of c.service.streamChat(alice, 'gw-chat', ask('慢慢说'), { feature: 'cancel_test', signal: controller.signal })) {
          if (part.type === 'text') seen.push(part.text);
          if (seen.length === 2) {
            abortedAt = Date.now();
            controller.abort();
          }
        }
      })(),
    );
    expect(failure).toMatchObject({ reason: 'aborted', message: '模型调用已取消' });
    await expect.poll(() => c.llm.requests[0]?.aborted, { timeout: 1_000 }).toBe(true);
    expect(c.llm.requests[0]!.abortedAt! - abortedAt).toBeLessThan(1_000);

    // Leaving the loop early closes the upstream request too.
    for await (const part of c.service.streamChat(alice, 'gw-chat', ask('慢慢说'), { feature: 'cancel_test' })) {
      if (part.type === 'text') break;
    }
    await expect.poll(() => c.llm.requests[1]?.aborted, { timeout: 1_000 }).toBe(true);
    await expect
      .poll(() => usageRows('cancel_test'))
      .toEqual([expect.objectContaining({ ok: false, error: '模型调用已取消' }), expect.objectContaining({ ok: false, error: '模型调用已取消' })]);
  });

  it('refuses disabled models, models of the wrong type and invisible models before calling anything', async () => {
    expect(await rejectionOf(c.service.chat(alice, 'gw-off', ask('你好'), opts))).toMatchObject({
      code: 'MODEL_DISABLED',
      envelopeCode: 40301,
      message: '模型「gw-off」已停用，请联系模型的创建者或管理员启用后再试',
    });
    expect(await rejectionOf(collect(c.service.streamChat(alice, 'gw-off', ask('你好'), opts)))).toMatchObject({ code: 'MODEL_DISABLED' });
    expect(await rejectionOf(c.service.embed(alice, 'gw-chat', ['x'], opts))).toMatchObject({ code: 'BAD_INPUT', message: '模型「gw-chat」是对话模型，不能用于向量化' });
    const bob = await c.viewerOf(c.bob);
    expect(await rejectionOf(c.service.chat(bob, 'gw-chat', ask('你好'), opts))).toMatchObject({ code: 'NOT_FOUND', message: '模型不存在' });
    expect(await rejectionOf(c.service.resolveModel(alice, 'no-such-model', 'chat'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(c.llm.requests).toHaveLength(0);
    expect((await c.service.resolveModel(alice, 'gw-off')).status).toBe('disabled');
  });

  it('records failed calls with their reason', async () => {
    c.llm.script({ match: '记录失败', status: 401 });
    await rejectionOf(c.service.chat(alice, 'gw-chat', ask('记录失败'), { feature: 'failure_test' }));
    await expect.poll(async () => (await usageRows('failure_test')).length).toBe(1);
    const [row] = await usageRows('failure_test');
    expect(row).toMatchObject({ model: 'gw-chat', user_id: alice.id, ok: false, prompt_tokens: 0, completion_tokens: 0 });
    expect(row?.error).toMatch(/^密钥无效（401）/);
  });

  it('embeds in batches of 64, in order, deterministically, with one usage row', async () => {
    const texts = Array.from({ length: 150 }, (_, i) => `第 ${i} 段文本`);
    const vectors = await c.service.embed(alice, 'gw-embed', texts, { feature: 'embed_test' });
    expect(vectors).toHaveLength(150);
    expect(c.llm.requests.map((request) => request.body.input.length)).toEqual([64, 64, 22]);
    expect(c.llm.requests[2]?.body).toMatchObject({ model: 'scripted-embedding', encoding_format: 'float' });
    expect(vectors[149]).toEqual(embedText('第 149 段文本', 64));
    expect(await c.service.embed(alice, 'gw-embed', ['第 7 段文本'], { feature: 'embed_test' })).toEqual([vectors[7]]);
    // Written behind the answer.
    await expect.poll(async () => (await usageRows('embed_test')).length).toBe(2);
    const rows = await usageRows('embed_test');
    expect(rows[0]).toMatchObject({ model: 'gw-embed', ok: true });
    expect(rows[0]!.prompt_tokens).toBeGreaterThan(150);
  });

  it('reranks, best first, honouring top_n', async () => {
    const documents = ['上海今天下雨', '北京今天晴天', '北京天气预报：晴'];
    const results = await c.service.rerank(alice, 'gw-rerank', { query: '北京天气', documents, topN: 2 }, opts);
    expect(results.map((result) => result.index)).toEqual([2, 1]);
    expect(results[0]!.score).toBeGreaterThan(results[1]!.score);
    expect(c.llm.requests[0]).toMatchObject({ path: '/v1/rerank', body: { model: 'gw-rerank', query: '北京天气', documents, top_n: 2 } });
  });

  it('transcribes audio uploaded as multipart', async () => {
    const audio = new Uint8Array(2_048).fill(1);
    expect(await c.service.transcribe(alice, 'gw-stt', { audio, filename: 'voice.webm', mediaType: 'audio/webm', language: 'zh' }, opts)).toEqual({
      text: '你好，请介绍一下你自己。',
    });
    expect(c.llm.requests[0]).toMatchObject({
      path: '/v1/audio/transcriptions',
      body: { model: 'gw-stt', language: 'zh', file: { name: 'voice.webm', type: 'audio/webm', size: 2_048 } },
    });
    c.llm.script({ endpoint: 'transcriptions', match: 'meeting', text: '会议纪要' });
    expect((await c.service.transcribe(alice, 'gw-stt', { audio, filename: 'meeting.wav' }, opts)).text).toBe('会议纪要');
  });
});
