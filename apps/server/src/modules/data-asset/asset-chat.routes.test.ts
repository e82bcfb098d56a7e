import type { AssetQueryAudit, DataAsset, DbConnection, MessageInfo, ToolInfo, ToolUseResult } from '@agent-platform/contracts';
import { startScriptedLlm, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import { parseSse, type SseEvent } from '../../../test/sse.js';
import { connectionBody, createSampleShop, type SampleShop } from '../../../test/fixtures/sample-shop.js';

const STORE_ORDERS_SQL = 'select s.name as store, count(*) as orders from orders o join stores s on s.id = o.store_id group by s.name order by orders desc';
const fenced = (sql: string) => `好的：\n\`\`\`sql\n${sql}\n\`\`\``;
const TABLES = [{ name: 'stores' }, { name: 'orders' }, { name: 'order_lines' }, { name: 'products' }, { name: 'members', columns: ['id', 'level', 'city'] }];

describe.each(['mysql', 'postgresql'] as const)('asset chat on %s', (dialect) => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let shop: SampleShop;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let asset: DataAsset;
  let confirming: DataAsset;

  beforeAll(async () => {
    shop = await createSampleShop(dialect);
    llm = await startScriptedLlm();
    t = await startTestApp();
    admin = await t.signUp(`ac_admin_${dialect}`);
    [alice, bob, carol] = [await t.signUp(`ac_alice_${dialect}`), await t.signUp(`ac_bob_${dialect}`), await t.signUp(`ac_carol_${dialect}`)];
    const carolId = String((await t.userRow(`ac_carol_${dialect}`))!.id);
    expectOk(
      await t.call('/api/llm/create_llm_model', { llm_name: 'sql-writer', type: 'chat', base_url: llm.url, api_key: 'sk-test-key-0001', is_public: true, supports_tools: true }, alice),
    );
    const connection = expectOk(await t.call<DbConnection>('/api/db/dbconnect/create_connection', connectionBody(shop, { user: shop.reader.user, password: shop.reader.password }), alice));
    asset = expectOk(await t.call('/api/db/asset/create_asset', { connection_id: connection.id, name: '门店经营', tables: TABLES, access_user_ids: [carolId] }, alice));
    confirming = expectOk(await t.call('/api/db/asset/create_asset', { connection_id: connection.id, name: '需确认', tables: TABLES, confirm_sql: true }, alice));
  }, 120_000);
  beforeEach(() => llm.reset());
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    await shop?.drop();
  });

  const stream = async (url: string, body: Record<string, unknown>, token = alice): Promise<SseEvent[]> => {
    const response = await t.app.inject({ method: 'POST', url, headers: { 'access-token': token, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    return parseSse(response.body);
  };
  const ask = (query: string, assetId = asset.id, token = alice) => stream('/api/db/asset/chat', { asset_id: assetId, llm_name: 'sql-writer', query }, token);
  const names = (events: SseEvent[]) => events.map((event) => event.event).filter((name) => name !== 'delta');
  const textOf = (events: SseEvent[]) =>
    events
      .filter((event) => event.event === 'delta')
      .map((event) => event.data.text)
      .join('');
  const sqlRequests = () => llm.requests.filter((request) => request.path === '/v1/chat/completions' && JSON.stringify(request.body.messages).includes('请为这个问题写出一条 SQL'));
  const count = async (sql: string) => Number(((await shop.exec(sql)) as Array<Record<string, unknown>>)[0]!.n);

  it('writes SQL, runs it read-only, streams the rows, a chart and a short answer, and keeps them with the conversation', async () => {
    llm.script({ match: '请为这个问题写出一条 SQL：各门店的订单数', text: fenced(STORE_ORDERS_SQL), times: 1 }, { match: '查询结果', chunks: ['订单最多的门店', '如上表。'] });
    const events = await ask('各门店的订单数是多少？');
    expect(names(events)).toEqual(['run', 'result', 'chart', 'usage', 'done']);
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
    const result = events.find((event) => event.event === 'result')!.data;
    expect(result.columns).toEqual(['store', 'orders']);
    expect(result.rows).toHaveLength(6);
    expect(result.rows.reduce((sum: number, row: [string, number]) => sum + row[1], 0)).toBe(await count('select count(*) as n from orders'));
    expect(result).toMatchObject({ truncated: false, sql: `${STORE_ORDERS_SQL}\nLIMIT 501` });
    expect(events.find((event) => event.event === 'chart')!.data).toEqual({ type: 'pie', x: 'store', y: ['orders'] });
    expect(textOf(events)).toBe('订单最多的门店如上表。');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
    // The model saw the tables with their comments, and only the columns the asset opens.
    const system = sqlRequests()[0]!.body.messages[0].content as string;
    expect(system).toContain('表 orders（订单）');
    expect(system).toMatch(/order_amount：(decimal|numeric)\(12,2\)/);
    expect(system.split('表 members')[1]).not.toContain('- name：');

    const { conversation_id } = events[0]!.data;
    const messages = expectOk(await t.call<MessageInfo[]>('/api/user/list_conversation_messages', { conversation_id }, alice));
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: '订单最多的门店如上表。' });
    expect(messages.at(-1)!.meta).toMatchObject({ sql: result.sql, chart: { type: 'pie' }, result: { columns: ['store', 'orders'] } });
    const audits = expectOk(await t.call<AssetQueryAudit[]>('/api/db/asset/query_audit', { id: asset.id }, alice));
    expect(audits[0]).toMatchObject({ outcome: 'ok', row_count: 6, user_name: `ac_alice_${dialect}`, sql: result.sql });
  });

  it('shows the model the database error of a wrong column, and runs its correction', async () => {
    llm.script(
      {
        match: '请为这个问题写出一条 SQL：每个会员等级的销售额',
        text: fenced('select m.level, sum(o.amount) as sales from orders o join members m on m.id = o.member_id group by m.level'),
        times: 1,
      },
      { match: '执行失败', text: fenced('select m.level, sum(o.order_amount) as sales from orders o join members m on m.id = o.member_id group by m.level order by m.level'), times: 1 },
      { match: '查询结果', text: '金卡会员的销售额最高。' },
    );
    const events = await ask('每个会员等级的销售额');
    expect(names(events)).toEqual(['run', 'observation', 'result', 'chart', 'usage', 'done']);
    const observation = events.find((event) => event.event === 'observation')!.data;
    expect(observation.error).toBe('列 o.amount 不存在');
    const correction = sqlRequests()[1]!.body.messages.at(-1);
    expect(correction).toEqual({ role: 'user', content: '这条 SQL 执行失败：列 o.amount 不存在。请改正后重新写出一条 SQL。' });
    const result = events.find((event) => event.event === 'result')!.data;
    expect(result.rows.map((row: unknown[]) => row[0])).toEqual([1, 2, 3]);
    expect(textOf(events)).toBe('金卡会员的销售额最高。');
    const audits = expectOk(await t.call<AssetQueryAudit[]>('/api/db/asset/query_audit', { id: asset.id }, alice));
    expect(audits.slice(0, 2).map((audit) => audit.outcome)).toEqual(['ok', 'failed']);
  });

  it('refuses a column the asset does not open and lets the model correct itself; gives up after three tries', async () => {
    llm.script(
      { match: '请为这个问题写出一条 SQL：会员名单', text: fenced('select name from members'), times: 1 },
      { match: '执行失败', text: fenced('delete from members'), times: 1 },
      { match: '执行失败', text: fenced('select pg_sleep(1), sleep(1)'), times: 1 },
    );
    const events = await ask('会员名单');
    expect(names(events)).toEqual(['run', 'observation', 'observation', 'observation', 'error', 'done']);
    const reasons = events.filter((event) => event.event === 'observation').map((event) => event.data.error);
    expect(reasons[0]).toBe('不允许访问列 name：它不在本数据资产开放的列中');
    expect(reasons[1]).toMatch(/只允许查询（SELECT）/);
    expect(events.find((event) => event.event === 'error')!.data.msg).toMatch(/^尝试 3 次仍未得到可执行的 SQL/);
    expect(await count('select count(*) as n from members')).toBe(500);
  });

  it('pauses with the formatted SQL when the asset asks, and runs the SQL the person edited after the guard checked it again', async () => {
    llm.script({ match: '请为这个问题写出一条 SQL：已支付订单数', text: fenced('select count(*) as n from orders'), times: 1 }, { match: '查询结果', text: '共有这么多已支付订单。' });
    const paused = await ask('已支付订单数', confirming.id);
    expect(names(paused)).toEqual(['run', 'await', 'done']);
    const pause = paused.find((event) => event.event === 'await')!.data;
    expect(pause).toMatchObject({ kind: 'action_confirm', payload: { sql: 'select count(*) as n from orders' } });
    expect(pause.payload.formatted).toMatch(/^SELECT\n\s+COUNT\(\*\) AS n\nFROM\n\s+orders$/);
    expect(paused.at(-1)!.data.status).toBe('awaiting');
    const runId = paused[0]!.data.run_id;

    // An edit that writes is refused by the guard: the model is asked again, and its new SQL waits for the person too.
    llm.script({ match: '执行失败', text: fenced('select count(*) as n from orders where status = 1'), times: 1 });
    const refused = await stream('/api/db/asset/chat/hitl_replace', { run_id: runId, sql: 'update orders set status = 1' });
    expect(names(refused)).toEqual(['observation', 'await', 'done']);
    expect(refused[0]!.id).toBe(paused.at(-1)!.id + 1);
    expect(refused[0]!.data.error).toMatch(/只允许查询（SELECT），不允许 UPDATE 语句/);

    const edited = 'select count(*) as n from orders where status = 1 and member_id is not null';
    const done = await stream('/api/db/asset/chat/hitl_replace', { run_id: runId, sql: edited });
    expect(names(done)).toEqual(['result', 'chart', 'usage', 'done']);
    expect(done.find((event) => event.event === 'result')!.data).toMatchObject({ sql: `${edited}\nLIMIT 501`, rows: [[await count(edited)]] });
    expect(done.at(-1)!.data.status).toBe('completed');
    expectCode(await t.call('/api/db/asset/chat/hitl_action_confirm', { run_id: runId }, alice), 40901);
  });

  it('hides a private asset from other users (40401) and lets the users on its access list in', async () => {
    for (const url of ['query_asset_by_id', 'query_access_list', 'delete_asset_by_id', 'query_audit']) {
      expectCode(await t.call(`/api/db/asset/${url}`, { id: asset.id }, bob), 40401, '数据资产不存在');
    }
    expectCode(await t.call('/api/db/asset/query_structure_by_names', { id: asset.id }, bob), 40401, '数据资产不存在');
    expectCode(await t.call('/api/db/asset/chat', { asset_id: asset.id, llm_name: 'sql-writer', query: '订单数' }, bob), 40401, '数据资产不存在');
    expect(expectOk(await t.call<{ list: DataAsset[] }>('/api/db/asset/query_asset', {}, bob)).list).toEqual([]);

    expect(expectOk(await t.call<DataAsset>('/api/db/asset/query_asset_by_id', { id: asset.id }, carol))).toMatchObject({ id: asset.id, editable: false });
    const structure = expectOk(
      await t.call<Array<{ name: string; columns: Array<{ name: string }> }>>('/api/db/asset/query_structure_by_names', { id: asset.id, table_names: ['members'] }, carol),
    );
    expect(structure[0]!.columns.map((column) => column.name)).toEqual(['id', 'level', 'city']);
    llm.script({ match: '请为这个问题写出一条 SQL', text: fenced('select count(*) as n from stores'), times: 1 }, { match: '查询结果', text: '共 6 家门店。' });
    const events = await ask('有几家门店？', asset.id, carol);
    expect(events.find((event) => event.event === 'result')!.data.rows).toEqual([[6]]);
    expectCode(await t.call('/api/db/asset/update_asset', { id: asset.id, name: '改名' }, carol), 40301);
    expectCode(await t.call('/api/db/asset/query_audit', { id: asset.id }, carol), 40301);
  });

  it('lists the assets shared with the caller, and the public ones, apart', async () => {
    const listed = async (scope: string, token: string) =>
      expectOk(await t.call<{ total: number; list: DataAsset[] }>('/api/db/asset/query_asset', { scope }, token)).list.map((entry) => entry.name);
    expect(await listed('shared', carol)).toEqual(['门店经营']);
    expect(await listed('shared', alice)).toEqual([]);
    expect(await listed('public', carol)).toEqual([]);
    expect((await listed('all', alice)).sort()).toEqual(['门店经营', '需确认'].sort());
    expectOk(await t.call('/api/db/asset/update_asset', { id: confirming.id, is_public: true }, alice));
    expect(await listed('public', bob)).toEqual(['需确认']);
    expect(await listed('shared', bob)).toEqual([]);
    expectOk(await t.call('/api/db/asset/update_asset', { id: confirming.id, is_public: false }, alice));
    expectCode(await t.call('/api/db/asset/query_asset', { scope: 'everything' }, alice), 40001, /范围只能是 all、public 或 shared/);
  });

  it('tags an asset only with asset tags of the tag manager, and follows a rename', async () => {
    expectCode(await t.call('/api/db/asset/update_asset', { id: asset.id, tags: ['财务'] }, alice), 40001, '没有名为「财务」的数据资产标签，请先在标签管理中添加');
    const parent = expectOk(await t.call<{ id: string }>('/api/tag/tag_create', { tag_type: 'asset', name: '经营' }, admin));
    const child = expectOk(await t.call<{ id: string }>('/api/tag/tag_create', { tag_type: 'asset', name: '门店', parent_id: parent.id }, admin));
    expect(expectOk(await t.call<DataAsset>('/api/db/asset/update_asset', { id: asset.id, tags: ['门店'] }, alice)).tags).toEqual(['门店']);
    const tagged = async (tag: string) => expectOk(await t.call<{ list: DataAsset[] }>('/api/db/asset/query_asset', { tag }, alice)).list.map((entry) => entry.name);
    expect(await tagged('经营')).toEqual(['门店经营']);
    expectOk(await t.call('/api/tag/tag_update', { id: child.id, name: '门店经营数据' }, admin));
    expect(expectOk(await t.call<DataAsset>('/api/db/asset/query_asset_by_id', { id: asset.id }, alice)).tags).toEqual(['门店经营数据']);
    expect(await tagged('门店经营数据')).toEqual(['门店经营']);
  });

  it('shows the audit to the owner of the asset and to administrators', async () => {
    const audits = expectOk(await t.call<AssetQueryAudit[]>('/api/db/asset/query_audit', { id: asset.id }, admin));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits).toEqual(expectOk(await t.call<AssetQueryAudit[]>('/api/db/asset/query_audit', { id: asset.id }, alice)));
    expect(audits.map((audit) => audit.outcome)).toEqual(expect.arrayContaining(['ok', 'failed', 'refused']));
  });

  it('gives agents the asset as an llm/db tool: the same guard and read-only execution, as the caller', async () => {
    const tool = expectOk(
      await t.call<ToolInfo>('/api/tool/create', { kind: 'llm/db', name: 'shop_data', title: '门店数据', description: '查询门店经营数据', config: { asset_id: asset.id } }, alice),
    );
    expect(tool).toMatchObject({ kind: 'llm/db', config: { asset_id: asset.id } });
    const used = expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: tool.id, input: { sql: 'select count(*) as n from stores' } }, alice));
    expect(used.output).toBe('n\n6');
    const refused = expectOk(await t.call<ToolUseResult>('/api/tool/tool_use', { id: tool.id, input: { sql: 'drop table stores' } }, alice));
    expect(refused.error).toMatch(/只允许查询（SELECT），不允许 DROP 语句/);
    expectCode(await t.call('/api/tool/create', { kind: 'llm/db', name: 'not_mine', config: { asset_id: asset.id } }, bob), 40401, '数据资产不存在');

    const agent = expectOk(await t.call<{ id: string }>('/api/agent/create', { name: '门店分析助手', llm_name: 'sql-writer', tool_ids: [tool.id] }, alice));
    llm.script(
      { match: '有几家门店', afterToolResult: false, toolCalls: [{ name: 'shop_data', arguments: { sql: 'select count(*) as n from stores' } }], times: 1 },
      { afterToolResult: true, text: '一共有 6 家门店。', times: 1 },
    );
    const events = await stream('/api/agent/chat', { agent_id: agent.id, query: '我们有几家门店？' });
    const observation = events.find((event) => event.event === 'observation')!.data;
    expect(observation).toMatchObject({ tool: 'shop_data', output: 'n\n6' });
    expect(textOf(events)).toBe('一共有 6 家门店。');
    // The model was told the asset's tables in the tool's description.
    const toolSpec = llm.requests.find((request) => request.path === '/v1/chat/completions')!.body.tools[0].function;
    expect(toolSpec.description).toContain('表 stores（门店）');
  });

  it('refuses tables and columns the datasource does not have, and a datasource deleted under its assets', async () => {
    const connectionId = asset.connection_id;
    expectCode(await t.call('/api/db/asset/create_asset', { connection_id: connectionId, name: '坏表', tables: [{ name: 'salaries' }] }, alice), 40001, '数据源中没有表 salaries');
    expectCode(
      await t.call('/api/db/asset/create_asset', { connection_id: connectionId, name: '坏列', tables: [{ name: 'orders', columns: ['nope'] }] }, alice),
      40001,
      '表 orders 中没有列 nope',
    );
    expectCode(await t.call('/api/db/asset/create_asset', { connection_id: connectionId, name: '别人的', tables: [{ name: 'orders' }] }, bob), 40401, '数据源不存在');
    expectCode(await t.call('/api/db/dbconnect/delete_connection_by_id', { id: connectionId }, alice), 40901, '该数据源下还有数据资产，请先删除这些数据资产');
  });
});
