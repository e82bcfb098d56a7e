import { expect, test, type Page } from '../support/test';
import { apiCreateModel, apiLogin, apiRegister } from '../support/api';
import { E2E_API_TOKEN, startApiServer, type E2eApiServer } from '../support/api-server';
import { newUser } from '../support/constants';
import { startMcpServer, MCP_E2E_TOKEN, type E2eMcpServer } from '../support/mcp-server';
import { answers, composer, inDarkMode, uniqueModelName } from '../support/models';
import { scriptLlm } from '../support/scripted-llm';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { shot, toast, useToken } from '../support/ui';

const suffix = Date.now().toString(36);
const user = newUser('tools');
let api: E2eApiServer;
let mcp: E2eMcpServer;

test.beforeAll(async ({ request }) => {
  [api, mcp] = await Promise.all([startApiServer(), startMcpServer()]);
  await apiRegister(request, user);
});

test.afterAll(async () => {
  await Promise.all([api?.stop(), mcp?.stop()]);
});

// Each test walks several pages and takes light and dark screenshots of each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page, request }) => {
  await useToken(page, await apiLogin(request, user));
});

const button = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`(^|\\s)${label.split('').join('\\s*')}$`) });

test('imports an OpenAPI document, previews its operations and tests the imported tool', async ({ page }) => {
  const weather = `getWeather_${suffix}`;
  await page.goto('/tool/create');
  await expect(page.getByRole('heading', { name: '创建工具' })).toBeVisible({ timeout: 20_000 });
  await page.getByText('Bearer Token', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Bearer Token' })).toBeVisible();
  await shot(page, 'tools-form-manual');
  await inDarkMode(page, () => shot(page, 'tools-form-manual-dark'));
  await page.getByText('导入 OpenAPI', { exact: true }).click();
  await page.getByLabel('OpenAPI 文档', { exact: true }).fill(api.openApi(suffix));
  await button(page, '解析文档').click();

  // Both operations found and chosen; leave the time one out.
  await expect(page.getByText('已选择 2 / 2 个接口')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: weather })).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: `getTime_${suffix}` })
    .getByRole('checkbox')
    .uncheck();
  await expect(page.getByText('已选择 1 / 2 个接口')).toBeVisible();
  await shot(page, 'tools-openapi-preview');
  await inDarkMode(page, () => shot(page, 'tools-openapi-preview-dark'));
  await button(page, '导入 1 个工具').click();
  await expect(toast(page, '已导入 1 个工具')).toBeVisible();

  // The import is an API tool set with its own page; the API tools list shows its tool, the other operation was not imported.
  await expect(page).toHaveURL(/\/tool\/provider\/[0-9a-f-]{36}$/);
  await page.goto('/tool/llm');
  const row = page.getByRole('row').filter({ hasText: weather });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `getTime_${suffix}` })).toHaveCount(0);
  await shot(page, 'tools-list');
  await inDarkMode(page, () => shot(page, 'tools-list-dark'));

  // Test it: the form comes from the input schema (city required, days defaulting to 1).
  await row.getByRole('button', { name: /测\s*试/ }).click();
  await expect(page.getByRole('heading', { name: /工具调用/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('days', { exact: true })).toHaveValue('1');
  await button(page, '运行').click();
  await expect(page.getByText('请填写「city」')).toBeVisible();
  await page.getByLabel('city', { exact: true }).fill('杭州');
  await page.getByLabel('days', { exact: true }).fill('3');
  await button(page, '运行').click();
  const output = page.getByTestId('tool-output');
  await expect(output).toContainText('"city": "杭州"');
  await expect(output).toContainText('"days": 3');
  await expect(page.getByText('运行成功')).toBeVisible();
  await expect(page.getByText(/耗时 \d+ 毫秒/)).toBeVisible();
  await shot(page, 'tools-call');
  await inDarkMode(page, () => shot(page, 'tools-call-dark'));

  // Data-asset tools have a tab of their own (none made here).
  await page.getByRole('button', { name: '返回工具列表' }).click();
  await page.getByRole('tab', { name: '数据库工具' }).click();
  await expect(page).toHaveURL(/\/tool\/llm\/db$/);
  // Built-in tools are listed read-only: they can be tested, not edited.
  await page.getByRole('tab', { name: '内置工具' }).click();
  await expect(page.getByText('内置工具由平台提供，只能测试，不能修改或删除')).toBeVisible();
  await shot(page, 'tools-builtin');

  // The knowledge-base and multimodal forms (no knowledge base or vision model here: their pickers say so).
  await page.goto('/tool/create?kind=llm/kb');
  await expect(page.getByRole('combobox', { name: '知识库' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'tools-form-kb');
  await page.getByText('多模态工具', { exact: true }).click();
  await expect(page.getByRole('combobox', { name: '模型' })).toBeVisible();
  await inDarkMode(page, () => shot(page, 'tools-form-multimodal-dark'));
});

test('imports an OpenAPI document with a bearer scheme, takes the token once and tests two operations with it', async ({ page }) => {
  await page.goto('/tool/create');
  await expect(page.getByRole('heading', { name: '创建工具' })).toBeVisible({ timeout: 20_000 });
  await page.getByText('导入 OpenAPI', { exact: true }).click();
  await page.getByLabel('OpenAPI 文档', { exact: true }).fill(api.securedOpenApi(suffix));
  await button(page, '解析文档').click();
  await expect(page.getByText('已选择 2 / 2 个接口')).toBeVisible();
  // The scheme comes from the document's securitySchemes: only the token is asked for.
  await expect(page.getByText('已从文档的 securitySchemes 识别认证方式：Bearer Token')).toBeVisible();
  await page.getByRole('textbox', { name: 'Bearer Token' }).fill(E2E_API_TOKEN);
  await shot(page, 'tools-provider-import');
  await button(page, '导入 2 个工具').click();
  await expect(toast(page, '已导入 2 个工具')).toBeVisible();

  // The set's page: the token is kept masked, both operations are listed.
  await expect(page.getByRole('heading', { name: `API 工具集：笔记接口 ${suffix}` })).toBeVisible({ timeout: 20_000 });
  const token = page.getByRole('textbox', { name: 'Bearer Token' });
  await expect(token).toHaveValue(/^e2e-\*{4}7731$/);
  await shot(page, 'tools-provider');
  await inDarkMode(page, () => shot(page, 'tools-provider-dark'));

  await page.getByRole('button', { name: `测试 listNotes_${suffix}` }).click();
  await expect(page.getByRole('heading', { name: /工具调用/ })).toBeVisible({ timeout: 20_000 });
  await button(page, '运行').click();
  await expect(page.getByTestId('tool-output')).toContainText('记得买牛奶', { timeout: 20_000 });
  await expect(page.getByText('运行成功')).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: `测试 getNote_${suffix}` }).click();
  await page.getByLabel('id', { exact: true }).fill('n42');
  await button(page, '运行').click();
  await expect(page.getByTestId('tool-output')).toContainText('"id": "n42"', { timeout: 20_000 });
  await expect(page.getByText('运行成功')).toBeVisible();
  await shot(page, 'tools-provider-call');
});

