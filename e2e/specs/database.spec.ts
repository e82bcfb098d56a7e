import fs from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { adminToken, apiCreateModel, apiLogin, apiRegister } from '../support/api';
import { newUser, SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { answers, chooseOption, composer as agentComposer, uniqueModelName } from '../support/models';
import { scriptLlm } from '../support/scripted-llm';
import { shot, switchToken, toast, useToken } from '../support/ui';
import { createSampleShop, type SampleShop } from '../../apps/server/test/fixtures/sample-shop';

let shop: SampleShop;

/** Adds a person to the access list field by typing part of their user name and picking them. */
async function addToAccessList(page: Page, userName: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: '访问名单' });
  const field = page.locator('.ant-form-item').filter({ has: picker });
  // A click on an option while the search results re-render can be lost: choose until the field shows the person.
  await expect(async () => {
    if (!(await field.textContent())?.includes(userName)) {
      await picker.click();
      await picker.fill(userName);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: userName }).first().click({ timeout: 5_000 });
    }
    await expect(field).toContainText(userName, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Leaving the field closes its list (Escape would close the dialog around it too).
  await picker.blur();
}

/** The checkbox of a node of the asset form's table tree, found by its title. */
const treeCheckbox = (page: Page, title: RegExp) => page.getByRole('treeitem', { name: title }).getByRole('checkbox');
test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await createSampleShop('mysql');
});
test.afterAll(async () => {
  await shop?.drop();
});

