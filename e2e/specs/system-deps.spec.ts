import { expect, test, type APIRequestContext } from '../support/test';
import { adminToken, apiCreateModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { inDarkMode, uniqueModelName } from '../support/models';
import { shot, toast, useToken } from '../support/ui';

// An administrator points a model at a dead port; 依赖检查 then marks it down with the reason, and its
// topology lights everything that stops working without it: the knowledge base embedding with it, the
// tool searching that knowledge base, and the agent using the tool. Everything made here is deleted after.

const DEAD_URL = 'http://127.0.0.1:1/v1';

async function call<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const body = (await (await request.post(url, { data, headers: { 'access-token': token } })).json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test.describe.configure({ timeout: 120_000 });

test('a model on a dead port: 依赖检查 marks it down with the reason; the topology lights and counts what depends on it', async ({ page, request }) => {
  const token = await adminToken(request);
  const mark = Date.now().toString(36);
  const embedName = uniqueModelName('deps-embed');
  const chatName = uniqueModelName('deps-chat');
  const embed = await apiCreateModel(request, token, {
    llm_name: embedName,
    display_name: `向量模型-${mark}`,
    type: 'embedding',
    base_url: SCRIPTED_LLM_BASE_URL,
    upstream_model: 'scripted-embedding',
  });
  const chat = await apiCreateModel(request, token, { llm_name: chatName, display_name: `对话模型-${mark}`, type: 'chat', base_url: SCRIPTED_LLM_BASE_URL, upstream_model: 'scripted-chat' });
  const kb = await call<{ id: string }>(request, token, '/api/kb/create_knowledge_base', { name: `售后制度-${mark}`, embedding_model: embedName });
  const tool = await call<{ id: string }>(request, token, '/api/tool/create', { kind: 'llm/kb', name: `policy_${mark}`, title: `制度检索-${mark}`, config: { kb_ids: [kb.id] } });
  const agent = await call<{ id: string }>(request, token, '/api/agent/create', { name: `售后助手-${mark}`, llm_name: chatName, tool_ids: [tool.id] });

  try {
    await useToken(page, token);
    // Break the embedding model from its edit page, as an administrator would by mistake.
    await page.goto(`/model/edit/${embed.id}`);
    await expect(page.getByLabel('接口地址', { exact: true })).toHaveValue(SCRIPTED_LLM_BASE_URL, { timeout: 30_000 });
    await page.getByLabel('接口地址', { exact: true }).fill(DEAD_URL);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(toast(page, '模型已保存')).toBeVisible();

    await page.goto('/system/deps');
    await expect(page.getByRole('heading', { name: '依赖检查' })).toBeVisible({ timeout: 30_000 });
    const broken = page.getByTestId(`dep-model:${embedName.toLowerCase()}`);
    await expect(broken).toHaveAttribute('data-status', 'down', { timeout: 30_000 });
    await expect(broken.getByText('故障', { exact: true })).toBeVisible();
    await expect(broken.getByTestId('dep-error')).toHaveText('无法连接 127.0.0.1:1（ECONNREFUSED），请检查模型的接口地址、端口和网络');
    await expect(page.getByTestId(`dep-model:${chatName.toLowerCase()}`)).toHaveAttribute('data-status', 'up');
    await expect(page.getByTestId('deps-group-database')).toBeVisible();
    await expect(page.getByTestId('deps-summary')).toContainText('项故障');
    await broken.scrollIntoViewIfNeeded();
    await shot(page, 'system-deps-light');
    await inDarkMode(page, () => shot(page, 'system-deps-dark'));

    await page.getByRole('tab', { name: '拓扑' }).click();
    const node = (key: string) => page.getByTestId(`topology-node-${key}`);
    const embedNode = node(`model:${embedName.toLowerCase()}`);
    await expect(embedNode).toHaveAttribute('data-broken', 'true');
    await expect(node(`model:${chatName.toLowerCase()}`)).not.toHaveAttribute('data-broken', 'true');

    // The kind filter: only models left, then everything again.
    await page.getByRole('combobox', { name: '类型' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^模型$/ })
      .click();
    await page.keyboard.press('Escape');
    await expect(node(`agent:${agent.id}`)).toHaveCount(0);
    await expect(embedNode).toBeVisible();
    await page.getByTestId('topology-kind-filter').locator('.ant-select-clear').click({ force: true });
    await expect(node(`agent:${agent.id}`)).toBeVisible();

    await embedNode.click();
    await expect(embedNode).toHaveAttribute('data-selected', 'true');
    await expect(page.getByTestId('topology-impact-sentence')).toHaveText('停用此模型将影响 1 个智能体、1 个工具和 1 个知识库');
    await expect(page.getByTestId('topology-impact')).toContainText('无法连接 127.0.0.1:1');
    for (const key of [`knowledge_base:${kb.id}`, `tool:${tool.id}`, `agent:${agent.id}`]) await expect(node(key)).toHaveAttribute('data-dependant', 'true');
    await expect(node(`model:${chatName.toLowerCase()}`)).not.toHaveAttribute('data-dependant', 'true');
    await shot(page, 'system-deps-topology-light');
    await inDarkMode(page, () => shot(page, 'system-deps-topology-dark'));

    // The chat model: only the agent stops working.
    await node(`model:${chatName.toLowerCase()}`).click();
    await expect(page.getByTestId('topology-impact-sentence')).toHaveText('停用此模型将影响 1 个智能体');
  } finally {
    await call(request, token, '/api/agent/delete', { id: agent.id });
    await call(request, token, '/api/tool/delete_tool_by_id', { id: tool.id });
    await call(request, token, '/api/kb/delete_knowledge_base', { kb_id: kb.id });
    for (const model of [embed, chat]) await call(request, token, '/api/llm/delete_llm_by_id', { id: model.id });
  }
});
