import { expect, test, type Page } from '../support/test';
import { adminToken, apiCreateModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { answers, chooseOption, composer, inDarkMode, uniqueModelName } from '../support/models';
import { createKeyOnDeployPage, shot, toast, useToken } from '../support/ui';

const card = (page: Page, name: string) => page.getByTestId('agent-card').filter({ hasText: name });

test('an agent: build it with a tool and a tag, find it in the list, publish it, hand out an API key, chat through the embed page, revoke the key', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  await useToken(page, token);
  const model = uniqueModelName('e2e-agent');
  await apiCreateModel(request, token, {
    llm_name: model,
    display_name: `智能体模型 ${model}`,
    type: 'chat',
    provider: 'openai-compatible',
    base_url: SCRIPTED_LLM_BASE_URL,
    supports_tools: true,
  });
  const tagName = `办公${Date.now().toString(36)}`;
  const tagged = await request.post('/api/tag/tag_create', { data: { tag_type: 'agent', name: tagName }, headers: { 'access-token': token } });
  expect(((await tagged.json()) as { code: number }).code).toBe(200);
  const name = `计算助手 ${Date.now().toString(36)}`;
  const kbName = `算术手册 ${Date.now().toString(36)}`;
  const kb = await request.post('/api/kb/create_knowledge_base', { data: { name: kbName }, headers: { 'access-token': token } });
  expect(((await kb.json()) as { code: number }).code).toBe(200);

  // The builder: a new agent shows the preview only once saved.
  await page.goto('/agent');
  await page.getByRole('button', { name: /创建智能体/ }).click();
  await expect(page).toHaveURL(/\/agent\/create$/);
  await expect(page.getByText('保存后即可在这里与智能体对话')).toBeVisible();
  await page.getByLabel('名称', { exact: true }).fill(name);
  await page.getByRole('button', { name: '选择头像' }).click();
  await page.getByRole('button', { name: '📊' }).click();
  await page.getByLabel('描述', { exact: true }).fill('帮你做算术，回答要简洁');
  // 「AI 帮写」 drafts the system prompt from the description (the scripted model answers something).
  await page.getByRole('button', { name: /AI 帮写/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /生成提示词/ })
    .click();
  await expect(toast(page, '已生成提示词')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '系统提示词' })).not.toHaveValue('');
  await chooseOption(page, '对话模型', `智能体模型 ${model}`);
  await chooseOption(page, '工具', '计算器');
  await page.keyboard.press('Escape');
  await chooseOption(page, '知识库', kbName);
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: '调用工具前确认' }).click();
  await page.getByRole('button', { name: /添加推荐问题/ }).click();
  await page.getByRole('textbox', { name: '推荐问题 1' }).fill('12 乘以 34 等于多少？');
  await chooseOption(page, '标签', tagName);
  await page.keyboard.press('Escape');
  await shot(page, 'agent-builder-light');
  await inDarkMode(page, () => shot(page, 'agent-builder-dark'));

  await page.getByRole('button', { name: /创建$/ }).click();
  await expect(toast(page, '智能体已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/edit\/[0-9a-f-]{36}$/);
  const agentId = page.url().split('/').pop() ?? '';
  const saved = (await (await request.post('/api/agent/detail', { data: { id: agentId }, headers: { 'access-token': token } })).json()) as { data: { tool_ids: string[]; kb_ids: string[] } };
  expect(saved.data.tool_ids).toEqual(['calculator']);
  expect(saved.data.kb_ids).toHaveLength(1);
  // Saved: the preview chat shows the agent as it is configured.
  const preview = page.getByRole('complementary', { name: '预览与调试' });
  await expect(preview.getByText('12 乘以 34 等于多少？')).toBeVisible();
  await expect(page.getByRole('switch', { name: '调用工具前确认' })).toBeChecked();

  // The list: search and the tag filter find it; publishing moves it to the published tab.
  await page.getByRole('button', { name: '返回智能体列表' }).click();
  await page.getByRole('searchbox', { name: '搜索智能体名称或描述' }).fill(name);
  await page.getByRole('searchbox', { name: '搜索智能体名称或描述' }).press('Enter');
  await expect(page.getByTestId('agent-card')).toHaveCount(1);
  await chooseOption(page, '按标签筛选', tagName);
  await expect(card(page, name)).toContainText(tagName);
  await expect(card(page, name)).toContainText(model);
  await card(page, name)
    .getByRole('button', { name: /^发\s?布$/ })
    .click();
  await expect(toast(page, '智能体已发布')).toBeVisible();
  await page.getByRole('tab', { name: '已发布的智能体' }).click();
  await expect(card(page, name)).toContainText('已发布');
  await shot(page, 'agent-list-light');

  // Publishing: a key shows whole once, then masked; the examples carry it; revoking removes it.
  await card(page, name)
    .getByRole('button', { name: /发布\/接入/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/agent/dep/${agentId}$`));
  const key = await createKeyOnDeployPage(page, '官网客服');
  expect(key).toMatch(/^ak-[\w-]{40}$/);
  const row = page.getByRole('row').filter({ hasText: '官网客服' });
  await expect(row).toContainText('从未使用');
  await expect(row).not.toContainText(key);
  // The curl example (the MCP configuration below carries it too, in double quotes).
  await expect(page.getByText(`'Authorization: Bearer ${key}'`)).toBeVisible();
  await expect(page.getByText(`/embed/agent/${agentId}?key=${key}`)).toBeVisible();
  await shot(page, 'agent-deploy-light');

  // The embedded chat: no sign-in, the key in its address, the whole conversation sent each turn.
  const embed = await page.context().newPage();
  await embed.goto(`/embed/agent/${agentId}?key=${encodeURIComponent(key)}`);
  for (const question of ['你好', '再说一遍']) {
    await composer(embed).fill(question);
    await composer(embed).press('Enter');
    await expect(answers(embed).last()).toContainText(question);
  }
  await expect(answers(embed)).toHaveCount(2);
  await shot(embed, 'agent-embed-light');
  await embed.close();

  await row.getByRole('button', { name: /吊\s?销/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(toast(page, '密钥已吊销')).toBeVisible();
  await expect(row).toHaveCount(0);

  // A revoked key no longer opens the chat; the page without a key says what it needs.
  await page.goto(`/embed/agent/${agentId}?key=${encodeURIComponent(key)}`);
  await composer(page).fill('你好');
  await composer(page).press('Enter');
  await expect(answers(page).last()).toHaveAttribute('data-status', 'error');
  await page.goto(`/embed/agent/${agentId}`);
  await expect(page.getByText('缺少访问密钥')).toBeVisible();
});
