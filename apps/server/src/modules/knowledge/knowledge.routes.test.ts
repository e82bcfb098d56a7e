import type { KnowledgeBase, Page, Tag, UserUsage } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../test/harness.js';
import { startKbTestApp, type KbTestContext } from '../../../test/fixtures/kb.js';

const KB_NOT_FOUND = '知识库不存在';
const NOT_CREATOR = '只有创建者可以修改该知识库';

describe('knowledge bases: create, change, publish, list, delete', () => {
  let c: KbTestContext;
  let product: Tag;
  const tag = async (body: Record<string, unknown>) => expectOk(await c.t.call<Tag>('/api/tag/tag_create', { tag_type: 'kb', ...body }, c.admin));
  const listMine = async (token: string, body: Record<string, unknown>) => expectOk(await c.t.call<Page<KnowledgeBase>>('/api/kb/list', body, token)).list.map((one) => one.name);
  beforeAll(async () => {
    c = await startKbTestApp();
    product = await tag({ name: '产品' });
    for (const name of ['共享', '页']) await tag({ name });
  });
  afterAll(() => c?.close());

  it('creates a knowledge base with defaults and answers it by id as a one-element array', async () => {
    const kb = await c.createKb(c.alice, { name: '产品手册', description: '说明', tags: ['产品'] });
    expect(kb).toMatchObject({ name: '产品手册', description: '说明', chunk_size: 500, chunk_overlap: 50, separators: [], tags: ['产品'], is_public: false });
    expect(kb).toMatchObject({ embedding_model: null, rerank_model: null, editable: true, doc_count: 0, segment_count: 0, needs_reindex: false, owner_name: '昵称kb_alice' });
    const found = expectOk(await c.t.call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kb.id }, c.alice));
    expect(found).toEqual([{ ...kb, vector_pending: 0, fulltext_pending: 0 }]);
    const [row] = await c.t.rows<{ owner_id: string }>(sqlKb(kb.id));
    expect(row?.owner_id).toBe(kb.owner_id);
  });

  it('refuses bad bodies with 40001 naming the field', async () => {
    expectCode(await c.t.call('/api/kb/create_knowledge_base', {}, c.alice), 40001, /知识库名称/);
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 'x', chunk_size: 50 }, c.alice), 40001, /分段长度不能小于 100/);
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 'x', chunk_size: 200, chunk_overlap: 100 }, c.alice), 40001, /分段重叠必须小于分段长度的一半/);
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 'x', tags: 'a' }, c.alice), 40001, /标签必须是数组/);
    expectCode(await c.t.call('/api/kb/query_knowledge_base', { kb_id: 'not-a-uuid' }, c.alice), 40001, /知识库 id格式不正确/);
    expectCode(await c.t.call('/api/kb/update_kb', { name: 'x' }, c.alice), 40001, /缺少知识库 id/);
    expectCode(await c.t.call('/api/kb/list', { page: 0 }, c.alice), 40001, /页码最小为 1/);
    const kb = await c.createKb(c.alice);
    // The overlap is checked against the stored chunk size when only one of them is given.
    expectCode(await c.t.call('/api/kb/update_kb', { kb_id: kb.id, chunk_overlap: 400 }, c.alice), 40001, '分段重叠必须小于分段长度的一半');
  });

  it('refuses a second knowledge base of the same name for one owner, but not for another', async () => {
    await c.createKb(c.alice, { name: '重名' });
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: '重名' }, c.alice), 40901, '知识库「重名」已存在，请换一个名称');
    await c.createKb(c.bob, { name: '重名' });
  });

  it('checks the embedding and rerank models: unknown, another user’s private one, or of the wrong type', async () => {
    await c.createModel(c.bob, { llm_name: 'bob-embed', type: 'embedding' });
    await c.createModel(c.alice, { llm_name: 'alice-chat', type: 'chat' });
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 'm1', embedding_model: 'nope' }, c.alice), 40401, '模型不存在');
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 'm2', embedding_model: 'bob-embed' }, c.alice), 40401, '模型不存在');
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 'm3', embedding_model: 'alice-chat' }, c.alice), 40001, /不能用于向量化/);
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 'm4', rerank_model: 'alice-chat' }, c.alice), 40001, /不能用于重排序/);
    const kb = await c.createKb(c.bob, { name: 'm5', embedding_model: 'bob-embed' });
    expect(kb.embedding_model).toBe('bob-embed');
    // A model a knowledge base uses is not deleted.
    const [model] = await c.t.rows<{ id: string }>(sqlModel('bob-embed'));
    expectCode(await c.t.call('/api/llm/delete_llm_by_id', { id: model!.id }, c.bob), 40901, /知识库「m5」/);
  });

  it('keeps private knowledge bases invisible and unchangeable to others: 40401, never 40301', async () => {
    const kb = await c.createKb(c.alice, { name: '私有' });
    for (const url of ['/api/kb/query_knowledge_base', '/api/kb/delete_knowledge_base', '/api/kb/publish', '/api/kb/withhold', '/api/kb/recreate_vector_store']) {
      expectCode(await c.t.call(url, { kb_id: kb.id }, c.bob), 40401, KB_NOT_FOUND);
    }
    expectCode(await c.t.call('/api/kb/update_kb', { kb_id: kb.id, name: '改名' }, c.bob), 40401, KB_NOT_FOUND);
    expectCode(await c.t.call('/api/kb/query_knowledge_base', { kb_id: crypto.randomUUID() }, c.alice), 40401, KB_NOT_FOUND);
    const bobs = expectOk(await c.t.call<Page<KnowledgeBase>>('/api/kb/list_public', {}, c.bob));
    expect(bobs.list.map((one) => one.id)).not.toContain(kb.id);
    const detail = expectOk(await c.t.raw<KnowledgeBase[]>({ method: 'GET', url: '/api/kb/list_detail_knowledge_bases', headers: { 'access-token': c.bob } }));
    expect(detail.map((one) => one.id)).not.toContain(kb.id);
    const [row] = await c.t.rows<{ name: string }>(sqlKb(kb.id));
    expect(row?.name).toBe('私有');
  });

  it('lets everyone read a public knowledge base, but only its creator (or an admin) change it', async () => {
    const kb = await c.createKb(c.alice, { name: '公开库', tags: ['共享'] });
    const published = expectOk(await c.t.call<KnowledgeBase>('/api/kb/publish', { kb_id: kb.id }, c.alice));
    expect(published.is_public).toBe(true);
    const seen = expectOk(await c.t.call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kb.id }, c.bob));
    expect(seen[0]).toMatchObject({ id: kb.id, editable: false });
    for (const url of ['/api/kb/delete_knowledge_base', '/api/kb/publish', '/api/kb/withhold', '/api/kb/recreate_vector_store']) {
      expectCode(await c.t.call(url, { kb_id: kb.id }, c.bob), 40301, NOT_CREATOR);
    }
    expectCode(await c.t.call('/api/kb/update_kb', { kb_id: kb.id, name: '被改' }, c.bob), 40301, NOT_CREATOR);
    expectCode(await c.t.call('/api/kb/add_docs', { kb_id: kb.id, file_ids: [crypto.randomUUID()] }, c.bob), 40301, NOT_CREATOR);
    expectCode(await c.t.call('/api/kb/delete_docs', { kb_id: kb.id, doc_ids: [crypto.randomUUID()] }, c.bob), 40301, NOT_CREATOR);

    const listed = expectOk(await c.t.call<Page<KnowledgeBase>>('/api/kb/list_public', { tag: '共享' }, c.bob));
    expect(listed.list.map((one) => one.id)).toEqual([kb.id]);
    expect(expectOk(await c.t.call<Page<KnowledgeBase>>('/api/kb/list_public', { keyword: '公开' }, c.bob)).total).toBe(1);
    expect(expectOk(await c.t.call<Page<KnowledgeBase>>('/api/kb/list', {}, c.bob)).list.map((one) => one.id)).not.toContain(kb.id);

    const renamed = expectOk(await c.t.call<KnowledgeBase>('/api/kb/update_kb', { kb_id: kb.id, description: '管理员改的' }, c.admin));
    expect(renamed).toMatchObject({ description: '管理员改的', editable: true });
    const withheld = expectOk(await c.t.call<KnowledgeBase>('/api/kb/withhold', { kb_id: kb.id }, c.alice));
    expect(withheld.is_public).toBe(false);
    expectCode(await c.t.call('/api/kb/query_knowledge_base', { kb_id: kb.id }, c.bob), 40401, KB_NOT_FOUND);
  });

  it('lists my knowledge bases by keyword and tag, paged', async () => {
    const first = await c.createKb(c.bob, { name: '分页甲', tags: ['页'] });
    await c.createKb(c.bob, { name: '分页乙', tags: ['页'] });
    const page = expectOk(await c.t.call<Page<KnowledgeBase>>('/api/kb/list', { tag: '页', page_size: 1 }, c.bob));
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    const byKeyword = expectOk(await c.t.call<Page<KnowledgeBase>>('/api/kb/list', { keyword: '分页甲' }, c.bob));
    expect(byKeyword.list.map((one) => one.id)).toEqual([first.id]);
    const detail = expectOk(await c.t.raw<KnowledgeBase[]>({ method: 'GET', url: '/api/kb/list_detail_knowledge_bases', headers: { 'access-token': c.bob } }));
    expect(detail.map((one) => one.id)).toContain(first.id);
  });

  it('takes only kb tags of the tag manager, follows their renames and deletions, and filters with sub-tags', async () => {
    await tag({ tag_type: 'tool', name: '工具标签' });
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 't1', tags: ['产品', '工具标签'] }, c.alice), 40001, '没有名为「工具标签」的知识库标签，请先在标签管理中添加');
    expectCode(await c.t.call('/api/kb/create_knowledge_base', { name: 't1', tags: ['长'.repeat(21)] }, c.alice), 40001, /标签不能超过 20 个字符/);
    const manual = await tag({ name: 'Manual', parent_id: product.id });
    const kb = await c.createKb(c.alice, { name: '标签库', tags: ['manual', 'Manual'] });
    expect(kb.tags).toEqual(['Manual']);
    expect((await listMine(c.alice, { tag: '产品' })).sort()).toEqual(['产品手册', '标签库']);
    expect(await listMine(c.alice, { tag: 'Manual' })).toEqual(['标签库']);

    expectOk(await c.t.call('/api/tag/tag_update', { id: manual.id, name: '说明书' }, c.admin));
    expect(await listMine(c.alice, { tag: '说明书' })).toEqual(['标签库']);
    // A name stored before tags were checked stays on update; a new one must exist.
    await c.t.rows(sql`update knowledge_bases set tags = '["说明书", "旧标签"]'::jsonb where id = ${kb.id}`);
    const kept = expectOk(await c.t.call<KnowledgeBase>('/api/kb/update_kb', { kb_id: kb.id, tags: ['旧标签', '说明书', '共享'] }, c.alice));
    expect(kept.tags).toEqual(['旧标签', '说明书', '共享']);
    expectCode(await c.t.call('/api/kb/update_kb', { kb_id: kb.id, tags: ['又一个'] }, c.alice), 40001, /又一个/);

    expectOk(await c.t.call('/api/tag/tag_delete', { id: product.id }, c.admin));
    const [row] = await c.t.rows<{ tags: string[] }>(sqlKb(kb.id));
    expect(row?.tags).toEqual(['旧标签', '共享']);
  });

  it('deletes a knowledge base for its owner; then it is gone', async () => {
    const kb = await c.createKb(c.alice, { name: '要删除的' });
    expectOk(await c.t.call('/api/kb/delete_knowledge_base', { kb_id: kb.id }, c.alice));
    expectCode(await c.t.call('/api/kb/query_knowledge_base', { kb_id: kb.id }, c.alice), 40401, KB_NOT_FOUND);
    expect(await c.t.rows(sqlKb(kb.id))).toEqual([]);
    expectCode(await c.t.call('/api/kb/delete_knowledge_base', { kb_id: kb.id }, c.alice), 40401, KB_NOT_FOUND);
  });

  it('counts knowledge bases in the administrator’s usage statistics', async () => {
    const stats = expectOk(await c.t.call<Page<UserUsage>>('/api/user/stat_all_users_usage', { keyword: 'kb_bob' }, c.admin));
    expect(stats.list[0]?.counts.knowledge_bases).toBeGreaterThanOrEqual(3);
  });
});

const sqlKb = (id: string) => sql`select * from knowledge_bases where id = ${id}`;
const sqlModel = (name: string) => sql`select id from llm_models where llm_name = ${name}`;
