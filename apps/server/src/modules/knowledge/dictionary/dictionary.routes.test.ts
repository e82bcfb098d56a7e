import type { KbDictionary, KbSearchResult, KnowledgeBase, PlatformDictionary } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../../test/harness.js';
import { startKbTestApp, type KbTestContext } from '../../../../test/fixtures/kb.js';
import { ingest } from '../../../../test/fixtures/retrieval.js';
import { userWordsOf } from '../../../platform/documents/index.js';
import { findIndexDrift, indexedTerms } from '../retrieval/term-index-audit.js';

const NOT_ADMIN = '需要管理员权限';
const NOT_CREATOR = '只有创建者可以修改该知识库';

// 「云雀九号」 is a product name jieba does not know: it cuts it into 云雀 and 九号, which also occur apart
// in the other document.
const PRODUCT = { name: '产品.md', content: '# 云雀九号\n\n云雀九号是一款便携式净水器，滤芯每半年更换一次。' };
const BIRDS = { name: '观鸟.md', content: '# 观鸟笔记\n\n清晨有一只云雀落在九号楼的屋顶上，叫声清脆。' };

/** User dictionaries: words kept whole at ingestion and at query time, per knowledge base and for the platform. */
describe('user dictionaries', () => {
  let c: KbTestContext;
  beforeAll(async () => {
    c = await startKbTestApp();
  }, 120_000);
  afterAll(() => c?.close());

  const getKb = async (token: string, kbId: string) => expectOk(await c.t.call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kbId }, token))[0]!;
  const tokensOf = async (kbId: string) => [...(await indexedTerms(c.t.database.db, kbId)).values()];
  const search = async (token: string, kbId: string, query: string) =>
    expectOk(await c.t.call<KbSearchResult>('/api/kb/search_docs', { kb_id: kbId, query, mode: 'fulltext', top_k: 5 }, token)).hits;

  it("stores a knowledge base's words normalised and without duplicates, and refuses bad words in Chinese", async () => {
    const kb = await c.createKb(c.alice);
    const empty = expectOk(await c.t.call<KbDictionary>('/api/kb/get_dictionary', { kb_id: kb.id }, c.alice));
    expect(empty).toEqual({ kb_id: kb.id, words: [], platform_words: [], needs_reindex: false });

    const saved = expectOk(await c.t.call<KbDictionary>('/api/kb/update_dictionary', { kb_id: kb.id, words: [' 云雀九号 ', '云雀九号', 'ＸＹ-200'] }, c.alice));
    expect(saved.words).toEqual(['云雀九号', 'xy-200']);
    // No documents yet: nothing to re-index.
    expect(saved.needs_reindex).toBe(false);
    expect(expectOk(await c.t.call<KbDictionary>('/api/kb/get_dictionary', { kb_id: kb.id }, c.alice)).words).toEqual(['云雀九号', 'xy-200']);

    const cases: Array<[unknown, string | RegExp]> = [
      [{ kb_id: kb.id }, /词条必须是数组/],
      [{ kb_id: kb.id, words: ['云雀 九号'] }, '参数 words.0 不合法：词条不能包含空格或换行'],
      [{ kb_id: kb.id, words: ['好词', '云'] }, '参数 words.1 不合法：词条至少 2 个字符'],
      [{ kb_id: kb.id, words: ['，。'] }, '参数 words.0 不合法：词条不能只由标点符号组成'],
      [{ kb_id: kb.id, words: ['长'.repeat(33)] }, '参数 words.0 不合法：词条不能超过 32 个字符'],
      [{ kb_id: kb.id, words: Array.from({ length: 2001 }, (_, index) => `词${index}`) }, '参数 words 不合法：最多 2000 个词条'],
    ];
    for (const [body, msg] of cases) expectCode(await c.t.call('/api/kb/update_dictionary', body, c.alice), 40001, msg);
  });

  it("keeps another user's private dictionary invisible (40401) and a public one read-only (40301)", async () => {
    const kb = await c.createKb(c.alice);
    expectCode(await c.t.call('/api/kb/get_dictionary', { kb_id: kb.id }, c.bob), 40401, '知识库不存在');
    expectCode(await c.t.call('/api/kb/update_dictionary', { kb_id: kb.id, words: ['云雀九号'] }, c.bob), 40401, '知识库不存在');
    expectOk(await c.t.call('/api/kb/publish', { kb_id: kb.id }, c.alice));
    expect(expectOk(await c.t.call<KbDictionary>('/api/kb/get_dictionary', { kb_id: kb.id }, c.bob)).words).toEqual([]);
    expectCode(await c.t.call('/api/kb/update_dictionary', { kb_id: kb.id, words: ['云雀九号'] }, c.bob), 40301, NOT_CREATOR);
  });

  it("applies a knowledge base's words at ingestion and at query time, and asks for a re-index when they change after documents were indexed", async () => {
    const kb = await c.createKb(c.alice);
    await ingest(c, c.alice, kb.id, [PRODUCT, BIRDS]);
    expect((await tokensOf(kb.id)).flat()).not.toContain('云雀九号');
    const before = await search(c.alice, kb.id, '云雀九号');

    const saved = expectOk(await c.t.call<KbDictionary>('/api/kb/update_dictionary', { kb_id: kb.id, words: ['云雀九号'] }, c.alice));
    expect(saved.needs_reindex).toBe(true);
    expect((await getKb(c.alice, kb.id)).needs_reindex).toBe(true);
    // Saving the same words again changes nothing.
    expect(expectOk(await c.t.call<KbDictionary>('/api/kb/update_dictionary', { kb_id: kb.id, words: ['云雀九号'] }, c.alice)).needs_reindex).toBe(true);

    expectOk(await c.t.call('/api/kb/recreate_vector_store', { kb_id: kb.id }, c.alice));
    await c.settled(c.alice, kb.id);
    expect((await getKb(c.alice, kb.id)).needs_reindex).toBe(false);
    const tokens = await tokensOf(kb.id);
    expect(tokens.some((terms) => terms.includes('云雀九号'))).toBe(true);
    // The bird notes never held the product's name: they are not indexed under it.
    expect(tokens.filter((terms) => terms.includes('云雀九号'))).toHaveLength(1);
    expect(await findIndexDrift(c.t.database.db, kb.id, userWordsOf([], ['云雀九号']))).toEqual({ stats: null, terms: [], postings: 0, groups: 0 });

    // The question is cut with the same words: the product outranks the page that only holds its parts.
    const after = await search(c.alice, kb.id, '云雀九号');
    expect(after[0]?.doc_name).toBe('产品.md');
    const margin = (hits: typeof after) => (hits.find((hit) => hit.doc_name === '产品.md')?.score ?? 0) - (hits.find((hit) => hit.doc_name === '观鸟.md')?.score ?? 0);
    expect(margin(after)).toBeGreaterThan(margin(before));
  });

  it("lets only administrators change the platform's words, which every knowledge base then uses, and marks those holding documents", async () => {
    expectCode(await c.t.call('/api/kb/update_platform_dictionary', { words: ['云雀九号'] }, c.alice), 40301, NOT_ADMIN);
    expectCode(await c.t.raw({ method: 'GET', url: '/api/kb/get_platform_dictionary', headers: { 'access-token': c.alice } }), 40301, NOT_ADMIN);
    expectCode(await c.t.call('/api/kb/update_platform_dictionary', { words: ['a b'] }, c.admin), 40001, '参数 words.0 不合法：词条不能包含空格或换行');

    const kb = await c.createKb(c.bob);
    await ingest(c, c.bob, kb.id, [PRODUCT]);
    const updated = expectOk(await c.t.call<PlatformDictionary>('/api/kb/update_platform_dictionary', { words: ['云雀九号', '净水器滤芯'] }, c.admin));
    expect(updated.words).toEqual(['云雀九号', '净水器滤芯']);
    expect(updated.marked_for_reindex).toBeGreaterThanOrEqual(1);
    const read = expectOk(await c.t.raw<PlatformDictionary>({ method: 'GET', url: '/api/kb/get_platform_dictionary', headers: { 'access-token': c.admin } }));
    expect(read.words).toEqual(['云雀九号', '净水器滤芯']);
    expect(read.updated_at).toBe(updated.updated_at);

    expect((await getKb(c.bob, kb.id)).needs_reindex).toBe(true);
    expect(expectOk(await c.t.call<KbDictionary>('/api/kb/get_dictionary', { kb_id: kb.id }, c.bob)).platform_words).toEqual(['云雀九号', '净水器滤芯']);
    expectOk(await c.t.call('/api/kb/recreate_vector_store', { kb_id: kb.id }, c.bob));
    await c.settled(c.bob, kb.id);
    expect((await tokensOf(kb.id)).flat()).toContain('云雀九号');

    // Unchanged words mark nothing again.
    expect(expectOk(await c.t.call<PlatformDictionary>('/api/kb/update_platform_dictionary', { words: ['净水器滤芯', '云雀九号'] }, c.admin)).marked_for_reindex).toBe(0);
    expectOk(await c.t.call('/api/kb/update_platform_dictionary', { words: [] }, c.admin));
  });
});
