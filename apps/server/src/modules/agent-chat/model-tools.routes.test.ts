import type { MessageInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/harness.js';
import { ofType, startAgentChatTestApp, textOf, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';

const NO_TOOLS_MODEL = 'no-tools-model';
const NOTICE = '（提示：模型「不会调工具」未开启“支持工具调用”，本次回答不使用智能体的工具。）';

describe('agent chat: a model without 支持工具调用 is given no tools', () => {
  let c: AgentChatTestContext;

  beforeAll(async () => {
    // Alice's own model on the scripted server (a loopback address she may reach here).
    c = await startAgentChatTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    const model = { llm_name: NO_TOOLS_MODEL, display_name: '不会调工具', type: 'chat', provider: 'openai-compatible', base_url: c.llm.url, supports_tools: false };
    expectOk(await c.t.call('/api/llm/create_llm_model', model, c.alice));
  });
  beforeEach(() => c.llm.reset());
  afterAll(async () => {
    await c?.close();
  });

  const messagesOf = async (conversationId: string) => expectOk(await c.t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id: conversationId }, c.alice));

  it('answers without tools and says so in Chinese before the answer, in the stream and in the stored message', async () => {
    const agent = await c.createAgent({ llm_name: NO_TOOLS_MODEL, tool_ids: ['calculator'] });
    c.llm.script({ match: '三加四', text: '等于 7。' });
    const events = await c.chat({ agent_id: agent.id, query: '三加四等于几？' });

    expect(ofType(events, 'error')).toEqual([]);
    expect(events.at(-1)?.event).toBe('done');
    expect(events.at(-1)?.data.status).toBe('completed');
    expect(textOf(events)).toBe(`${NOTICE}\n\n等于 7。`);
    expect(ofType(events, 'action')).toEqual([]);
    const requests = c.chatRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body.tools).toBeUndefined();

    const conversationId = String(ofType(events, 'run')[0]?.data.conversation_id);
    const answer = (await messagesOf(conversationId)).findLast((message) => message.role === 'assistant');
    expect(answer?.content).toBe(`${NOTICE}\n\n等于 7。`);
  });

  it('plan chat too: the plan is drafted and the notice comes first', async () => {
    const agent = await c.createAgent({ llm_name: NO_TOOLS_MODEL, tool_ids: ['calculator'] });
    c.llm.script({ match: '', text: '1. 计算结果' });
    const events = await c.chat({ agent_id: agent.id, query: '算一下三加四' }, c.alice, 'plan_chat');

    expect(ofType(events, 'error')).toEqual([]);
    expect(textOf(events).startsWith(NOTICE)).toBe(true);
    expect(c.chatRequests().length).toBeGreaterThan(0);
    for (const request of c.chatRequests()) expect(request.body.tools).toBeUndefined();
  });

  it("a model with the switch on still gets the agent's tools, with no notice", async () => {
    const agent = await c.createAgent({ tool_ids: ['calculator'] });
    c.llm.script({ match: '你好', text: '你好！' });
    const events = await c.chat({ agent_id: agent.id, query: '你好' });

    expect(textOf(events)).toBe('你好！');
    const tools = c.chatRequests()[0]?.body.tools as Array<{ function: { name: string } }> | undefined;
    expect(tools?.map((tool) => tool.function.name)).toContain('calculator');
  });
});
