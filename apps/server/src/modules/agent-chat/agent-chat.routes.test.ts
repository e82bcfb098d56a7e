import type { MessageInfo, ToolInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { readUntil, type SseEvent } from '../../../test/sse.js';
import { mcpToolName } from '../mcp/index.js';
import {
  allText,
  expectSequence,
  indexOf,
  lastUser,
  ofType,
  startAgentChatTestApp,
  startDictionaryMcp,
  startToolApi,
  textOf,
  type AgentChatTestContext,
  type TinyServer,
} from '../../../test/fixtures/agent-chat.js';

const UUID = /^[0-9a-f-]{36}$/;

describe('agent chat: POST /api/agent/chat', () => {
  let c: AgentChatTestContext;
  let api: TinyServer;
  let mcp: TinyServer;

  beforeAll(async () => {
    [c, api, mcp] = await Promise.all([startAgentChatTestApp(), startToolApi(), startDictionaryMcp()]);
  });
  beforeEach(() => c.llm.reset());
  afterAll(async () => {
    await Promise.all([c?.close(), api?.stop(), mcp?.stop()]);
  });

  const messagesOf = async (conversationId: string) => expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));

  it('uses built-in tools step by step: action → observation → answer, usage per model call, the conversation keeps the steps', async () => {
    const agent = await c.createAgent({ tool_ids: ['calculator', 'current_time'], system_prompt: '你是算术助手' });
    c.llm.script(
      { match: '多步', afterToolResult: false, toolCalls: [{ name: 'calculator', arguments: { expression: '(3+4)*2' } }], usage: { prompt_tokens: 10, completion_tokens: 5 } },
      { match: '多步', afterToolResult: true, times: 1, toolCalls: [{ name: 'current_time', arguments: { timezone: 'Asia/Shanghai' } }], usage: { prompt_tokens: 11, completion_tokens: 6 } },
      { match: '多步', afterToolResult: true, chunks: ['结果是 14，', '时间已查到。'], usage: { prompt_tokens: 12, completion_tokens: 7 } },
    );
    const events = await c.chat({ agent_id: agent.id, query: '多步：算 (3+4)*2，再告诉我时间' });
    expectSequence(events, 0);
    expect(events[0]).toMatchObject({ event: 'run', data: { run_id: expect.stringMatching(UUID), conversation_id: expect.stringMatching(UUID) } });
    const { run_id, conversation_id } = events[0]!.data;
    expect(events.at(-1)).toEqual(expect.objectContaining({ event: 'done', data: { run_id, status: 'completed' } }));

    const actions = ofType(events, 'action');
    const observations = ofType(events, 'observation');
    expect(actions.map((e) => [e.data.tool, e.data.input])).toEqual([
      ['calculator', { expression: '(3+4)*2' }],
      ['current_time', { timezone: 'Asia/Shanghai' }],
    ]);
    for (const action of actions) expect(action.data).toMatchObject({ step_id: expect.stringMatching(UUID), tool_call_id: expect.any(String) });
    expect(observations.map((e) => e.data.tool)).toEqual(['calculator', 'current_time']);
    expect(observations[0]!.data).toMatchObject({ output: '(3+4)*2 = 14' });
    expect(observations[0]!.data.error).toBeUndefined();
    expect(observations[1]!.data.output).toMatch(/^\d{4}年\d{2}月\d{2}日 星期. \d{2}:\d{2}:\d{2}（Asia\/Shanghai）$/);
    // action → observation → action → observation → the answer
    const order = [actions[0], observations[0], actions[1], observations[1]].map((e) => events.indexOf(e!));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(indexOf(events, 'delta', order[3])).toBeGreaterThan(order[3]!);
    expect(textOf(events)).toBe('结果是 14，时间已查到。');
    expect(ofType(events, 'usage').map((e) => e.data)).toEqual([
      { prompt_tokens: 10, completion_tokens: 5 },
      { prompt_tokens: 11, completion_tokens: 6 },
      { prompt_tokens: 12, completion_tokens: 7 },
    ]);

    // What the model saw: the tools, then each call with its result under the model's own tool call id.
    const requests = c.chatRequests();
    expect(requests).toHaveLength(3);
    expect(requests[0]!.body.tools.map((tool: any) => tool.function.name).sort()).toEqual(['calculator', 'current_time']);
    expect(requests[0]!.body.messages.map((m: any) => [m.role, m.content])).toEqual([
      ['system', expect.stringContaining('你是算术助手')],
      ['user', '多步：算 (3+4)*2，再告诉我时间'],
    ]);
    const [assistantCall, toolResult] = requests[1]!.body.messages.slice(-2);
    expect(assistantCall).toMatchObject({ role: 'assistant', tool_calls: [{ id: actions[0]!.data.tool_call_id, function: { name: 'calculator' } }] });
    expect(toolResult).toMatchObject({ role: 'tool', tool_call_id: actions[0]!.data.tool_call_id, content: '(3+4)*2 = 14' });
    expect(requests[2]!.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: actions[1]!.data.tool_call_id });

    const messages = await messagesOf(conversation_id);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', '多步：算 (3+4)*2，再告诉我时间'],
      ['assistant', '结果是 14，时间已查到。'],
    ]);
    expect(messages[1]).toMatchObject({ run_id, meta: { status: 'completed' } });
    // The steps a person saw (model calls are the engine's own and not shown).
    const steps = messages[1]!.meta.steps as Array<{ id: string; type: string; output: any }>;
    expect(steps.map((step) => step.type)).toEqual(['action', 'observation', 'action', 'observation']);
    expect(steps.map((step) => step.id)).toEqual(order.map((index) => events[index]!.data.step_id));
    expect(steps[1]!.output).toMatchObject({ output: '(3+4)*2 = 14' });
    const history = expectOk(await c.t.call<any>('/api/user/list_history_conversations', { kind: 'agent', subject: agent.id }, c.alice));
    expect(history.list.map((conversation: any) => conversation.id)).toEqual([conversation_id]);

    // The next turn remembers the last one.
    const next = await c.chat({ agent_id: agent.id, query: '谢谢', conversation_id });
    expect(next.at(-1)!.data.status).toBe('completed');
    expect(
      c
        .chatRequests()
        .at(-1)!
        .body.messages.map((m: any) => [m.role, m.content])
        .slice(1),
    ).toEqual([
      ['user', '多步：算 (3+4)*2，再告诉我时间'],
      ['assistant', '结果是 14，时间已查到。'],
      ['user', '谢谢'],
    ]);
  });

  it('custom HTTP tools: a result, a timeout and a failing API all reach the model as observations', async () => {
    const tool = async (name: string, path: string) =>
      expectOk(
        await c.t.call<ToolInfo>(
          '/api/tool/create',
          {
            kind: 'llm',
            name,
            title: `工具${name}`,
            description: '测试',
            tags: [],
            is_public: false,
            input_schema: { type: 'object', properties: { city: { type: 'string' } } },
            config: { method: 'GET', url: `${api.origin}${path}`, timeout_ms: 1000 },
          },
          c.alice,
        ),
      );
    const [weather, slow, broken] = [await tool('weather', '/weather'), await tool('slow_api', '/slow'), await tool('broken_api', '/broken')];
    const agent = await c.createAgent({ tool_ids: [weather.id, slow.id, broken.id] });
    c.llm.script(
      {
        match: '天气工具',
        afterToolResult: false,
        toolCalls: [
          { name: 'weather', arguments: { city: '杭州' } },
          { name: 'slow_api', arguments: {} },
          { name: 'broken_api', arguments: {} },
        ],
      },
      { match: '天气工具', afterToolResult: true, text: '杭州晴，另外两个接口出错了。' },
    );
    const started = Date.now();
    const events = await c.chat({ agent_id: agent.id, query: '用天气工具查杭州' });
    expect(Date.now() - started, 'the slow API is cut off at its 1 s limit').toBeLessThan(6_000);
    expect(ofType(events, 'action').map((e) => e.data.tool)).toEqual(['weather', 'slow_api', 'broken_api']);
    const byTool = Object.fromEntries(ofType(events, 'observation').map((e) => [e.data.tool, e.data]));
    expect(JSON.parse(byTool.weather.output)).toEqual({ city: '杭州', weather: '晴' });
    expect(byTool.weather.error).toBeUndefined();
    expect(byTool.slow_api.error).toBe(`请求 127.0.0.1:${api.port} 超时（1 秒）`);
    expect(byTool.broken_api.error).toBe('接口返回错误状态 500：{"error":"disk full"}');
    expect(events.at(-1)!.data.status).toBe('completed');
    expect(textOf(events)).toBe('杭州晴，另外两个接口出错了。');
    const sent = c
      .chatRequests()[1]!
      .body.messages.filter((m: any) => m.role === 'tool')
      .map((m: any) => m.content);
    expect(sent).toHaveLength(3);
    expect(sent).toContain(byTool.slow_api.error);
    expect(sent).toContain(byTool.broken_api.error);
  });

  it('retrieves from its knowledge base first: a retrieval event before the answer, the passages given to the model', async () => {
    const kb = await c.kbWithDocument(c.alice, '龙井茶', '# 龙井茶\n\n明前龙井是清明节之前采摘的嫩芽，产量少而价格高。\n\n雨前龙井在谷雨之前采摘。');
    const agent = await c.createAgent({ kb_ids: [kb.id], retrieval: { top_k: 3, threshold: 0, mode: 'fulltext' } });
    c.llm.script({ match: '明前龙井', text: '明前龙井在清明节之前采摘。' });
    const events = await c.chat({ agent_id: agent.id, query: '明前龙井什么时候采摘？' });
    const at = indexOf(events, 'retrieval');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(indexOf(events, 'delta'));
    const retrieval = events[at]!.data;
    expect(retrieval.step_id).toMatch(UUID);
    expect(retrieval.segments[0]).toMatchObject({ kb_id: kb.id, doc_name: '龙井茶.md', text: expect.stringContaining('清明节之前采摘') });
    expect(allText(c.chatRequests()[0]!)).toContain('清明节之前采摘的嫩芽');
    expect(events.at(-1)!.data.status).toBe('completed');
    const [, answer] = await messagesOf(events[0]!.data.conversation_id);
    expect(answer!.content).toBe('明前龙井在清明节之前采摘。');
    expect((answer!.meta.citations as unknown[]).length).toBeGreaterThan(0);
  });

  it('MCP functions are tools; a service that goes down mid-run gives a Chinese observation error and the run still ends', async () => {
    const service = expectOk(await c.t.call<{ id: string }>('/api/service/create', { name: '词典服务', url: `${mcp.origin}/mcp` }, c.alice));
    const agent = await c.createAgent({ services: [{ service_id: service.id }] });
    const lookup = mcpToolName(service.id, 'lookup');
    c.llm.script(
      { match: '查词典', afterToolResult: false, toolCalls: [{ name: lookup, arguments: { key: '春' } }] },
      // While this model call is on its way, the service goes down.
      { match: '查词典', afterToolResult: true, times: 1, delayMs: 500, toolCalls: [{ name: lookup, arguments: { key: '夏' } }] },
      { match: '查词典', afterToolResult: true, text: '春查到了，夏没查到。' },
    );
    const started = Date.now();
    const stream = await c.chatLive({ agent_id: agent.id, query: '查词典：春和夏' });
    const seen = await readUntil(stream, (event) => event.event === 'observation');
    await mcp.stop();
    for await (const event of stream) seen.push(event);
    expect(Date.now() - started).toBeLessThan(10_000);
    expectSequence(seen, 0);
    const observations = ofType(seen, 'observation');
    expect(observations.map((e) => e.data.tool)).toEqual([lookup, lookup]);
    expect(observations[0]!.data).toMatchObject({ output: '词条 春 的释义' });
    expect(observations[1]!.data.error).toMatch(/^MCP 服务「词典服务」无法连接/);
    expect(c.chatRequests()[2]!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: observations[1]!.data.error });
    expect(seen.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    expect(textOf(seen)).toBe('春查到了，夏没查到。');
  });

  it('a closed browser does not stop the run; re-attaching loses and repeats nothing', async () => {
    const agent = await c.createAgent({ tool_ids: ['calculator'] });
    const pieces = Array.from({ length: 25 }, (_, i) => `第${i}句。`);
    c.llm.script(
      { match: '断线', afterToolResult: false, toolCalls: [{ name: 'calculator', arguments: { expression: '2^10' } }] },
      { match: '断线', afterToolResult: true, chunks: pieces, chunkDelayMs: 30 },
    );
    const controller = new AbortController();
    const stream = await c.chatLive({ agent_id: agent.id, query: '断线重连测试' }, c.alice, controller.signal);
    const before = await readUntil(stream, (event) => event.event === 'delta');
    controller.abort();
    const { run_id } = before[0]!.data;
    const lastSeen = before.at(-1)!.id;
    const after = await c.replay(run_id, lastSeen);
    expectSequence(after, lastSeen);
    expect(after.at(-1)).toMatchObject({ event: 'done', data: { run_id, status: 'completed' } });
    expect(textOf([...before, ...after])).toBe(pieces.join(''));
    // A replay from the start is exactly what the two halves saw.
    const whole = await c.replay(run_id, 0);
    expect(whole).toEqual([...before, ...after]);
    expectCode(await c.t.raw({ method: 'GET', url: `/api/runs/${run_id}/events?after=0`, headers: { 'access-token': c.bob } }), 40401);
  });

  it('stops at the step limit and says so', async () => {
    const agent = await c.createAgent({ tool_ids: ['calculator'], max_steps: 2 });
    c.llm.script({ match: '停不下来', toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }] });
    const events = await c.chat({ agent_id: agent.id, query: '停不下来的计算' });
    expect(c.chatRequests()).toHaveLength(2);
    expect(textOf(events)).toContain('已达到最大步数（2 步），已停止。');
    expect(events.at(-1)!.data.status).toBe('completed');
    const [, answer] = await messagesOf(events[0]!.data.conversation_id);
    expect(answer!.content).toContain('已达到最大步数（2 步），已停止。');
  });

  it('a model that fails after a tool call ends the run as failed with a Chinese error, keeping what was done', async () => {
    const agent = await c.createAgent({ tool_ids: ['calculator'] });
    c.llm.script(
      { match: '中途出错', afterToolResult: false, text: '先算一下。', toolCalls: [{ name: 'calculator', arguments: { expression: '9*9' } }] },
      { match: '中途出错', afterToolResult: true, status: 400, errorMessage: 'bad request from provider' },
    );
    const events = await c.chat({ agent_id: agent.id, query: '中途出错的计算' });
    expect(ofType(events, 'observation')[0]!.data.output).toBe('9*9 = 81');
    expect(events.at(-2)).toMatchObject({ event: 'error', data: { code: expect.any(Number), msg: expect.stringMatching(/\p{Script=Han}/u) } });
    expect(events.at(-1)!.data.status).toBe('failed');
    const [, answer] = await messagesOf(events[0]!.data.conversation_id);
    expect(answer).toMatchObject({ content: '先算一下。', meta: { status: 'failed' } });
    expect((answer!.meta.steps as Array<{ type: string }>).map((step) => step.type)).toEqual(['action', 'observation']);
  });

  it('refuses before streaming: bad input, unknown and private agents, foreign conversations; a published agent is usable by all', async () => {
    const agent = await c.createAgent({}, c.alice);
    for (const area of ['chat', 'plan_chat']) {
      const url = `/api/agent/${area}`;
      expectCode(await c.t.call(url, { agent_id: agent.id }, c.alice), 40001, /问题/);
      expectCode(await c.t.call(url, { agent_id: 'not-an-id', query: 'x' }, c.alice), 40001);
      expectCode(await c.t.call(url, { agent_id: agent.id, query: 'x', file_ids: 'a' }, c.alice), 40001, /file_ids/);
      expectCode(await c.t.call(url, { agent_id: crypto.randomUUID(), query: 'x' }, c.alice), 40401, '智能体不存在');
      expectCode(await c.t.call(url, { agent_id: agent.id, query: 'x' }, c.bob), 40401, '智能体不存在');
      expectCode(await c.t.call(url, { agent_id: agent.id, query: 'x' }), 40101);
    }
    expectCode(await c.t.raw({ method: 'POST', url: '/api/agent/chat', headers: { 'access-token': c.alice, 'content-type': 'application/json' }, payload: '{"agent_id":' }), 40001);
    expectCode(await c.t.call('/api/agent/list_plan_runs', { page: 'x' }, c.alice), 40001);

    const mine = await c.chat({ agent_id: agent.id, query: '我的会话' });
    const conversation_id = mine[0]!.data.conversation_id;
    expectOk(await c.t.call('/api/agent/publish', agent.id, c.alice));
    expectCode(await c.t.call('/api/agent/chat', { agent_id: agent.id, query: '偷看', conversation_id }, c.bob), 40401);
    const bobs: SseEvent[] = await c.chat({ agent_id: agent.id, query: '我也能用' }, c.bob);
    expect(bobs.at(-1)!.data.status).toBe('completed');
    expect(bobs[0]!.data.conversation_id).not.toBe(conversation_id);
    expect(lastUser(c.chatRequests().at(-1)!)).toBe('我也能用');
  });
});
