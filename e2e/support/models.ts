import { expect, type Locator, type Page } from '@playwright/test';

/** A name no other spec run has used. */
export function uniqueModelName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1_000)}`;
}

/** Picks an option of an antd Select found by its accessible name. */
export async function chooseOption(page: Page, combobox: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await item.click();
  // A click while the dropdown is still opening can be lost on a busy machine: the option is then neither
  // chosen nor gone. A dropdown that closes meanwhile means the click took (no waiting for the option then).
  const lost = async () => {
    if (!(await item.isVisible())) return false;
    return item.evaluate((element) => !element.classList.contains('ant-select-item-option-selected'), undefined, { timeout: 1_000 }).catch(() => false);
  };
  if (await lost()) await item.click();
}

/** Picks the model type in the form (antd's radio buttons: the label takes the click). */
export async function chooseType(page: Page, type: string): Promise<void> {
  const radio = page.getByRole('radio', { name: type, exact: true });
  await page.getByRole('radiogroup').locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** The row of the model list that shows this model name. */
export function modelRow(page: Page, llmName: string): Locator {
  return page.getByRole('row').filter({ hasText: llmName });
}

/** Searches the model list for a name and waits for its row. */
export async function findModel(page: Page, llmName: string): Promise<Locator> {
  const search = page.getByRole('searchbox', { name: '搜索模型名称、显示名称或上游模型' });
  await search.fill(llmName);
  await search.press('Enter');
  const row = modelRow(page, llmName);
  await expect(row).toHaveCount(1);
  return row;
}

export const answers = (page: Page) => page.getByTestId('chat-assistant');
export const questions = (page: Page) => page.getByTestId('chat-user');
export const composer = (page: Page) => page.getByPlaceholder('输入问题，Enter 发送，Shift + Enter 换行');

/** Types a question into the playground and sends it with Enter. */
export async function ask(page: Page, question: string): Promise<void> {
  await composer(page).fill(question);
  await composer(page).press('Enter');
}

/** The playground in dark mode too: the OS preference, followed by the default "system" theme. */
export async function inDarkMode(page: Page, run: () => Promise<void>): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  try {
    await run();
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}
