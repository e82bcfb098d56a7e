import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { parseSse, readSse, readUntil, type SseEvent } from '../../../test/sse.js';

const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

describe('model playground: POST /api/llm/chat', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let admin: string;
  let bob: string;
  let base: string;

  beforeAll(async () => {
    llm = await startScriptedLlm();
    t = await startTestApp({ SECRET_KEY, LLM_RETRY_BASE_MS: '5' });
    admin = await t.signUp('pg_admin');
    bob = await t.signUp('pg_bob');
    for (const [llm_name, extra] of [
      ['play-chat', {}],
      ['play-private', { is_public: false }],
      ['play-off', { status: 'disabled' }],
    ] as const) {
      expectOk(await t.call('/api/llm/create_llm_model', { llm_name, type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-play', is_public: true, ...extra }, admin));
    }
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  beforeEach(() => llm.reset());
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const chat = (body: Record<string, unknown>, token = admin, signal?: AbortSignal) =>
    fetch(`${base}/api/llm/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'access-token': token }, body: JSON.stringify(body), signal });
  const chatEvents = async (body: Record<string, unknown>, token = admin) => parseSse(await (await chat(body, token)).text());
  const textOf = (events: SseEvent[], type = 'delta') =>
    events
      .filter((e) => e.event === type)
      .map((e) => e.data.text)
      .join('');
  const lastChatRequest = () => llm.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;

  it('streams the answer, keeps both messages and titles the conversation after the question', async () => {
    llm.script({ match: '天空', chunks: ['天空', '是', '蓝色的'], reasoning: '光的散射', usage: { prompt_tokens: 12, completion_tokens: 4 } });
    const events = await chatEvents({ llm_name: 'play-chat', query: '天空为什么是蓝色的？' });
    expect(events[0]).toMatchObject({ id: 1, event: 'run' });
    expect(textOf(events)).toBe('天空是蓝色的');
    expect(textOf(events, 'reasoning')).toBe('光的散射');
    expect(events.find((e) => e.event === 'usage')?.data).toEqual({ prompt_tokens: 12, completion_tokens: 4 });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });

    const { conversation_id } = events[0]!.data;
    const list = expectOk(await t.call<any>('/api/user/list_history_conversations', { kind: 'llm' }, admin));
    expect(list.list.find((c: any) => c.id === conversation_id)).toMatchObject({ title: '天空为什么是蓝色的？', subject: 'play-chat' });
    const messages = expectOk(await t.call<any[]>('/api/user/list_conversation_messages', { conversation_id }, admin));
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', '天空为什么是蓝色的？'],
      ['assistant', '天空是蓝色的'],
    ]);
    expect(messages[1].meta).toMatchObject({ reasoning: '光的散射', usage: { prompt_tokens: 12, completion_tokens: 4 }, status: 'completed' });
    const [row] = await t.rows<{ n: number }>(sql`select count(*)::int as n from usage_records where feature = 'playground' and model = 'play-chat' and ok`);
    expect(row!.n).toBeGreaterThanOrEqual(1);
  });

  it('keeps the conversation across turns, with the system prompt and parameters sent to the model', async () => {
    const first = await chatEvents({ llm_name: 'play-chat', query: '第一问' });
    const conversation_id = first[0]!.data.conversation_id;
    await chatEvents({ llm_name: 'play-chat', query: '第二问', conversation_id, system_prompt: '你是测试助手', temperature: 0.3, max_tokens: 50 });
    const sent = lastChatRequest().body;
    expect(sent.messages.map((m: any) => [m.role, m.content])).toEqual([
      ['system', '你是测试助手'],
      ['user', '第一问'],
      ['assistant', textOf(first)],
      ['user', '第二问'],
    ]);
    expect(sent.temperature).toBe(0.3);
    expect(sent.max_tokens).toBe(50);
  });

  it('regenerate replaces the last answer instead of adding a question', async () => {
    llm.script({ match: '再答一次', text: '旧答案', times: 1 }, { match: '再答一次', text: '新答案' });
    const first = await chatEvents({ llm_name: 'play-chat', query: '再答一次' });
    const conversation_id = first[0]!.data.conversation_id;
    const again = await chatEvents({ llm_name: 'play-chat', conversation_id, regenerate: true });
    expect(textOf(again)).toBe('新答案');
    const messages = expectOk(await t.call<any[]>('/api/user/list_conversation_messages', { conversation_id }, admin));
    expect(messages.map((m) => m.content)).toEqual(['再答一次', '新答案']);
  });

  it('refuses before streaming: bad input, unknown, disabled and private models, foreign conversations', async () => {
    expectCode(await t.call('/api/llm/chat', { llm_name: 'play-chat' }, admin), 40001, /问题/);
    expectCode(await t.call('/api/llm/chat', { llm_name: 'play-chat', query: 'x', temperature: 9 }, admin), 40001, /温度/);
    expectCode(await t.call('/api/llm/chat', { llm_name: 'no-such-model', query: 'x' }, admin), 40401);
    expectCode(await t.call('/api/llm/chat', { llm_name: 'play-off', query: 'x' }, admin), 40301);
    expectCode(await t.call('/api/llm/chat', { llm_name: 'play-private', query: 'x' }, bob), 40401);
    expectCode(await t.call('/api/llm/chat', { llm_name: 'play-chat', query: 'x' }), 40101);
    const mine = await chatEvents({ llm_name: 'play-chat', query: '我的会话' });
    const conversation_id = mine[0]!.data.conversation_id;
    expectCode(await t.call('/api/llm/chat', { llm_name: 'play-chat', query: '偷看', conversation_id }, bob), 40401);
    expectCode(await t.call('/api/llm/chat', { llm_name: 'play-chat', conversation_id, regenerate: true }, bob), 40401);
    expectCode(await t.call('/api/user/list_conversation_messages', { conversation_id }, bob), 40401);
    expectCode(await t.call('/api/user/del_conversation', { conversation_id }, bob), 40401);
  });

  it('stop: cancelling aborts the upstream call at once and keeps the partial answer', async () => {
    llm.script({ match: '长篇', chunks: Array.from({ length: 200 }, (_, i) => `段${i}`), chunkDelayMs: 20 });
    const stream = readSse(await chat({ llm_name: 'play-chat', query: '写一篇长篇' }));
    const seen = await readUntil(stream, (event) => event.event === 'delta');
    const { run_id, conversation_id } = seen[0]!.data;
    const cancelledAt = Date.now();
    expectOk(await t.call(`/api/runs/${run_id}/cancel`, undefined, admin));
    for await (const event of stream) seen.push(event);
    expect(seen.at(-1)).toMatchObject({ event: 'done', data: { status: 'cancelled' } });
    await expect.poll(() => lastChatRequest().aborted, { timeout: 1_000 }).toBe(true);
    expect(lastChatRequest().abortedAt! - cancelledAt).toBeLessThan(1_000);
    const messages = expectOk(await t.call<any[]>('/api/user/list_conversation_messages', { conversation_id }, admin));
    expect(messages[1].meta.status).toBe('cancelled');
    expect(messages[1].content.startsWith('段0')).toBe(true);
  });

  it('a closed browser tab stops the model call soon after (nobody is reading)', async () => {
    llm.script({ match: '没人看', chunks: Array.from({ length: 300 }, (_, i) => `字${i}`), chunkDelayMs: 20 });
    const controller = new AbortController();
    const stream = readSse(await chat({ llm_name: 'play-chat', query: '没人看的回答' }, admin, controller.signal));
    await stream.next();
    controller.abort();
    await expect.poll(() => lastChatRequest().aborted, { timeout: 4_000 }).toBe(true);
  });

  it('an upstream failure ends the stream with a Chinese error and is recorded as a failed call', async () => {
    llm.script({ match: '出错', status: 400, errorMessage: 'bad request from provider' });
    const events = await chatEvents({ llm_name: 'play-chat', query: '请出错' });
    const error = events.find((e) => e.event === 'error');
    expect(error?.data.msg).toMatch(/\p{Script=Han}/u);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'failed' } });
    const [row] = await t.rows<{ n: number }>(sql`select count(*)::int as n from usage_records where model = 'play-chat' and not ok`);
    expect(row!.n).toBeGreaterThanOrEqual(1);
  });
});
