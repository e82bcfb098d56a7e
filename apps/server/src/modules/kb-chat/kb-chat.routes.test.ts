import type { KnowledgeBase, MessageInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { parseSse, type SseEvent } from '../../../test/sse.js';
import { startKbTestApp, type KbTestContext } from '../../../test/fixtures/kb.js';
import { corpusFiles, ingest, WITH_PGVECTOR } from '../../../test/fixtures/retrieval.js';

describe('knowledge-base chat: POST /api/kb/chat', () => {
  let c: KbTestContext;
  let kb: KnowledgeBase;
  let hidden: KnowledgeBase;

  beforeAll(async () => {
    c = await startKbTestApp();
    // Public, so bob may chat too.
    expectOk(await c.t.call('/api/llm/create_llm_model', { llm_name: 'kbc-chat', type: 'chat', base_url: c.llm.url, api_key: 'sk-test-key-0001', is_public: true }, c.alice));
    await c.createModel(c.alice, { llm_name: 'kbc-embed', type: 'embedding' });
    kb = await c.createKb(c.alice, { name: '茶与咖啡', embedding_model: 'kbc-embed', is_public: true });
    hidden = await c.createKb(c.alice, { name: '私有制度' });
    await ingest(c, c.alice, kb.id, corpusFiles(['longjing-tea.md', 'coffee-brewing.md', 'giant-panda.md']));
    await ingest(c, c.alice, hidden.id, corpusFiles(['annual-leave-policy.md']));
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  const chat = async (body: Record<string, unknown>, token = c.alice) => {
    const response = await c.t.app.inject({
      method: 'POST',
      url: '/api/kb/chat',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ llm_name: 'kbc-chat', kb_ids: [kb.id], ...body }),
    });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    return parseSse(response.body);
  };
  const textOf = (events: SseEvent[]) =>
    events
      .filter((event) => event.event === 'delta')
      .map((event) => event.data.text)
      .join('');
  const lastChatRequest = () => c.llm.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)!;
  const messagesOf = async (conversationId: string) => expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));

  it('streams run, the numbered retrieval, the cited answer, usage and done; the model is given the sources', async () => {
    c.llm.script({ match: '明前茶', chunks: ['明前茶是清明节前', '采制的龙井[1]。'], usage: { prompt_tokens: 300, completion_tokens: 12 } });
    const events = await chat({ query: '明前茶是什么时候采制的？' });
    expect(events.map((event) => event.event)).toEqual(['run', 'retrieval', ...events.slice(2, -2).map(() => 'delta'), 'usage', 'done']);
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
    const retrieval = events[1]!.data;
    expect(retrieval.step_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(retrieval.mode).toBe(WITH_PGVECTOR ? 'hybrid' : 'fulltext');
    expect(retrieval.segments[0]).toMatchObject({ doc_name: 'longjing-tea.md', kb_id: kb.id, kb_name: '茶与咖啡' });
    expect(retrieval.segments[0].text).toContain('明前茶');
    expect(textOf(events)).toBe('明前茶是清明节前采制的龙井[1]。');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });

    const [system, question] = lastChatRequest().body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toMatch(/\[1\]、\[2\]/);
    retrieval.segments.forEach((segment: { text: string; doc_name: string }, index: number) => {
      expect(system.content).toContain(`[${index + 1}] 《${segment.doc_name}》`);
      expect(system.content).toContain(segment.text);
    });
    expect(question).toEqual({ role: 'user', content: '明前茶是什么时候采制的？' });
  });

  it('keeps the conversation with the citations, continues it, and re-attaching replays the same events', async () => {
    c.llm.script({ match: '粉水比', text: '常用一比十五到一比十六[1]。' }, { match: '水温', text: '九十到九十四摄氏度[1]。' });
    const first = await chat({ query: '手冲咖啡的粉水比是多少？' });
    const { conversation_id, run_id } = first[0]!.data;
    const second = await chat({ query: '那水温呢？咖啡冲煮水温', conversation_id });
    expect(second[0]!.data.conversation_id).toBe(conversation_id);
    const sent = lastChatRequest().body.messages.map((message: { role: string; content: string }) => [message.role, message.content]);
    expect(sent.slice(1)).toEqual([
      ['user', '手冲咖啡的粉水比是多少？'],
      ['assistant', '常用一比十五到一比十六[1]。'],
      ['user', '那水温呢？咖啡冲煮水温'],
    ]);

    const messages = await messagesOf(conversation_id);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', '手冲咖啡的粉水比是多少？'],
      ['assistant', '常用一比十五到一比十六[1]。'],
      ['user', '那水温呢？咖啡冲煮水温'],
      ['assistant', '九十到九十四摄氏度[1]。'],
    ]);
    expect(messages[1]!.meta).toMatchObject({ model: 'kbc-chat', status: 'completed', kb_ids: [kb.id], retrieval: first[1]!.data });
    expect((messages[1]!.meta.retrieval as { segments: Array<{ doc_name: string }> }).segments[0]!.doc_name).toBe('coffee-brewing.md');
    const list = expectOk(await c.t.call<{ list: Array<{ id: string; kind: string; subject: string }> }>('/api/user/list_history_conversations', { kind: 'kb' }, c.alice));
    expect(list.list.find((item) => item.id === conversation_id)).toMatchObject({ kind: 'kb', subject: kb.id });

    const replay = await c.t.app.inject({ method: 'GET', url: `/api/runs/${run_id}/events?after=0`, headers: { 'access-token': c.alice } });
    expect(parseSse(replay.body)).toEqual(first);
    const rest = await c.t.app.inject({ method: 'GET', url: `/api/runs/${run_id}/events?after=1`, headers: { 'access-token': c.alice } });
    expect(parseSse(rest.body)[0]).toMatchObject({ id: 2, event: 'retrieval' });
  });

  it('with nothing retrieved the model is told so and answers that the knowledge base has nothing relevant', async () => {
    c.llm.script({ match: '火星', text: '知识库中没有找到相关内容。' });
    const events = await chat({ query: '火星探测器', mode: 'fulltext' });
    expect(events[1]).toMatchObject({ event: 'retrieval', data: { segments: [] } });
    expect(lastChatRequest().body.messages[0].content).toMatch(/没有检索到与用户问题相关的内容/);
    expect(textOf(events)).toBe('知识库中没有找到相关内容。');
    const messages = await messagesOf(events[0]!.data.conversation_id);
    expect(messages[1]!.meta.retrieval).toMatchObject({ segments: [] });
  });

  it('another user may chat with a public knowledge base, never with a private one', async () => {
    c.llm.script({ match: '熊猫', text: '每天十二到三十八公斤[1]。' });
    const events = await chat({ query: '熊猫每天吃多少竹子' }, c.bob);
    expect(events[1]!.data.segments[0].doc_name).toBe('giant-panda.md');
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [hidden.id], query: '年假' }, c.bob), 40401, '知识库不存在');
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [kb.id, hidden.id], query: '年假' }, c.bob), 40401, '知识库不存在');
  });

  it('refuses before streaming: bad input, unknown model, foreign conversation, vector mode without pgvector', async () => {
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [kb.id] }, c.alice), 40001, /请输入问题/);
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [], query: '你好' }, c.alice), 40001, /请选择知识库/);
    expectCode(await c.t.call('/api/kb/chat', { kb_ids: [kb.id], query: '你好' }, c.alice), 40001, /模型名称/);
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'no-such-model', kb_ids: [kb.id], query: '你好' }, c.alice), 40401, '模型不存在');
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-embed', kb_ids: [kb.id], query: '你好' }, c.alice), 40001);
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [kb.id], query: '你好' }), 40101);
    c.llm.script({ match: '我的问题', text: '好的' });
    const mine = await chat({ query: '我的问题' });
    const conversation_id = mine[0]!.data.conversation_id;
    expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [kb.id], query: '偷看', conversation_id }, c.bob), 40401, '会话不存在');
    if (!WITH_PGVECTOR) {
      expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [kb.id], query: '龙井', mode: 'vector' }, c.alice), 40001, /pgvector/);
    } else {
      expectCode(await c.t.call('/api/kb/chat', { llm_name: 'kbc-chat', kb_ids: [hidden.id], query: '年假', mode: 'vector' }, c.alice), 40001, /未配置向量模型/);
    }
  });
});
