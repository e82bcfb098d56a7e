import { expect, test, type APIRequestContext } from '../support/test';
import { adminToken, apiRegister } from '../support/api';
import { APP_NAME, newUser } from '../support/constants';
import { shot, toast, useToken } from '../support/ui';

// The administrator runs branding and switches from the browser: menu labels and visibility, the
// logo (an SVG with a script in it, stored sanitised), and the registration review switch. Every
// change is undone afterwards through the API: the other specs expect the built-in settings.

const CHANGED_CODES = ['system.ui.menu.kb.chat', 'system.ui.menu.agent.plan-list', 'system.ui.logo', 'system.user.register.review'];

async function restoreDefaults(request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  const items = CHANGED_CODES.map((code) => ({ code, current_value: null }));
  const body = await (await request.post('/api/system/property/update/batch', { data: { items }, headers: { 'access-token': token } })).json();
  expect(body.code, body.msg).toBe(200);
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" onload="alert(1)"><script>alert(2)</script><rect width="32" height="32" rx="8" fill="#e8590c"/><image href="https://example.com/track.png"/></svg>`;

test.describe('system settings', () => {
  test.beforeEach(async ({ page, request }) => {
    await useToken(page, await adminToken(request));
  });
  test.afterEach(async ({ request }) => {
    await restoreDefaults(request);
  });

  test('a renamed menu entry and a hidden one: the preview and then the sidebar follow; an uploaded SVG logo is stored without its script', async ({ page, request }) => {
    await page.goto('/system/config/ui');
    await expect(page.getByRole('heading', { name: '界面设置' })).toBeVisible({ timeout: 30_000 });
    const preview = page.getByRole('region', { name: '侧边栏预览' });
    await expect(preview.getByText('知识库对话')).toBeVisible();

    await page.getByLabel('菜单名称：知识库对话').fill('知识问答');
    await page.getByRole('switch', { name: '显示菜单：计划记录' }).click();
    await expect(preview.getByText('知识问答')).toBeVisible();
    await expect(preview.getByText('计划记录')).toHaveCount(0);

    await page.locator('input[type=file]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG) });
    await expect(preview.getByRole('img', { name: APP_NAME })).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await shot(page, 'system-ui-draft');

    await page.getByRole('button', { name: '保存全部' }).click();
    await expect(toast(page, '界面设置已保存')).toBeVisible();

    const sidebar = page.locator('.ant-layout-sider');
    const group = (label: string) => sidebar.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^${label}$`) });
    await group('知识库').click();
    await expect(sidebar.getByRole('menuitem', { name: '知识问答', exact: true })).toBeVisible();
    await group('智能体').click();
    await expect(sidebar.getByRole('menuitem', { name: '智能体管理', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: '计划记录', exact: true })).toHaveCount(0);

    // A fresh load (another tab) gets the same: the entries and the sanitised logo from list/ui.
    await page.reload();
    await group('知识库').click();
    await sidebar.getByRole('menuitem', { name: '知识问答', exact: true }).click();
    await expect(page).toHaveURL(/\/kb\/chat$/);
    const logo = sidebar.getByRole('img', { name: APP_NAME });
    await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    const stored = Buffer.from(String(await logo.getAttribute('src')).split(',')[1] ?? '', 'base64').toString('utf8');
    expect(stored).toContain('fill="#e8590c"');
    expect(stored).not.toMatch(/script|onload|example\.com/);
    await shot(page, 'system-ui-sidebar');

    const entries = (await (await request.post('/api/system/property/list/ui')).json()).data as Array<{ code: string; current_value: string | null }>;
    expect(entries.find((entry) => entry.code === 'system.ui.menu.agent.plan-list')?.current_value).toBe('');
  });

  test('the property page flips the registration review switch; a new account then waits for approval', async ({ page, request }) => {
    await page.goto('/system/config/property');
    await expect(page.getByRole('heading', { name: '系统属性' })).toBeVisible({ timeout: 30_000 });
    await page.getByPlaceholder('搜索属性编码或名称').fill('register.review');
    await page.getByPlaceholder('搜索属性编码或名称').press('Enter');
    const row = page.getByRole('row').filter({ hasText: 'system.user.register.review' });
    await expect(row.getByText('开启后新注册的账号需管理员审核通过才能登录')).toBeVisible();
    const review = row.getByRole('switch', { name: 'system.user.register.review' });
    await expect(review).not.toBeChecked();

    await review.click();
    await page.getByRole('button', { name: '保存修改（1）' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(row.getByText(/^admin · /)).toBeVisible();
    await shot(page, 'system-property-review');

    await page.reload();
    await page.getByPlaceholder('搜索属性编码或名称').fill('register.review');
    await page.getByPlaceholder('搜索属性编码或名称').press('Enter');
    await expect(page.getByRole('switch', { name: 'system.user.register.review' })).toBeChecked();

    const user = newUser('waits');
    await apiRegister(request, user);
    const login = await (await request.post('/ai-sdk-api/user/login/by_username', { data: { user_name: user.user_name, password: user.password } })).json();
    expect(login.code).toBe(40105);
  });
});
