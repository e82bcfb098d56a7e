import type { MaInfo, MessageInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { expectSequence, lastUser, MODEL, ofType, textOf } from '../../../test/fixtures/agent-chat.js';
import { membersOf, speakers, startMaTestApp, streamOf, type MaTestContext } from '../../../test/fixtures/multi-agent.js';

const systemOf = (request: { body: { messages: Array<{ role: string; content: string }> } }) => request.body.messages.find((message) => message.role === 'system')?.content ?? '';

describe('multi-agent chat: supervisor, handoff, sequential, limits, refusals', () => {
  let c: MaTestContext;

  beforeAll(async () => {
    c = await startMaTestApp();
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  const messagesOf = async (conversationId: string) => expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));

  it('supervisor: the coordinator delegates to two members as tools, gets their answers back and composes the final answer', async () => {
    const [researcher, writer] = [await c.roleAgent('研究员'), await c.roleAgent('撰稿人')];
    const setup = await c.createSetup({
      mode: 'supervisor',
      members: membersOf(researcher, writer),
      start_agent_id: researcher.id,
      context: 'task',
      supervisor: { llm_name: MODEL, system_prompt: '你是协调者' },
    });
    c.llm.script(
      {
        system: '你是协调者',
        afterToolResult: false,
        times: 1,
        text: '我来分派。',
        toolCalls: [
          { name: 'ask_agent_1', arguments: { task: '查一下资料' } },
          { name: 'ask_agent_2', arguments: { task: '写一段摘要' } },
        ],
      },
      { system: '你是研究员', text: '资料：甲乙丙' },
      { system: '你是撰稿人', text: '摘要：一句话' },
      { system: '你是协调者', afterToolResult: true, text: '综合两位成员：甲乙丙，一句话。' },
    );
    const events = streamOf(await c.maChat({ agent_id: setup.id, query: '帮我调研并总结' }));
    expectSequence(events, 0);
    expect(events.at(-1)!.data).toEqual({ run_id: events[0]!.data.run_id, status: 'completed' });
    expect(speakers(events)).toEqual([
      [setup.id, '我来分派。'],
      [researcher.id, '资料：甲乙丙'],
      [writer.id, '摘要：一句话'],
      [setup.id, '综合两位成员：甲乙丙，一句话。'],
    ]);
    expect(ofType(events, 'handoff').map((event) => event.data)).toEqual([
      { from_agent_id: setup.id, to_agent_id: researcher.id, reason: '查一下资料' },
      { from_agent_id: setup.id, to_agent_id: writer.id, reason: '写一段摘要' },
      { from_agent_id: writer.id, to_agent_id: setup.id, reason: '子任务完成' },
    ]);
    const requests = c.chatRequests();
    expect(requests.map(systemOf).map((system) => system.slice(0, 5))).toEqual(['你是协调者', '你是研究员', '你是撰稿人', '你是协调者']);
    expect(requests[0]!.body.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(['ask_agent_1', 'ask_agent_2']);
    // Task only: each member gets its task, not the conversation.
    expect(requests[1]!.body.messages.filter((message: { role: string }) => message.role !== 'system')).toEqual([{ role: 'user', content: '查一下资料' }]);
    expect(lastUser(requests[2]!)).toBe('写一段摘要');
    const results = requests[3]!.body.messages.filter((message: { role: string }) => message.role === 'tool');
    expect(results.map((message: { content: string }) => message.content)).toEqual(['资料：甲乙丙', '摘要：一句话']);
    const [question, answer] = await messagesOf(events[0]!.data.conversation_id);
    expect(question!.content).toBe('帮我调研并总结');
    expect(answer!.content).toBe('我来分派。综合两位成员：甲乙丙，一句话。');
    expect(answer!.meta).toMatchObject({ status: 'completed', mode: 'supervisor', setup_id: setup.id });
    expect((answer!.meta.segments as Array<{ agent_id: string }>).map((segment) => segment.agent_id)).toEqual([setup.id, researcher.id, writer.id, setup.id]);
  });

  it('handoff: the active agent hands over along an edge, the new one continues the same turn and stays active for the next turn', async () => {
    const [triage, refund] = [await c.roleAgent('分诊员'), await c.roleAgent('退款专员')];
    const setup = await c.createSetup({ mode: 'handoff', members: membersOf(triage, refund), edges: [{ from: triage.id, to: refund.id }], start_agent_id: triage.id });
    c.llm.script(
      { system: '你是分诊员', times: 1, text: '这是退款问题，', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '用户要退款' } }] },
      { system: '你是退款专员', text: '已为您办理退款。' },
    );
    const first = streamOf(await c.maChat({ agent_id: setup.id, query: '我要退款' }));
    expect(speakers(first)).toEqual([
      [triage.id, '这是退款问题，'],
      [refund.id, '已为您办理退款。'],
    ]);
    expect(ofType(first, 'handoff').map((event) => event.data)).toEqual([{ from_agent_id: triage.id, to_agent_id: refund.id, reason: '用户要退款' }]);
    const [ask, handed] = c.chatRequests();
    expect(ask!.body.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(['transfer_to_agent_2']);
    expect(systemOf(handed!)).toContain('由「分诊员」转交给你，原因：用户要退款');
    // The whole conversation so far: the question and what the first agent wrote.
    expect(JSON.stringify(handed!.body.messages)).toContain('这是退款问题，');
    expect(handed!.body.tools).toBeUndefined();

    const conversationId = first[0]!.data.conversation_id;
    c.llm.reset();
    c.llm.script({ system: '你是退款专员', text: '退款三天内到账。' });
    const second = streamOf(await c.maChat({ agent_id: setup.id, query: '多久到账？', conversation_id: conversationId }));
    expect(speakers(second)).toEqual([[refund.id, '退款三天内到账。']]);
    expect(
      c
        .chatRequests()
        .map(systemOf)
        .every((system) => system.startsWith('你是退款专员')),
    ).toBe(true);
    expect(JSON.stringify(c.chatRequests()[0]!.body.messages)).toContain('已为您办理退款。');
    const messages = await messagesOf(conversationId);
    expect(messages.map((message) => message.content)).toEqual(['我要退款', '这是退款问题，已为您办理退款。', '多久到账？', '退款三天内到账。']);
    expect(messages[3]!.meta.active_agent_id).toBe(refund.id);
  });

  it('context "task": a member handed the conversation gets the question only, not the earlier turns nor what was said before it', async () => {
    const [front, back] = [await c.roleAgent('接待员'), await c.roleAgent('专员')];
    const setup = await c.createSetup({ mode: 'handoff', context: 'task', members: membersOf(front, back), edges: [{ from: front.id, to: back.id }], start_agent_id: front.id });
    expect(setup.context).toBe('task');
    c.llm.script({ system: '你是接待员', match: '第一问', text: '第一答。' });
    const first = streamOf(await c.maChat({ agent_id: setup.id, query: '第一问' }));
    c.llm.reset();
    c.llm.script(
      { system: '你是接待员', match: '第二问', times: 1, text: '转给专员。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '专业问题' } }] },
      { system: '你是专员', text: '专员的回答。' },
    );
    const second = streamOf(await c.maChat({ agent_id: setup.id, query: '第二问', conversation_id: first[0]!.data.conversation_id }));
    expect(speakers(second)).toEqual([
      [front.id, '转给专员。'],
      [back.id, '专员的回答。'],
    ]);
    const [asked, handed] = c.chatRequests();
    const said = (request: typeof asked) => request!.body.messages.filter((message: { role: string }) => message.role !== 'system');
    expect(said(asked)).toEqual([{ role: 'user', content: '第二问' }]);
    expect(said(handed)).toEqual([{ role: 'user', content: '第二问' }]);
    expect(systemOf(handed!)).toContain('由「接待员」转交给你，原因：专业问题');
    expect(systemOf(handed!)).not.toContain('转给专员。');

    // The same setup passing the whole conversation: what was said this turn goes along (earlier turns: the handoff test).
    expectOk(await c.t.call('/api/ma/update', { id: setup.id, context: 'conversation' }, c.alice));
    c.llm.reset();
    c.llm.script(
      { system: '你是接待员', match: '第三问', times: 1, text: '再转。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '还是专业问题' } }] },
      { system: '你是专员', text: '又一个回答。' },
    );
    streamOf(await c.maChat({ agent_id: setup.id, query: '第三问' }));
    const conversation = c.chatRequests()[1]!;
    expect(JSON.stringify(conversation.body.messages)).toContain('第三问');
    expect(systemOf(conversation)).toContain('本轮已经对用户说过：\n再转。');
  });

  it('files attached to a question (file_ids) reach the members that read it and stay with the question; another user’s file is refused', async () => {
    const notes = await c.uploadFile(c.alice, '工单.txt', '订单号 A-1024，要求退款。');
    const [taker, handler] = [await c.roleAgent('接单员'), await c.roleAgent('处理员')];
    const setup = await c.createSetup({ mode: 'handoff', members: membersOf(taker, handler), edges: [{ from: taker.id, to: handler.id }], start_agent_id: taker.id });
    c.llm.script(
      { system: '你是接单员', times: 1, text: '转交处理。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '处理工单' } }] },
      { system: '你是处理员', text: '已处理 A-1024。' },
    );
    const events = streamOf(await c.maChat({ agent_id: setup.id, query: '处理附件里的工单', file_ids: [notes.id] }));
    expect(events.at(-1)!.data.status).toBe('completed');
    const requests = c.chatRequests();
    expect(requests).toHaveLength(2);
    for (const request of requests) expect(lastUser(request)).toContain('【附件：工单.txt】');
    expect(lastUser(requests[1]!)).toContain('订单号 A-1024');
    const [question] = await messagesOf(events[0]!.data.conversation_id);
    expect(question).toMatchObject({ role: 'user', content: '处理附件里的工单', meta: { files: [{ id: notes.id, name: '工单.txt' }] } });

    c.llm.reset();
    const secret = await c.uploadFile(c.bob, '私密.txt', '只给 bob 看');
    expectCode((await c.maChat({ agent_id: setup.id, query: '看看', file_ids: [secret.id] })).envelope!, 40401);
    expect(c.chatRequests()).toEqual([]);
  });

  it('sequential: each member gets the question and the previous output; the last one answers', async () => {
    const [drafter, editor, publisher] = [await c.roleAgent('起草员'), await c.roleAgent('审校员'), await c.roleAgent('排版员')];
    const setup = await c.createSetup({
      mode: 'sequential',
      members: membersOf(drafter, editor, publisher),
      edges: [
        { from: drafter.id, to: editor.id },
        { from: editor.id, to: publisher.id },
      ],
      start_agent_id: drafter.id,
    });
    c.llm.script({ system: '你是起草员', text: '初稿' }, { system: '你是审校员', text: '修改稿' }, { system: '你是排版员', text: '终稿' });
    const events = streamOf(await c.maChat({ agent_id: setup.id, query: '写一则通知' }));
    expect(speakers(events)).toEqual([
      [drafter.id, '初稿'],
      [editor.id, '修改稿'],
      [publisher.id, '终稿'],
    ]);
    expect(ofType(events, 'handoff').map((event) => [event.data.from_agent_id, event.data.to_agent_id])).toEqual([
      [drafter.id, editor.id],
      [editor.id, publisher.id],
    ]);
    const requests = c.chatRequests();
    expect(lastUser(requests[1]!)).toContain('上一位「起草员」的输出：\n初稿');
    expect(lastUser(requests[2]!)).toContain('上一位「审校员」的输出：\n修改稿');
    expect(JSON.stringify(requests[2]!.body.messages)).toContain('写一则通知');
    const answer = (await messagesOf(events[0]!.data.conversation_id)).at(-1)!;
    expect(answer.content).toBe('终稿');
  });

  it('limits: the same pair bouncing more than twice stops with a notice keeping what was written; at most max_handoffs per turn', async () => {
    const [ping, pong] = [await c.roleAgent('甲方'), await c.roleAgent('乙方')];
    const pair = await c.createSetup({
      mode: 'handoff',
      members: membersOf(ping, pong),
      edges: [
        { from: ping.id, to: pong.id },
        { from: pong.id, to: ping.id },
      ],
      start_agent_id: ping.id,
    });
    c.llm.script(
      { system: '你是甲方', text: '甲。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '给乙' } }] },
      { system: '你是乙方', text: '乙。', toolCalls: [{ name: 'transfer_to_agent_1', arguments: { reason: '给甲' } }] },
    );
    const bounced = streamOf(await c.maChat({ agent_id: pair.id, query: '来回踢皮球' }));
    expect(ofType(bounced, 'handoff')).toHaveLength(3);
    expect(textOf(bounced)).toBe('甲。乙。甲。乙。\n\n（「乙方」与「甲方」之间来回转交超过 2 次，为避免循环已停止。）');
    expect(bounced.at(-1)!.data.status).toBe('completed');
    expect((await messagesOf(bounced[0]!.data.conversation_id)).at(-1)!.content).toBe(textOf(bounced));

    c.llm.reset();
    const [one, two, three] = [await c.roleAgent('一号'), await c.roleAgent('二号'), await c.roleAgent('三号')];
    const ring = await c.createSetup({
      mode: 'handoff',
      members: membersOf(one, two, three),
      edges: [
        { from: one.id, to: two.id },
        { from: two.id, to: three.id },
        { from: three.id, to: one.id },
      ],
      start_agent_id: one.id,
      max_handoffs: 2,
    });
    c.llm.script(
      { system: '你是一号', text: '1', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '下一个' } }] },
      { system: '你是二号', text: '2', toolCalls: [{ name: 'transfer_to_agent_3', arguments: { reason: '下一个' } }] },
      { system: '你是三号', text: '3', toolCalls: [{ name: 'transfer_to_agent_1', arguments: { reason: '下一个' } }] },
    );
    const limited = streamOf(await c.maChat({ agent_id: ring.id, query: '转圈' }));
    expect(ofType(limited, 'handoff')).toHaveLength(2);
    expect(textOf(limited)).toBe('123\n\n（本轮转交或委派已达上限 2 次，已停止。）');
  });

  it('a published setup is used by others through it only; a member gone unusable answers a clear refusal, never a crash', async () => {
    const privateMember = await c.roleAgent('私有成员');
    const bobAgent = await c.roleAgent('bob 的成员', {}, c.bob);
    expectOk(await c.t.call('/api/agent/publish', { id: bobAgent.id }, c.bob));
    const setup = await c.createSetup({
      mode: 'handoff',
      members: membersOf(privateMember, bobAgent),
      edges: [{ from: privateMember.id, to: bobAgent.id }],
      start_agent_id: privateMember.id,
    });
    expectCode((await c.maChat({ agent_id: setup.id, query: '你好' }, c.bob)).envelope!, 40401, '多智能体不存在');
    expectOk(await c.t.call('/api/ma/publish', { id: setup.id }, c.alice));
    c.llm.script({ system: '你是私有成员', text: '通过协作回答。' });
    expect(textOf(streamOf(await c.maChat({ agent_id: setup.id, query: '你好' }, c.bob)))).toBe('通过协作回答。');
    expectCode(await c.t.call('/api/agent/chat', { agent_id: privateMember.id, query: '直接找你' }, c.bob), 40401, '智能体不存在');

    expectOk(await c.t.call('/api/agent/withhold', { id: bobAgent.id }, c.bob));
    const refused = await c.maChat({ agent_id: setup.id, query: '还在吗' }, c.alice);
    expectCode(refused.envelope!, 40001, '成员智能体「bob 的成员」已不可用（已删除或已取消发布），请修改多智能体配置');
  });

  it('refuses malformed bodies (40001), unknown setups and other users’ conversations (40401), and calls without a session', async () => {
    const solo = await c.roleAgent('独行者');
    const setup: MaInfo = await c.createSetup({ mode: 'handoff', members: membersOf(solo), start_agent_id: solo.id });
    for (const body of [
      {},
      { agent_id: setup.id },
      { agent_id: 'x', query: '你好' },
      { agent_id: setup.id, query: '  ' },
      { agent_id: setup.id, query: '你好', file_ids: 'a' },
      { agent_id: setup.id, query: '你好', regenerate: 'yes' },
    ]) {
      expectCode((await c.maChat(body)).envelope!, 40001);
    }
    expectCode((await c.maChat({ agent_id: crypto.randomUUID(), query: '你好' })).envelope!, 40401, '多智能体不存在');
    const events = streamOf(await c.maChat({ agent_id: setup.id, query: '你好' }));
    expectCode((await c.maChat({ agent_id: setup.id, query: '接着聊', conversation_id: events[0]!.data.conversation_id }, c.bob)).envelope!, 40401);
    expectCode(await c.t.call('/api/ma/chat', { agent_id: setup.id, query: '你好' }), 40101);
  });
});
