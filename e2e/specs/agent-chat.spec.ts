import { expect, test, type Page } from '../support/test';
import { adminToken, apiCreateModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { answers, composer, inDarkMode, uniqueModelName } from '../support/models';
import { scriptLlm } from '../support/scripted-llm';
import { shot, useToken } from '../support/ui';

/** The pause bar of the latest step: its hint names the kind of decision. */
const pauseBar = (page: Page, hint: string) => page.getByRole('group', { name: hint });
const ACTION = '智能体准备调用工具，请确认是否执行';
const OBSERVATION = '工具已返回结果，请确认是否交给智能体继续';
const PLAN = '计划已拟定，请确认后开始执行';

async function createAgent(request: Parameters<typeof adminToken>[0], token: string, body: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/agent/create', { data: body, headers: { 'access-token': token } });
  const envelope = (await response.json()) as { code: number; data: { id: string } };
  expect(envelope.code).toBe(200);
  return envelope.data.id;
}

async function ask(page: Page, question: string): Promise<void> {
  await composer(page).fill(question);
  await composer(page).press('Enter');
}

test.describe('agent chat with a person in the loop', () => {
  let token = '';
  let agentId = '';

  test.beforeEach(async ({ page, request }) => {
    token = await adminToken(request);
    await useToken(page, token);
    if (agentId) return;
    const model = uniqueModelName('e2e-hitl');
    await apiCreateModel(request, token, {
      llm_name: model,
      display_name: `人机协同 ${model}`,
      type: 'chat',
      provider: 'openai-compatible',
      base_url: SCRIPTED_LLM_BASE_URL,
      supports_tools: true,
    });
    agentId = await createAgent(request, token, {
      name: `审核助手 ${Date.now().toString(36)}`,
      llm_name: model,
      tool_ids: ['calculator'],
      hitl: { action_confirm: true, observation_confirm: true },
      opening_message: '你好，我会在调用工具前请你确认。',
    });
  });

  test('confirm an action, replace its result, give feedback on the next, finish the third', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`/agent/chat?agent_id=${agentId}`);
    await expect(page.getByText('你好，我会在调用工具前请你确认。')).toBeVisible();

    // 1: confirm the proposed call, then replace what the tool returned.
    await ask(page, '帮我计算 (3+4)*6');
    await expect(pauseBar(page, ACTION)).toBeVisible();
    await expect(page.getByTestId('agent-step').last()).toHaveAttribute('data-status', 'awaiting');
    await shot(page, 'agent-chat-action-pause');
    await pauseBar(page, ACTION).getByRole('button', { name: '执行' }).click();
    await expect(pauseBar(page, OBSERVATION)).toBeVisible();
    await expect(page.getByText('(3+4)*6 = 42').first()).toBeVisible();
    await pauseBar(page, OBSERVATION).getByRole('button', { name: '修改结果' }).click();
    const dialog = page.getByRole('dialog', { name: '修改工具结果' });
    await dialog.getByRole('textbox').fill('人工核对后的结果：42');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(answers(page).last()).toContainText('计算完成');
    await expect(page.getByText('结果已修改').first()).toBeVisible();

    // 2: feedback instead of running the call: the model is asked again and answers.
    await ask(page, '再计算一次');
    await expect(pauseBar(page, ACTION)).toBeVisible();
    await pauseBar(page, ACTION).getByRole('button', { name: '反馈' }).click();
    const feedback = page.getByRole('dialog', { name: '反馈给智能体' });
    await feedback.getByRole('textbox').fill('不用调用工具，直接回答');
    await feedback.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('反馈：不用调用工具，直接回答').first()).toBeVisible();
    await expect(answers(page).last()).toContainText('计算完成');

    // 3: end the run at the pause: what was said so far stays.
    await ask(page, '第三次计算');
    await expect(pauseBar(page, ACTION)).toBeVisible();
    await pauseBar(page, ACTION).getByRole('button', { name: '结束' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已手动结束').first()).toBeVisible();
    await expect(pauseBar(page, ACTION)).toHaveCount(0);
    await inDarkMode(page, () => shot(page, 'agent-chat-dark'));
  });

  test('reloading the page mid-answer re-attaches and the answer completes', async ({ page }) => {
    const pieces = Array.from({ length: 24 }, (_, index) => `第${index + 1}段。`);
    await scriptLlm({ match: '慢慢讲', chunks: pieces, chunkDelayMs: 150 });
    await page.goto(`/agent/chat?agent_id=${agentId}`);
    await ask(page, '请慢慢讲一个故事');
    await expect(answers(page).last()).toContainText('第2段。');
    await page.reload();
    await expect(answers(page).last()).toContainText('第24段。', { timeout: 15_000 });
  });

  test('a question carries an attached document, and the file stays with it when the conversation is reopened', async ({ page }) => {
    const question = `总结附件 ${Date.now().toString(36)}`;
    await scriptLlm({ match: question, text: '附件说周五发布 2.0 版本。' });
    await page.goto(`/agent/chat?agent_id=${agentId}`);
    await page.getByRole('button', { name: '添加附件' }).click();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: '发布纪要.txt', mimeType: 'text/plain', buffer: Buffer.from('周五发布 2.0 版本，负责人：小林。') });
    await expect(page.locator('.ant-attachment-list-card-status-done, [class*="attachment-list-card"]').filter({ hasText: '发布纪要' }).first()).toBeVisible();
    await ask(page, question);
    await expect(page.getByTestId('question-files').last()).toContainText('发布纪要.txt');
    await expect(answers(page).last()).toContainText('附件说周五发布 2.0 版本');
    await shot(page, 'agent-chat-attachment');

    await page.reload();
    await page.getByText(question).first().click();
    await expect(page.getByTestId('question-files').last()).toContainText('发布纪要.txt');
  });

  test('plan chat: the drafted plan is confirmed, executed step by step and summarised', async ({ page }) => {
    await page.goto(`/agent/plan-chat?agent_id=${agentId}`);
    await composer(page).or(page.getByPlaceholder('描述要完成的任务，智能体会先制定计划')).first().fill('写一份简短的工作报告');
    await page.keyboard.press('Enter');
    const plan = page.getByTestId('agent-plan');
    await expect(plan).toContainText('收集信息');
    await expect(pauseBar(page, PLAN)).toBeVisible();
    await shot(page, 'agent-plan-pause');
    await pauseBar(page, PLAN).getByRole('button', { name: '确认执行' }).click();
    await expect(plan).toContainText('2/2 步', { timeout: 15_000 });
    await expect(answers(page).last()).toContainText('总结');
    await page.goto('/agent/plan-list');
    await expect(page.getByRole('row').filter({ hasText: '写一份简短的工作报告' }).first()).toContainText('已完成');
  });
});
