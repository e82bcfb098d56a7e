import fs from 'node:fs';
import path from 'node:path';
import type { FileEntry, KbDocsResult, KbSegment, KnowledgeBase, Page, UploadFilesResult } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { parseSse } from '../../../test/sse.js';
import { longMarkdown, multipart, startKbTestApp, type KbTestContext, type UploadFile } from '../../../test/fixtures/kb.js';
import { findIndexDrift, indexedTerms } from './retrieval/term-index-audit.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/documents');
const NO_PGVECTOR = '未启用向量检索：数据库缺少 pgvector';
const fixture = (name: string, as = name): UploadFile => ({ name: as, content: fs.readFileSync(path.join(FIXTURES, name)) });

describe('knowledge-base documents: upload, ingestion, segments, re-indexing', () => {
  let c: KbTestContext;
  beforeAll(async () => {
    c = await startKbTestApp();
  });
  afterAll(() => c?.close());

  const segments = (token: string, body: Record<string, unknown>) => c.t.call<Page<KbSegment>>('/api/kb/list_doc_segment', body, token);
  const openJobs = async () => (await c.t.rows<{ n: number }>(sql`select count(*)::int as n from jobs where status in ('queued', 'running')`))[0]!.n;
  async function uploadFile(token: string, file: UploadFile, fields: Record<string, string> = {}): Promise<FileEntry> {
    const { payload, contentType } = await multipart({ path: '/', is_private: 'true', ...fields }, [file]);
    const result = expectOk(await c.t.raw<UploadFilesResult>({ method: 'POST', url: '/api/kb/files/upload', headers: { 'access-token': token, 'content-type': contentType }, payload }));
    expect(result.failed).toEqual([]);
    return result.uploaded[0]!;
  }

  it('ingests good documents of several formats into segments with jieba tokens', async () => {
    const kb = await c.createKb(c.alice, { name: '部署手册' });
    const uploaded = expectOk(await c.upload(c.alice, kb.id, [fixture('guide.md'), fixture('notes.txt'), fixture('products.csv'), fixture('handbook.docx'), fixture('sales.xlsx')]));
    expect(uploaded.failed).toEqual([]);
    expect(uploaded.documents.map((doc) => doc.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
    const docs = await c.settled(c.alice, kb.id);
    for (const doc of docs) expect(doc, doc.status_text ?? '').toMatchObject({ status: 'done', progress: 1 });
    expect(docs.every((doc) => doc.segment_count > 0)).toBe(true);

    const guide = docs.find((doc) => doc.name === 'guide.md')!;
    const page = expectOk(await segments(c.alice, { kb_id: kb.id, doc_id: guide.id }));
    expect(page.total).toBe(guide.segment_count);
    expect(page.list.map((segment) => segment.seq)).toEqual([...page.list.keys()]);
    expect(page.list.some((segment) => segment.headings.includes('部署指南'))).toBe(true);
    const [stored] = await c.t.rows<{ id: string; token_count: number }>(sql`select id, token_count from kb_segments where doc_id = ${guide.id} order by seq limit 1`);
    expect((await indexedTerms(c.t.database.db, kb.id)).get(stored!.id)).toContain('部署');
    expect(stored!.token_count).toBeGreaterThan(0);
    expect(await findIndexDrift(c.t.database.db, kb.id)).toEqual({ stats: null, terms: [], postings: 0, groups: 0 });

    const [shown] = expectOk(await c.t.call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kb.id }, c.alice));
    expect(shown).toMatchObject({ doc_count: 5, segment_count: docs.reduce((sum, doc) => sum + doc.segment_count, 0) });
    // The files went to the owner's private tree, in the knowledge base's folder.
    const folder = await c.t.rows<{ name: string }>(sql`select name from files where kind = 'folder' and name = '部署手册'`);
    expect(folder).toHaveLength(1);
    // The first documents start the parser threads.
  }, 120_000);

  it('fails corrupt, encrypted, empty and unsupported files with a Chinese reason', async () => {
    const kb = await c.createKb(c.alice);
    const result = expectOk(
      await c.upload(c.alice, kb.id, [
        fixture('empty.txt'),
        fixture('encrypted.pdf'),
        fixture('bomb.docx'),
        fixture('picture.png', 'renamed.pdf'),
        { name: 'tool.exe', content: 'MZ binary' },
      ]),
    );
    const uploadedNames = result.documents.map((doc) => doc.name);
    const docs = await c.settled(c.alice, kb.id);
    const reasons = Object.fromEntries(docs.map((doc) => [doc.name, `${doc.status}:${doc.status_text}`]));
    expect(reasons['empty.txt'] ?? 'refused').toMatch(/^(failed:文件为空|refused)$/);
    expect(reasons['encrypted.pdf']).toBe('failed:文件已加密，无法解析');
    expect(reasons['bomb.docx']).toBe('failed:压缩内容过大，疑似压缩炸弹');
    expect(reasons['renamed.pdf']).toMatch(/^failed:(文件内容与扩展名不符|文件已损坏，无法解析)$/);
    if (uploadedNames.includes('tool.exe')) expect(reasons['tool.exe']).toBe('failed:不支持的文件格式：.exe');
    expect(await c.t.rows(sql`select 1 from kb_segments where kb_id = ${kb.id}`)).toEqual([]);
  });

  it('refuses uploads without a knowledge base, to another user’s private one, or to a public one not theirs', async () => {
    const mine = await c.createKb(c.alice);
    const shared = await c.createKb(c.alice);
    expectOk(await c.t.call('/api/kb/publish', { kb_id: shared.id }, c.alice));
    expectCode(await c.upload(c.bob, mine.id, [fixture('notes.txt')]), 40401, '知识库不存在');
    expectCode(await c.upload(c.bob, shared.id, [fixture('notes.txt')]), 40301, '只有创建者可以修改该知识库');
    expectCode(await c.upload(c.alice, 'nope', [fixture('notes.txt')]), 40001, /知识库 id格式不正确/);
    const { payload, contentType } = await multipart({}, [fixture('notes.txt')]);
    expectCode(await c.t.raw({ method: 'POST', url: '/api/kb/upload_docs', headers: { 'access-token': c.alice, 'content-type': contentType }, payload }), 40001, /缺少知识库 id/);
    expectCode(await c.upload(c.alice, mine.id, []), 40001);
    expect(await c.documents(c.alice, mine.id)).toEqual([]);
  });

  it('adds documents from files the caller may read; others are named in failed', async () => {
    const kb = await c.createKb(c.bob);
    const own = await uploadFile(c.bob, { name: '自己的.md', content: longMarkdown('自己的', 3) });
    const alicesPrivate = await uploadFile(c.alice, { name: '私密.md', content: '# 私密\n\n不给别人看' });
    const alicesPublic = await uploadFile(c.alice, { name: '公开.md', content: '# 公开\n\n大家都能看' }, { is_private: 'false' });
    const result = expectOk(await c.t.call<KbDocsResult>('/api/kb/add_docs', { kb_id: kb.id, file_ids: [own.id, alicesPrivate.id, alicesPublic.id] }, c.bob));
    expect(result.documents.map((doc) => doc.name).sort()).toEqual(['公开.md', '自己的.md']);
    expect(result.failed).toEqual([{ name: alicesPrivate.id, reason: '文件不存在或无权访问' }]);
    const again = expectOk(await c.t.call<KbDocsResult>('/api/kb/add_docs', { kb_id: kb.id, file_ids: [own.id] }, c.bob));
    expect(again).toEqual({ documents: [], failed: [{ name: '自己的.md', reason: '该文件已在知识库中' }] });
    expectCode(await c.t.call('/api/kb/add_docs', { kb_id: kb.id, file_ids: [] }, c.bob), 40001, /请选择文件/);
    const docs = await c.settled(c.bob, kb.id);
    expect(docs.map((doc) => doc.status)).toEqual(['done', 'done']);

    // A file a document was made from is not deleted; deleting the knowledge base keeps the files.
    expectCode(await c.t.call('/api/kb/files/delete', { ids: [own.id] }, c.bob), 40901, /知识库「/);
    expectOk(await c.t.call('/api/kb/delete_knowledge_base', { kb_id: kb.id }, c.bob));
    expect(await c.t.rows(sql`select 1 from kb_documents where kb_id = ${kb.id}`)).toEqual([]);
    expect(await c.t.rows(sql`select 1 from kb_segments where kb_id = ${kb.id}`)).toEqual([]);
    expect(await c.t.rows(sql`select 1 from files where id = ${own.id}`)).toHaveLength(1);
  });

  it('lists documents and segments with filters; edits a segment and re-tokenises it', async () => {
    const kb = await c.createKb(c.alice, { chunk_size: 100, chunk_overlap: 0 });
    expectOk(await c.upload(c.alice, kb.id, [{ name: '长文.md', content: longMarkdown('长文', 8) }, fixture('notes.txt')]));
    const docs = await c.settled(c.alice, kb.id);
    const long = docs.find((doc) => doc.name === '长文.md')!;
    expect(long.segment_count).toBeGreaterThan(2);
    const listed = expectOk(await c.t.raw<Page<unknown>>({ method: 'GET', url: `/api/kb/list_files_detail?kb_id=${kb.id}&keyword=notes&status=done`, headers: { 'access-token': c.alice } }));
    expect(listed.total).toBe(1);
    expectCode(
      await c.t.raw({ method: 'GET', url: `/api/kb/list_files_detail?kb_id=${kb.id}&status=odd`, headers: { 'access-token': c.alice } }),
      40001,
      '参数 status 不合法：文档状态不正确',
    );

    const paged = expectOk(await segments(c.alice, { kb_id: kb.id, doc_id: long.id, page: 2, page_size: 1 }));
    expect(paged).toMatchObject({ total: long.segment_count });
    expect(paged.list[0]?.seq).toBe(1);
    const found = expectOk(await segments(c.alice, { kb_id: kb.id, keyword: '会议纪要' }));
    expect(found.list.map((segment) => segment.doc_name)).toEqual(['notes.txt']);

    const segment = paged.list[0]!;
    const edited = expectOk(await c.t.call<KbSegment>('/api/kb/update_docs_by_id', { segment_id: segment.id, text: '改写后的内容：向量数据库' }, c.alice));
    expect(edited).toMatchObject({ id: segment.id, text: '改写后的内容：向量数据库', seq: 1 });
    expect((await indexedTerms(c.t.database.db, kb.id)).get(segment.id)).toEqual(expect.arrayContaining(['改写', '向量']));
    expect(await findIndexDrift(c.t.database.db, kb.id)).toEqual({ stats: null, terms: [], postings: 0, groups: 0 });

    expectCode(await c.t.call('/api/kb/update_docs_by_id', { segment_id: segment.id, text: '别人' }, c.bob), 40401, '分段不存在');
    expectCode(await c.t.call('/api/kb/update_docs_by_id', { segment_id: crypto.randomUUID(), text: 'x' }, c.alice), 40401, '分段不存在');
    expectCode(await c.t.call('/api/kb/update_docs_by_id', { segment_id: segment.id, text: '' }, c.alice), 40001, /请输入分段内容/);
    expectCode(await segments(c.bob, { kb_id: kb.id }), 40401, '知识库不存在');
    expectOk(await c.t.call('/api/kb/publish', { kb_id: kb.id }, c.alice));
    expect(expectOk(await segments(c.bob, { kb_id: kb.id, doc_id: long.id })).total).toBe(long.segment_count);
    expectCode(await c.t.call('/api/kb/update_docs_by_id', { segment_id: segment.id, text: '别人' }, c.bob), 40301, '只有创建者可以修改该知识库');
  });

  it('downloads the original file; who may follows the knowledge base', async () => {
    const kb = await c.createKb(c.alice);
    const [doc] = expectOk(await c.upload(c.alice, kb.id, [fixture('notes.txt')])).documents;
    const download = (token: string, id = doc!.id) => c.t.app.inject({ method: 'GET', url: `/api/kb/download_doc?doc_id=${id}`, headers: { 'access-token': token } });
    const own = await download(c.alice);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('notes.txt');
    expect(own.rawPayload.equals(fs.readFileSync(path.join(FIXTURES, 'notes.txt')))).toBe(true);
    expect((await download(c.bob)).json()).toMatchObject({ code: 40401, msg: '文档不存在' });
    expect((await download(c.alice, 'bad')).json()).toMatchObject({ code: 40001 });
    expectOk(await c.t.call('/api/kb/publish', { kb_id: kb.id }, c.alice));
    expect((await download(c.bob)).statusCode).toBe(200);
  });

  it('deletes documents, even while they are being ingested, without leaving segments behind', async () => {
    const kb = await c.createKb(c.alice);
    const files = Array.from({ length: 6 }, (_, index) => ({ name: `文档${index}.md`, content: longMarkdown(`文档${index}`, 40) }));
    const { documents } = expectOk(await c.upload(c.alice, kb.id, files));
    const ids = documents.map((doc) => doc.id);
    expectOk(await c.t.call('/api/kb/delete_docs', { kb_id: kb.id, doc_ids: ids }, c.alice));
    await expect.poll(openJobs, { timeout: 30_000 }).toBe(0);
    expect(await c.documents(c.alice, kb.id)).toEqual([]);
    expect(await c.t.rows(sql`select 1 from kb_segments where kb_id = ${kb.id}`)).toEqual([]);
    expectCode(await c.t.call('/api/kb/delete_docs', { kb_id: kb.id, doc_ids: ['x'] }, c.alice), 40001, /文档 id格式不正确/);
  });

  it('re-indexes every document after the chunking changed, streaming progress until done', async () => {
    const kb = await c.createKb(c.alice, { chunk_size: 1000, chunk_overlap: 0 });
    const longSection = (title: string) => `# ${title}\n\n${'知识库把文档切成分段，再用结巴分词建立全文索引。'.repeat(60)}`;
    expectOk(
      await c.upload(c.alice, kb.id, [
        { name: 'a.md', content: longSection('甲') },
        { name: 'b.md', content: longSection('乙') },
      ]),
    );
    const before = await c.settled(c.alice, kb.id);
    const changed = expectOk(await c.t.call<KnowledgeBase>('/api/kb/update_kb', { kb_id: kb.id, chunk_size: 150 }, c.alice));
    expect(changed.needs_reindex).toBe(true);

    const response = await c.t.app.inject({
      method: 'POST',
      url: '/api/kb/recreate_vector_store',
      headers: { 'access-token': c.alice, 'content-type': 'application/json' },
      payload: JSON.stringify({ kb_id: kb.id, stream: true }),
    });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(response.body);
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
    expect(events.slice(0, -1).every((event) => event.event === 'progress')).toBe(true);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { total: 2, done: 2, failed: 0, current: null } });

    const after = await c.documents(c.alice, kb.id);
    for (const doc of after) expect(doc.segment_count).toBeGreaterThan(before.find((one) => one.id === doc.id)!.segment_count);
    const [row] = await c.t.rows<{ n: number; distinct_seqs: number }>(
      sql`select count(*)::int as n, count(distinct (doc_id, seq))::int as distinct_seqs from kb_segments where kb_id = ${kb.id}`,
    );
    expect(row!.n).toBe(row!.distinct_seqs);
    expect(row!.n).toBe(after.reduce((sum, doc) => sum + doc.segment_count, 0));
    const [shown] = expectOk(await c.t.call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kb.id }, c.alice));
    expect(shown!.needs_reindex).toBe(false);

    const plain = expectOk(await c.t.call('/api/kb/recreate_vector_store', { kb_id: kb.id }, c.alice));
    expect(plain).toMatchObject({ total: 2 });
    await c.settled(c.alice, kb.id);
  });

  it('embeds segments with the knowledge base’s model where pgvector is available, and says so where it is not', async () => {
    await c.createModel(c.alice, { llm_name: 'kb-embed', type: 'embedding' });
    const kb = await c.createKb(c.alice, { embedding_model: 'kb-embed' });
    expectOk(await c.upload(c.alice, kb.id, [fixture('guide.md')]));
    const [doc] = await c.settled(c.alice, kb.id);
    expect(doc!.status).toBe('done');
    const embedCalls = c.llm.requests.filter((request) => request.path === '/v1/embeddings');
    // The machine's PostgreSQL has no pgvector; PGlite loads it.
    if (c.t.dialect === 'postgres') {
      expect(doc!.status_text).toBe(NO_PGVECTOR);
      expect(embedCalls).toHaveLength(0);
      return;
    }
    expect(doc!.status_text).toBeNull();
    expect(embedCalls.length).toBeGreaterThan(0);
    const [vectors] = await c.t.rows<{ n: number }>(sql`select count(*)::int as n from kb_segment_vectors v join kb_segments s on s.id = v.segment_id where s.doc_id = ${doc!.id}`);
    expect(vectors!.n).toBe(doc!.segment_count);
  });

  it('fails a document with the model’s reason when embedding fails', async () => {
    await c.createModel(c.alice, { llm_name: 'kb-embed-broken', type: 'embedding' });
    const kb = await c.createKb(c.alice, { embedding_model: 'kb-embed-broken' });
    c.llm.script({ endpoint: 'embeddings', model: 'kb-embed-broken', status: 400, errorMessage: 'bad input for embedding' });
    expectOk(await c.upload(c.alice, kb.id, [fixture('notes.txt')]));
    const [doc] = await c.settled(c.alice, kb.id);
    if (c.t.dialect === 'postgres') {
      expect(doc).toMatchObject({ status: 'done', status_text: NO_PGVECTOR });
      return;
    }
    expect(doc!.status).toBe('failed');
    expect(doc!.status_text).toMatch(/\p{Script=Han}/u);
    expect(await c.t.rows(sql`select 1 from kb_segments where doc_id = ${doc!.id}`)).toEqual([]);
  });
});
