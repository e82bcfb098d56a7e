import { expect, test } from '../support/test';
import { adminToken } from '../support/api';
import { APP_NAME } from '../support/constants';
import { shot, useToken } from '../support/ui';

test.describe('screens outside the menu pages', () => {
  test.beforeEach(async ({ page, request }) => {
    await useToken(page, await adminToken(request));
  });

  test('an unknown route shows the 404 page, whose button goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('页面未找到', { exact: true })).toBeVisible();
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await expect(page).toHaveTitle(`页面未找到 - ${APP_NAME}`);
    await shot(page, 'not-found');
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/agent\/chat$/);
  });

  test('/version shows the build the server runs', async ({ page, request }) => {
    const info = (await (await request.get('/version.json')).json()) as { id: string; arch: string; nodeVersion: string };
    await page.goto('/version');
    await expect(page.getByRole('heading', { name: '版本信息' })).toBeVisible();
    for (const label of ['版本号', '构建时间', 'Git 提交', 'Git 分支', '运行平台', '系统架构', 'Node.js 版本']) {
      await expect(page.getByRole('rowheader', { name: label })).toBeVisible();
    }
    await expect(page.getByText(info.id, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(info.nodeVersion, { exact: true })).toBeVisible();
    await expect(page.getByText(info.arch, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`版本信息 - ${APP_NAME}`);
    await shot(page, 'version');
  });

  test('HTTP 403 with code 40302 sends the user to /license/expire', async ({ page }) => {
    await page.route('**/api/user/query_userinfo', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 40302, msg: '授权已过期', data: null }) }),
    );
    await page.goto('/agent/chat');
    await expect(page).toHaveURL(/\/license\/expire$/);
    await expect(page.getByText('授权已过期', { exact: true })).toBeVisible();
    await shot(page, 'license-expire');
  });

  test('a screen built later shows the not-open state under its title', async ({ page }) => {
    await page.goto('/model/ai/face');
    await expect(page).toHaveTitle(`人脸识别 - ${APP_NAME}`);
    await expect(page.getByRole('heading', { name: '人脸识别' })).toBeVisible();
    await expect(page.getByText('该页面尚未开放')).toBeVisible();
    await page.goto('/files/preview');
    await expect(page.getByText('缺少要预览的文件')).toBeVisible();
    await expect(page.locator('.ant-layout-sider')).toHaveCount(0); // standalone: outside the main layout
    await shot(page, 'files-preview-standalone');
  });

  test('a route change closes open modals', async ({ page }) => {
    await page.goto('/agent/chat');
    await page.goto('/account/info');
    await page.getByRole('button', { name: /编辑资料/ }).click();
    await expect(page.getByRole('dialog', { name: '编辑资料' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/agent\/chat$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a route that fails shows 系统异常, and a newer build on the server reloads the page once', async ({ page }) => {
    // The server reports the build the page was built from…
    let serverBuildId = '';
    await page.route('**/version.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ id: serverBuildId }) }));
    await page.goto('/login');
    serverBuildId = (await page.locator('meta[name="build-id"]').getAttribute('content')) ?? '';
    expect(serverBuildId).not.toBe('');
    await page.route(/\/assets\/AccountInfoPage-[^/]+\.js$/, (route) => route.abort());
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/account/info');
    await expect(page.getByText('系统异常', { exact: true })).toBeVisible();
    await expect(page.getByText('很抱歉，系统运行出现异常，请稍后重试或联系管理员')).toBeVisible();
    await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
    await expect(page.getByRole('button', { name: '刷新页面' })).toBeVisible();
    await expect(page).toHaveTitle(`系统异常 - ${APP_NAME}`);
    await shot(page, 'route-error');
    expect(loads).toBe(1); // same build id: no reload

    // …then a newer one.
    serverBuildId = 'a-newer-build';
    await page.getByRole('button', { name: '刷新页面' }).click();
    // Reloaded by the button (2), then once more by the build check (3), and not again.
    await expect.poll(() => loads).toBe(3);
    await expect(page.getByText('系统异常', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('reloaded-for-build'))).toBe('a-newer-build');
  });
});
