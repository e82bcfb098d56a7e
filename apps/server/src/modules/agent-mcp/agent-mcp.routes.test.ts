import { agentMcpPath, type AgentApiKeyInfo } from '@agent-platform/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/harness.js';
import { membersOf, startMaTestApp, type MaTestContext } from '../../../test/fixtures/multi-agent.js';

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, unknown> };

describe('published agents and setups as MCP servers (the official SDK client over Streamable HTTP)', () => {
  let c: MaTestContext;
  const clients: Client[] = [];

  const createKey = async (id: string, token = c.alice) => expectOk(await c.t.call<AgentApiKeyInfo>('/api/agent/api_keys/create', { agent_id: id, name: 'MCP' }, token)).key!;

  /** An SDK client connected to `id`'s MCP URL with `key`; `elicit` declares the elicitation capability and answers with it. */
  async function connect(id: string, key: string | undefined, elicit?: (params: ElicitRequestFormParams) => ElicitResult | Promise<ElicitResult>) {
    const client = new Client({ name: 'mcp-test-client', version: '1.0.0' }, { capabilities: elicit ? { elicitation: {} } : {} });
    if (elicit) client.setRequestHandler(ElicitRequestSchema, async (request) => elicit(request.params as ElicitRequestFormParams));
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    await client.connect(new StreamableHTTPClientTransport(new URL(`${c.base}${agentMcpPath(id)}`), { requestInit: { headers } }));
    clients.push(client);
    return client;
  }

  /** Calls the one tool, collecting the progress messages (the answer's pieces). */
  async function ask(client: Client, name: string, args: Record<string, unknown>) {
    const pieces: string[] = [];
    const result = (await client.callTool({ name, arguments: args }, undefined, { onprogress: (progress) => pieces.push(String(progress.message ?? '')), timeout: 30_000 })) as ToolResult;
    return { result, pieces, text: result.content.map((part) => part.text ?? '').join('\n') };
  }

  /** The HTTP status and the message of a refused call (the SDK's StreamableHTTPError). */
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => 'not refused',
      (error: { code?: number; message: string }) => ({ code: error.code, message: error.message }),
    );

  const runStatus = async (runId: string) => (await c.t.rows(sql`select status from runs where id = ${runId}`))[0]?.status;

  beforeAll(async () => {
    c = await startMaTestApp();
  });
  beforeEach(() => c.llm.reset());
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await c?.close();
  });

  it('lists one tool, answers with the answer streamed as progress, and goes on in the same conversation', async () => {
    const agent = await c.createAgent({ name: 'Support Bot 客服', description: '回答售后问题' });
    const client = await connect(agent.id, await createKey(agent.id));
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ name: 'ask_support_bot', title: 'Support Bot 客服', description: expect.stringContaining('回答售后问题') });
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(['question', 'conversation_id']);
    expect(tools[0]!.inputSchema.required).toEqual(['question']);

    c.llm.script({ match: '退货', chunks: ['七天内', '可以退货', '。'] });
    const first = await ask(client, 'ask_support_bot', { question: '能退货吗' });
    expect(first.result.isError).toBeFalsy();
    expect(first.result.content[0]!.text).toBe('七天内可以退货。');
    expect(first.pieces.join('')).toBe('七天内可以退货。');
    const conversationId = String(first.result.structuredContent!.conversation_id);
    expect(first.result.structuredContent).toMatchObject({ answer: '七天内可以退货。', status: 'completed' });
    expect(first.result.content[1]!.text).toContain(conversationId);

    c.llm.script({ match: '运费', text: '运费由我们承担。' });
    const second = await ask(client, 'ask_support_bot', { question: '运费呢', conversation_id: conversationId });
    expect(second.result.structuredContent).toMatchObject({ answer: '运费由我们承担。', conversation_id: conversationId });
    expect(JSON.stringify(c.chatRequests().at(-1)!.body.messages)).toContain('七天内可以退货。');

    // Bad arguments are the tool's error, in Chinese; another user's conversation is not found.
    expect((await ask(client, 'ask_support_bot', { question: '  ' })).result.isError).toBe(true);
    const others = await ask(client, 'ask_support_bot', { question: '你好', conversation_id: '00000000-0000-4000-8000-000000000000' });
    expect(others).toMatchObject({ result: { isError: true } });
    expect(others.text).toMatch(/不存在/);

    // A Chinese name has no identifier of its own: the tool is named after the id.
    const chinese = await c.createAgent({ name: '售后助手' });
    const { tools: named } = await (await connect(chinese.id, await createKey(chinese.id))).listTools();
    expect(named.map((tool) => tool.name)).toEqual([`ask_agent_${chinese.id.replace(/-/g, '').slice(0, 8)}`]);
  });

  it('refuses a missing or wrong key, and a key at another agent’s URL (another user’s private agent is not reachable)', async () => {
    const mine = await c.createAgent({ name: 'Private One' });
    const bobs = await c.createAgent({ name: 'Bob Agent' }, c.bob);
    const bobKey = await createKey(bobs.id, c.bob);
    expect(await refusal(connect(mine.id, undefined))).toEqual({ code: 401, message: expect.stringContaining('缺少 API 密钥') });
    expect(await refusal(connect(mine.id, 'ak-not-a-real-key'))).toEqual({ code: 401, message: expect.stringContaining('API 密钥无效或已被撤销') });
    expect(await refusal(connect(mine.id, bobKey))).toEqual({ code: 404, message: expect.stringContaining('智能体不存在') });
    // A revoked key stops its open session at once.
    const key = expectOk(await c.t.call<AgentApiKeyInfo>('/api/agent/api_keys/create', { agent_id: mine.id, name: '撤销' }, c.alice));
    const client = await connect(mine.id, key.key);
    expectOk(await c.t.call('/api/agent/api_keys/revoke', { id: key.id }, c.alice));
    expect(await refusal(client.listTools())).toEqual({ code: 401, message: expect.stringContaining('API 密钥无效或已被撤销') });
  });

  it('a run that pauses for a person asks through elicitation; the answer is the run’s decision', async () => {
    const agent = await c.createAgent({ name: 'Calc Helper', tool_ids: ['calculator'], hitl: { action_confirm: true, observation_confirm: false } });
    const key = await createKey(agent.id);
    const script = (word: string) =>
      c.llm.script(
        { match: word, afterToolResult: false, times: 1, text: '先算一下。', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
        { match: word, afterToolResult: true, text: '结果是 42。' },
      );

    const asked: ElicitRequestFormParams[] = [];
    const confirming = await connect(agent.id, key, (params) => {
      asked.push(params);
      return { action: 'accept', content: { decision: 'confirm' } };
    });
    script('确认');
    const confirmed = await ask(confirming, 'ask_calc_helper', { question: '确认：6*7 等于几' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toContain('calculator');
    expect(asked[0]!.message).toContain('6*7');
    expect(confirmed.result.isError).toBeFalsy();
    expect(confirmed.result.content[0]!.text).toBe('先算一下。结果是 42。');
    expect(await runStatus(String(confirmed.result.structuredContent!.run_id))).toBe('completed');

    // Declined: the refusal goes back to the model as feedback, which answers without the tool.
    const declining = await connect(agent.id, key, () => ({ action: 'decline' }));
    c.llm.script(
      { match: '拒绝', afterToolResult: false, times: 1, toolCalls: [{ name: 'calculator', arguments: { expression: '1/0' } }] },
      { match: '拒绝', afterToolResult: true, text: '好的，不算了。' },
    );
    const declined = await ask(declining, 'ask_calc_helper', { question: '拒绝：算 1/0' });
    expect(declined.result.content[0]!.text).toBe('好的，不算了。');
    expect(JSON.stringify(c.chatRequests().at(-1)!.body.messages)).toContain('调用方拒绝了此操作');

    // One winner: decided on the platform while the client was being asked, the client's answer loses and says so.
    const racing = await connect(agent.id, key, async () => {
      const [paused] = await c.t.rows(sql`select id from runs where status = 'awaiting' order by created_at desc limit 1`);
      expect((await c.decide('hitl_finish', { run_id: paused!.id })).envelope).toBeUndefined();
      return { action: 'accept', content: { decision: 'confirm' } };
    });
    script('抢先');
    const raced = await ask(racing, 'ask_calc_helper', { question: '抢先：6*7' });
    expect(raced.result.isError).toBe(true);
    expect(raced.text).toMatch(/已由他人处理/);

    // A client without elicitation is told in Chinese; the run waits for a decision on the platform.
    const plain = await connect(agent.id, key);
    script('无征询');
    const refused = await ask(plain, 'ask_calc_helper', { question: '无征询：6*7' });
    expect(refused.result.isError).toBe(true);
    expect(refused.text).toMatch(/不支持征询（elicitation）[\s\S]*运行 ID：/);
    const runId = /运行 ID：([0-9a-f-]{36})/.exec(refused.text)![1]!;
    expect(await runStatus(runId)).toBe('awaiting');
  });

  it('serves a published multi-agent setup the same way', async () => {
    const [triage, refund] = [await c.roleAgent('分诊员'), await c.roleAgent('退款专员')];
    const setup = await c.createSetup({ name: 'Service Desk', mode: 'handoff', members: membersOf(triage, refund), edges: [{ from: triage.id, to: refund.id }], start_agent_id: triage.id });
    expectOk(await c.t.call('/api/ma/publish', { id: setup.id }, c.alice));
    const client = await connect(setup.id, await createKey(setup.id));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.title])).toEqual([['ask_service_desk', 'Service Desk']]);
    c.llm.script(
      { system: '你是分诊员', match: '退款', times: 1, text: '转退款。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '退款' } }] },
      { system: '你是退款专员', match: '退款', text: '已退款。' },
    );
    const answered = await ask(client, 'ask_service_desk', { question: '我要退款' });
    expect(answered.result.content[0]!.text).toBe('转退款。已退款。');
    expect(answered.pieces.join('')).toBe('转退款。已退款。');
  });
});
