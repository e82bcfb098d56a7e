import type { McpService, RemovalAnswer, ToolInfo } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentChatTestApp, startDictionaryMcp, startToolApi, textOf, type AgentChatTestContext, type TinyServer } from '../../../test/fixtures/agent-chat.js';
import { expectCode, expectOk } from '../../../test/harness.js';
import { mcpToolName } from '../mcp/index.js';

const OTHERS_WARNING = /^另有 1 个其他用户的智能体使用该(工具|服务)：/;

/**
 * In use means protected: a tool or MCP service its owner's agents use may not be deleted (the refusal
 * names them); other users' agents do not hold the owner back: the owner is warned, and those agents'
 * turns say which tool or service is gone instead of failing.
 */
describe('tools and MCP services in use by agents', () => {
  let c: AgentChatTestContext;
  let api: TinyServer;
  let mcp: TinyServer;
  const weatherTool = (name: string, title: string) => ({
    kind: 'llm',
    name,
    title,
    is_public: true,
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    config: { method: 'GET', url: `${api.origin}/weather` },
  });
  /** Bob's turn with his agent: the answer's text (the notice first), and the tools the model was offered. */
  const bobsTurn = async (agentId: string, query: string) => {
    c.llm.script({ match: query, text: '好的。' });
    const events = await c.chat({ agent_id: agentId, query }, c.bob);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    const offered = ((c.chatRequests().at(-1)!.body.tools as Array<{ function: { name: string } }> | undefined) ?? []).map((tool) => tool.function.name);
    return { text: textOf(events), offered };
  };

  beforeAll(async () => {
    [c, api, mcp] = await Promise.all([startAgentChatTestApp(), startToolApi(), startDictionaryMcp()]);
  });
  afterAll(async () => {
    await Promise.all([c.close(), api.stop(), mcp.stop()]);
  });

  it("refuses deleting a tool its owner's agents use, naming them; others' agents lose it, named in their turns", async () => {
    const tool = expectOk(await c.t.call<ToolInfo>('/api/tool/create', weatherTool('weather_gone', '天气查询'), c.alice));
    const alicesAgent = await c.createAgent({ name: '爱丽丝的助手', tool_ids: [tool.id] });
    const bobsAgent = await c.createAgent({ name: '鲍勃的私人助手', tool_ids: [tool.id, 'calculator'] }, c.bob);

    const refused = await c.t.call('/api/tool/delete_tool_by_id', { id: tool.id }, c.alice);
    expectCode(refused, 40901, '工具正在被使用，无法删除：智能体「爱丽丝的助手」，请先从中移除');
    expect(refused.body.msg).not.toContain('鲍勃');
    expectOk(await c.t.call('/api/agent/update', { id: alicesAgent.id, tool_ids: [] }, c.alice));

    const removed = expectOk(await c.t.call<RemovalAnswer>('/api/tool/delete_tool_by_id', { id: tool.id }, c.alice));
    expect(removed?.warning).toMatch(OTHERS_WARNING);
    expectCode(await c.t.call('/api/tool/query_tool_by_id', { id: tool.id }, c.alice), 40401);

    const turn = await bobsTurn(bobsAgent.id, '今天杭州天气如何（工具已删）');
    expect(turn.text).toBe('（提示：工具「天气查询」已被删除，本次回答不使用它们。）\n\n好的。');
    expect(turn.offered).toEqual(['calculator']);
  });

  it("making a tool private warns of other users' agents, and their turns say it is no longer public", async () => {
    const tool = expectOk(await c.t.call<ToolInfo>('/api/tool/create', weatherTool('weather_private', '私有化的天气'), c.alice));
    const bobsAgent = await c.createAgent({ name: '鲍勃的天气助手', tool_ids: [tool.id] }, c.bob);
    const kept = expectOk(await c.t.call<ToolInfo>('/api/tool/update', { id: tool.id, title: '私有化的天气' }, c.alice));
    expect(kept.warning).toBeUndefined();
    const withdrawn = expectOk(await c.t.call<ToolInfo>('/api/tool/update', { id: tool.id, is_public: false }, c.alice));
    expect(withdrawn).toMatchObject({ is_public: false, warning: expect.stringMatching(OTHERS_WARNING) });
    const turn = await bobsTurn(bobsAgent.id, '天气（工具已私有）');
    expect(turn.text).toMatch(/^（提示：工具「私有化的天气」已不再公开，本次回答不使用它们。）/);
    expect(turn.offered).toEqual([]);
    // Deleting it now still only warns: Bob's agent is the only one using it.
    expect(expectOk(await c.t.call<RemovalAnswer>('/api/tool/delete_tool_by_id', { id: tool.id }, c.alice))?.warning).toMatch(OTHERS_WARNING);
  });

  it("the same for MCP services: refused while the owner's agents use one; others' turns name it", async () => {
    const service = expectOk(await c.t.call<McpService>('/api/service/create', { name: '公共词典', url: `${mcp.origin}/mcp`, is_public: true }, c.alice));
    const alicesAgent = await c.createAgent({ name: '爱丽丝的词典助手', services: [{ service_id: service.id }] });
    const bobsAgent = await c.createAgent({ name: '鲍勃的词典助手', services: [{ service_id: service.id }] }, c.bob);
    expect((await bobsTurn(bobsAgent.id, '查词（服务在）')).offered).toEqual([mcpToolName(service.id, 'lookup')]);

    expectCode(await c.t.call('/api/service/delete_service_by_id', { id: service.id }, c.alice), 40901, '服务正在被使用，无法删除：智能体「爱丽丝的词典助手」，请先从中移除');
    expectOk(await c.t.call('/api/agent/update', { id: alicesAgent.id, services: [] }, c.alice));
    const removed = expectOk(await c.t.call<RemovalAnswer>('/api/service/delete_service_by_id', { id: service.id }, c.alice));
    expect(removed?.warning).toMatch(OTHERS_WARNING);

    const turn = await bobsTurn(bobsAgent.id, '查词（服务已删）');
    expect(turn.text).toBe('（提示：MCP 服务「公共词典」已被删除，本次回答不使用它们。）\n\n好的。');
    expect(turn.offered).toEqual([]);
  });

  it('a service made private, and functions an agent names that the service lacks, are named in the turn', async () => {
    const service = expectOk(await c.t.call<McpService>('/api/service/create', { name: '会收回的词典', url: `${mcp.origin}/mcp`, is_public: true }, c.alice));
    const names = await c.createAgent({ name: '点名函数的助手', services: [{ service_id: service.id, functions: ['lookup', 'translate'] }] }, c.bob);
    expect((await bobsTurn(names.id, '点名（缺函数）')).text).toMatch(/^（提示：MCP 服务「会收回的词典」没有这些函数：translate，本次回答不使用它们。）/);

    const withdrawn = expectOk(await c.t.call<McpService>('/api/service/update', { id: service.id, is_public: false }, c.alice));
    expect(withdrawn.warning).toMatch(OTHERS_WARNING);
    expect((await bobsTurn(names.id, '点名（已私有）')).text).toMatch(/^（提示：MCP 服务「会收回的词典」已不再公开，本次回答不使用它们。）/);
  });
});