test('a datasource, a data asset built on it, and a question answered with SQL, a table, a chart and CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  await useToken(page, token);
  const model = uniqueModelName('e2e-sql');
  await apiCreateModel(request, token, {
    llm_name: model,
    display_name: `数据问答 ${model}`,
    type: 'chat',
    provider: 'openai-compatible',
    base_url: SCRIPTED_LLM_BASE_URL,
    supports_tools: true,
  });
  const datasource = `门店库 ${Date.now().toString(36)}`;
  const colleague = newUser('db_colleague');
  await apiRegister(request, colleague);

  await page.goto('/database/datasource');
  await page.getByRole('button', { name: '新建数据源' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('数据源名称').fill(datasource);
  await dialog.getByLabel('数据库名').fill(shop.database);
  await dialog.getByLabel('用户名').fill(shop.reader.user);
  await dialog.getByLabel('密码').fill(shop.reader.password);
  await addToAccessList(page, colleague.user_name);
  await dialog.getByRole('button', { name: /测试连接/ }).click();
  await expect(dialog.getByText(/连接成功：MariaDB|连接成功：MySQL/)).toBeVisible();
  await shot(page, 'datasource-test-ok');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '数据源已保存')).toBeVisible();
  const connections = await request.post('/api/db/dbconnect/query_connection', { headers: { 'access-token': token }, data: { keyword: datasource } });
  const [connection] = ((await connections.json()) as { data: { list: Array<{ id: string }> } }).data.list;
  const accessList = await request.post('/api/db/dbconnect/query_access_list', { headers: { 'access-token': token }, data: { id: connection!.id } });
  expect(((await accessList.json()) as { data: Array<{ user_name: string }> }).data.map((user) => user.user_name)).toEqual([colleague.user_name]);
  const row = page.getByRole('row').filter({ hasText: datasource });
  await row.getByRole('button', { name: '表' }).click();
  await expect(page.getByRole('heading', { name: /orders.*（订单）/ })).toBeVisible();
  // A column's business note: its synonyms and unit, which the model then sees.
  await page.getByRole('button', { name: '编辑说明 orders.order_amount' }).click();
  const noteDialog = page.getByRole('dialog', { name: '列 order_amount 的业务说明' });
  await noteDialog.getByLabel('说明', { exact: true }).fill('实付金额');
  await noteDialog.getByRole('combobox', { name: '同义词' }).fill('销售额');
  await noteDialog.getByRole('combobox', { name: '同义词' }).press('Enter');
  await noteDialog.getByLabel('单位', { exact: true }).fill('元');
  await noteDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '说明已保存')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'order_amount' }).getByText('实付金额；同义词：销售额；单位：元')).toBeVisible();
  await shot(page, 'datasource-tables');
  await page.keyboard.press('Escape');

  const assetName = `门店经营 ${Date.now().toString(36)}`;
  await page.goto('/database/asset/create');
  await page.getByLabel('数据资产名称').fill(assetName);
  await chooseOption(page, '数据源', datasource);
  // Orders whole; stores without its opening date (a column choice the guard then holds the SQL to).
  await treeCheckbox(page, /orders（订单）/).click();
  await treeCheckbox(page, /stores（门店）/).click();
  await page
    .getByRole('treeitem', { name: /stores（门店）/ })
    .locator('.ant-tree-switcher')
    .click();
  await treeCheckbox(page, /opened_on/).click();
  await expect(page.getByText('已选 2 张表')).toBeVisible();
  await addToAccessList(page, colleague.user_name);
  await shot(page, 'asset-create-tree');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/database\/asset\/chat\//);

  const sql = 'select s.name as store, count(*) as orders from orders o join stores s on s.id = o.store_id group by s.name order by orders desc';
  await scriptLlm(
    { match: '请为这个问题写出一条 SQL：各门店的订单数', text: `\`\`\`sql\n${sql}\n\`\`\``, times: 1 },
    { match: '查询结果', text: '六家门店中，订单最多的门店见上表。', times: 1 },
  );
  await chooseOption(page, '模型', `数据问答 ${model}`);
  const composer = page.getByPlaceholder('用中文提问，例如：各门店的订单数是多少？');
  await composer.fill('各门店的订单数是多少？');
  await composer.press('Enter');
  await expect(page.getByText('六家门店中，订单最多的门店见上表。')).toBeVisible();
  await expect(page.getByLabel('SQL', { exact: true }).filter({ hasText: 'group by s.name' })).toBeVisible();
  const table = page.getByRole('table').last();
  await expect(table.getByRole('row')).toHaveCount(7);
  await expect(page.getByRole('img', { name: 'orders / store' })).toBeVisible();
  await shot(page, 'asset-chat-answer');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 CSV' }).click()]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFstore,orders');
  expect(csv.trim().split('\r\n')).toHaveLength(7);

  await page.getByRole('button', { name: '保存为已验证问题' }).click();
  await expect(toast(page, '已保存为已验证问题')).toBeVisible();
  const assets = await request.post('/api/db/asset/query_asset', { headers: { 'access-token': token }, data: { keyword: assetName } });
  const saved = ((await assets.json()) as { data: { list: Array<{ verified_queries: Array<{ question: string; sql: string }>; tables: unknown; access_user_ids: string[] }> } }).data.list[0];
  expect(saved?.verified_queries).toEqual([{ question: '各门店的订单数是多少？', sql: `${sql}\nLIMIT 501` }]);
  expect(saved?.tables).toEqual([
    { name: 'orders', columns: null },
    { name: 'stores', columns: ['id', 'name', 'city'] },
  ]);
  expect(saved?.access_user_ids).toHaveLength(1);

  // An agent with the asset as its llm/db tool answers from the same data.
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const envelope = (await (await request.post(url, { headers: { 'access-token': token }, data })).json()) as { code: number; msg: string; data: T };
    expect(envelope.code, envelope.msg).toBe(200);
    return envelope.data;
  };
  const assetId = (await post<{ list: Array<{ id: string }> }>('/api/db/asset/query_asset', { keyword: assetName })).list[0]!.id;
  const toolName = `shop_${Date.now().toString(36)}`;
  const tool = await post<{ id: string }>('/api/tool/create', { kind: 'llm/db', name: toolName, title: '门店数据', description: '查询门店经营数据', config: { asset_id: assetId } });
  const agent = await post<{ id: string }>('/api/agent/create', { name: `门店分析 ${toolName}`, llm_name: model, tool_ids: [tool.id] });
  await scriptLlm(
    { match: '一共有几家门店', afterToolResult: false, toolCalls: [{ name: toolName, arguments: { sql: 'select count(*) as n from stores' } }], times: 1 },
    { afterToolResult: true, text: '根据数据资产，一共有 6 家门店。', times: 1 },
  );
  await page.goto(`/agent/chat?agent_id=${agent.id}`);
  await agentComposer(page).fill('一共有几家门店？');
  await agentComposer(page).press('Enter');
  await expect(answers(page).last()).toContainText('根据数据资产，一共有 6 家门店。');
  await shot(page, 'agent-llm-db-tool');

  // The colleague on the access list finds the asset under「共享给我」.
  await switchToken(page, await apiLogin(request, colleague));
  await page.goto('/database/asset');
  await page.getByRole('tab', { name: '共享给我' }).click();
  await expect(page.getByRole('row').filter({ hasText: assetName })).toBeVisible();
  await shot(page, 'asset-shared-with-me');
});
