import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { adminToken, apiCreateModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { answers, ask, composer, inDarkMode, uniqueModelName } from '../support/models';
import { scriptLlm } from '../support/scripted-llm';
import { createKeyOnDeployPage, shot, toast, useToken } from '../support/ui';

const ACTION = '智能体准备调用工具，请确认是否执行';
const run = Date.now().toString(36);
const [FRONT, COUNTER, WRITER] = [`前台${run}`, `计算员${run}`, `文书${run}`];

async function createAgent(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/agent/create', { data: body, headers: { 'access-token': token } });
  const envelope = (await response.json()) as { code: number; data: { id: string } };
  expect(envelope.code).toBe(200);
  return envelope.data.id;
}

const node = (page: Page, name: string) => page.getByTestId('ma-node').filter({ hasText: name });

/** Drags from the centre of `from` to the centre of `to` with the mouse (pointer events, as a person does). */
async function dragWithMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  const [a, b] = [(await from.boundingBox())!, (await to.boundingBox())!];
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test.describe('multi-agent setups', () => {
  let token = '';
  let setupPath = '';

  test.beforeEach(async ({ page, request }) => {
    token = await adminToken(request);
    await useToken(page, token);
    if (setupPath) return;
    const model = uniqueModelName('e2e-ma');
    await apiCreateModel(request, token, {
      llm_name: model,
      display_name: `协作 ${model}`,
      type: 'chat',
      provider: 'openai-compatible',
      base_url: SCRIPTED_LLM_BASE_URL,
      supports_tools: true,
    });
    await createAgent(request, token, { name: FRONT, llm_name: model, system_prompt: `你是${FRONT}` });
    await createAgent(request, token, {
      name: COUNTER,
      llm_name: model,
      system_prompt: `你是${COUNTER}`,
      tool_ids: ['calculator'],
      hitl: { action_confirm: true, observation_confirm: false },
    });
    await createAgent(request, token, { name: WRITER, llm_name: model, system_prompt: `你是${WRITER}` });
  });

  test('build a three-agent setup on the canvas by dragging and connecting, save it, and reopen it unchanged', async ({ page }) => {
    await page.goto('/multi-agent/create');
    await page.getByRole('textbox', { name: '名称' }).fill(`客服协作 ${run}`);
    const canvas = page.getByTestId('ma-canvas');
    const palette = (name: string) => page.getByTestId('ma-palette-agent').filter({ hasText: name });
    await palette(FRONT).dragTo(canvas, { targetPosition: { x: 120, y: 80 } });
    await palette(COUNTER).dragTo(canvas, { targetPosition: { x: 420, y: 60 } });
    await palette(WRITER).dragTo(canvas, { targetPosition: { x: 420, y: 260 } });
    await expect(page.getByTestId('ma-node')).toHaveCount(3);
    await expect(node(page, FRONT)).toContainText('起始');
    await expect(page.getByTestId('ma-problems')).toContainText(`成员「${COUNTER}」从起始智能体无法到达`);

    await dragWithMouse(page, node(page, FRONT).getByTestId('ma-handle'), node(page, COUNTER));
    await dragWithMouse(page, node(page, FRONT).getByTestId('ma-handle'), node(page, WRITER));
    await expect(page.getByTestId('ma-edge')).toHaveCount(2);
    await expect(page.getByTestId('ma-problems')).toHaveCount(0);

    // Keyboard delete takes the member and its edge away; undo brings both back.
    await node(page, WRITER).click();
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('ma-node')).toHaveCount(2);
    await expect(page.getByTestId('ma-edge')).toHaveCount(1);
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('ma-node')).toHaveCount(3);
    await expect(page.getByTestId('ma-edge')).toHaveCount(2);

    // Zoom (buttons and keys) and the minimap, which shows every member.
    await expect(page.getByTestId('ma-minimap-node')).toHaveCount(3);
    const fullWidth = (await node(page, FRONT).boundingBox())!.width;
    await page.getByRole('button', { name: /缩小/ }).click();
    await page.getByRole('button', { name: /缩小/ }).click();
    await expect(canvas).toHaveAttribute('data-zoom', '0.8');
    expect((await node(page, FRONT).boundingBox())!.width).toBeCloseTo(fullWidth * 0.8, 0);
    await canvas.press('+');
    await expect(canvas).toHaveAttribute('data-zoom', '0.9');
    await page.getByRole('button', { name: /恢复 100%/ }).click();
    await expect(canvas).toHaveAttribute('data-zoom', '1');
    await shot(page, 'multi-agent-canvas');
    const before = await page
      .getByTestId('ma-node')
      .evaluateAll((nodes) => nodes.map((item) => `${item.textContent}@${(item as HTMLElement).style.left},${(item as HTMLElement).style.top}`));

    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/multi-agent\/edit\//);
    setupPath = new URL(page.url()).pathname.replace('/edit/', '/chat/');
    await page.reload();
    await expect(page.getByTestId('ma-node')).toHaveCount(3);
    expect(
      await page.getByTestId('ma-node').evaluateAll((nodes) => nodes.map((item) => `${item.textContent}@${(item as HTMLElement).style.left},${(item as HTMLElement).style.top}`)),
    ).toEqual(before);
    await expect(page.getByTestId('ma-edge')).toHaveCount(2);

    await page.goto('/multi-agent');
    await expect(page.getByTestId('ma-card').filter({ hasText: `客服协作 ${run}` })).toContainText('3 个成员');
  });

  test('the preview beside the canvas chats with the setup as built, unsaved: a handoff, a decision, then a change that takes effect at once', async ({ page, request }) => {
    test.setTimeout(90_000);
    const listed = async () =>
      ((await (await request.post('/api/ma/list', { data: { page: 1, page_size: 100 }, headers: { 'access-token': token } })).json()) as { data: { total: number } }).data.total;
    const saved = await listed();
    await page.goto('/multi-agent/create');
    const preview = page.getByTestId('ma-preview');
    await page.getByRole('tab', { name: '预览对话' }).click();
    // Nothing to chat with yet: the question box says why.
    await expect(preview.getByPlaceholder('先处理画布上的问题，再在这里试聊')).toBeDisabled();
    const canvas = page.getByTestId('ma-canvas');
    const palette = (name: string) => page.getByTestId('ma-palette-agent').filter({ hasText: name });
    await palette(FRONT).dragTo(canvas, { targetPosition: { x: 120, y: 80 } });
    await palette(COUNTER).dragTo(canvas, { targetPosition: { x: 420, y: 80 } });
    await dragWithMouse(page, node(page, FRONT).getByTestId('ma-handle'), node(page, COUNTER));
    await expect(page.getByTestId('ma-edge')).toHaveCount(1);

    const question = `预览算一下 ${run}`;
    await scriptLlm(
      { system: `你是${FRONT}`, match: question, text: '预览：交给计算员。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '需要计算' } }] },
      { system: `你是${COUNTER}`, match: question, afterToolResult: false, times: 1, text: '预览：我来算。', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
      { system: `你是${COUNTER}`, match: question, afterToolResult: true, text: '预览答案是 42。' },
    );
    await ask(page, question);
    await expect(preview.getByTestId('handoff-card').first()).toContainText(FRONT);
    await expect(preview.getByRole('group', { name: ACTION })).toBeVisible();
    await shot(page, 'multi-agent-preview-decision');
    await preview.getByRole('group', { name: ACTION }).getByRole('button', { name: '执行' }).click();
    await expect(answers(page).last()).toContainText('预览答案是 42。');
    await expect(answers(page).last().getByTestId('speech').last()).toContainText(COUNTER);
    await shot(page, 'multi-agent-preview');
    await inDarkMode(page, () => shot(page, 'multi-agent-preview-dark'));

    // Changed on the canvas and still not saved: the calculator now starts, and the next question goes to it.
    await dragWithMouse(page, node(page, COUNTER).getByTestId('ma-handle'), node(page, FRONT));
    await expect(page.getByTestId('ma-edge')).toHaveCount(2);
    await node(page, COUNTER).click();
    await page.getByRole('tab', { name: '配置' }).click();
    await page.getByRole('button', { name: '设为起始' }).click();
    await expect(node(page, COUNTER)).toContainText('起始');
    await page.getByRole('tab', { name: '预览对话' }).click();
    const direct = `直接问计算员 ${run}`;
    await scriptLlm({ system: `你是${COUNTER}`, match: direct, text: '计算员直接回答。' });
    await page.getByRole('button', { name: '开始新的预览对话' }).click();
    await ask(page, direct);
    await expect(answers(page).last()).toContainText('计算员直接回答。');
    await expect(answers(page).last().getByTestId('speech')).toHaveCount(1);
    await expect(answers(page).last().getByTestId('speech')).toContainText(COUNTER);
    expect(await listed()).toBe(saved);
  });

  test('chat through a handoff and a confirmed tool call; reload mid-answer and see it complete', async ({ page }) => {
    expect(setupPath, 'the canvas test saved a setup').toBeTruthy();
    test.setTimeout(90_000);
    const question = `算一下 ${run}`;
    await scriptLlm(
      { system: `你是${FRONT}`, match: question, text: '这个交给计算员。', toolCalls: [{ name: 'transfer_to_agent_2', arguments: { reason: '需要计算' } }] },
      { system: `你是${COUNTER}`, match: question, afterToolResult: false, times: 1, text: '我来算。', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
      { system: `你是${COUNTER}`, afterToolResult: true, text: '答案是 42。' },
    );
    await page.goto(setupPath);
    await ask(page, question);
    await expect(page.getByTestId('handoff-card').first()).toContainText(`${FRONT}`);
    await expect(page.getByRole('group', { name: ACTION })).toBeVisible();
    await page.getByRole('group', { name: ACTION }).getByRole('button', { name: '执行' }).click();
    await expect(answers(page).last()).toContainText('答案是 42。');
    await expect(answers(page).last().getByTestId('speech').last()).toContainText(COUNTER);
    await shot(page, 'multi-agent-chat');

    const pieces = Array.from({ length: 24 }, (_, index) => `第${index + 1}段。`);
    await scriptLlm({ system: `你是${COUNTER}`, match: '慢慢讲', chunks: pieces, chunkDelayMs: 150 });
    await ask(page, '请慢慢讲一个故事');
    await expect(answers(page).last()).toContainText('第2段。');
    await page.reload();
    await expect(answers(page).last()).toContainText('第24段。', { timeout: 15_000 });
  });

  test('a question carries an attached document to the member that answers, and the file stays with the question', async ({ page }) => {
    expect(setupPath, 'the canvas test saved a setup').toBeTruthy();
    const ticket = `工单编号 ${run}-A1024`;
    // Matched on the file's text only: the answer shows that the document reached the member.
    await scriptLlm({ system: `你是${FRONT}`, match: ticket, text: `已读到附件里的 ${run}-A1024。` });
    await page.goto(setupPath);
    await page.getByRole('button', { name: '添加附件' }).click();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: '退款工单.txt', mimeType: 'text/plain', buffer: Buffer.from(`${ticket}，客户要求退款。`) });
    await expect(page.locator('.ant-attachment-list-card-status-done, [class*="attachment-list-card"]').filter({ hasText: '退款工单' }).first()).toBeVisible();
    await ask(page, `请处理附件 ${run}`);
    await expect(page.getByTestId('question-files').last()).toContainText('退款工单.txt');
    await expect(answers(page).last()).toContainText(`已读到附件里的 ${run}-A1024。`);
    await expect(answers(page).last().getByTestId('speech').last()).toContainText(FRONT);
  });

  test('a published setup: a key made on its 接入 page answers through the embed page; withheld, the key is refused', async ({ page, request }) => {
    expect(setupPath, 'the canvas test saved a setup').toBeTruthy();
    const setupId = setupPath.split('/').at(-1)!;
    const setupCard = page.getByTestId('ma-card').filter({ hasText: `客服协作 ${run}` });
    await page.goto('/multi-agent');
    await setupCard.getByRole('button', { name: /^发\s?布$/ }).click();
    await expect(toast(page, '已发布')).toBeVisible();
    await setupCard.getByRole('button', { name: /^接\s?入$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/multi-agent/dep/${setupId}$`));
    const key = await createKeyOnDeployPage(page, '官网');
    await expect(page.getByText(`/embed/agent/${setupId}?key=${key}`)).toBeVisible();

    const question = `嵌入页提问 ${run}`;
    await scriptLlm({ system: `你是${FRONT}`, match: question, text: `嵌入页的回答 ${run}` });
    const embed = await page.context().newPage();
    await embed.goto(`/embed/agent/${setupId}?key=${encodeURIComponent(key)}`);
    await composer(embed).fill(question);
    await composer(embed).press('Enter');
    await expect(answers(embed).last()).toContainText(`嵌入页的回答 ${run}`);

    const withheld = await request.post('/api/ma/withhold', { data: { id: setupId }, headers: { 'access-token': token } });
    expect(((await withheld.json()) as { code: number }).code).toBe(200);
    await composer(embed).fill('还在吗');
    await composer(embed).press('Enter');
    await expect(answers(embed).last()).toHaveAttribute('data-status', 'error');
    await expect(answers(embed).last()).toContainText('未发布或已取消发布');
    await embed.close();
  });
});
