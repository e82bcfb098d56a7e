import { expect, test, type Page } from '../support/test';
import { adminToken, apiLogin, apiRegister } from '../support/api';
import { newUser } from '../support/constants';
import { chooseOption, inDarkMode } from '../support/models';
import { shot, toast, useToken } from '../support/ui';

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;
const tagRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

async function openKbTab(page: Page) {
  await page.goto('/system/tag');
  // The first visit loads the page's chunk: on a busy machine that can take a while.
  await expect(page.getByRole('heading', { name: '标签管理' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: '知识库' }).click();
  await expect(page.getByRole('tab', { name: '知识库' })).toHaveAttribute('aria-selected', 'true');
}

test('an administrator creates a parent and a child tag for knowledge bases, renames and deletes them', async ({ page, request }) => {
  await useToken(page, await adminToken(request));
  const parent = unique('产品');
  const child = unique('手册');
  const renamed = unique('指南');
  await openKbTab(page);
  const panel = page.getByRole('tabpanel', { name: '知识库' });

  // A first-level tag with a colour.
  await panel.getByRole('button', { name: '新建标签' }).click();
  const dialog = page.getByRole('dialog', { name: '新建知识库标签' });
  await dialog.getByLabel('标签名称').fill(parent);
  await chooseOption(page, '颜色', '蓝');
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(toast(page, '标签已创建')).toBeVisible();
  await expect(tagRow(page, parent)).toBeVisible();

  // A child under it, from the parent's row: the parent is chosen already.
  await tagRow(page, parent).getByRole('button', { name: '添加子标签' }).click();
  await expect(dialog.getByText(parent, { exact: true })).toBeVisible();
  await dialog.getByLabel('标签名称').fill(child);
  await shot(page, 'tags-form');
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(toast(page, '标签已创建').filter({ hasText: child })).toBeVisible();
  await expect(tagRow(page, child)).toBeVisible();
  await expect(tagRow(page, parent).getByRole('cell', { name: '1 个' })).toBeVisible();

  // The same name again under the same parent, in capitals, is refused with the reason.
  await tagRow(page, parent).getByRole('button', { name: '添加子标签' }).click();
  await dialog.getByLabel('标签名称').fill(child.toUpperCase());
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(toast(page, '操作失败').filter({ hasText: `同一级下已有名为「${child.toUpperCase()}」的知识库标签` })).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await shot(page, 'tags-light');
  await inDarkMode(page, () => shot(page, 'tags-dark'));

  // Rename the child in the modal.
  await tagRow(page, child).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑标签' });
  await expect(edit.getByLabel('标签名称')).toHaveValue(child);
  await edit.getByLabel('标签名称').fill(renamed);
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '标签已保存')).toBeVisible();
  await expect(tagRow(page, renamed)).toBeVisible();
  await expect(tagRow(page, child)).toHaveCount(0);

  // Search narrows the tree; moving is off while it does.
  const search = panel.getByRole('searchbox', { name: '搜索标签名称' });
  await search.fill(renamed);
  await search.press('Enter');
  await expect(tagRow(page, parent)).toBeVisible();
  await expect(tagRow(page, renamed).getByRole('button', { name: `上移：${renamed}` })).toBeDisabled();
  await search.fill('');
  await search.press('Enter');

  // Deleting the parent says its child goes too.
  await tagRow(page, parent).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('它的 1 个子标签也会一并删除，此操作不可恢复。')).toBeVisible();
  await shot(page, 'tags-delete-confirm');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '标签已删除')).toBeVisible();
  await expect(tagRow(page, parent)).toHaveCount(0);
  await expect(tagRow(page, renamed)).toHaveCount(0);
});

test('someone who is not an administrator sees the tags read-only', async ({ page, request }) => {
  const token = await adminToken(request);
  const name = unique('只读');
  const created = await request.post('/api/tag/tag_create', { data: { tag_type: 'kb', name, color: 'green' }, headers: { 'access-token': token } });
  expect(((await created.json()) as { code: number }).code).toBe(200);
  const user = newUser('tagviewer');
  await apiRegister(request, user);
  await useToken(page, await apiLogin(request, user));

  await openKbTab(page);
  await expect(page.getByText('只有管理员可以新建、修改或删除标签，你可以查看全部标签。')).toBeVisible();
  await expect(tagRow(page, name)).toBeVisible();
  await expect(page.getByRole('button', { name: '新建标签' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '操作' })).toHaveCount(0);
  await shot(page, 'tags-readonly-light');
  await page.getByRole('tab', { name: '数据资产' }).click();
  await expect(page.getByText('还没有数据资产标签')).toBeVisible();
  await inDarkMode(page, () => shot(page, 'tags-empty-dark'));
});
