import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '../support/test';
import { FIXTURE, makeFixtureFolder } from '../fixtures/files/make-fixtures';
import { apiLogin, apiRegister } from '../support/api';
import { newUser, type TestUser } from '../support/constants';
import { inDarkMode } from '../support/models';
import { shot, toast, useToken } from '../support/ui';

/** Server round trips on a machine shared with other builds and tests: more patience than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
/** The first screen of a lazily loaded page, and the heavy preview readers (pdf.js, exceljs). */
const SLOW = { timeout: 40_000 };

/** A file big enough that, with the upload throttled, its progress is seen between 0 and 100. */
const BIG_FILE = { name: '安装包.bin', size: 384 * 1024 };
const FOLDER_PATH = `?path=${encodeURIComponent('/资料')}`;

async function signUp(page: Page, request: APIRequestContext): Promise<TestUser> {
  const user = newUser('files');
  await apiRegister(request, user);
  await useToken(page, await apiLogin(request, user));
  return user;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const rowMenu = async (page: Page, name: string, item: string) => {
  await row(page, name)
    .getByRole('button', { name: `更多：${name}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
};

/** Upload bandwidth as the DevTools network panel would throttle it (bytes per second; -1 lifts it). */
async function throttleUpload(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

test('the file manager: upload a folder with progress, new folder, move, rename, share and delete', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const user = await signUp(page, request);
  const folder = await makeFixtureFolder(browser);
  fs.writeFileSync(path.join(folder, BIG_FILE.name), Buffer.alloc(BIG_FILE.size, 7));
  const names = [FIXTURE.markdown.name, FIXTURE.text.name, FIXTURE.pdf.name, FIXTURE.xlsx.name, BIG_FILE.name];

  // An empty tree says what to do.
  await page.goto('/files/private');
  await expect(page.getByRole('heading', { name: '我的文件' })).toBeVisible(SLOW);
  await expect(page.getByText('这个文件夹还是空的，上传文件或新建文件夹吧')).toBeVisible();
  await shot(page, 'files-empty-light');
  await inDarkMode(page, () => shot(page, 'files-empty-dark'));

  // A whole folder: every file with its own progress bar, into the matching sub-folder.
  await throttleUpload(page, 96 * 1024);
  await page.getByTestId('upload-folder-input').setInputFiles(folder);
  const uploads = page.getByRole('list', { name: '上传列表' });
  await expect(uploads.getByRole('listitem')).toHaveCount(names.length);
  const bigProgress = uploads.getByRole('listitem', { name: BIG_FILE.name }).getByRole('progressbar');
  await expect.poll(async () => Number(await bigProgress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(Number(await bigProgress.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await shot(page, 'files-uploading');
  await throttleUpload(page, -1);
  for (const name of names) await expect(uploads.getByRole('listitem', { name })).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(toast(page, `${names.length} 个文件上传完成`)).toBeVisible();
  await expect(page.getByText(`已完成 ${names.length} / ${names.length}`)).toBeVisible();
  await expect(row(page, '资料')).toBeVisible();

  // Into the folder: the path is in the URL and the breadcrumbs.
  await page.getByRole('button', { name: '资料', exact: true }).click();
  await expect(page).toHaveURL(/\/files\/private\?path=/);
  expect(new URL(page.url()).searchParams.get('path')).toBe('/资料');
  const breadcrumbs = page.getByRole('navigation', { name: '当前位置' });
  await expect(breadcrumbs.getByText('资料')).toHaveAttribute('aria-current', 'page');
  for (const name of names) await expect(row(page, name)).toBeVisible();
  await expect(row(page, FIXTURE.pdf.name)).toContainText('KB');

  // A new folder comes first.
  await page.getByRole('button', { name: '新建文件夹' }).click();
  const newFolder = page.getByRole('dialog', { name: '新建文件夹' });
  await newFolder.getByLabel('名称').fill('a/b');
  await newFolder.getByRole('button', { name: /确\s*定/ }).click();
  await expect(newFolder.getByText(/名称不能超过 100 个字符/)).toBeVisible();
  await newFolder.getByLabel('名称').fill('归档');
  await newFolder.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '文件夹已创建')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('归档');
  await shot(page, 'files-folder-light');
  await inDarkMode(page, () => shot(page, 'files-folder-dark'));

  // Move a file into it with the folder picker, then rename it there.
  await rowMenu(page, FIXTURE.text.name, '移动');
  const move = page.getByRole('dialog', { name: '移动到' });
  await move.getByText('资料', { exact: true }).click();
  await move.getByText('归档', { exact: true }).click();
  await expect(move.getByText('当前选择：/资料/归档')).toBeVisible();
  await shot(page, 'files-move');
  await move.getByRole('button', { name: '移动到此处' }).click();
  await expect(toast(page, '已移动')).toBeVisible();
  await expect(row(page, FIXTURE.text.name)).toHaveCount(0);
  await page.getByRole('button', { name: '归档', exact: true }).click();
  await rowMenu(page, FIXTURE.text.name, '重命名');
  const rename = page.getByRole('dialog', { name: '重命名' });
  await expect(rename.getByLabel('名称')).toHaveValue(FIXTURE.text.name);
  await rename.getByLabel('名称').fill('会议纪要.txt');
  await rename.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '已重命名')).toBeVisible();
  await expect(row(page, '会议纪要.txt')).toBeVisible();
  await breadcrumbs.getByRole('link', { name: '资料' }).click();
  await expect(row(page, FIXTURE.markdown.name)).toBeVisible();

  // Share: a link that works without signing in, then public for everyone.
  await row(page, FIXTURE.markdown.name)
    .getByRole('button', { name: /分\s*享/ })
    .click();
  const share = page.getByRole('dialog', { name: `分享「${FIXTURE.markdown.name}」` });
  await share.getByRole('button', { name: '生成链接' }).click();
  await expect(toast(page, '分享链接已生成')).toBeVisible();
  const link = await share.getByRole('textbox', { name: '分享链接' }).inputValue();
  expect(link).toContain('/kb/files/shared/');
  const shared = await request.get(link);
  expect(shared.status()).toBe(200);
  expect(await shared.text()).toContain('产品说明');
  await shot(page, 'files-share-light');
  await inDarkMode(page, () => shot(page, 'files-share-dark'));
  await share.getByRole('switch', { name: '公开到公共文件' }).click();
  await expect(toast(page, '已公开到公共文件')).toBeVisible();
  await share.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(row(page, FIXTURE.markdown.name)).toHaveCount(0);
  await page.goto(`/files/public${FOLDER_PATH}`);
  await expect(page.getByRole('heading', { name: '公共文件' })).toBeVisible(SLOW);
  await expect(row(page, FIXTURE.markdown.name)).toContainText(user.nick_name);
  await shot(page, 'files-public');

  // Batch delete after confirming; a folder goes with what is in it.
  await page.goto(`/files/private${FOLDER_PATH}`);
  await page.getByRole('checkbox', { name: BIG_FILE.name }).check();
  await page.getByRole('checkbox', { name: '归档' }).check();
  const selection = page.getByRole('toolbar', { name: '已选 2 项' });
  await selection.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('确定删除选中的 2 项吗？')).toBeVisible();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(toast(page, '已删除')).toBeVisible();
  await expect(row(page, BIG_FILE.name)).toHaveCount(0);
  await expect(row(page, '归档')).toHaveCount(0);
  await expect(row(page, FIXTURE.pdf.name)).toBeVisible();
  await expect(selection).toHaveCount(0);

  // One row deleted from its own button.
  await row(page, FIXTURE.pdf.name)
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row(page, FIXTURE.pdf.name)).toHaveCount(0);
  await shot(page, 'files-table-light');
  await inDarkMode(page, () => shot(page, 'files-table-dark'));
});
