import type { McpService } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/harness.js';
import { allText, startAgentChatTestApp, textOf, type AgentChatTestContext } from '../../../test/fixtures/agent-chat.js';
import { HANDBOOK_TEXT, startLibraryMcp, type LibraryMcp } from '../../../test/fixtures/mcp-library.js';

describe('an agent with MCP resources attached as context', () => {
  let c: AgentChatTestContext;
  let library: LibraryMcp;

  beforeAll(async () => {
    library = await startLibraryMcp();
    c = await startAgentChatTestApp();
  });
  afterAll(async () => {
    await c?.close();
    await library?.close();
  });

  it('reads the chosen resources into the system prompt each turn; one that cannot be read is a note, not a failure', async () => {
    const service = expectOk(await c.t.call<McpService>('/api/service/create', { name: '资料库', url: `${library.origin}/full` }, c.alice));
    const agent = await c.createAgent({ services: [{ service_id: service.id, functions: ['noop'], resources: ['doc://handbook', 'doc://missing'] }] });
    expect(agent.services).toEqual([{ service_id: service.id, functions: ['noop'], resources: ['doc://handbook', 'doc://missing'] }]);
    c.llm.script({ match: '年假有几天', text: '年假 10 天。' });
    const events = await c.chat({ agent_id: agent.id, query: '年假有几天？' });
    expect(events.at(-1)!.data.status).toBe('completed');
    expect(textOf(events)).toBe('年假 10 天。');
    const sent = c.chatRequests().find((request) => allText(request).includes('年假有几天'))!;
    const system = (sent.body.messages as Array<{ role: string; content: string }>).find((message) => message.role === 'system')!.content;
    expect(system).toContain(`<resource uri="doc://handbook">\n${HANDBOOK_TEXT}\n</resource>`);
    expect(system).toMatch(/（注意：资源 doc:\/\/missing 读取失败（MCP 服务「资料库」返回错误：.*）。）/);
  });
});
