import type { DataAsset, DbConnection, ToolInfo, ToolUseResult } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { parseSse, type SseEvent } from '../../../test/sse.js';
import { connectionBody, createSampleShop, type SampleShop } from '../../../test/fixtures/sample-shop.js';

const ASSET = '共享门店';
const TOOL = '门店数据';
const GONE = `工具「${TOOL}」使用的数据资产「${ASSET}」已被删除，或不再对你开放，暂时无法查询数据：请联系工具的创建者更换数据资产，或请数据资产的创建者重新开放`;

/** A data asset that an `llm/db` tool of another user's agent refers to: deleted, closed, or its owner removed. */
describe.each(['mysql', 'postgresql'] as const)('a data asset under an llm/db tool on %s', (dialect) => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let shop: SampleShop;
  let admin: string;
  let alice: string;
  let bob: string;
  let asset: DataAsset;
  let tool: ToolInfo;
  let agentId: string;

  beforeAll(async () => {
    shop = await createSampleShop(dialect);
    llm = await startScriptedLlm();
    t = await startTestApp();
    admin = await t.signUp(`at_admin_${dialect}`);
    [alice, bob] = [await t.signUp(`at_alice_${dialect}`), await t.signUp(`at_bob_${dialect}`)];
    expectOk(
      await t.call('/api/llm/create_llm_model', { llm_name: 'tool-writer', type: 'chat', base_url: llm.url, api_key: 'sk-test-key-0002', is_public: true, supports_tools: true }, admin),
    );
    const connection = expectOk(await t.call<DbConnection>('/api/db/dbconnect/create_connection', connectionBody(shop, { user: shop.reader.user, password: shop.reader.password }), alice));
    asset = expectOk(await t.call('/api/db/asset/create_asset', { connection_id: connection.id, name: ASSET, tables: [{ name: 'stores' }], is_public: true }, alice));
    tool = expectOk(await t.call<ToolInfo>('/api/tool/create', { kind: 'llm/db', name: 'bob_shop', title: TOOL, description: '查询门店', config: { asset_id: asset.id } }, bob));
    agentId = expectOk(await t.call<{ id: string }>('/api/agent/create', { name: '门店助手', llm_name: 'tool-writer', tool_ids: [tool.id] }, bob)).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    await shop?.drop();
  });

  const useTool = async () => expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: tool.id, input: { sql: 'select count(*) as n from stores' } }, bob));

  /** Bob's agent asks the tool; the model answers whatever the tool said. */
  const agentTurn = async (question: string): Promise<SseEvent[]> => {
    llm.reset();
    llm.script(
      { match: question, afterToolResult: false, toolCalls: [{ name: 'bob_shop', arguments: { sql: 'select count(*) as n from stores' } }], times: 1 },
      { afterToolResult: true, text: '暂时查不到门店数据。', times: 1 },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/chat',
      headers: { 'access-token': bob, 'content-type': 'application/json' },
      payload: JSON.stringify({ agent_id: agentId, query: question }),
    });
    return parseSse(response.body);
  };

  it('refuses to delete an asset a tool uses, naming the tool, for its owner and administrators alike', async () => {
    expect(await useTool()).toMatchObject({ output: 'n\n6' });
    // The asset's name kept for the failure message stays on the server.
    expect(tool.config).toEqual({ asset_id: asset.id });
    const inUse = `数据资产正在被使用，无法删除：工具「${TOOL}」。请先删除这些工具，或把它们改为使用其他数据资产`;
    expectCode(await t.call('/api/db/asset/delete_asset_by_id', { id: asset.id }, alice), 40901, inUse);
    expectCode(await t.call('/api/db/asset/delete_asset_by_id', { id: asset.id }, admin), 40901, inUse);
    expect(await t.rows(sql`select id from db_assets where id = ${asset.id}`)).toHaveLength(1);
  });

  it('answers a clear Chinese failure, naming the asset, in the agent turn once the asset is closed to the agent user', async () => {
    expectOk(await t.call('/api/db/asset/update_asset', { id: asset.id, is_public: false }, alice));
    expect(await useTool()).toMatchObject({ error: GONE });

    const events = await agentTurn('门店一共有几家？');
    const observation = events.find((event) => event.event === 'observation')!.data;
    expect(observation).toMatchObject({ tool: 'bob_shop', error: GONE });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    // The model was told in the tool's description that the asset is out of reach.
    const spec = llm.requests.find((request) => request.path === '/v1/chat/completions')!.body.tools[0].function;
    expect(spec.description).toContain(GONE);
    expect(spec.description).not.toContain('表 stores');

    expectOk(await t.call('/api/db/asset/update_asset', { id: asset.id, is_public: true }, alice));
    expect(await useTool()).toMatchObject({ output: 'n\n6' });
  });

  it('lets the tool fail the same way when the asset went with its deleted owner', async () => {
    const [aliceRow] = await t.rows<{ id: string }>(sql`select id from users where user_name = ${`at_alice_${dialect}`}`);
    expectOk(await t.call('/api/user/del_user', { user_id: aliceRow!.id }, admin));
    expect(await t.rows(sql`select id from db_assets where id = ${asset.id}`)).toEqual([]);
    expect(await useTool()).toMatchObject({ error: GONE });
    const events = await agentTurn('现在有几家门店？');
    expect(events.find((event) => event.event === 'observation')!.data).toMatchObject({ error: GONE });
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
  });

  it('lets an asset go once no tool uses it', async () => {
    const connection = expectOk(
      await t.call<DbConnection>('/api/db/dbconnect/create_connection', connectionBody(shop, { name: '第二个库', user: shop.reader.user, password: shop.reader.password }), bob),
    );
    const own = expectOk(await t.call<DataAsset>('/api/db/asset/create_asset', { connection_id: connection.id, name: '自用', tables: [{ name: 'stores' }] }, bob));
    const ownTool = expectOk(await t.call<ToolInfo>('/api/tool/create', { kind: 'llm/db', name: 'own_shop', title: '自用数据', config: { asset_id: own.id } }, bob));
    expectCode(await t.call('/api/db/asset/delete_asset_by_id', { id: own.id }, bob), 40901, /工具「自用数据」/);
    expectOk(await t.call('/api/tool/delete_tool_by_id', { id: ownTool.id }, bob));
    expectOk(await t.call('/api/db/asset/delete_asset_by_id', { id: own.id }, bob));
    expectCode(await t.call('/api/db/asset/query_asset_by_id', { id: own.id }, bob), 40401, '数据资产不存在');
  });
});
