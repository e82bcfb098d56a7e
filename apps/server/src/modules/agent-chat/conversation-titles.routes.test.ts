import type { ConversationInfo, Page } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectOk } from '../../../test/harness.js';
import { readSse } from '../../../test/sse.js';
import { TITLE_MARKER } from '../conversation/index.js';
import { MODEL, startAgentChatTestApp, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';

/** With CONVERSATION_TITLES=model (the default outside tests), the first answer gets its conversation a title. */
describe('conversation titles written by the model', () => {
  let c: AgentChatTestContext;
  beforeAll(async () => {
    c = await startAgentChatTestApp({ CONVERSATION_TITLES: 'model' });
  });
  beforeEach(() => c.llm.reset());
  afterAll(() => c?.close());

  const titleOf = async (conversationId: string) => {
    const page = expectOk(await c.t.call<Page<ConversationInfo>>('/api/user/list_history_conversations', { page: 1, page_size: 50 }, c.alice));
    return page.list.find((conversation) => conversation.id === conversationId)?.title;
  };
  const titleRequests = () => c.chatRequests().filter((request) => JSON.stringify(request.body.messages).includes(TITLE_MARKER));
  const asksAbout = (words: string) => (request: { body: { messages: unknown } }) => JSON.stringify(request.body.messages).includes(words);
  /**
   * A title that must not be asked for cannot be waited for; one asked later can. Opens a conversation
   * with `question` and waits for its title request: one asked before it would have arrived by then.
   */
  const titleRequestAfter = async (agentId: string, question: string) => {
    await c.chat({ agent_id: agentId, query: question });
    await vi.waitFor(() => expect(titleRequests().some(asksAbout(question))).toBe(true));
  };

  it('an agent chat: the question titles the conversation at once, the model’s title replaces it after the answer, later turns ask nothing', async () => {
    c.llm.script({ match: TITLE_MARKER, text: '“周末杭州旅行计划”。' }, { match: '杭州', text: '可以先去西湖，再去灵隐寺。' });
    const agent = await c.createAgent();
    const events = await c.chat({ agent_id: agent.id, query: '帮我安排一下周末去杭州玩两天' });
    const conversationId = events[0]!.data.conversation_id as string;
    await vi.waitFor(async () => expect(await titleOf(conversationId)).toBe('周末杭州旅行计划'));
    const [request] = titleRequests();
    expect(request!.body.messages.at(-1).content).toContain('可以先去西湖');

    await c.chat({ agent_id: agent.id, query: '杭州还有什么好吃的', conversation_id: conversationId });
    await titleRequestAfter(agent.id, '杭州有哪些博物馆');
    expect(titleRequests().map(asksAbout('好吃的'))).toEqual([false, false]);
    expect(await titleOf(conversationId)).toBe('周末杭州旅行计划');
    await vi.waitFor(async () =>
      expect(await c.t.rows(sql`select model, ok from usage_records where feature = 'title'`)).toEqual([
        { model: MODEL, ok: true },
        { model: MODEL, ok: true },
      ]),
    );
  });

  it('writes none for the OpenAI-style API, whose every call opens a conversation nobody reads', async () => {
    c.llm.script({ match: TITLE_MARKER, text: '不该出现' }, { match: '接口', text: '好的。' });
    const agent = await c.createAgent();
    const key = expectOk(await c.t.call<{ key: string }>('/api/agent/api_keys/create', { agent_id: agent.id, name: '网站' }, c.alice)).key;
    const response = await fetch(`${c.base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: agent.id, messages: [{ role: 'user', content: '接口调用' }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
    await titleRequestAfter(agent.id, '接口之后的问题');
    expect(titleRequests().map(asksAbout('接口调用'))).toEqual([false]);
  });

  it('a playground chat gets a title too; a failing title call leaves the question’s words', async () => {
    c.llm.script({ match: TITLE_MARKER, text: '模型调试' }, { match: '调试', text: '好的。' });
    const response = await fetch(`${c.base}/api/llm/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': c.alice },
      body: JSON.stringify({ llm_name: MODEL, query: '帮我调试一下这个模型' }),
    });
    let conversationId = '';
    for await (const event of readSse(response)) if (event.event === 'run') conversationId = event.data.conversation_id;
    await vi.waitFor(async () => expect(await titleOf(conversationId)).toBe('模型调试'));

    c.llm.reset();
    c.llm.script({ match: TITLE_MARKER, status: 500, errorMessage: 'boom' }, { match: '失败', text: '好的。' });
    const agent = await c.createAgent();
    const events = await c.chat({ agent_id: agent.id, query: '标题会失败的问题' });
    // The failed call's usage row is written before the failure reaches the title writer.
    await vi.waitFor(async () => expect(await c.t.rows(sql`select ok from usage_records where feature = 'title' and not ok`)).toHaveLength(1));
    expect(await titleOf(events[0]!.data.conversation_id as string)).toBe('标题会失败的问题');
  });
});
