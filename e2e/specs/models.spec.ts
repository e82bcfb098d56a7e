import { expect, test } from '../support/test';
import { adminToken, apiCreateModel, apiGetModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { answers, ask, chooseOption, chooseType, composer, findModel, inDarkMode, questions, uniqueModelName } from '../support/models';
import { shot, toast, useToken } from '../support/ui';

test.beforeEach(async ({ page, request }) => {
  await useToken(page, await adminToken(request));
});

test('an administrator connects a model, chats with it, stops and regenerates, then disables it', async ({ page }) => {
  test.setTimeout(120_000);
  const name = uniqueModelName('e2e-chat');

  // Create it pointing at the scripted server, testing the unsaved configuration first.
  await page.goto('/model');
  await expect(page.getByRole('heading', { name: '模型管理' })).toBeVisible();
  await page.getByRole('button', { name: /创建模型/ }).click();
  await expect(page).toHaveURL(/\/model\/create$/);
  await page.getByLabel('模型名称', { exact: true }).fill(name);
  await page.getByLabel('显示名称', { exact: true }).fill(`脚本模型 ${name}`);
  await chooseOption(page, '提供方', '通用（OpenAI 兼容）');
  await page.getByLabel('接口地址', { exact: true }).fill(SCRIPTED_LLM_BASE_URL);
  await page.getByRole('button', { name: '测试连接' }).click();
  await expect(page.getByTestId('connection-result')).toHaveText(/\d+ ms/);
  await expect(toast(page, '连接成功')).toBeVisible();
  await shot(page, 'model-create-light');
  await inDarkMode(page, () => shot(page, 'model-create-dark'));
  await page.getByRole('button', { name: /创\s*建/ }).click();
  await expect(toast(page, '模型已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/model$/);

  // The saved model tests too, from its row.
  const row = await findModel(page, name);
  await row.getByRole('button', { name: '测试连接' }).click();
  await expect(row.getByTestId('connection-result')).toHaveText(/\d+ ms/);
  await shot(page, 'model-list-light');
  await inDarkMode(page, () => shot(page, 'model-list-dark'));

  // First turn: the scripted model reasons before it answers; the reasoning is folded.
  await page.goto('/model/chat');
  await chooseOption(page, '选择对话模型', `脚本模型 ${name}`);
  await expect(page.getByText('开始与模型对话')).toBeVisible();
  await shot(page, 'model-chat-empty-light');
  await ask(page, '请先思考再回答');
  await expect(answers(page).first()).toContainText('这是经过思考之后的回答。');
  const reasoning = page.getByRole('button', { name: /思考过程/ });
  await expect(reasoning).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('先想一想：用户希望看到推理的过程')).toBeHidden();
  await reasoning.click();
  await expect(page.getByText('先想一想：用户希望看到推理的过程，再给出结论。')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await answers(page).first().getByRole('button', { name: '复制', exact: true }).click();
  await expect(toast(page, '已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('这是经过思考之后的回答。');
  const conversation = page.getByRole('button', { name: '请先思考再回答', exact: true });
  await expect(conversation).toBeVisible();
  await expect(conversation).toHaveAttribute('aria-current', 'true');

  // Second turn in the same conversation, with a system prompt and a temperature of our own.
  await page.getByRole('textbox', { name: '系统提示词' }).fill('你是一名测试助手');
  // Unset parameters show as the model's default until their switch overrides them.
  await page.getByRole('switch', { name: '自定义温度' }).click();
  await page.getByRole('spinbutton', { name: '温度' }).fill('0.3');
  const chatCall = page.waitForRequest((sent) => sent.url().endsWith('/api/llm/chat'));
  await ask(page, '给我一个 markdown 示例');
  expect((await chatCall).postDataJSON()).toMatchObject({ query: '给我一个 markdown 示例', system_prompt: '你是一名测试助手', temperature: 0.3, conversation_id: expect.any(String) });
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).nth(1).getByRole('heading', { name: '标题' })).toBeVisible();
  await expect(answers(page).nth(1).locator('table')).toBeVisible();
  await expect(answers(page).nth(1).locator('code .hljs-keyword').first()).toHaveText('const');
  const suggestions = page.getByRole('group', { name: '你可能还想问' });
  await expect(suggestions.getByRole('button')).toHaveCount(3);
  await shot(page, 'model-chat-light');
  await inDarkMode(page, () => shot(page, 'model-chat-dark'));

  // Regenerate the last answer: it is replaced, not added.
  await page.getByRole('button', { name: '重新生成' }).click();
  await expect(answers(page).nth(1)).toHaveAttribute('data-status', 'done');
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).nth(1).getByRole('heading', { name: '标题' })).toBeVisible();

  // A long answer is stopped half-way.
  await ask(page, '请给一个长回答');
  await expect(answers(page).nth(2)).toContainText('这是一段较长回答的第 1 句。');
  await expect(page.getByRole('button', { name: '重新生成' })).toHaveCount(0); // nothing to regenerate while writing
  await shot(page, 'model-chat-streaming');
  await page.getByRole('button', { name: '停止生成' }).click();
  await expect(answers(page).nth(2)).toHaveAttribute('data-status', 'cancelled');
  await expect(answers(page).nth(2).getByText('已停止生成')).toBeVisible();
  await expect(answers(page).nth(2)).not.toContainText('第 80 句');
  await shot(page, 'model-chat-stopped');

  // The conversation is kept: reopened after a reload, every turn is there.
  await page.reload();
  await page.getByRole('button', { name: '请先思考再回答', exact: true }).click();
  await expect(questions(page)).toHaveCount(3);
  await expect(answers(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: /思考过程/ })).toBeVisible();
  await expect(answers(page).nth(2)).toHaveAttribute('data-status', 'cancelled');

  // Disabled, the model is no longer a choice in the playground.
  await page.goto('/model');
  const again = await findModel(page, name);
  await again.getByRole('switch', { name: `停用：脚本模型 ${name}` }).click();
  await expect(toast(page, '模型已停用')).toBeVisible();
  await page.goto('/model/chat');
  await page.getByRole('combobox', { name: '选择对话模型' }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name })).toHaveCount(0);
});

