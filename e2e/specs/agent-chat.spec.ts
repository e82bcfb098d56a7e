import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCreateModel, apiLogin, apiRegister } from '../support/api';
import { startApiServer, type E2eApiServer } from '../support/api-server';
import { newUser, SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { answers, composer, inDarkMode, questions, uniqueModelName } from '../support/models';
import { shot, useToken } from '../support/ui';

// The scripted model's demo rules: a question with 天气 calls `get_weather` and then answers; 长回答 streams
// 20 sentences over 3 s; anything else is echoed (a plan draft too: it parses as a one-step plan).

let api: E2eApiServer;
test.beforeAll(async () => {
  api = await startApiServer();
});
test.afterAll(async () => {
  await api?.stop();
});

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const body = (await (await request.post(url, { data, headers: { 'access-token': token } })).json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** A user of their own with a model, the weather tool and an agent using it (`hitl` as given). */
async function seed(request: APIRequestContext, hitl: { action_confirm: boolean; observation_confirm: boolean }) {
  const user = newUser('agentchat');
  await apiRegister(request, user);
  const token = await apiLogin(request, user);
  const model = uniqueModelName('e2e-agent-chat');
  await apiCreateModel(request, token, { llm_name: model, type: 'chat', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL });
  const tool = await post<{ id: string }>(request, token, '/api/tool/create', {
    kind: 'llm',
    name: 'get_weather',
    title: '天气查询',
    description: '查询城市天气',
    tags: [],
    is_public: false,
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    config: { method: 'GET', url: `${api.origin}/weather/{city}` },
  });
  const agent = await post<{ id: string; name: string }>(request, token, '/api/agent/create', {
    name: `天气助手 ${Date.now().toString(36)}`,
    avatar: '🌤️',
    description: '查询天气的助手',
    llm_name: model,
    opening_message: '你好，我可以帮你查天气。',
    suggested_questions: ['北京天气怎么样？'],
    tool_ids: [tool.id],
    hitl,
  });
  return { token, agent };
}

const button = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`(^|\\s)${[...name].join('\\s*')}$`) });
const step = (page: Page) => page.getByTestId('agent-step').last();

test('agent chat: confirm a tool call, replace its result, give feedback, finish; the paused run reopens with its buttons', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, agent } = await seed(request, { action_confirm: true, observation_confirm: true });
  await useToken(page, token);
  await page.goto(`/agent/chat?agent_id=${agent.id}`);
  await expect(page.getByText('你好，我可以帮你查天气。')).toBeVisible();

  // A suggested question: the model proposes the tool call and the run waits.
  await page.locator('.ant-prompts-item').filter({ hasText: '北京天气怎么样？' }).click();
  await expect(step(page)).toHaveAttribute('data-status', 'awaiting');
  await expect(page.getByText('"city": "北京"')).toBeVisible();
  await shot(page, 'agent-chat-action-confirm');
  await button(page, '执行').click();

  // The tool ran: its result waits for a person, who replaces it.
  await expect(step(page)).toContainText('晴');
  await button(page, '修改结果').click();
  await page.getByRole('textbox', { name: '修改工具结果' }).fill('北京今天有雨');
  await button(page, '确定').click();
  await expect(answers(page).last()).toContainText('北京今天晴，气温 25 度');
  await expect(step(page)).toHaveAttribute('data-status', 'done');
  await step(page).click(); // unfolds the card
  await expect(page.getByText('结果已修改')).toBeVisible();
  await inDarkMode(page, () => shot(page, 'agent-chat-answer-dark'));

  // Feedback instead of running the tool: the call is not made, the model answers anyway.
  await composer(page).fill('上海天气呢？');
  await composer(page).press('Enter');
  await expect(step(page)).toHaveAttribute('data-status', 'awaiting');
  await button(page, '反馈').click();
  await page.getByRole('textbox', { name: '反馈给智能体' }).fill('不用查了，直接回答');
  await button(page, '确定').click();
  await expect(step(page)).toHaveAttribute('data-status', 'skipped');
  await expect(answers(page).last()).toContainText('气温 25 度');

  // A third question left waiting: reopening the conversation shows it waiting, with its buttons; 结束 ends it.
  await composer(page).fill('广州天气如何？');
  await composer(page).press('Enter');
  await expect(step(page)).toHaveAttribute('data-status', 'awaiting');
  await page.reload();
  await page.getByRole('button', { name: '北京天气怎么样？' }).click();
  await expect(questions(page)).toHaveCount(3);
  await expect(step(page)).toHaveAttribute('data-status', 'awaiting');
  await button(page, '结束').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已手动结束')).toBeVisible();
  await expect(step(page)).toHaveAttribute('data-status', 'skipped');
});

test('agent chat: an answer interrupted by a reload completes after it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { token, agent } = await seed(request, { action_confirm: false, observation_confirm: false });
  await useToken(page, token);
  await page.goto(`/agent/chat?agent_id=${agent.id}`);
  await composer(page).fill('写一段长回答');
  await composer(page).press('Enter');
  await expect(answers(page).last()).toContainText('第 2 句');
  await page.reload();
  await expect(answers(page).last()).toContainText('这是一段较长回答的第 20 句。', { timeout: 15_000 });
  await expect(answers(page).last()).toHaveAttribute('data-status', 'done');
  await expect(questions(page)).toHaveCount(1);
});

test('plan chat: a drafted plan is edited, confirmed and run to a summary; the plan list reopens it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, agent } = await seed(request, { action_confirm: false, observation_confirm: false });
  await useToken(page, token);
  await page.goto(`/agent/plan-chat?agent_id=${agent.id}`);
  await page.getByPlaceholder('描述要完成的任务，智能体会先制定计划').fill('整理一份出行清单');
  await page.getByPlaceholder('描述要完成的任务，智能体会先制定计划').press('Enter');
  const plan = page.getByTestId('agent-plan').last();
  await expect(plan.getByText('待执行').first()).toBeVisible();
  await shot(page, 'plan-chat-drafted');

  await button(page, '编辑计划').click();
  await page.getByRole('textbox', { name: '步骤标题 1' }).fill('列出必带物品');
  await button(page, '添加步骤').click();
  await page.getByRole('textbox', { name: '步骤标题 2' }).fill('检查证件');
  await button(page, '确定').click();
  await expect(plan.getByText('2. 检查证件')).toBeVisible();
  await expect(plan.getByText('2/2 步')).toBeVisible({ timeout: 20_000 });
  await expect(answers(page).last()).toContainText('总结');
  await inDarkMode(page, () => shot(page, 'plan-chat-done-dark'));

  await page.goto('/agent/plan-list');
  const row = page.getByRole('row').filter({ hasText: '整理一份出行清单' });
  await expect(row.getByText('已完成')).toBeVisible();
  await shot(page, 'plan-list');
  await row.getByRole('button', { name: /打\s*开/ }).click();
  await expect(page).toHaveURL(/\/agent\/plan-chat\?run_id=/);
  await expect(page.getByTestId('agent-plan').getByText('1. 列出必带物品')).toBeVisible();
});
