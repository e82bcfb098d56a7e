import { expect, test, type Page } from '../support/test';
import { adminToken } from '../support/api';
import { shot, useToken } from '../support/ui';

const rootTheme = (page: Page) => page.locator('html');
const themeToggle = (page: Page) => page.getByRole('button', { name: /^切换主题/ });

/** Counts view transitions (the circular reveal) started by the page. */
async function countViewTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = document.startViewTransition?.bind(document);
    if (!original) return;
    (window as unknown as { __transitions: number }).__transitions = 0;
    document.startViewTransition = ((update?: ViewTransitionUpdateCallback) => {
      (window as unknown as { __transitions: number }).__transitions += 1;
      return original(update);
    }) as typeof document.startViewTransition;
  });
}

const transitions = (page: Page) => page.evaluate(() => (window as unknown as { __transitions?: number }).__transitions);

test('the theme cycles light → dark → system with a circular reveal in the app', async ({ page, request }) => {
  await countViewTransitions(page);
  await useToken(page, await adminToken(request));
  await page.goto('/account/info');
  await expect(page.getByRole('heading', { name: '个人信息' })).toBeVisible();

  // Default: system, and the (emulated) OS is light.
  await expect(themeToggle(page)).toHaveAttribute('data-theme-mode', 'system');
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'light');

  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveAttribute('data-theme-mode', 'light');
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'light');

  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveAttribute('data-theme-mode', 'dark');
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'account-info-dark');
  await page.goto('/model/ai/face');
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByText('该页面尚未开放')).toBeVisible();
  await shot(page, 'app-pending-dark');

  await themeToggle(page).click();
  await expect(themeToggle(page)).toHaveAttribute('data-theme-mode', 'system');
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'light');
  expect(await transitions(page)).toBeGreaterThan(0);

  // System mode follows the OS preference live.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'light');

  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('preference') ?? '{}') as { state: unknown });
  expect(saved.state).toMatchObject({ themeMode: 'system', theme: 'light', isSidebarCollapsed: false, isSidebarPinned: true });
});

test('the sign-in page toggles the theme without the reveal animation', async ({ page }) => {
  await countViewTransitions(page);
  await page.goto('/login');
  await themeToggle(page).click();
  await themeToggle(page).click();
  await expect(rootTheme(page)).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'login-dark');
  expect(await transitions(page)).toBe(0);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: /创建账号/ })).toBeVisible();
  await page.getByRole('button', { name: /创建账号/ }).click();
  await expect(page.getByText('请确认密码')).toBeVisible();
  await shot(page, 'register-dark');
});

test('the sidebar collapses and unpins, and remembers it', async ({ page, request }) => {
  await useToken(page, await adminToken(request));
  await page.goto('/agent/chat');
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).toHaveCSS('width', '224px');
  await page.getByRole('button', { name: '收起侧边栏' }).click();
  await expect(sider).toHaveCSS('width', '64px');
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(sider).toHaveCSS('width', '224px');
  await page.getByRole('button', { name: '取消固定侧边栏' }).click();
  await expect(sider).toHaveCSS('width', '64px');
  await sider.hover();
  await expect(sider).toHaveCSS('width', '224px');
  await page.reload();
  await expect(page.getByRole('button', { name: '固定侧边栏' })).toBeAttached();
  await sider.hover();
  await page.getByRole('button', { name: '固定侧边栏' }).click();
  await expect(sider).toHaveCSS('width', '224px');
});
