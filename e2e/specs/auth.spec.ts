import { expect, test } from '../support/test';
import { apiRegister, setProperties } from '../support/api';
import { ADMIN, APP_NAME, newUser } from '../support/constants';
import { fieldError, loginButton, shot, submitLogin, toast, fillRegisterForm } from '../support/ui';

test.describe('sign in', () => {
  test('shows the required-field messages for an empty form', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(`登录 - ${APP_NAME}`);
    await expect(page.getByRole('link', { name: '《服务协议》' })).toHaveAttribute('href', '/agreement.pdf');
    await expect(page.getByRole('link', { name: '《服务协议》' })).toHaveAttribute('target', '_blank');
    await shot(page, 'login-light');
    await loginButton(page).click();
    await expect(fieldError(page, '请输入用户名')).toBeVisible();
    await expect(fieldError(page, '请输入密码')).toBeVisible();
    await shot(page, 'login-validation');
  });

  test('a wrong password shows 登录失败 with the catalogue message', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, { user_name: ADMIN.user_name, password: 'not-the-password' });
    const failed = toast(page, '登录失败');
    await expect(failed).toBeVisible();
    await expect(failed.locator('[data-description]')).toHaveText('请检查用户名和密码是否正确');
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, 'login-wrong-password');
  });

  test('a protected page sends the user to sign in and back to it afterwards', async ({ page }) => {
    await page.goto('/agent/edit/42?tab=docs&q=知识#seg-3');
    // The path, query string and hash as the address bar has them (the query is percent-encoded there).
    const target = '/agent/edit/42?tab=docs&q=%E7%9F%A5%E8%AF%86#seg-3';
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(target)}`);
    await submitLogin(page, ADMIN);
    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(page).toHaveURL(/\/agent\/edit\/42\?tab=docs&q=%E7%9F%A5%E8%AF%86#seg-3$/);
    await expect(page).toHaveTitle(`编辑智能体 - ${APP_NAME}`);
    await expect(page.getByText('智能体不存在或已被删除')).toBeVisible();
  });
});

test.describe('register', () => {
  test('shows every form rule message', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: /创建账号/ }).click();
    for (const message of ['请输入用户名', '请输入昵称', '请输入手机号', '请输入密码', '请确认密码']) {
      await expect(fieldError(page, message)).toBeVisible();
    }
    await shot(page, 'register-validation');

    await page.getByLabel('手机号', { exact: true }).fill('12345678901');
    await expect(fieldError(page, '请输入正确的手机号')).toBeVisible();
    for (const valid of ['13912345678', '+8613912345678', '008613912345678']) {
      await page.getByLabel('手机号', { exact: true }).fill(valid);
      await expect(fieldError(page, '请输入正确的手机号')).toBeHidden();
    }
    await page.getByLabel('密码', { exact: true }).fill('secret123');
    await page.getByLabel('确认密码', { exact: true }).fill('secret124');
    await expect(fieldError(page, '两次密码不一致')).toBeVisible();
    await page.getByLabel('确认密码', { exact: true }).fill('secret123');
    await expect(fieldError(page, '两次密码不一致')).toBeHidden();
  });

  test('with SMS on: the code field, the phone check before sending, the 60 s countdown', async ({ page, request }) => {
    await page.goto('/register');
    await expect(page.getByRole('button', { name: '获取验证码' })).toHaveCount(0);
    await setProperties(request, { 'system.sms.enabled': 'true' });
    try {
      await page.reload();
      const sendCode = page.getByRole('button', { name: '获取验证码' });
      await sendCode.click();
      await expect(fieldError(page, '请输入手机号')).toBeVisible();
      await page.getByLabel('手机号', { exact: true }).fill('12');
      await sendCode.click();
      await expect(fieldError(page, '请输入正确的手机号')).toBeVisible();

      await page.getByLabel('手机号', { exact: true }).fill(newUser('sms').phone);
      await sendCode.click();
      await expect(toast(page, '验证码发送成功')).toBeVisible();
      const countdown = page.getByRole('button', { name: /\d+秒后重新获取$/ });
      await expect(countdown).toBeDisabled();
      await expect(countdown).toHaveText(/^(60|59|58|57)秒后重新获取$/);

      await page.getByRole('button', { name: /创建账号/ }).click();
      await expect(fieldError(page, '请输入验证码')).toBeVisible();
      await expect(page.getByRole('textbox', { name: /OTP Input 1/ })).toBeVisible();
      await shot(page, 'register-sms');
    } finally {
      await setProperties(request, { 'system.sms.enabled': 'false' });
    }
  });

  test('a taken user name shows 创建失败 with the server message', async ({ page, request }) => {
    const user = newUser('taken');
    await apiRegister(request, user);
    await page.goto('/register');
    await fillRegisterForm(page, user);
    await page.getByRole('button', { name: /创建账号/ }).click();
    const failed = toast(page, '创建失败');
    await expect(failed).toBeVisible();
    await expect(failed.locator('[data-description]')).not.toBeEmpty();
    await expect(page).toHaveURL(/\/register$/);
  });
});
