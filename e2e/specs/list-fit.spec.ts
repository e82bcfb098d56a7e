import { expect, test, type Locator, type Page } from '../support/test';
import { adminToken } from '../support/api';
import { expectItemsFit, expectListFits } from '../support/first-hour';
import { seedLongNames, type LongNamed } from '../support/long-names';
import { shot, useToken } from '../support/ui';

// Every list at 1280 px (the sidebar open) with names as long as their fields allow: key text is cut
// only with a tooltip that shows it whole, nothing spills over its neighbour, nothing scrolls sideways.
test.use({ viewport: { width: 1280, height: 800 } });

let seeded: LongNamed;
let token = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  token = await adminToken(request);
  seeded = await seedLongNames(request, token);
  await request.dispose();
});

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000);
  await useToken(page, token);
});

/** The table showing the row of this run's long names. */
async function tableWith(page: Page, text: string): Promise<Locator> {
  const table = page
    .locator('.ant-table')
    .filter({ visible: true, has: page.locator('tr.ant-table-row', { hasText: text }) })
    .first();
  await expect(table).toBeVisible({ timeout: 20_000 });
  return table;
}

async function search(page: Page, placeholder: string, keyword: string): Promise<void> {
  await page.getByPlaceholder(placeholder).fill(keyword);
  await page.getByPlaceholder(placeholder).press('Enter');
}

test('models: name, provider with its address, created', async ({ page }) => {
  await page.goto('/model');
  await expectListFits(await tableWith(page, seeded.mark), [0, 2, 5]);
  await shot(page, 'list-fit-models');
});

test('agents: the cards, and an agent’s API keys', async ({ page }) => {
  await page.goto('/agent');
  const cards = page.getByTestId('agent-card');
  await expect(cards.filter({ hasText: seeded.mark }).first()).toBeVisible({ timeout: 20_000 });
  await expectItemsFit(cards);
  await shot(page, 'list-fit-agents');

  await page.goto(`/agent/dep/${seeded.agentId}`);
  await expectListFits(await tableWith(page, seeded.mark), [0, 1, 2]);
  await shot(page, 'list-fit-api-keys');
});

test('plan runs: title, agent, status', async ({ page }) => {
  await page.goto('/agent/plan-list');
  await expectListFits(await tableWith(page, seeded.mark), [0, 1, 2]);
  await shot(page, 'list-fit-plan-runs');
});

test('tools: name, description, tags, owner; the built-in ones', async ({ page }) => {
  await page.goto('/tool/llm');
  await expectListFits(await tableWith(page, seeded.mark), [0, 1, 2, 4]);
  await shot(page, 'list-fit-tools');

  // The built-in tools, with the longest descriptions the platform ships.
  await page.goto('/tool/builtin');
  await expectListFits(await tableWith(page, 'calculator'), [0, 1]);
});

test('MCP services: the cards with their addresses', async ({ page }) => {
  await page.goto('/service');
  const cards = page.getByTestId('service-card');
  await expect(cards.filter({ hasText: seeded.mark }).first()).toBeVisible({ timeout: 20_000 });
  await expectItemsFit(cards);
  await shot(page, 'list-fit-services');
});

test('knowledge bases: the cards, then a base’s documents', async ({ page }) => {
  await page.goto('/kb');
  const cards = page.getByTestId('kb-card');
  await expect(cards.filter({ hasText: seeded.mark }).first()).toBeVisible({ timeout: 20_000 });
  await expectItemsFit(cards);
  await shot(page, 'list-fit-kbs');

  await page.goto(`/kb/detail/${seeded.kbId}`);
  // The first cell is the row's checkbox.
  await expectListFits(await tableWith(page, seeded.mark), [1, 3, 5]);
  await shot(page, 'list-fit-kb-documents');
});

test('files: private and public tables, and the card view', async ({ page }) => {
  await page.goto('/files/private');
  await expectListFits(await tableWith(page, seeded.mark), [1, 3]);
  await shot(page, 'list-fit-files-private');

  await page.goto('/files/public');
  await expectListFits(await tableWith(page, seeded.mark), [1, 3, 4]);

  await page.goto('/files/next/private');
  const cards = page.locator('[role="button"][aria-pressed]');
  await expect(cards.filter({ hasText: seeded.mark }).first()).toBeVisible({ timeout: 20_000 });
  await expectItemsFit(cards);
  await shot(page, 'list-fit-files-cards');
});

test('conversations: the model chat’s list of conversations', async ({ page }) => {
  await page.goto('/model/chat');
  // Every spec's models are in the list: the seeded one is found by typing its mark.
  await page.getByRole('combobox', { name: '选择对话模型' }).fill(seeded.mark);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: seeded.mark }).first().click();
  const entries = page.locator('.ant-conversations-item');
  // The seeded model's one conversation; its title is the question's first words, without the mark.
  await expect(entries.first()).toBeVisible({ timeout: 20_000 });
  await expectItemsFit(entries);
  await shot(page, 'list-fit-conversations');
});

test('tags: name, colour, created', async ({ page }) => {
  await page.goto('/system/tag');
  await expectListFits(await tableWith(page, seeded.mark), [0, 2, 3]);
  await shot(page, 'list-fit-tags');
});

test('accounts and usage: user name, nickname, created; user and resources', async ({ page }) => {
  await page.goto('/system/account');
  await search(page, '搜索用户名、昵称或手机号', seeded.mark);
  await expectListFits(await tableWith(page, seeded.mark), [0, 1, 5]);
  await shot(page, 'list-fit-users');

  await page.getByRole('tab', { name: '用量统计' }).click();
  await search(page, '搜索用户名或昵称', seeded.mark);
  // The first cell opens the row’s detail; then user, status, resources.
  await expectListFits(await tableWith(page, seeded.mark), [1, 3]);
  await shot(page, 'list-fit-usage');
});
