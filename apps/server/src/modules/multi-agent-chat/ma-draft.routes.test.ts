import { MA_DRAFT_ID, type MaInfo, type Page } from '@agent-platform/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { MODEL, ofType } from '../../../test/fixtures/agent-chat.js';
import { membersOf, speakers, startMaTestApp, streamOf, type MaTestContext } from '../../../test/fixtures/multi-agent.js';

/** The editor's live preview: `POST /api/ma/chat` with the unsaved setup as `draft`. */
describe('multi-agent chat with a draft: the editor’s preview', () => {
  let c: MaTestContext;

  beforeAll(async () => {
    c = await startMaTestApp();
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  const mySetups = async (token = c.alice) => expectOk(await c.t.call<Page<MaInfo>>('/api/ma/list', { page: 1, page_size: 50 }, token));

  it('chats with a setup not yet created: the handoff happens as drafted, the next turn stays with the new agent, and no setup is stored', async () => {
    const [front, expert] = [await c.roleAgent('草稿前台'), await c.roleAgent('草稿专家')];
    const before = (await mySetups()).total;
    const draft = { name: '未保存的协作', mode: 'handoff', members: membersOf(front, expert), edges: [{ from: front.id, to: expert.id }], start_agent_id: front.id };
    c.llm.script(
      { system: '你是草稿前台', text: '转给专家。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '专业问题' } }] },
      { system: '你是草稿专家', text: '专家回答。' },
    );
    const events = streamOf(await c.maChat({ draft, query: '请问' }));
    expect(events.at(-1)!.data.status).toBe('completed');
    expect(ofType(events, 'handoff').map((event) => event.data)).toEqual([{ from_agent_id: front.id, to_agent_id: expert.id, reason: '专业问题' }]);
    expect(speakers(events)).toEqual([
      [front.id, '转给专家。'],
      [expert.id, '专家回答。'],
    ]);
    const conversationId = events[0]!.data.conversation_id as string;
    const again = streamOf(await c.maChat({ draft, query: '再问', conversation_id: conversationId }));
    expect(speakers(again)).toEqual([[expert.id, '专家回答。']]);
    expect((await mySetups()).total).toBe(before);
  });

  it('a supervisor draft: the coordinator speaks as the draft (its id in the events) and delegates to the drafted members', async () => {
    const [researcher, writer] = [await c.roleAgent('草稿研究员'), await c.roleAgent('草稿撰稿人')];
    c.llm.script(
      { system: '你是草稿协调者', afterToolResult: false, times: 1, toolCalls: [{ name: 'ask_agent_2', arguments: { task: '写一句' } }] },
      { system: '你是草稿撰稿人', text: '一句话。' },
      { system: '你是草稿协调者', afterToolResult: true, text: '综合：一句话。' },
    );
    const draft = {
      name: '草稿主管',
      mode: 'supervisor',
      members: membersOf(researcher, writer),
      start_agent_id: researcher.id,
      supervisor: { llm_name: MODEL, system_prompt: '你是草稿协调者' },
    };
    const events = streamOf(await c.maChat({ draft, query: '写点东西' }));
    expect(ofType(events, 'handoff').map((event) => event.data)).toEqual([
      { from_agent_id: MA_DRAFT_ID, to_agent_id: writer.id, reason: '写一句' },
      { from_agent_id: writer.id, to_agent_id: MA_DRAFT_ID, reason: '子任务完成' },
    ]);
    expect(speakers(events)).toEqual([
      [writer.id, '一句话。'],
      [MA_DRAFT_ID, '综合：一句话。'],
    ]);
  });

  it('stands in for a saved setup for its owner only, leaving the saved setup as it was', async () => {
    const [first, second] = [await c.roleAgent('已存成员'), await c.roleAgent('草稿新成员')];
    const saved = await c.createSetup({ mode: 'sequential', members: membersOf(first), start_agent_id: first.id });
    const draft = { name: saved.name, mode: 'sequential', members: membersOf(second), start_agent_id: second.id };
    c.llm.script({ system: '你是草稿新成员', text: '按草稿回答。' });
    const events = streamOf(await c.maChat({ agent_id: saved.id, draft, query: '你好' }));
    expect(speakers(events)).toEqual([[second.id, '按草稿回答。']]);
    const detail = expectOk(await c.t.call<MaInfo>('/api/ma/detail', { id: saved.id }, c.alice));
    expect(detail.members.map((member) => member.agent_id)).toEqual([first.id]);
    expect(detail.updated_at).toBe(saved.updated_at);

    // Someone else's setup: a draft cannot stand in for it, published or not.
    expectCode((await c.maChat({ agent_id: saved.id, draft, query: '你好' }, c.bob)).envelope!, 40401, '多智能体不存在');
    expectOk(await c.t.call('/api/ma/publish', { id: saved.id }, c.alice));
    expectCode((await c.maChat({ agent_id: saved.id, draft, query: '你好' }, c.bob)).envelope!, 40301, '只有多智能体的创建者可以修改');
  });

  it('checks a draft as creating it would (Chinese messages, 40001), and refuses another user’s private agent as a member (40401) but takes a published one', async () => {
    const [front, expert] = [await c.roleAgent('校验前台'), await c.roleAgent('校验专家')];
    const valid = { name: '校验', mode: 'handoff', members: membersOf(front, expert), edges: [{ from: front.id, to: expert.id }], start_agent_id: front.id };
    // Bad input is named with its field (`参数 draft.name 不合法：…`).
    const refused = async (body: Record<string, unknown>, code: number, message: string) =>
      expectCode((await c.maChat({ query: '你好', ...body })).envelope!, code, code === 40001 ? new RegExp(`${message}$`) : message);

    await refused({}, 40001, '缺少多智能体 id');
    await refused({ draft: { ...valid, name: '' } }, 40001, '请输入多智能体名称');
    await refused({ draft: { ...valid, mode: 'round-robin' } }, 40001, '协作模式只能是 handoff、supervisor 或 sequential');
    await refused({ draft: { ...valid, members: [] } }, 40001, '请至少添加一个成员智能体');
    await refused({ draft: { ...valid, start_agent_id: crypto.randomUUID() } }, 40001, '起始智能体必须是成员之一');
    await refused({ draft: { ...valid, edges: [{ from: front.id, to: crypto.randomUUID() }] } }, 40001, '连线的两端必须都是成员智能体');
    await refused({ draft: { ...valid, edges: [] } }, 40001, '成员「校验专家」从起始智能体无法到达，请连线');
    await refused({ draft: { ...valid, mode: 'supervisor' } }, 40001, '主管协调模式需要选择协调者模型');

    const bobsPrivate = await c.roleAgent('bob 的私有成员', {}, c.bob);
    const withBob = { ...valid, members: membersOf(front, bobsPrivate), edges: [{ from: front.id, to: bobsPrivate.id }] };
    await refused({ draft: withBob }, 40401, '智能体不存在');
    expectOk(await c.t.call('/api/agent/publish', { id: bobsPrivate.id }, c.bob));
    c.llm.script({ system: '你是校验前台', text: '可以用。' });
    expect(speakers(streamOf(await c.maChat({ draft: withBob, query: '你好' })))).toEqual([[front.id, '可以用。']]);
  });

  it('pauses at a drafted confirmation, and the decision continues the draft’s turn', async () => {
    const [front, counter] = [await c.roleAgent('草稿接待'), await c.roleAgent('草稿计算员', { tool_ids: ['calculator'] })];
    const draft = {
      name: '草稿确认',
      mode: 'handoff',
      members: [...membersOf(front), { agent_id: counter.id, note: '算数', hitl: { action_confirm: true, observation_confirm: false } }],
      edges: [{ from: front.id, to: counter.id }],
      start_agent_id: front.id,
    };
    c.llm.script(
      { system: '你是草稿接待', text: '转给计算员。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '要计算' } }] },
      { system: '你是草稿计算员', afterToolResult: false, times: 1, toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
      { system: '你是草稿计算员', afterToolResult: true, text: '结果是 42' },
    );
    const events = streamOf(await c.maChat({ draft, query: '算 6*7' }));
    expect(events.at(-2)!.data).toMatchObject({ kind: 'action_confirm', agent_id: counter.id });
    const done = streamOf(await c.maDecide('hitl_action_confirm', { run_id: events[0]!.data.run_id }));
    expect(ofType(done, 'observation')[0]!.data).toMatchObject({ agent_id: counter.id, output: '6*7 = 42' });
    expect(speakers(done)).toEqual([[counter.id, '结果是 42']]);
    expect(done.at(-1)!.data.status).toBe('completed');
  });
});
