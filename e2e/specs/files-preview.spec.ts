import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '../support/test';
import { FIXTURE, makeDocx, makeFixtureFolder } from '../fixtures/files/make-fixtures';
import { apiLogin, apiRegister } from '../support/api';
import { newUser } from '../support/constants';
import { inDarkMode } from '../support/models';
import { shot, toast, useToken } from '../support/ui';

/** Server round trips on a machine shared with other builds and tests: more patience than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
/** The first screen of a lazily loaded page, and the heavy preview readers (pdf.js, exceljs). */
const SLOW = { timeout: 40_000 };

interface Uploaded {
  id: string;
  name: string;
}

/** Seeds files through the API: `/kb/files/upload`, text fields before the files, as the page sends them. */
async function apiUpload(request: APIRequestContext, token: string, folder: string, files: string[]): Promise<Map<string, string>> {
  const form = new FormData();
  form.append('path', '/资料');
  form.append('is_private', 'true');
  for (const file of files) form.append('files', new Blob([fs.readFileSync(path.join(folder, file))]), file);
  const response = await request.post('/api/kb/files/upload', { multipart: form, headers: { 'access-token': token } });
  const body = (await response.json()) as { code: number; msg: string; data: { uploaded: Uploaded[] } };
  expect(body.code, body.msg).toBe(200);
  return new Map(body.data.uploaded.map((entry) => [entry.name, entry.id]));
}

/** Dark pixels on a canvas: a rendered page has text on it. */
const inkOf = (page: Page) =>
  page
    .getByTestId('pdf-page')
    .first()
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let index = 0; index < data.length; index += 4) if ((data[index] ?? 255) < 100 && (data[index + 3] ?? 0) > 200) dark += 1;
      return dark;
    });

test('previews by type in a page of their own: a Chinese PDF on canvas, Excel and CSV as tables, Markdown, unsupported', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const user = newUser('preview');
  await apiRegister(request, user);
  const token = await apiLogin(request, user);
  await useToken(page, token);
  const folder = await makeFixtureFolder(browser);
  fs.writeFileSync(path.join(folder, '名单.csv'), '姓名,备注\n王五,"住在北京,朝阳区"\n赵六,"说""你好"""\n');
  fs.writeFileSync(path.join(folder, '归档.zip'), Buffer.from('PK\u0003\u0004 not really a zip'));
  fs.writeFileSync(path.join(folder, FIXTURE.docx.name), await makeDocx());
  const ids = await apiUpload(request, token, folder, [FIXTURE.pdf.name, FIXTURE.xlsx.name, FIXTURE.markdown.name, FIXTURE.docx.name, '名单.csv', '归档.zip']);

  // From the list, 预览 opens the standalone page in a new tab.
  await page.goto(`/files/private?path=${encodeURIComponent('/资料')}`);
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('row')
      .filter({ hasText: FIXTURE.pdf.name })
      .getByRole('button', { name: /预\s*览/ })
      .click(),
  ]);
  await expect(preview).toHaveURL(new RegExp(`/files/preview\\?file_id=${ids.get(FIXTURE.pdf.name)}$`));
  await expect(preview.getByRole('heading', { name: FIXTURE.pdf.name })).toBeVisible(SLOW);
  await expect(preview.locator('.ant-layout-sider')).toHaveCount(0);
  await expect(preview.getByText('共 1 页')).toBeVisible();
  await expect(preview.getByTestId('pdf-page').first()).toHaveAttribute('data-rendered', 'true', SLOW);
  expect(await inkOf(preview)).toBeGreaterThan(500);
  await expect(preview).toHaveTitle(/^文件预览 - /);
  await shot(preview, 'files-preview-pdf-light');
  await inDarkMode(preview, () => shot(preview, 'files-preview-pdf-dark'));
  await preview.close();

  // Excel: one tab per sheet, cells as text.
  await page.goto(`/files/preview?file_id=${ids.get(FIXTURE.xlsx.name)}`);
  await expect(page.getByRole('tab', { name: FIXTURE.xlsx.sheet })).toHaveAttribute('aria-selected', 'true', SLOW);
  await expect(page.getByRole('cell', { name: '华东', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '张三', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '1200', exact: true })).toBeVisible();
  await shot(page, 'files-preview-xlsx-light');
  await inDarkMode(page, () => shot(page, 'files-preview-xlsx-dark'));
  await page.getByRole('tab', { name: '空表' }).click();
  await expect(page.getByText('该工作表没有内容')).toBeVisible();

  // CSV with quoted commas and quotes.
  await page.goto(`/files/preview?file_id=${ids.get('名单.csv')}`);
  await expect(page.getByRole('cell', { name: '住在北京,朝阳区', exact: true })).toBeVisible(SLOW);
  await expect(page.getByRole('cell', { name: '说"你好"', exact: true })).toBeVisible();

  // Markdown through the safe renderer.
  await page.goto(`/files/preview?file_id=${ids.get(FIXTURE.markdown.name)}`);
  await expect(page.getByRole('heading', { name: '产品说明' })).toBeVisible(SLOW);
  await expect(page.locator('strong', { hasText: '测试' })).toBeVisible();
  await shot(page, 'files-preview-markdown');

  // Word as sanitised HTML: what looks like a script is text.
  await page.goto(`/files/preview?file_id=${ids.get(FIXTURE.docx.name)}`);
  await expect(page.getByText(FIXTURE.docx.clause)).toBeVisible(SLOW);
  await expect(page.locator('article strong', { hasText: FIXTURE.docx.title })).toBeVisible();
  await expect(page.getByRole('cell', { name: '条款', exact: true })).toBeVisible();
  await expect(page.getByText('<script>window.__docx=1</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __docx?: number }).__docx)).toBeUndefined();
  await shot(page, 'files-preview-docx');

  // No preview for an archive: it says so and offers the download.
  await page.goto(`/files/preview?file_id=${ids.get('归档.zip')}`);
  await expect(page.getByText('暂不支持预览该类型的文件')).toBeVisible(SLOW);
  const download = page.waitForEvent('download');
  await page
    .getByRole('main')
    .getByRole('button', { name: /下\s*载/ })
    .last()
    .click();
  expect((await download).suggestedFilename()).toBe('归档.zip');
  await shot(page, 'files-preview-unsupported');

  // Another user's private file is not there for them.
  const other = newUser('preview');
  await apiRegister(request, other);
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await useToken(strangerPage, await apiLogin(request, other));
  await strangerPage.goto(`/files/preview?file_id=${ids.get(FIXTURE.pdf.name)}`);
  await expect(strangerPage.getByText('文件不存在或无权查看')).toBeVisible(SLOW);
  await stranger.close();
  await page.goto('/files/preview');
  await expect(page.getByText('缺少要预览的文件')).toBeVisible(SLOW);
});

