import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { adminToken, apiCreateModel } from '../support/api';
import { SCRIPTED_LLM_BASE_URL } from '../support/constants';
import { answers, ask, chooseOption, inDarkMode, uniqueModelName } from '../support/models';
import { shot, toast, useToken } from '../support/ui';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** H2's parser fixtures: a real PDF with Chinese text. */
const PDF_FIXTURE = path.join(repoRoot, 'apps/server/test/fixtures/documents/chinese.pdf');

const HANDBOOK_MD = [
  '# 员工手册',
  '',
  '## 年假制度',
  '',
  '员工入职满一年后，每年享有 5 天带薪年假。年假需要提前三个工作日在系统中申请，经直属上级批准后生效。',
  '',
  '## 报销流程',
  '',
  '差旅费用需在出差结束后十五个工作日内提交报销单，并附上发票原件。',
].join('\n');

const RULES_TXT = ['办公室守则', '', '工作日上午九点前到岗，午休时间为十二点至十三点半。', '会议室需要提前在系统中预约，使用后请保持整洁。', '休年假期间请在邮件系统中设置自动回复。'].join(
  '\n',
);

const LEAVE_MD = '# 请假流程\n\n病假需要在当天上午十点前告知直属上级，并在返岗后补交医院证明。';

function documents() {
  const files = [
    { name: '员工手册.md', mimeType: 'text/markdown', buffer: Buffer.from(HANDBOOK_MD, 'utf8') },
    { name: '办公室守则.txt', mimeType: 'text/plain', buffer: Buffer.from(RULES_TXT, 'utf8') },
  ];
  if (fs.existsSync(PDF_FIXTURE)) files.push({ name: '产品使用手册.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(PDF_FIXTURE) });
  return files;
}

const documentRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** A file already in the user's private files (uploaded through the file manager's API). */
async function uploadToFiles(request: APIRequestContext, token: string, name: string, text: string): Promise<void> {
  const response = await request.post('/api/kb/files/upload', {
    headers: { 'access-token': token },
    multipart: { path: '/', override: 'true', is_private: 'true', files: { name, mimeType: 'text/markdown', buffer: Buffer.from(text, 'utf8') } },
  });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
}

test('a knowledge base: create it, ingest Chinese documents live, test retrieval, chat with citations', async ({ page, request }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  await useToken(page, token);
  const embedding = uniqueModelName('e2e-embed');
  const chat = uniqueModelName('e2e-kbchat');
  await apiCreateModel(request, token, { llm_name: embedding, display_name: `向量模型 ${embedding}`, type: 'embedding', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL });
  await apiCreateModel(request, token, { llm_name: chat, display_name: `问答模型 ${chat}`, type: 'chat', provider: 'openai-compatible', base_url: SCRIPTED_LLM_BASE_URL });
  const kbName = `员工制度 ${Date.now().toString(36)}`;
  await uploadToFiles(request, token, '请假流程.md', LEAVE_MD);
  // Knowledge bases carry tags of the tag manager only.
  const tagName = `人事${Date.now().toString(36)}`;
  const tagged = await request.post('/api/tag/tag_create', { data: { tag_type: 'kb', name: tagName }, headers: { 'access-token': token } });
  expect(((await tagged.json()) as { code: number }).code).toBe(200);

  // Create it: the embedding model from the registry, a tag, chunking under 高级设置.
  await page.goto('/kb');
  await expect(page.getByRole('heading', { name: '知识库管理' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /创建知识库/ }).click();
  const dialog = page.getByRole('dialog', { name: '创建知识库' });
  await dialog.getByLabel('知识库名称').fill(kbName);
  await dialog.getByLabel('描述').fill('公司的人事与行政制度，供员工自助查询。');
  await chooseOption(page, '向量模型', `向量模型 ${embedding}`);
  await dialog.getByRole('combobox', { name: '标签' }).fill(tagName);
  await dialog.getByRole('combobox', { name: '标签' }).press('Enter');
  await dialog.getByRole('combobox', { name: '标签' }).blur();
  await dialog.getByRole('button', { name: '高级设置' }).click();
  await dialog.getByLabel('分段长度').fill('300');
  await shot(page, 'kb-create-light');
  await inDarkMode(page, () => shot(page, 'kb-create-dark'));
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  await expect(toast(page, '知识库已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/kb\/detail\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: kbName })).toBeVisible();

  // Upload: each file shows its progress, then every document goes through ingestion to 已完成, live.
  const files = documents();
  await page.locator('input[type=file]').setInputFiles(files);
  for (const file of files) {
    await expect(documentRow(page, file.name).getByTestId('doc-status')).toHaveText('已完成', { timeout: 60_000 });
  }
  await expect(documentRow(page, '员工手册.md').getByRole('cell').nth(4)).not.toHaveText('0');

  // A file that is not what its name says fails, with the Chinese reason in a tooltip.
  await page.locator('input[type=file]').setInputFiles([{ name: '损坏的文件.pdf', mimeType: 'application/pdf', buffer: Buffer.from('这不是 PDF 文件的内容') }]);
  const broken = documentRow(page, '损坏的文件.pdf').getByTestId('doc-status');
  await expect(broken).toHaveText('失败', { timeout: 60_000 });
  // Hovered again until the tooltip shows: the header's notice of vectors waiting for their index goes
  // away on its own, and the table moves up under the mouse.
  await expect(async () => {
    await broken.hover();
    await expect(page.getByRole('tooltip')).toContainText(/失败原因：.*[\u4e00-\u9fa5]/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // Add from the file manager: a file already in my private files.
  await page.getByRole('button', { name: /从文件添加/ }).click();
  const picker = page.getByRole('dialog', { name: '从文件管理添加文档' });
  await picker.getByRole('checkbox', { name: '请假流程.md' }).check();
  await expect(picker.getByText('已选择 1 个文件')).toBeVisible();
  await shot(page, 'kb-add-from-files-light');
  await picker.getByRole('button', { name: /添加到知识库/ }).click();
  await expect(toast(page, '已添加 1 个文档，正在处理')).toBeVisible();
  await expect(documentRow(page, '请假流程.md').getByTestId('doc-status')).toHaveText('已完成', { timeout: 60_000 });
  await shot(page, 'kb-documents-light');
  await inDarkMode(page, () => shot(page, 'kb-documents-dark'));

  // Re-index everything, following the streamed progress.
  await page.getByRole('button', { name: /重建索引/ }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  const reindex = page.getByRole('dialog', { name: '重建索引' });
  await expect(reindex.getByText(/重建完成：成功 \d+ 个，失败 1 个/)).toBeVisible({ timeout: 60_000 });
  await shot(page, 'kb-reindex-light');
  await reindex
    .getByRole('button', { name: 'Close' })
    .or(reindex.getByRole('button', { name: '关闭' }))
    .first()
    .click();

  // Segments: search, then edit one in place (it is re-indexed).
  await page.getByRole('tab', { name: '分段' }).click();
  const segmentSearch = page.getByRole('searchbox', { name: '搜索分段内容' });
  await segmentSearch.fill('报销');
  await segmentSearch.press('Enter');
  const segment = page.getByTestId('kb-segment').filter({ hasText: '报销' }).first();
  await expect(segment).toBeVisible();
  await segment.getByRole('button', { name: /编辑/ }).click();
  await segment.getByLabel('分段内容').fill('差旅费用需在出差结束后十五个工作日内提交报销单，并附上发票原件。报销款项每月二十日统一发放。');
  await segment.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '分段已保存，已重新索引')).toBeVisible();
  await expect(page.getByTestId('kb-segment').filter({ hasText: '每月二十日统一发放' })).toBeVisible();
  await shot(page, 'kb-segments-light');

  // Retrieval test: hits with their scores.
  await page.getByRole('tab', { name: '检索测试' }).click();
  await page.getByLabel('检索内容').fill('年假需要提前几天申请');
  await page.getByRole('button', { name: /检\s*索/ }).click();
  const hits = page.getByTestId('kb-search-hit');
  await expect(hits.first()).toBeVisible();
  await expect(hits.first()).toContainText('年假');
  await expect(hits.first().getByTestId('kb-search-score')).toHaveText(/相关度 \d\.\d{4}/);
  await expect(page.getByTestId('kb-search-mode')).toContainText('实际检索方式');
  await shot(page, 'kb-search-light');
  await inDarkMode(page, () => shot(page, 'kb-search-dark'));

  // The list shows it with its counts.
  await page.goto('/kb');
  const card = page.getByTestId('kb-card').filter({ hasText: kbName });
  await expect(card).toContainText(`文档 ${files.length + 2}`, { timeout: 30_000 });
  await expect(card).toContainText(tagName);
  await shot(page, 'kb-list-light');
  await inDarkMode(page, () => shot(page, 'kb-list-dark'));

  // Publish it: it shows among the public ones.
  await card.getByRole('button', { name: /发\s*布/ }).click();
  await expect(toast(page, '知识库已发布')).toBeVisible();
  await expect(card).toContainText('公开');
  await page.getByRole('tab', { name: '公开知识库' }).click();
  await expect(page.getByTestId('kb-card').filter({ hasText: kbName })).toBeVisible();
  await page.getByRole('tab', { name: '我的知识库' }).click();

  // Chat: the answer cites [1]; the badge opens the source segment and its document.
  await card.getByRole('link', { name: kbName }).click();
  await page.getByRole('button', { name: /知识库对话/ }).click();
  await expect(page).toHaveURL(/\/kb\/chat\?kb_id=/);
  await chooseOption(page, '选择对话模型', `问答模型 ${chat}`);
  await ask(page, '年假有几天？怎么申请？');
  const answer = answers(page).first();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(answer).toContainText('5 天带薪年假');
  await expect(answer.getByTestId('kb-sources')).toContainText('参考了');
  await answer.getByRole('button', { name: '引用 1' }).first().click();
  const drawer = page.getByRole('dialog', { name: '引用 [1]' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('citation-text')).not.toBeEmpty();
  await expect(drawer.getByRole('button', { name: /下载文档/ })).toBeVisible();
  await shot(page, 'kb-chat-citation-light');
  await inDarkMode(page, () => shot(page, 'kb-chat-citation-dark'));
  await drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .first()
    .click();
  await shot(page, 'kb-chat-light');

  // Regenerate: the answer is replaced (not added), cited again.
  await answer.getByRole('button', { name: '重新生成' }).click();
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(answers(page).first().getByRole('button', { name: '引用 1' }).first()).toBeVisible();

  // Reopened from the list, the conversation still has its citations.
  await page
    .getByRole('button', { name: /新对话/ })
    .first()
    .click();
  await expect(answers(page)).toHaveCount(0);
  await page.getByRole('button', { name: '年假有几天？怎么申请？', exact: true }).click();
  await expect(answers(page).first().getByRole('button', { name: '引用 1' }).first()).toBeVisible();
});
