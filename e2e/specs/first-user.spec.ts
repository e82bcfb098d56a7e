import { expect, test } from '../support/test';
import { ADMIN, APP_NAME } from '../support/constants';
import { loginButton, shot, submitLogin, toast, fillRegisterForm } from '../support/ui';

test('the first account registers through the form, becomes administrator and signs out', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveTitle(`注册 - ${APP_NAME}`);
  await fillRegisterForm(page, ADMIN);
  await shot(page, 'register-filled');
  await page.getByRole('button', { name: /创建账号/ }).click();

  await expect(toast(page, '创建成功')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginButton(page)).toBeVisible();

  await submitLogin(page, ADMIN);
  await expect(toast(page, '登录成功')).toBeVisible();
  // No redirect parameter: `/`, which lands on the agent chat.
  await expect(page).toHaveURL(/\/agent\/chat$/);
  await expect(page).toHaveTitle(`智能体对话 - ${APP_NAME}`);
  // A new platform has no agents yet: the chat page says so and offers to create one.
  await expect(page.getByText('还没有可以对话的智能体')).toBeVisible();
  // Administrators see the system settings group of the sidebar.
  await expect(page.getByRole('menuitem', { name: /系统设置/ })).toBeVisible();
  await shot(page, 'app-agent-chat-light');

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/account\/info$/);
  await expect(page.getByText('管理员', { exact: true })).toBeVisible();
  await expect(page.getByText(ADMIN.phone)).toBeVisible();
  await shot(page, 'account-info');

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, '已退出登录')).toBeVisible();
  // The session is gone: a protected page sends the user back to sign in.
  await page.goto('/account/info');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Finfo$/);
});
