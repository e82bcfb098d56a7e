import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY, type TestUser } from './constants';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Saves what the user sees to e2e/screenshots/<name>.png (git-ignored). */
export async function shot(page: Page, name: string): Promise<void> {
  // Let finite animations (modal fade, tab ink, the theme reveal) end first: the screen as it settles.
  // (At most half a second: a toast's own life is not something to wait for.)
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 500))]);
  });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });
}

/** A sonner toast (top centre, over the header) with this title. */
export function toast(page: Page, title: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) });
}

/** A validation message under a form field. */
export function fieldError(page: Page, message: string): Locator {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: new RegExp(`^${message}$`) });
}

export const loginButton = (page: Page) => page.getByRole('button', { name: /登\s*录/ });

/** Fills and submits the sign-in form (the page must be on /login). */
export async function submitLogin(page: Page, user: Pick<TestUser, 'user_name' | 'password'>): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(user.user_name);
  await page.getByLabel('密码', { exact: true }).fill(user.password);
  await loginButton(page).click();
}

/** Starts the page signed in with a token obtained through the API. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-token-set')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-token-set', '1');
      }
    },
    [TOKEN_STORAGE_KEY, token] as const,
  );
}

/** Signs the open page in as someone else (`useToken` sets the first token of a page only). */
export async function switchToken(page: Page, token: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token] as const);
}

/** Fills every field of /register for `user` (the page must be open); the caller submits. */
export async function fillRegisterForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(user.user_name);
  await page.getByLabel('昵称', { exact: true }).fill(user.nick_name);
  await page.getByLabel('手机号', { exact: true }).fill(user.phone);
  await page.getByLabel('密码', { exact: true }).fill(user.password);
  await page.getByLabel('确认密码', { exact: true }).fill(user.password);
}

/** Creates an API key on an agent's or setup's deploy page and closes the dialog: the whole key, shown that once. */
export async function createKeyOnDeployPage(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: /创建密钥/ }).click();
  await page.getByLabel('密钥名称').fill(name);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /创建密钥/ })
    .click();
  const key = (await page.getByTestId('created-api-key').innerText()).trim();
  await page.getByRole('button', { name: '我已保存' }).click();
  return key;
}
