import type { AgentApiKeyInfo, AgentInfo, AgentWithheldInfo, MaInfo } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { MODEL } from '../../../test/fixtures/agent-chat.js';
import { membersOf, speakers, startMaTestApp, streamOf, type MaTestContext } from '../../../test/fixtures/multi-agent.js';

describe('a published setup through /v1/chat/completions and its API keys; withholding a member others use', () => {
  let c: MaTestContext;
  let triage: AgentInfo;
  let refund: AgentInfo;
  let setup: MaInfo;

  const createKey = async (id: string, token = c.alice) => expectOk(await c.t.call<AgentApiKeyInfo & { key: string }>('/api/agent/api_keys/create', { agent_id: id, name: '官网' }, token));
  const v1 = async (body: unknown, key: string) => {
    const response = await c.t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, text: response.body, json: () => response.json() };
  };
  const ask = (model: string, content: string, extra: Record<string, unknown> = {}) => ({ model, messages: [{ role: 'user', content }], ...extra });
  const expectOpenAiError = (answer: Awaited<ReturnType<typeof v1>>, status: number, code: string, message: RegExp) => {
    expect({ status: answer.status, code: answer.json().error?.code }, answer.text).toEqual({ status, code });
    expect(answer.json().error.message).toMatch(message);
  };
  const handoffScript = (word: string) =>
    c.llm.script(
      { system: '你是分诊员', match: word, times: 1, text: `${word}：转退款。`, toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '退款' } }] },
      { system: '你是退款专员', match: word, text: '已退款。' },
    );

  beforeAll(async () => {
    c = await startMaTestApp();
    [triage, refund] = [await c.roleAgent('分诊员'), await c.roleAgent('退款专员')];
    setup = await c.createSetup({ name: '客服协作', mode: 'handoff', members: membersOf(triage, refund), edges: [{ from: triage.id, to: refund.id }], start_agent_id: triage.id });
    expectOk(await c.t.call('/api/ma/publish', { id: setup.id }, c.alice));
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  it('a key of a published setup answers through the setup, whole and streamed, with the client’s earlier messages as history', async () => {
    const created = await createKey(setup.id);
    expect(created).toMatchObject({ agent_id: setup.id, name: '官网' });
    expect(expectOk(await c.t.call<AgentApiKeyInfo[]>('/api/agent/api_keys/list', { agent_id: setup.id }, c.alice)).map((key) => key.id)).toEqual([created.id]);

    handoffScript('整段');
    const messages = [
      { role: 'user', content: '上一问' },
      { role: 'assistant', content: '上一答' },
      { role: 'user', content: '整段：我要退款' },
    ];
    const whole = await v1({ model: setup.id, messages }, created.key);
    expect(whole.status, whole.text).toBe(200);
    expect(whole.json()).toMatchObject({
      object: 'chat.completion',
      model: setup.id,
      choices: [{ message: { role: 'assistant', content: '整段：转退款。已退款。' }, finish_reason: 'stop' }],
    });
    const [first, second] = c.chatRequests();
    expect(JSON.stringify(first!.body.messages)).toContain('上一答');
    expect(JSON.stringify(second!.body.messages)).toContain('上一问');

    handoffScript('流式');
    const streamed = await v1(ask(setup.id, '流式：我要退款', { stream: true }), created.key);
    const chunks = streamed.text
      .split('\n\n')
      .filter((block) => block.startsWith('data: {'))
      .map((block) => JSON.parse(block.slice('data: '.length)));
    expect(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('')).toBe('流式：转退款。已退款。');
    expect(streamed.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('the answer over the API is what the conversation keeps: the last member’s in a pipeline, the coordinator’s under supervision', async () => {
    const pipeline = await c.createSetup({ mode: 'sequential', members: membersOf(triage, refund), edges: [{ from: triage.id, to: refund.id }], start_agent_id: triage.id });
    expectOk(await c.t.call('/api/ma/publish', { id: pipeline.id }, c.alice));
    c.llm.script({ system: '你是分诊员', match: '流水线', text: '草稿。' }, { system: '你是退款专员', text: '定稿。' });
    const { key } = await createKey(pipeline.id);
    expect((await v1(ask(pipeline.id, '流水线：写通知'), key)).json().choices[0].message.content).toBe('定稿。');

    const supervised = await c.createSetup({
      mode: 'supervisor',
      members: membersOf(triage),
      start_agent_id: triage.id,
      supervisor: { llm_name: MODEL, system_prompt: '你是协调者' },
    });
    expectOk(await c.t.call('/api/ma/publish', { id: supervised.id }, c.alice));
    c.llm.reset();
    c.llm.script(
      { system: '你是协调者', afterToolResult: false, times: 1, text: '分派。', toolCalls: [{ name: 'ask_agent_1', arguments: { task: '分诊' } }] },
      { system: '你是分诊员', text: '成员的结果。' },
      { system: '你是协调者', afterToolResult: true, text: '综合后的答复。' },
    );
    const supervisedKey = await createKey(supervised.id);
    const chunks = (await v1(ask(supervised.id, '请协调', { stream: true }), supervisedKey.key)).text
      .split('\n\n')
      .filter((block) => block.startsWith('data: {'))
      .map((block) => JSON.parse(block.slice('data: '.length)));
    expect(chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('')).toBe('分派。综合后的答复。');
  });

  it('a wrong or revoked key is refused; a withheld setup is refused until published again; the key opens its own setup only', async () => {
    const { id, key } = await createKey(setup.id);
    expectOpenAiError(await v1(ask(setup.id, '你好'), 'ak-not-a-real-key'), 401, 'invalid_api_key', /API 密钥无效或已被撤销/);
    expectOpenAiError(await v1(ask(triage.id, '你好'), key), 404, 'model_not_found', /model 须为此 API 密钥所属智能体的 id/);

    expectOk(await c.t.call('/api/ma/withhold', { id: setup.id }, c.alice));
    expectOpenAiError(await v1(ask(setup.id, '你好'), key), 403, 'forbidden', /多智能体「客服协作」未发布或已取消发布，不能通过 API 密钥使用/);
    expect(c.chatRequests()).toEqual([]);
    expectOk(await c.t.call('/api/ma/publish', { id: setup.id }, c.alice));
    handoffScript('恢复');
    expect((await v1(ask(setup.id, '恢复：我要退款'), key)).json().choices[0].message.content).toBe('恢复：转退款。已退款。');

    expectOk(await c.t.call('/api/agent/api_keys/revoke', { id }, c.alice));
    expectOpenAiError(await v1(ask(setup.id, '你好'), key), 401, 'invalid_api_key', /API 密钥无效或已被撤销/);

    // A deleted setup takes its keys with it.
    const doomed = await c.createSetup({ mode: 'handoff', members: membersOf(triage), start_agent_id: triage.id });
    const doomedKey = await createKey(doomed.id);
    expectOk(await c.t.call('/api/ma/delete', { id: doomed.id }, c.alice));
    expectOpenAiError(await v1(ask(doomed.id, '你好'), doomedKey.key), 401, 'invalid_api_key', /API 密钥无效或已被撤销/);
  });

  it('only the owner manages a setup’s keys: others get 40401 for a private setup and 40301 for a published one', async () => {
    const own = await c.createSetup({ mode: 'handoff', members: membersOf(triage), start_agent_id: triage.id });
    expectCode(await c.t.call('/api/agent/api_keys/create', { agent_id: own.id, name: 'x' }, c.bob), 40401, '智能体不存在');
    expectCode(await c.t.call('/api/agent/api_keys/create', { agent_id: setup.id, name: 'x' }, c.bob), 40301, /创建者或管理员/);
    expectCode(await c.t.call('/api/agent/api_keys/list', { agent_id: setup.id }, c.bob), 40301, /创建者或管理员/);
    const key = await createKey(own.id);
    expectCode(await c.t.call('/api/agent/api_keys/revoke', { id: key.id }, c.bob), 40401, 'API 密钥不存在');
  });

  it('withholding an agent that other users’ setups use warns, naming the published ones; their chats answer a clear Chinese refusal', async () => {
    const shared = await c.roleAgent('共享专员', {}, c.bob);
    expectOk(await c.t.call('/api/agent/publish', { id: shared.id }, c.bob));
    const members = { mode: 'handoff', members: membersOf(triage, shared), edges: [{ from: triage.id, to: shared.id }], start_agent_id: triage.id };
    const published = await c.createSetup({ ...members, name: '公开的协作' });
    expectOk(await c.t.call('/api/ma/publish', { id: published.id }, c.alice));
    await c.createSetup({ ...members, name: '私下的协作' });
    // The agent's owner's own setup is no warning: the owner keeps using the agent.
    await c.createSetup({ name: 'bob 自己的', mode: 'handoff', members: membersOf(shared), start_agent_id: shared.id }, c.bob);
    const { key } = await createKey(published.id);

    const withheld = expectOk(await c.t.call<AgentWithheldInfo>('/api/agent/withhold', { id: shared.id }, c.bob));
    expect(withheld).toMatchObject({ id: shared.id, is_public: false });
    expect(withheld.warning).toBe('已取消发布。注意：其他用户的多智能体「公开的协作」以及 1 个未公开的多智能体正在使用该智能体，它们的对话将无法继续，直到其创建者更换该成员或你重新发布。');
    expect(withheld.warning).not.toContain('私下的协作');
    const refusal = '成员智能体「共享专员」已不可用（已删除或已取消发布），请修改多智能体配置';
    expectCode((await c.maChat({ agent_id: published.id, query: '还在吗' }, c.alice)).envelope!, 40001, refusal);
    expectCode((await c.maChat({ agent_id: published.id, query: '还在吗' }, c.bob)).envelope!, 40001, refusal);
    expectOpenAiError(await v1(ask(published.id, '还在吗'), key), 400, 'invalid_request', new RegExp(refusal));
    expect(c.chatRequests()).toEqual([]);

    // Published again, the setups work again; an agent nobody else uses withholds without a warning.
    expectOk(await c.t.call('/api/agent/publish', { id: shared.id }, c.bob));
    c.llm.script({ system: '你是分诊员', text: '又能用了。' });
    expect(speakers(streamOf(await c.maChat({ agent_id: published.id, query: '还在吗' }, c.alice)))).toEqual([[triage.id, '又能用了。']]);
    const lonely = await c.roleAgent('独用', {}, c.bob);
    expectOk(await c.t.call('/api/agent/publish', { id: lonely.id }, c.bob));
    expect(expectOk(await c.t.call<AgentWithheldInfo>('/api/agent/withhold', { id: lonely.id }, c.bob))).not.toHaveProperty('warning');
  });

  it('a paused member’s turn over the API answers the notice naming the run', async () => {
    const counter = await c.roleAgent('计算员', { tool_ids: ['calculator'], hitl: { action_confirm: true, observation_confirm: false } });
    const careful = await c.createSetup({ mode: 'handoff', members: membersOf(counter), start_agent_id: counter.id });
    expectOk(await c.t.call('/api/ma/publish', { id: careful.id }, c.alice));
    const { key } = await createKey(careful.id);
    c.llm.script({ system: '你是计算员', text: '我来算。', toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }] });
    const content: string = (await v1(ask(careful.id, '算 1+1'), key)).json().choices[0].message.content;
    const runId = /^我来算。\n\n此智能体需要人工确认后才能继续，请在平台的对话页面中处理（运行 ID：([0-9a-f-]{36})）。$/.exec(content)?.[1];
    expect(runId, content).toBeDefined();
    // The paused run is the setup owner's, waiting where the multi-agent chat page finds it.
    expect(await c.t.rows(sql`select kind, status, owner_id from runs where id = ${runId}`)).toEqual([{ kind: 'ma', status: 'awaiting', owner_id: careful.owner_id }]);
  });
});