test('registers an MCP service, tests the connection and lists its functions', async ({ page }) => {
  const name = `天气MCP-${suffix}`;
  await page.goto('/service/create');
  await expect(page.getByRole('heading', { name: '创建服务' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('服务名称', { exact: true }).fill(name);
  await page.getByLabel('服务地址', { exact: true }).fill(mcp.url);

  // Without the token the server refuses: the test says so in Chinese.
  await button(page, '测试连接').click();
  await expect(page.getByText('连接失败', { exact: true })).toBeVisible({ timeout: 20_000 });

  await button(page, '添加请求头').click();
  await page.getByLabel('名称 1', { exact: true }).fill('Authorization');
  await page.getByLabel('值 1', { exact: true }).fill(`Bearer ${MCP_E2E_TOKEN}`);
  await button(page, '测试连接').click();
  await expect(page.getByText(/连接成功：找到 2 个函数/)).toBeVisible({ timeout: 20_000 });
  const found = page.getByTestId('mcp-functions');
  await expect(found.getByText('echo', { exact: true })).toBeVisible();
  await expect(found.getByText('add', { exact: true })).toBeVisible();
  await found.scrollIntoViewIfNeeded();
  await shot(page, 'service-form-test');
  await inDarkMode(page, () => shot(page, 'service-form-test-dark'));
  await button(page, '创建').click();
  await expect(toast(page, '服务已创建')).toBeVisible();

  // The card; listing the functions connects and records the status.
  await expect(page).toHaveURL(/\/service$/);
  const card = page.getByTestId('service-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: '查看函数' }).click();
  const drawer = page.getByRole('dialog', { name: `「${name}」的函数` });
  await expect(drawer.getByText('共 2 个函数')).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByText('原样返回输入的文本')).toBeVisible();
  await drawer.getByText('echo', { exact: true }).click();
  await expect(drawer.getByLabel('echo 输入参数')).toContainText('要返回的文本');
  await shot(page, 'service-functions');
  await inDarkMode(page, () => shot(page, 'service-functions-dark'));
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(card.getByTestId('service-status')).toHaveText('连接正常');
  await expect(card.getByText('2 个函数')).toBeVisible();
  await shot(page, 'service-list');
  await inDarkMode(page, () => shot(page, 'service-list-dark'));

  // A function of it becomes a service tool, and runs from the tool's test page.
  await card.getByRole('button', { name: '查看函数' }).click();
  await drawer.getByRole('button', { name: '创建为工具：echo', exact: true }).click();
  await expect(page.getByRole('heading', { name: '创建工具' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('函数名称', { exact: true })).toHaveValue('echo', { timeout: 20_000 });
  await page.getByLabel('函数名称', { exact: true }).fill(`echo_${suffix}`);
  await shot(page, 'tools-form-service');
  await button(page, '创建').click();
  await expect(toast(page, '工具已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/tool\/service$/);
  const toolRow = page.getByRole('row').filter({ hasText: `echo_${suffix}` });
  await toolRow.getByRole('button', { name: /测\s*试/ }).click();
  await page.getByLabel('text', { exact: true }).fill('你好');
  await button(page, '运行').click();
  await expect(page.getByTestId('tool-output')).toHaveText('echo: 你好', { timeout: 20_000 });
  expect(mcp.calls).toContainEqual({ name: 'echo', args: { text: '你好' } });
  await page.goto('/service');

  // Editing: the header value comes back masked and still works for the test.
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(page.getByLabel('名称 1', { exact: true })).toHaveValue('Authorization');
  await expect(page.getByLabel('值 1', { exact: true })).not.toHaveValue(`Bearer ${MCP_E2E_TOKEN}`);
  await button(page, '测试连接').click();
  await expect(page.getByText(/连接成功：找到 2 个函数/)).toBeVisible({ timeout: 20_000 });
});

test('an agent given the imported tool and the MCP service uses both, with a confirmation before each call', async ({ page, request }) => {
  const token = await apiLogin(request, user);
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const envelope = (await (await request.post(url, { data, headers: { 'access-token': token } })).json()) as { code: number; msg: string; data: T };
    expect(envelope.code, envelope.msg).toBe(200);
    return envelope.data;
  };
  type Listed = { list: Array<{ id: string; name: string }> };
  const weather = (await post<Listed>('/api/tool/query_my_tools', { keyword: `getWeather_${suffix}` })).list.find((tool) => tool.name === `getWeather_${suffix}`)!;
  const service = (await post<Listed>('/api/service/query_my_services', { keyword: `天气MCP-${suffix}` })).list[0]!;
  const model = uniqueModelName('e2e-tools');
  await apiCreateModel(request, token, { llm_name: model, type: 'chat', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL, supports_tools: true });
  const agent = await post<{ id: string }>('/api/agent/create', {
    name: `出行助手 ${suffix}`,
    llm_name: model,
    tool_ids: [weather.id],
    services: [{ service_id: service.id, functions: ['echo'] }],
    hitl: { action_confirm: true, observation_confirm: false },
  });
  // The model proposes both tools at once; the MCP function's name is `mcp_<service id prefix>_<function>`.
  const echo = `mcp_${service.id.replace(/-/g, '').slice(0, 8)}_echo`;
  const question = `出行查询${suffix}`;
  await scriptLlm(
    {
      match: question,
      afterToolResult: false,
      toolCalls: [
        { name: weather.name, arguments: { city: '杭州', days: 2 } },
        { name: echo, arguments: { text: '智能体你好' } },
      ],
    },
    { match: question, afterToolResult: true, text: '杭州未来两天晴，23 度；回声服务也已确认收到。' },
  );

  await page.goto(`/agent/chat?agent_id=${agent.id}`);
  await composer(page).fill(`${question}：杭州天气如何？`);
  await composer(page).press('Enter');
  const pause = page.getByRole('group', { name: '智能体准备调用工具，请确认是否执行' });
  await pause.getByRole('button', { name: '执行' }).click();
  // A finished step folds (the run goes on to the next call at once): unfold it to read its result.
  const weatherStep = page.getByTestId('agent-step').first();
  await expect(weatherStep).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await weatherStep.click();
  await expect(page.getByText('"forecast":"晴"').first()).toBeVisible();
  await pause.getByRole('button', { name: '执行' }).click();
  await expect(answers(page).last()).toContainText('杭州未来两天晴', { timeout: 20_000 });
  await expect(page.getByText('echo: 智能体你好').first()).toBeVisible();
  expect(mcp.calls).toContainEqual({ name: 'echo', args: { text: '智能体你好' } });
  await shot(page, 'tools-agent-uses-both');
});
