import { expect as baseExpect, test, type Locator, type Page } from '../support/test';
import { adminToken, apiCreateModel, setProperties } from '../support/api';
import { newUser, SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { clickClear, expectListFits, expectNoEmojiText, stepShot } from '../support/first-hour';
import { answers, chooseOption, composer, questions, uniqueModelName } from '../support/models';
import { scriptLlm } from '../support/scripted-llm';
import { fillRegisterForm, loginButton, toast, useToken } from '../support/ui';

// The walk waits for what a person would wait for; on a busy machine a page can take longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const ACTION = '智能体准备调用工具，请确认是否执行';
const TOOL_RESULT = '(3+4)*6 = 42';
const pauseBar = (page: Page) => page.getByRole('group', { name: ACTION });
/**
 * Turns a switch on and sees it on: on a busy machine a click while the form re-renders can be lost,
 * and an agent saved without its confirmation would answer without ever pausing.
 */
async function turnOn(control: Locator): Promise<void> {
  await clickClear(control);
  await expect(async () => {
    if (!(await control.isChecked())) await control.click();
    await baseExpect(control).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}
/** A button by its text (antd spaces a two-character text out; an icon's name may come first). */
const button = (page: Page, text: string) => page.getByRole('button', { name: new RegExp(`(^|\\s)${[...text].join('\\s?')}$`) });

test.use({ viewport: { width: 1280, height: 800 } });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`a new user's first hour (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test('register, be guided to a model, build an agent with a confirmed tool, chat, reload into it, keep unsaved work', async ({ page }) => {
      test.setTimeout(300_000);
      const user = newUser(`fh${scheme}`);
      const shot = (step: string) => stepShot(page, `${step}-${scheme}`);
      // The answer after the tool takes a moment: the step just confirmed must stay open meanwhile.
      const question = `帮我慢慢计算 ${scheme} ${Date.now().toString(36)}`;
      await scriptLlm(
        { match: question, afterToolResult: false, toolCalls: [{ name: 'calculator', arguments: { expression: '(3+4)*6' } }] },
        { match: question, afterToolResult: true, delayMs: 1_500, text: '计算完成：结果是 42。' },
      );

      // Register, then sign in with the name already there (never the password).
      await page.goto('/register');
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await fillRegisterForm(page, user);
      await shot('01-register');
      await clickClear(page.getByRole('button', { name: /创建账号/ }));
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel('用户名', { exact: true })).toHaveValue(user.user_name);
      await expect(page.getByLabel('密码', { exact: true })).toHaveValue('');
      await shot('02-login-prefilled');
      await page.getByLabel('密码', { exact: true }).fill(user.password);
      await clickClear(loginButton(page));
      await expect(toast(page, '登录成功')).toBeVisible();
      await expect(page).toHaveURL(/\/agent\/chat/);
      await shot('03-landing');

      // The builder offers to add a model, and comes back with it chosen.
      await clickClear(page.getByRole('menuitem', { name: '智能体管理' }));
      await clickClear(page.getByRole('button', { name: /创建智能体/ }));
      await expect(page).toHaveURL(/\/agent\/create$/);
      await shot('04-builder-no-model');
      await clickClear(page.getByRole('link', { name: /去添加模型|添加新模型/ }));
      await expect(page).toHaveURL(/\/model\/create\?type=chat&return_to=%2Fagent%2Fcreate$/);
      const model = uniqueModelName('first-hour');
      const displayName = `入门模型 ${model}`;
      await page.getByLabel('模型名称', { exact: true }).fill(model);
      await page.getByLabel('显示名称', { exact: true }).fill(displayName);
      await page.getByLabel('接口地址', { exact: true }).fill(SCRIPTED_LLM_BASE_URL);
      await turnOn(page.getByRole('switch', { name: '支持工具调用' }));
      // 测试连接 sits with the connection fields, above the parameters and capabilities.
      const testButton = await page.getByRole('button', { name: /测试连接/ }).boundingBox();
      const toolsSwitch = await page.getByRole('switch', { name: '支持工具调用' }).boundingBox();
      expect(testButton!.y).toBeLessThan(toolsSwitch!.y);
      await shot('05-model-form');
      await clickClear(button(page, '创建'));
      await expect(toast(page, '模型已创建')).toBeVisible();
      await expect(page).toHaveURL(/\/agent\/create$/);
      await expect(page.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: '对话模型' }) })).toContainText(displayName);
      await shot('06-builder-model-chosen');

      // An agent with a tool that asks before it runs.
      const agentName = `入门助手 ${scheme} ${Date.now().toString(36)}`;
      await page.getByLabel('名称', { exact: true }).fill(agentName);
      await chooseOption(page, '工具', '计算器');
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: '工具' }) })).toContainText('计算器');
      await turnOn(page.getByRole('switch', { name: '调用工具前确认' }));
      await expect(page.getByText('有未保存的修改')).toBeVisible();
      await clickClear(button(page, '创建'));
      await expect(toast(page, '智能体已创建')).toBeVisible();
      await expect(page).toHaveURL(/\/agent\/edit\/[0-9a-f-]{36}$/);
      const editUrl = page.url();
      await expectNoEmojiText(page);
      await shot('07-agent-created');

      // Chat, confirm the call: the step stays open with its result until the answer starts.
      await clickClear(button(page, '对话'));
      await expect(page).toHaveURL(/\/agent\/chat\?agent_id=/);
      await composer(page).fill(question);
      await composer(page).press('Enter');
      await expect(questions(page).last()).toContainText(question);
      await expect(pauseBar(page)).toBeVisible();
      await expect(page).toHaveURL(/conversation_id=[0-9a-f-]{36}/);
      await shot('08-chat-confirm');
      await clickClear(pauseBar(page).getByRole('button', { name: '执行' }));
      await expect(page.getByText(TOOL_RESULT).first()).toBeVisible();
      await shot('09-step-result-open');
      await expect(answers(page).last()).toContainText('计算完成');
      await expect(page.getByText(TOOL_RESULT)).toBeHidden();
      await expectNoEmojiText(page);
      await shot('10-answer');

      // A reload reopens the same conversation.
      const conversationUrl = page.url();
      await page.reload();
      await expect(page).toHaveURL(conversationUrl);
      await expect(questions(page).last()).toContainText(question);
      await expect(answers(page).last()).toContainText('计算完成');
      await shot('11-reloaded');

      // The model list fits 1280 px: its names, providers and addresses are cut only with a tooltip.
      await page.goto('/model');
      await expectListFits(page.locator('.ant-table').first(), [0, 2, 5]);
      await shot('12-model-list');

      // Leaving the builder with unsaved changes asks first; 留在本页 keeps them.
      await page.goto(editUrl);
      await page.getByLabel('描述', { exact: true }).fill('还没保存的描述');
      await expect(page.getByText('有未保存的修改')).toBeVisible();
      const warnsOnUnload = await page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(warnsOnUnload).toBe(true);
      await clickClear(page.getByRole('menuitem', { name: '智能体对话' }));
      const prompt = page.getByRole('dialog', { name: '有未保存的修改' });
      await expect(prompt).toBeVisible();
      await shot('13-unsaved-prompt');
      await clickClear(prompt.getByRole('button', { name: '留在本页' }));
      await expect(page).toHaveURL(editUrl);
      await expect(page.getByLabel('描述', { exact: true })).toHaveValue('还没保存的描述');
      await clickClear(page.getByRole('menuitem', { name: '智能体对话' }));
      await clickClear(page.getByRole('dialog', { name: '有未保存的修改' }).getByRole('button', { name: /离\s?开/ }));
      await expect(page).toHaveURL(/\/agent\/chat/);
    });
  });
}

test("the administrator's setup checklist: ticks what exists, and once dismissed stays away", async ({ page, request }) => {
  test.setTimeout(120_000);
  await setProperties(request, { 'system.ui.setup.dismissed': 'false' });
  const token = await adminToken(request);
  await apiCreateModel(request, token, { llm_name: uniqueModelName('setup'), type: 'chat', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL, supports_tools: true });
  await useToken(page, token);
  await page.goto('/agent/chat');
  const checklist = page.getByRole('region', { name: '入门清单' });
  await expect(checklist).toBeVisible();
  await expect(checklist.locator('li[data-done="true"]').filter({ hasText: '添加一个对话模型' })).toHaveCount(1);
  await stepShot(page, '14-setup-checklist-light');

  // Lists an administrator sees fit 1280 px too.
  await page.goto('/system/account');
  await expectListFits(page.locator('.ant-table').first(), [0, 1]);
  await stepShot(page, '15-users-light');

  await clickClear(checklist.getByRole('button', { name: '不再显示' }));
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('menuitem', { name: /智能体/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: '入门清单' })).toHaveCount(0);
});
