import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '../support/test';
import { adminToken, apiCreateModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { inDarkMode, uniqueModelName } from '../support/models';
import { scriptLlm } from '../support/scripted-llm';
import { shot, useToken } from '../support/ui';

// The administrator's usage dashboard after a few chats with the scripted model: the charts are drawn
// with data, each table downloads as a UTF-8 CSV with a byte-order mark (Excel reads the Chinese), and
// a period without use shows the empty state.

/** A drawn chart: a canvas with more than a few colours on it (an empty one is a single fill). */
async function expectDrawn(chart: Locator): Promise<void> {
  await chart.scrollIntoViewIfNeeded();
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const pixels = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
        const colours = new Set<number>();
        for (let at = 0; at < pixels.length; at += 4) colours.add((pixels[at]! << 16) | (pixels[at + 1]! << 8) | pixels[at + 2]!);
        return colours.size;
      }),
    )
    .toBeGreaterThan(6);
}

async function downloadCsv(page: Page, table: Locator): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: '导出 CSV' }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
}

test('the usage dashboard: charts drawn from a few chats, tables exported as CSV, an empty period', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const headers = { 'access-token': token };
  const model = uniqueModelName('e2e-summary');
  await apiCreateModel(request, token, { llm_name: model, type: 'chat', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL, is_public: true });
  const agentName = `统计演示助手${Date.now() % 100_000}`;
  const created = await (await request.post('/api/agent/create', { data: { name: agentName, llm_name: model }, headers })).json();
  expect(created.code, created.msg).toBe(200);
  await scriptLlm({ match: '统计演示', text: '好的，已经整理完毕。', usage: { prompt_tokens: 40, completion_tokens: 20 } });
  for (const query of ['统计演示：第一季度', '统计演示：第二季度']) {
    const stream = await (await request.post('/api/agent/chat', { data: { agent_id: created.data.id, query }, headers })).text();
    expect(stream).toContain('event: done');
  }

  // A playground chat too (through the API: the model picker is another spec's subject, and after a full run it lists many models).
  const playground = await (await request.post('/api/llm/chat', { data: { llm_name: model, query: '统计演示：模型对话' }, headers })).text();
  expect(playground).toContain('event: done');

  await useToken(page, token);

  await page.goto('/system/summary');
  await expect(page.getByRole('heading', { name: '系统概览' })).toBeVisible({ timeout: 30_000 });
  await expectDrawn(page.getByTestId('summary-messages-chart'));
  await expectDrawn(page.getByTestId('summary-tokens-chart'));
  const topAgents = page.getByTestId('summary-top-agents');
  await expect(topAgents.getByRole('row', { name: new RegExp(agentName) })).toContainText('120');
  await shot(page, 'system-summary-light');

  const agents = await downloadCsv(page, topAgents);
  expect(agents.name).toMatch(/^智能体词元用量-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  expect(agents.text.startsWith('\uFEFF名称,调用次数,输入词元,输出词元,总词元\r\n')).toBe(true);
  expect(agents.text).toContain(`\r\n${agentName},2,80,40,120\r\n`);
  const perDay = await downloadCsv(page, page.getByTestId('summary-tokens'));
  expect(perDay.text).toContain(`,${model},`);

  await inDarkMode(page, async () => {
    await expectDrawn(page.getByTestId('summary-messages-chart'));
    await expectDrawn(page.getByTestId('summary-tokens-chart'));
    await shot(page, 'system-summary-dark');
  });

  // A week long ago: nothing was used then.
  const range = page.locator('.ant-picker-range');
  await range.locator('input').first().click();
  await range.locator('input').first().fill('2020-01-01');
  await range.locator('input').first().press('Enter');
  await range.locator('input').nth(1).fill('2020-01-07');
  await range.locator('input').nth(1).press('Enter');
  await expect(page.getByText('所选时间段内暂无使用数据')).toBeVisible();
  await expect(page.getByTestId('summary-tokens-chart')).toHaveCount(0);
  await shot(page, 'system-summary-empty');
});
