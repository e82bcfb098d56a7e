import type { AgentInfo, Page } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { ROLE_DESC_MARKER, ROLE_PROMPT_MARKER } from './index.js';

const NOT_FOUND = '智能体不存在';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('agents: create, change, publish, list, delete, writing help', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let admin: string;
  let alice: string;
  let bob: string;
  const refs: Record<string, string> = {};

  const create = async (token: string, body: Record<string, unknown>) => expectOk(await t.call<AgentInfo>('/api/agent/create', { llm_name: 'agent-chat', ...body }, token));
  const list = async (url: string, body: Record<string, unknown>, token: string) => expectOk(await t.call<Page<AgentInfo>>(`/api/agent/${url}`, body, token));
  const namesOf = (page: Page<AgentInfo>) => page.list.map((agent) => agent.name);
  const addModel = async (token: string, llm_name: string, extra: Record<string, unknown> = {}) =>
    expectOk(await t.call('/api/llm/create_llm_model', { llm_name, type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-agent', is_public: true, ...extra }, token));

  beforeAll(async () => {
    llm = await startScriptedLlm();
    t = await startTestApp({ SECRET_KEY: Buffer.alloc(32, 5).toString('base64'), LLM_RETRY_BASE_MS: '5' });
    [admin, alice, bob] = [await t.signUp('agent_admin'), await t.signUp('agent_alice'), await t.signUp('agent_bob')];
    await addModel(admin, 'agent-chat');
    await addModel(admin, 'agent-embed', { type: 'embedding' });
    await addModel(alice, 'alice-private', { is_public: false });
    const tool = (token: string, name: string) =>
      t.call(
        '/api/tool/create',
        { kind: 'llm', name, title: `工具 ${name}`, description: '查询订单', input_schema: { type: 'object', properties: {} }, config: { method: 'GET', url: 'http://127.0.0.1:9/x' } },
        token,
      );
    refs.aliceTool = expectOk(await tool(alice, 'order_lookup')).id;
    refs.bobTool = expectOk(await tool(bob, 'bob_tool')).id;
    refs.aliceKb = expectOk(await t.call('/api/kb/create_knowledge_base', { name: '产品手册' }, alice)).id;
    refs.bobKb = expectOk(await t.call('/api/kb/create_knowledge_base', { name: 'bob 的库' }, bob)).id;
    refs.aliceService = expectOk(await t.call('/api/service/create', { name: '地图服务', url: 'http://127.0.0.1:9/mcp' }, alice)).id;
    refs.bobService = expectOk(await t.call('/api/service/create', { name: 'bob 服务', url: 'http://127.0.0.1:9/mcp' }, bob)).id;
  });
  beforeEach(() => llm.reset());
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('creates an agent with defaults and answers it by bare id: a JSON string or {id}', async () => {
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '客服' }, admin));
    // Only the tag manager's agent tags, stored as it spells them.
    expectCode(
      await t.call('/api/agent/create', { name: '乱标签', llm_name: 'agent-chat', tags: ['客服', '随手写的'] }, alice),
      40001,
      '没有名为「随手写的」的智能体标签，请先在标签管理中添加',
    );
    const agent = await create(alice, { name: '  客服助手 ', tags: ['客服', '客服'] });
    expect(agent).toMatchObject({
      name: '客服助手',
      avatar: '🤖',
      description: '',
      llm_name: 'agent-chat',
      temperature: null,
      tool_ids: [],
      services: [],
      kb_ids: [],
      retrieval: { top_k: 5, threshold: 0, mode: 'hybrid' },
      hitl: { action_confirm: false, observation_confirm: false },
      max_steps: 8,
      history_turns: 5,
      tags: ['客服'],
      is_public: false,
      owner_name: '昵称agent_alice',
      editable: true,
    });
    expect(expectOk(await t.call('/api/agent/detail', agent.id, alice))).toEqual(agent);
    expect(expectOk(await t.call('/api/agent/detail', { id: agent.id }, alice))).toEqual(agent);

    expectCode(await t.call('/api/agent/create', { llm_name: 'agent-chat' }, alice), 40001, /智能体名称/);
    expectCode(await t.call('/api/agent/create', { name: 'x', llm_name: 'agent-chat', max_steps: 31 }, alice), 40001, /最大步数不能大于 30/);
    expectCode(await t.call('/api/agent/create', { name: 'x', llm_name: 'agent-chat', hitl: { action_confirm: 'yes' } }, alice), 40001, /调用工具前确认必须是 true 或 false/);
    expectCode(await t.call('/api/agent/detail', 'not-an-id', alice), 40001, /智能体 id格式不正确/);
    expectCode(await t.call('/api/agent/detail', 42, alice), 40001, /缺少智能体 id/);
    expectCode(await t.call('/api/agent/detail', MISSING, alice), 40401, NOT_FOUND);
  });

  it('checks what an agent refers to: chat model, tools, knowledge bases and services the user may use', async () => {
    const full = await create(alice, {
      name: '全能助手',
      llm_name: 'alice-private',
      tool_ids: ['current_time', refs.aliceTool],
      kb_ids: [refs.aliceKb],
      services: [{ service_id: refs.aliceService, functions: ['search'] }],
    });
    expect(full).toMatchObject({ tool_ids: ['current_time', refs.aliceTool], kb_ids: [refs.aliceKb], services: [{ service_id: refs.aliceService, functions: ['search'] }] });
    expectCode(await t.call('/api/kb/delete_knowledge_base', { kb_id: refs.aliceKb }, alice), 40901, '知识库正在被使用，无法删除：智能体「全能助手」');

    const attempt = (body: Record<string, unknown>, token = bob) => t.call('/api/agent/create', { name: '试试', llm_name: 'agent-chat', ...body }, token);
    expectCode(await attempt({ llm_name: 'no-such-model' }), 40401, '模型不存在');
    expectCode(await attempt({ llm_name: 'alice-private' }), 40401, '模型不存在');
    expectCode(await attempt({ llm_name: 'agent-embed' }), 40001, /不能用于对话/);
    expectCode(await attempt({ tool_ids: ['no_such_builtin'] }), 40401, '工具不存在');
    expectCode(await attempt({ tool_ids: [refs.aliceTool] }), 40401, '工具不存在');
    expectCode(await attempt({ kb_ids: [refs.aliceKb] }), 40401, '知识库不存在');
    expectCode(await attempt({ services: [{ service_id: refs.aliceService }] }), 40401, '服务不存在');
    expectCode(await attempt({ services: [{ service_id: 'x' }] }), 40001, /服务 id格式不正确/);
    expect(await t.rows(sql`select 1 from agents where name = '试试'`)).toEqual([]);

    // On update only what is added is checked: the admin may rename alice's agent that uses her private model.
    expectOk(await t.call('/api/agent/update', { id: full.id, name: '全能助手 2', tool_ids: ['current_time', refs.aliceTool] }, admin));
    expectCode(await t.call('/api/agent/update', { id: full.id, kb_ids: [refs.aliceKb, refs.bobKb] }, alice), 40401, '知识库不存在');
    expectCode(await t.call('/api/agent/update', { id: full.id, tool_ids: [refs.bobTool] }, alice), 40401, '工具不存在');
  });

  it('updates only the given fields; others see private agents as missing and public ones as read-only', async () => {
    const agent = await create(alice, { name: '写作助手', description: '帮你写作', temperature: 0.5 });
    const updated = expectOk(await t.call<AgentInfo>('/api/agent/update', { id: agent.id, system_prompt: '你是写作助手', hitl: { action_confirm: true }, temperature: null }, alice));
    expect(updated).toMatchObject({
      name: '写作助手',
      description: '帮你写作',
      system_prompt: '你是写作助手',
      temperature: null,
      hitl: { action_confirm: true, observation_confirm: false },
    });
    expectCode(await t.call('/api/agent/update', { name: '无 id' }, alice), 40001, /缺少智能体 id/);

    for (const [url, body] of [
      ['detail', agent.id],
      ['update', { id: agent.id, name: '改' }],
      ['delete', agent.id],
      ['publish', agent.id],
      ['role_desc', agent.id],
    ] as const) {
      expectCode(await t.call(`/api/agent/${url}`, body, bob), 40401, NOT_FOUND);
    }
    expect(expectOk(await t.call<AgentInfo>('/api/agent/publish', { id: agent.id }, alice)).is_public).toBe(true);
    expect(expectOk(await t.call<AgentInfo>('/api/agent/detail', agent.id, bob))).toMatchObject({ name: '写作助手', editable: false });
    const readOnly = '只有智能体的创建者或管理员可以修改或删除它';
    expectCode(await t.call('/api/agent/update', { id: agent.id, name: '改' }, bob), 40301, readOnly);
    expectCode(await t.call('/api/agent/withhold', agent.id, bob), 40301, readOnly);
    expectCode(await t.call('/api/agent/delete', agent.id, bob), 40301, readOnly);
    expect(expectOk(await t.call<AgentInfo>('/api/agent/update', { id: agent.id, name: '管理员改过' }, admin))).toMatchObject({
      name: '管理员改过',
      editable: true,
      owner_name: '昵称agent_alice',
    });
  });

  it('lists own agents and published ones, by keyword and tag (a first-level tag finds its children)', async () => {
    const parent = expectOk(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '办公' }, admin));
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '会议', parent_id: parent.id }, admin));
    const meeting = await create(bob, { name: '会议纪要', description: '整理会议记录', tags: ['会议'] });
    const mail = await create(bob, { name: '邮件助手', tags: ['办公'] });
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '娱乐' }, admin));
    await create(bob, { name: '闲聊 100%_', tags: ['娱乐'] });

    const mine = await list('list', { page_size: 2 }, bob);
    expect([mine.total, namesOf(mine)]).toEqual([3, ['闲聊 100%_', '邮件助手']]);
    expect(namesOf(await list('list', { keyword: '记录' }, bob))).toEqual(['会议纪要']);
    expect(namesOf(await list('list', { keyword: '100%_' }, bob))).toEqual(['闲聊 100%_']);
    expect(namesOf(await list('list', { keyword: '%' }, alice))).toEqual([]);
    expect(namesOf(await list('list', { tag: '办公' }, bob))).toEqual(['邮件助手', '会议纪要']);
    expect(namesOf(await list('list', { tag: '会议' }, bob))).toEqual(['会议纪要']);
    expectCode(await t.call('/api/agent/list', { page: 0 }, bob), 40001, /页码最小为 1/);

    expect(namesOf(await list('list_public', { tag: '办公' }, alice))).toEqual([]);
    expectOk(await t.call('/api/agent/publish', meeting.id, bob));
    expectOk(await t.call('/api/agent/publish', { id: mail.id }, bob));
    expect(namesOf(await list('list_public', { tag: '办公' }, alice))).toEqual(['邮件助手', '会议纪要']);
    expect((await list('list_public', { keyword: '邮件' }, alice)).list[0]).toMatchObject({ is_public: true, editable: false, owner_name: '昵称agent_bob' });
    expect(expectOk(await t.call<AgentInfo>('/api/agent/withhold', mail.id, bob)).is_public).toBe(false);
    expect(namesOf(await list('list_public', { tag: '办公' }, alice))).toEqual(['会议纪要']);
    expect(namesOf(await list('list', { tag: '办公' }, alice))).toEqual([]);
  });

  it('follows the tag manager, blocks deleting its model, and counts in the usage statistics', async () => {
    const tag = expectOk(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '旧名' }, admin));
    await addModel(bob, 'bob-model');
    expectOk(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '其他' }, admin));
    const agent = await create(bob, { name: '标签助手', llm_name: 'bob-model', tags: ['旧名', '其他'] });
    // A free name stored before tags were checked merges with the renamed tag.
    await t.rows(sql`update agents set tags = array['旧名', '新名', '其他'] where id = ${agent.id}`);
    expectOk(await t.call('/api/tag/tag_update', { id: tag.id, name: '新名' }, admin));
    expect(expectOk(await t.call<AgentInfo>('/api/agent/detail', agent.id, bob)).tags).toEqual(['新名', '其他']);

    const [model] = await t.rows<{ id: string }>(sql`select id from llm_models where llm_name = 'bob-model'`);
    expectCode(await t.call('/api/llm/delete_llm_by_id', { id: model!.id }, bob), 40901, /智能体「标签助手」/);

    const stats = expectOk(await t.call('/api/user/stat_all_users_usage', { keyword: 'agent_bob' }, admin));
    expect(stats.list[0].counts.agents).toBe((await list('list', {}, bob)).total);

    expect(expectOk(await t.call('/api/agent/delete', agent.id, bob))).toBeNull();
    expectCode(await t.call('/api/agent/detail', agent.id, bob), 40401, NOT_FOUND);
    expectCode(await t.call('/api/agent/delete', agent.id, bob), 40401, NOT_FOUND);
    expectOk(await t.call('/api/llm/delete_llm_by_id', { id: model!.id }, bob));
  });

  it('role_desc: the model describes the saved configuration; nothing is saved', async () => {
    const agent = await create(alice, { name: '订单助手', system_prompt: '帮用户查订单', tool_ids: [refs.aliceTool, 'current_time'], kb_ids: [refs.aliceKb] });
    llm.script({ match: ROLE_DESC_MARKER, text: '  订单助手可以帮你查询订单。 ', times: 1 });
    expect(expectOk(await t.call('/api/agent/role_desc', agent.id, alice))).toEqual({ description: '订单助手可以帮你查询订单。' });
    const sent = llm.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
    const userText = sent.messages.at(-1).content as string;
    for (const part of ['订单助手', '帮用户查订单', '工具 order_lookup', '产品手册']) expect(userText).toContain(part);
    expect(expectOk(await t.call<AgentInfo>('/api/agent/detail', agent.id, alice)).description).toBe('');
    // The usage row is written behind the answer.
    await expect.poll(async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from usage_records where feature = 'agent_role' and model = 'agent-chat'`))[0]!.n).toBe(1);

    llm.script({ match: ROLE_DESC_MARKER, text: '' });
    expectCode(await t.call('/api/agent/role_desc', { id: agent.id }, alice), 50201, /没有给出内容/);
  });

  it('role_prompt: drafts a system prompt from a description with the named or the default model', async () => {
    llm.script({ match: ROLE_PROMPT_MARKER, text: '你是一名旅行规划师。' });
    expect(expectOk(await t.call('/api/agent/role_prompt', { description: '帮人规划旅行', llm_name: 'alice-private' }, alice))).toEqual({ prompt: '你是一名旅行规划师。' });
    expect(expectOk(await t.call('/api/agent/role_prompt', { description: '帮人规划旅行' }, bob))).toEqual({ prompt: '你是一名旅行规划师。' });
    const models = llm.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body.messages.at(-1).content as string);
    expect(models.length).toBeGreaterThanOrEqual(2);
    expect(models.every((text) => text.includes('帮人规划旅行'))).toBe(true);

    expectCode(await t.call('/api/agent/role_prompt', { description: '  ' }, bob), 40001, /智能体描述/);
    expectCode(await t.call('/api/agent/role_prompt', { description: '规划', llm_name: 'alice-private' }, bob), 40401, '模型不存在');
  });
});