test('a failed answer and a failed connection test say why in Chinese', async ({ page, request }) => {
  const token = await adminToken(request);
  const name = uniqueModelName('e2e-err');
  await apiCreateModel(request, token, { llm_name: name, display_name: `出错模型 ${name}`, type: 'chat', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL });
  const closed = uniqueModelName('e2e-closed');
  await apiCreateModel(request, token, { llm_name: closed, type: 'chat', provider: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1' });

  await page.goto('/model/chat');
  await chooseOption(page, '选择对话模型', `出错模型 ${name}`);
  await ask(page, '这次请求会出错');
  const failed = answers(page).last();
  await expect(failed).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
  await expect(failed.getByText('回答失败')).toBeVisible();
  await expect(failed.locator('.ant-alert-description')).toHaveText(/[\u4e00-\u9fa5]/);
  await shot(page, 'model-chat-error');

  // The failed conversation is deleted from the list, after confirming.
  await page.getByRole('button', { name: '更多操作：这次请求会出错' }).click();
  await page.getByRole('menuitem', { name: /删\s*除/ }).click();
  await expect(page.getByRole('dialog').locator('.ant-modal-confirm-title')).toHaveText('确定删除该会话吗？');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page, '会话已删除')).toBeVisible();
  await expect(page.getByRole('button', { name: '这次请求会出错', exact: true })).toHaveCount(0);
  await expect(composer(page)).toHaveValue('');

  await page.goto('/model');
  const row = await findModel(page, closed);
  await row.getByRole('button', { name: '测试连接' }).click();
  await expect(row.getByTestId('connection-result')).toHaveText(/连接失败/, { timeout: 20_000 });
  await expect(toast(page, '连接失败').locator('[data-description]')).toHaveText(/[\u4e00-\u9fa5]/);
  await shot(page, 'model-list-test-failed');

  // Deleting asks first.
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('确定删除该模型吗？')).toBeVisible();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page, '模型已删除')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the form adapts to the type, and editing keeps the masked API key', async ({ page, request }) => {
  const token = await adminToken(request);
  const name = uniqueModelName('e2e-key');
  const saved = await apiCreateModel(request, token, { llm_name: name, type: 'chat', provider: 'deepseek', api_key: 'sk-e2e-secret-1234567890' });

  await page.goto('/model');
  const search = page.getByRole('searchbox', { name: '搜索模型名称、显示名称或上游模型' });
  await search.fill('没有这个模型');
  await search.press('Enter');
  await expect(page.getByText('没有符合条件的模型')).toBeVisible();
  await shot(page, 'model-list-empty');

  await page.goto(`/model/edit/${saved.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`编辑模型：${name}`) })).toBeVisible();
  await expect(page.getByLabel('API 密钥', { exact: true })).toHaveValue('sk-e****7890');
  await expect(page.getByLabel('接口地址', { exact: true })).toHaveValue('https://api.deepseek.com/v1');
  await expect(page.getByLabel('温度')).toBeVisible();
  await shot(page, 'model-edit-light');
  await inDarkMode(page, () => shot(page, 'model-edit-dark'));

  // An embedding model has no generation settings; a speech model not even a context window.
  await chooseType(page, '向量');
  await expect(page.getByLabel('温度')).toHaveCount(0);
  await expect(page.getByLabel('上下文长度')).toBeVisible();
  await chooseType(page, '语音识别');
  await expect(page.getByLabel('上下文长度')).toHaveCount(0);
  await chooseType(page, '对话');

  // Choosing another provider brings its usual address.
  await chooseOption(page, '提供方', 'Moonshot');
  await expect(page.getByLabel('接口地址', { exact: true })).toHaveValue('https://api.moonshot.cn/v1');
  await page.getByLabel('显示名称', { exact: true }).fill('改过名的模型');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '模型已保存')).toBeVisible();
  const after = await apiGetModel(request, token, saved.id);
  expect(after).toMatchObject({ display_name: '改过名的模型', provider: 'moonshot', api_key: 'sk-e****7890', has_api_key: true });
});
