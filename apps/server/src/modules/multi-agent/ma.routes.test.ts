import type { AgentInfo, MaInfo, Page } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { membersOf, startMaTestApp, type MaTestContext } from '../../../test/fixtures/multi-agent.js';
import { MODEL } from '../../../test/fixtures/agent-chat.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('multi-agent setups: create, change, publish, list, delete', () => {
  let c: MaTestContext;
  let a: AgentInfo;
  let b: AgentInfo;
  let d: AgentInfo;
  let bobPrivate: AgentInfo;
  let bobPublished: AgentInfo;

  beforeAll(async () => {
    c = await startMaTestApp();
    [a, b, d] = [await c.roleAgent('分诊员'), await c.roleAgent('退款专员'), await c.roleAgent('技术支持')];
    bobPrivate = await c.roleAgent('bob 私有', {}, c.bob);
    bobPublished = await c.roleAgent('bob 公开', {}, c.bob);
    expectOk(await c.t.call('/api/agent/publish', { id: bobPublished.id }, c.bob));
    expectOk(await c.t.call('/api/tag/tag_create', { tag_type: 'ma', name: '客服' }, await c.t.login('ac_admin')));
  });
  afterAll(() => c?.close());

  const handoff = (fields: Record<string, unknown> = {}) => ({
    name: '客服团队',
    mode: 'handoff',
    members: membersOf(a, b, d),
    edges: [
      { from: a.id, to: b.id },
      { from: a.id, to: d.id },
    ],
    start_agent_id: a.id,
    ...fields,
  });

  it('creates a handoff setup with defaults, reads it back by bare id, lists, changes and deletes it', async () => {
    // Only the tag manager's multi-agent tags.
    expectCode(await c.t.call('/api/ma/create', { ...handoff(), tags: ['客服', '随手写的'] }, c.alice), 40001, '没有名为「随手写的」的多智能体标签，请先在标签管理中添加');
    const setup = await c.createSetup({ ...handoff(), tags: ['客服', '客服'] });
    expect(setup).toMatchObject({
      name: '客服团队',
      avatar: '🤝',
      mode: 'handoff',
      start_agent_id: a.id,
      context: 'conversation',
      max_handoffs: 8,
      supervisor: null,
      tags: ['客服'],
      is_public: false,
      editable: true,
    });
    expect(setup.members).toEqual([
      { agent_id: a.id, agent_name: '分诊员', agent_avatar: '🤖', note: '分诊员的说明', hitl: null, position: null },
      { agent_id: b.id, agent_name: '退款专员', agent_avatar: '🤖', note: '退款专员的说明', hitl: null, position: null },
      { agent_id: d.id, agent_name: '技术支持', agent_avatar: '🤖', note: '技术支持的说明', hitl: null, position: null },
    ]);
    expect(expectOk(await c.t.call<MaInfo>('/api/ma/detail', setup.id, c.alice))).toEqual(setup);
    expect(expectOk(await c.t.call<MaInfo>('/api/ma/detail', { id: setup.id }, c.alice))).toEqual(setup);
    const mine = expectOk(await c.t.call<Page<MaInfo>>('/api/ma/list', { tag: '客服' }, c.alice));
    expect(mine.list.map((item) => item.id)).toContain(setup.id);

    const changed = expectOk(
      await c.t.call<MaInfo>(
        '/api/ma/update',
        {
          id: setup.id,
          name: '新名字',
          members: [{ agent_id: a.id, note: '新说明', hitl: { action_confirm: true, observation_confirm: false } }, ...membersOf(b)],
          edges: [{ from: a.id, to: b.id }],
        },
        c.alice,
      ),
    );
    expect(changed).toMatchObject({ name: '新名字', edges: [{ from: a.id, to: b.id }], mode: 'handoff' });
    expect(changed.members[0]).toMatchObject({ note: '新说明', hitl: { action_confirm: true, observation_confirm: false } });
    expect(expectOk(await c.t.call<MaInfo>('/api/ma/update', { id: setup.id, description: '只改描述' }, c.alice))).toMatchObject({ description: '只改描述', members: changed.members });

    expectOk(await c.t.call('/api/ma/delete', { id: setup.id }, c.alice));
    expectCode(await c.t.call('/api/ma/detail', { id: setup.id }, c.alice), 40401, '多智能体不存在');
  });

  it('publishing shows the setup to others (not its coordinator prompt); withholding hides it again; others cannot change it', async () => {
    const setup = await c.createSetup({ mode: 'supervisor', members: membersOf(a, b), start_agent_id: a.id, supervisor: { llm_name: MODEL, system_prompt: '秘密的协调提示' } });
    expect(setup.supervisor).toEqual({ llm_name: MODEL, system_prompt: '秘密的协调提示' });
    expectCode(await c.t.call('/api/ma/detail', { id: setup.id }, c.bob), 40401, '多智能体不存在');
    expect(expectOk(await c.t.call<MaInfo>('/api/ma/publish', setup.id, c.alice)).is_public).toBe(true);
    const seen = expectOk(await c.t.call<MaInfo>('/api/ma/detail', { id: setup.id }, c.bob));
    expect(seen).toMatchObject({ editable: false, supervisor: { llm_name: MODEL, system_prompt: '' } });
    expect(expectOk(await c.t.call<Page<MaInfo>>('/api/ma/list_public', {}, c.bob)).list.map((item) => item.id)).toContain(setup.id);
    expect(expectOk(await c.t.call<Page<MaInfo>>('/api/ma/list', {}, c.bob)).list.map((item) => item.id)).not.toContain(setup.id);
    for (const url of ['/api/ma/update', '/api/ma/delete', '/api/ma/withhold']) expectCode(await c.t.call(url, { id: setup.id, name: 'x' }, c.bob), 40301);
    expectOk(await c.t.call('/api/ma/withhold', { id: setup.id }, c.alice));
    expectCode(await c.t.call('/api/ma/detail', { id: setup.id }, c.bob), 40401);
  });

  it("members are the owner's own agents or published ones: another user's private agent is refused with 40401", async () => {
    expectCode(await c.t.call('/api/ma/create', handoff({ members: membersOf(a, bobPrivate), edges: [{ from: a.id, to: bobPrivate.id }] }), c.alice), 40401, '智能体不存在');
    expectCode(await c.t.call('/api/ma/create', handoff({ members: membersOf(a, { id: MISSING } as AgentInfo), edges: [] }), c.alice), 40401, '智能体不存在');
    const setup = await c.createSetup(handoff({ members: membersOf(a, bobPublished), edges: [{ from: a.id, to: bobPublished.id }] }));
    expect(setup.members.map((member) => member.agent_name)).toEqual(['分诊员', 'bob 公开']);
    const other = await c.createSetup(handoff(), c.alice);
    expectCode(await c.t.call('/api/ma/update', { id: other.id, members: membersOf(a, bobPrivate), edges: [{ from: a.id, to: bobPrivate.id }] }, c.alice), 40401);
  });

  it('refuses an invalid graph with 40001 in Chinese: edges to non-members, a start outside, unreachable members, a sequential that is no path, too many members', async () => {
    const refused = async (body: Record<string, unknown>, message: string | RegExp) => expectCode(await c.t.call('/api/ma/create', body, c.alice), 40001, message);
    await refused(handoff({ edges: [{ from: a.id, to: bobPublished.id }] }), /连线的两端必须都是成员智能体/);
    await refused(handoff({ start_agent_id: bobPublished.id }), /起始智能体必须是成员之一/);
    await refused(handoff({ edges: [{ from: a.id, to: b.id }] }), /成员「技术支持」从起始智能体无法到达/);
    await refused(handoff({ edges: [...handoff().edges, { from: a.id, to: a.id }] }), /不能连到自己/);
    await refused(handoff({ members: [...membersOf(a, b), ...membersOf(b)], edges: [] }), /成员智能体不能重复/);
    await refused(handoff({ mode: 'sequential' }), /顺序模式的连线必须/);
    await refused(handoff({ mode: 'supervisor' }), /主管协调模式需要选择协调者模型/);
    await refused(handoff({ members: Array.from({ length: 11 }, () => ({ agent_id: a.id })) }), /最多 10 个成员智能体/);
    await refused(handoff({ members: [] }), /请至少添加一个成员智能体/);
    await refused(handoff({ mode: 'ring' }), /协作模式只能是/);
    await refused(handoff({ name: ' ' }), /请输入多智能体名称/);
    await refused(handoff({ max_handoffs: 9 }), /每轮最多转交次数不能大于 8/);
    await refused(handoff({ start_agent_id: 'x' }), /起始智能体 id格式不正确/);
    await refused(handoff({ members: 'a' }), /成员必须是数组/);
    expectCode(await c.t.call('/api/ma/detail', {}, c.alice), 40001);
    expectCode(await c.t.call('/api/ma/detail', { id: MISSING }, c.alice), 40401);
    const sequential = await c.createSetup(
      handoff({
        mode: 'sequential',
        edges: [
          { from: a.id, to: b.id },
          { from: b.id, to: d.id },
        ],
      }),
    );
    expect(sequential.edges).toHaveLength(2);
  });

  it('an agent a setup uses may not be deleted, and the refusal names the setup', async () => {
    const used = await c.roleAgent('被使用的');
    await c.createSetup(handoff({ name: '占用者', members: membersOf(a, used), edges: [{ from: a.id, to: used.id }] }));
    expectCode(await c.t.call('/api/agent/delete', { id: used.id }, c.alice), 40001, /多智能体「占用者」/);
    const free = await c.roleAgent('没被使用的');
    expectOk(await c.t.call('/api/agent/delete', { id: free.id }, c.alice));
  });
});
