import { expect, test, type Page } from '../support/test';
import { adminToken, apiRegister, setProperties } from '../support/api';
import { newUser, type TestUser } from '../support/constants';
import { shot, submitLogin, toast, useToken, fillRegisterForm } from '../support/ui';

async function registerThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/register');
  await fillRegisterForm(page, user);
  await page.getByRole('button', { name: /创建账号/ }).click();
  await expect(toast(page, '创建成功')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

test('an account pending review cannot sign in until an administrator approves it', async ({ page, browser, request }) => {
  const user = newUser('pending');
  await setProperties(request, { 'system.user.register.review': 'true' });
  try {
    await registerThroughForm(page, user);
  } finally {
    await setProperties(request, { 'system.user.register.review': 'false' });
  }

  await submitLogin(page, user);
  const failed = toast(page, '登录失败');
  await expect(failed).toBeVisible();
  await expect(failed.locator('[data-description]')).toHaveText('当前账号尚未审核，请联系管理员审核后登录');
  await shot(page, 'login-pending-account');

  // The administrator, in a browser of their own.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await useToken(admin, await adminToken(request));
  await admin.goto('/system/account');
  await expect(admin.getByRole('heading', { name: '账号管理' })).toBeVisible();
  await admin.getByRole('combobox', { name: '状态' }).click();
  await admin.locator('.ant-select-item-option').filter({ hasText: '待审核' }).click();
  const row = admin.getByRole('row').filter({ hasText: user.user_name });
  await expect(row.getByText('待审核')).toBeVisible();
  await shot(admin, 'system-account-pending');
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await expect(toast(admin, '已通过审核')).toBeVisible();
  await expect(row).toBeHidden(); // no longer pending

  await admin.getByRole('combobox', { name: '状态' }).click();
  await admin.locator('.ant-select-item-option').filter({ hasText: '全部状态' }).click();
  const approved = admin.getByRole('row').filter({ hasText: user.user_name });
  await expect(approved.getByText('正常')).toBeVisible();
  await approved.getByRole('button', { name: /用\s*量/ }).click();
  const usage = admin.getByRole('dialog', { name: `用量统计：${user.nick_name}` });
  await expect(usage).toBeVisible();
  await expect(usage.getByText('会话')).toBeVisible();
  await shot(admin, 'system-account-usage');
  await usage.getByRole('button', { name: /^关\s闭$/ }).click();
  await admin.getByRole('tab', { name: '用量统计' }).click();
  await expect(admin.getByRole('row').filter({ hasText: user.user_name })).toBeVisible();
  await shot(admin, 'system-account-usage-tab');
  await adminContext.close();

  await submitLogin(page, user);
  await expect(toast(page, '登录成功')).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/chat$/);
  // An ordinary user has no system settings in the sidebar, and is refused the admin screen.
  await expect(page.getByRole('menuitem', { name: /系统设置/ })).toHaveCount(0);
  await page.goto('/system/account');
  await expect(page.getByText('抱歉，只有管理员可以访问此页面')).toBeVisible();
});

test('an administrator deletes an account after confirming', async ({ page, request }) => {
  const user = newUser('delete');
  await apiRegister(request, user);
  await useToken(page, await adminToken(request));
  await page.goto('/system/account');
  await page.getByRole('searchbox', { name: '搜索用户名、昵称或手机号' }).fill(user.user_name);
  await page.getByRole('searchbox', { name: '搜索用户名、昵称或手机号' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: user.user_name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('确定删除该账号吗？')).toBeVisible();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
});
