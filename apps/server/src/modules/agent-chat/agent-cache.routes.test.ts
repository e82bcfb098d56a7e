import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startAgentChatTestApp, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';

/** With the agent cache on (as in production), a change to an agent still counts at the next turn. */
describe('agent cache', () => {
  let c: AgentChatTestContext;
  beforeAll(async () => {
    c = await startAgentChatTestApp({ AGENT_CACHE_SECONDS: '60' });
  });
  afterAll(() => c?.close());

  const systemPromptOfLastCall = () => (c.chatRequests().at(-1)?.body as { messages: Array<{ role: string; content: string }> }).messages[0];
  const chatOk = async (agentId: string, token: string) => {
    const events = await c.chat({ agent_id: agentId, query: '你好' }, token);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
  };

  it('reads the agent from memory, yet an update, a withhold and a delete take effect at once', async () => {
    const agent = await c.createAgent({ system_prompt: '旧的提示词' });
    expectOk(await c.t.call('/api/agent/publish', { id: agent.id }, c.alice));
    await chatOk(agent.id, c.alice);
    await chatOk(agent.id, c.bob);
    expect(systemPromptOfLastCall()).toMatchObject({ role: 'system', content: expect.stringContaining('旧的提示词') });

    expectOk(await c.t.call('/api/agent/update', { id: agent.id, system_prompt: '新的提示词' }, c.alice));
    await chatOk(agent.id, c.bob);
    expect(systemPromptOfLastCall()).toMatchObject({ content: expect.stringContaining('新的提示词') });

    expectOk(await c.t.call('/api/agent/withhold', { id: agent.id }, c.alice));
    expectCode(await c.t.call('/api/agent/chat', { agent_id: agent.id, query: '还在吗' }, c.bob), 40401);
    await chatOk(agent.id, c.alice);

    expectOk(await c.t.call('/api/agent/delete', { id: agent.id }, c.alice));
    expectCode(await c.t.call('/api/agent/chat', { agent_id: agent.id, query: '还在吗' }, c.alice), 40401);
  });
});