test('the grid: cards, a preview pane for the selected file, and drag-and-drop upload', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const user = newUser('grid');
  await apiRegister(request, user);
  const token = await apiLogin(request, user);
  await useToken(page, token);
  const folder = await makeFixtureFolder(browser);
  await apiUpload(request, token, folder, [FIXTURE.pdf.name, FIXTURE.xlsx.name, FIXTURE.markdown.name, FIXTURE.text.name]);

  await page.goto('/files/next/private');
  await expect(page.getByRole('heading', { name: '我的文件（网格）' })).toBeVisible(SLOW);
  await expect(page.getByText('选择一个文件查看预览')).toBeVisible();
  await page.getByRole('button', { name: '资料', exact: true }).dblclick();
  await expect(page.getByRole('navigation', { name: '当前位置' }).getByText('资料')).toHaveAttribute('aria-current', 'page');

  const card = page.getByRole('button', { name: FIXTURE.xlsx.name, exact: true });
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  const pane = page.getByRole('region', { name: FIXTURE.xlsx.name });
  await expect(pane.getByRole('cell', { name: '华东', exact: true })).toBeVisible(SLOW);
  await page.getByRole('button', { name: FIXTURE.pdf.name, exact: true }).click();
  await expect(page.getByRole('region', { name: FIXTURE.pdf.name }).getByTestId('pdf-page').first()).toHaveAttribute('data-rendered', 'true', SLOW);
  await shot(page, 'files-grid-light');
  await inDarkMode(page, () => shot(page, 'files-grid-dark'));

  // Drop a file onto the page: the overlay shows while dragging, and it lands in this folder.
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['拖拽上传的内容'], '拖拽上传.txt', { type: 'text/plain' }));
    return transfer;
  });
  const zone = page.getByTestId('file-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('松开鼠标上传到当前文件夹')).toBeVisible();
  await shot(page, 'files-grid-dragging');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('松开鼠标上传到当前文件夹')).toHaveCount(0);
  await expect(toast(page, '1 个文件上传完成')).toBeVisible();
  const dropped = page.getByRole('button', { name: '拖拽上传.txt', exact: true });
  await dropped.click();
  await expect(page.getByRole('region', { name: '拖拽上传.txt' }).getByText('拖拽上传的内容')).toBeVisible();
});
