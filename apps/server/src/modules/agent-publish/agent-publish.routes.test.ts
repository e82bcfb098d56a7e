import type { AgentApiKeyInfo, AgentInfo } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/security/index.js';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const SECRET_KEY = Buffer.alloc(32, 5).toString('base64');
const MODEL = 'publish-model';

describe('agent publishing: API keys and POST /v1/chat/completions', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let admin: string;
  let alice: string;
  let bob: string;
  let privateAgent: AgentInfo;
  let publishedAgent: AgentInfo;
  let base: string;

  const createAgent = async (fields: Record<string, unknown> = {}) => expectOk(await t.call<AgentInfo>('/api/agent/create', { name: '客服助手', llm_name: MODEL, ...fields }, alice));
  const createKey = async (agentId: string, token = alice, name = '网站') => {
    const created = expectOk(await t.call<AgentApiKeyInfo>('/api/agent/api_keys/create', { agent_id: agentId, name }, token));
    expect(created.key).toMatch(/^ak-[A-Za-z0-9_-]{40}$/);
    return created as AgentApiKeyInfo & { key: string };
  };
  const listKeys = async (agentId: string, token = alice) => expectOk(await t.call<AgentApiKeyInfo[]>('/api/agent/api_keys/list', { agent_id: agentId }, token));
  /** `POST /v1/chat/completions` as an OpenAI client sends it. */
  const v1 = async (body: unknown, key?: string, ip = '127.0.0.1') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: ip,
    });
    return { status: response.statusCode, type: String(response.headers['content-type']), text: response.body, json: () => response.json() as any };
  };
  const ask = (model: string, query = '你好', extra: Record<string, unknown> = {}) => ({ model, messages: [{ role: 'user', content: query }], ...extra });
  /** An OpenAI-style refusal: the status and `{error: {message (Chinese), type, code}}`. */
  const expectOpenAiError = (answer: Awaited<ReturnType<typeof v1>>, status: number, code: string, message?: RegExp) => {
    expect({ status: answer.status, code: answer.json().error?.code }, answer.text).toEqual({ status, code });
    expect(Object.keys(answer.json())).toEqual(['error']);
    expect(answer.json().error.message).toMatch(message ?? /\p{Script=Han}/u);
    expect(answer.json().error.type).toEqual(expect.any(String));
  };

  const v1Live = (body: unknown, key: string, signal?: AbortSignal) =>
    fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body), signal });
  /** The `data:` payloads of an OpenAI stream, `[DONE]` as a string. */
  const dataLines = (text: string) => {
    const blocks = text.split('\n\n').filter((block) => block.trim() !== '' && !block.startsWith(':'));
    for (const block of blocks) expect(block).toMatch(/^data: [^\n]+$/);
    return blocks.map((block) => block.slice('data: '.length)).map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
  };
  const lastModelRequest = () => llm.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;

  beforeAll(async () => {
    llm = await startScriptedLlm();
    t = await startTestApp({ SECRET_KEY, LLM_RETRY_BASE_MS: '5' });
    admin = await t.signUp('pub_admin');
    alice = await t.signUp('pub_alice');
    bob = await t.signUp('pub_bob');
    expectOk(
      await t.call(
        '/api/llm/create_llm_model',
        { llm_name: MODEL, type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-publish-01', is_public: true, supports_tools: true },
        admin,
      ),
    );
    privateAgent = await createAgent();
    publishedAgent = await createAgent({ name: '公开助手' });
    expectOk(await t.call('/api/agent/publish', publishedAgent.id, alice));
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('shows a key once, lists it masked, stores only its hash, and a revoked key stops working', async () => {
    const created = await createKey(privateAgent.id);
    const key = created.key;
    expect(created).toMatchObject({ agent_id: privateAgent.id, name: '网站', masked: `${key.slice(0, 7)}****${key.slice(-4)}`, last_used_at: null });
    const [row] = await t.rows(sql`select * from agent_api_keys where id = ${created.id}`);
    expect(row).toMatchObject({ key_hash: sha256(key), owner_id: privateAgent.owner_id });
    expect(JSON.stringify(row)).not.toContain(key.slice(3));

    const listed = await listKeys(privateAgent.id);
    expect(listed).toEqual([{ id: created.id, agent_id: privateAgent.id, name: '网站', masked: created.masked, created_at: created.created_at, last_used_at: null }]);
    // The key opens its own agent only: another model id is refused after the key was accepted.
    expectOpenAiError(await v1(ask(publishedAgent.id), key), 404, 'model_not_found', /model 须为此 API 密钥所属智能体的 id/);

    expectOk(await t.call('/api/agent/api_keys/revoke', { id: created.id }, alice));
    expect(await listKeys(privateAgent.id)).toEqual([]);
    expectOpenAiError(await v1(ask(privateAgent.id), key), 401, 'invalid_api_key', /API 密钥无效或已被撤销/);
    expectCode(await t.call('/api/agent/api_keys/revoke', { id: created.id }, alice), 40401, 'API 密钥不存在');
  });

  it('only the owner or an administrator manages an agent’s keys; at most 20 live keys per agent', async () => {
    const own = await createKey(publishedAgent.id);
    expectCode(await t.call('/api/agent/api_keys/create', { agent_id: privateAgent.id, name: 'x' }, bob), 40401, '智能体不存在');
    expectCode(await t.call('/api/agent/api_keys/list', { agent_id: privateAgent.id }, bob), 40401, '智能体不存在');
    expectCode(await t.call('/api/agent/api_keys/create', { agent_id: publishedAgent.id, name: 'x' }, bob), 40301, /创建者或管理员/);
    expectCode(await t.call('/api/agent/api_keys/list', { agent_id: publishedAgent.id }, bob), 40301, /创建者或管理员/);
    expectCode(await t.call('/api/agent/api_keys/revoke', { id: own.id }, bob), 40401, 'API 密钥不存在');
    expect((await listKeys(publishedAgent.id)).map((k) => k.id)).toEqual([own.id]);

    // An administrator's key still acts for the agent's owner.
    const byAdmin = await createKey(publishedAgent.id, admin, '管理员建的');
    const [row] = await t.rows(sql`select owner_id from agent_api_keys where id = ${byAdmin.id}`);
    expect(row!.owner_id).toBe(publishedAgent.owner_id);
    expect((await listKeys(publishedAgent.id, admin)).length).toBe(2);

    for (let i = 2; i < 20; i++) await createKey(publishedAgent.id);
    expectCode(await t.call('/api/agent/api_keys/create', { agent_id: publishedAgent.id, name: '第 21 个' }, alice), 40901, /最多 20 个/);
    expectOk(await t.call('/api/agent/api_keys/revoke', { id: byAdmin.id }, admin));
    await createKey(publishedAgent.id);
  });

  it('refuses bad bodies with 40001, and /v1 answers refusals in OpenAI’s shape', async () => {
    expectCode(await t.call('/api/agent/api_keys/create', { agent_id: privateAgent.id }, alice), 40001, /密钥名称/);
    expectCode(await t.call('/api/agent/api_keys/create', { agent_id: privateAgent.id, name: 'x'.repeat(51) }, alice), 40001, /密钥名称/);
    expectCode(await t.call('/api/agent/api_keys/create', { agent_id: 'nope', name: 'x' }, alice), 40001, /智能体 id/);
    expectCode(await t.call('/api/agent/api_keys/list', {}, alice), 40001, /智能体 id/);
    expectCode(await t.call('/api/agent/api_keys/revoke', { id: 1 }, alice), 40001, /密钥 id/);

    const { key } = await createKey(privateAgent.id);
    expectOpenAiError(await v1(ask(privateAgent.id)), 401, 'invalid_api_key', /缺少 API 密钥/);
    expectOpenAiError(await v1(ask(privateAgent.id), 'ak-not-a-real-key'), 401, 'invalid_api_key');
    expectOpenAiError(await v1({ model: privateAgent.id }, key), 400, 'invalid_request', /messages/);
    expectOpenAiError(await v1(ask(privateAgent.id, '你好', { stream: 'yes' }), key), 400, 'invalid_request', /stream/);
    expectOpenAiError(await v1({ model: privateAgent.id, messages: [{ role: 'system', content: '只有系统提示' }] }, key), 400, 'invalid_request', /缺少用户/);
    expectOpenAiError(await v1('{"model":', key), 400, 'invalid_request', /JSON/);
    expect((await t.app.inject({ method: 'GET', url: '/v1/models' })).statusCode).toBe(404);
  });

  it('blocks an address after 20 bad keys, even when it then brings a good one', async () => {
    const { key } = await createKey(privateAgent.id);
    for (let i = 0; i < 20; i++) expectOpenAiError(await v1(ask(privateAgent.id), `ak-guess-${i}`, '10.9.9.9'), 401, 'invalid_api_key');
    expectOpenAiError(await v1(ask(privateAgent.id), key, '10.9.9.9'), 429, 'rate_limit_exceeded', /失败次数过多/);
    expectOpenAiError(await v1(ask(publishedAgent.id), key, '10.9.9.8'), 404, 'model_not_found');
  });

  it('answers as an OpenAI chat completion, streamed and not; tools run on the server', async () => {
    const agent = await createAgent({ name: '算术助手', tool_ids: ['calculator'] });
    const { key } = await createKey(agent.id);
    llm.script(
      { match: '算一下', afterToolResult: false, toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }], usage: { prompt_tokens: 10, completion_tokens: 3 } },
      { match: '算一下', afterToolResult: true, chunks: ['结果', '是 42'], usage: { prompt_tokens: 20, completion_tokens: 4 } },
    );
    const messages = [{ role: 'user', content: [{ type: 'text', text: '算一下 6*7' }] }];
    const whole = await v1({ model: agent.id, messages }, key);
    expect(whole.status, whole.text).toBe(200);
    expect(whole.json()).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: agent.id,
      choices: [{ index: 0, message: { role: 'assistant', content: '结果是 42' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 30, completion_tokens: 7, total_tokens: 37 },
    });
    await expect.poll(async () => (await listKeys(agent.id))[0]!.last_used_at).not.toBeNull();

    const response = await v1Live({ model: agent.id, messages, stream: true, stream_options: { include_usage: true } }, key);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const chunks = dataLines(await response.text());
    expect(chunks.at(-1)).toBe('[DONE]');
    const [first, ...rest] = chunks.slice(0, -1);
    expect(first).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion.chunk',
      model: agent.id,
      choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }],
    });
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((chunk: any) => chunk.id === first.id)).toBe(true);
    const finish = rest.findIndex((chunk: any) => chunk.choices[0]?.finish_reason === 'stop');
    expect(
      rest
        .slice(0, finish)
        .map((chunk: any) => chunk.choices[0].delta.content)
        .join(''),
    ).toBe('结果是 42');
    expect(rest.slice(finish + 1)).toEqual([expect.objectContaining({ choices: [], usage: { prompt_tokens: 30, completion_tokens: 7, total_tokens: 37 } })]);
  });

  it('the last user message is the question, earlier user and assistant messages the history; system messages are ignored', async () => {
    const { key } = await createKey(privateAgent.id);
    llm.script({ match: '第二问', text: '第二答' });
    const messages = [
      { role: 'system', content: '客户端的系统提示不替换智能体的' },
      { role: 'user', content: '第一问' },
      { role: 'assistant', content: '第一答' },
      { role: 'user', content: '第二问' },
    ];
    expect((await v1({ model: privateAgent.id, messages }, key)).json().choices[0].message.content).toBe('第二答');
    const sent = lastModelRequest().body.messages.map((m: any) => [m.role, m.content]);
    expect(sent.slice(-3)).toEqual([
      ['user', '第一问'],
      ['assistant', '第一答'],
      ['user', '第二问'],
    ]);
    expect(JSON.stringify(sent)).not.toContain('客户端的系统提示');
  });

  it('a run that waits for a person answers with a notice naming the run', async () => {
    const agent = await createAgent({ name: '谨慎助手', tool_ids: ['calculator'], hitl: { action_confirm: true, observation_confirm: false } });
    const { key } = await createKey(agent.id);
    llm.script({ match: '需确认', toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }] });
    const whole = (await v1(ask(agent.id, '需确认：1+1'), key)).json();
    const content: string = whole.choices[0].message.content;
    expect(whole.choices[0].finish_reason).toBe('stop');
    const runId = /（运行 ID：([0-9a-f-]{36})）。$/.exec(content)?.[1];
    expect(content).toMatch(/^此智能体需要人工确认后才能继续，请在平台的对话页面中处理/);
    // The paused run is the owner's, waiting where the platform's pages find it.
    const events = await t.app.inject({ method: 'GET', url: `/api/runs/${runId}/events?after=0`, headers: { 'access-token': alice } });
    expect(events.body).toContain('"status":"awaiting"');

    const streamed = dataLines(await (await v1Live({ ...ask(agent.id, '需确认：2+2'), stream: true }, key)).text());
    const text = streamed
      .slice(0, -1)
      .map((chunk: any) => chunk.choices[0].delta.content ?? '')
      .join('');
    expect(text).toMatch(/^此智能体需要人工确认后才能继续/);
  });

  it('a client that leaves stops the run and its model call', async () => {
    const { key } = await createKey(privateAgent.id);
    llm.script({ match: '长篇', chunks: Array.from({ length: 200 }, (_, i) => `段${i}`), chunkDelayMs: 20 });
    const controller = new AbortController();
    const response = await v1Live({ ...ask(privateAgent.id, '写一篇长篇'), stream: true }, key, controller.signal);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let seen = ''; !seen.includes('段');) seen += (await reader.read()).value ?? '';
    controller.abort();
    await expect.poll(() => lastModelRequest().aborted, { timeout: 3_000 }).toBe(true);
  });
});
