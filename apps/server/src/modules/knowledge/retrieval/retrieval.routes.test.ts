import type { KbSearchResult, KnowledgeBase } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk } from '../../../../test/harness.js';
import { startKbTestApp, type KbTestContext, type UploadFile } from '../../../../test/fixtures/kb.js';
import { corpusFiles, ingest, WITH_PGVECTOR } from '../../../../test/fixtures/retrieval.js';

const corpus = (...names: string[]) => corpusFiles(names);
const NO_PGVECTOR = '数据库未安装 pgvector，已使用全文检索';

describe('knowledge-base retrieval: /kb/search_docs and /kb/rag_kbs', () => {
  let c: KbTestContext;
  /** alice's private knowledge base with vectors and a rerank model. */
  let withVectors: KnowledgeBase;
  /** alice's private knowledge base without an embedding model. */
  let textOnly: KnowledgeBase;
  /** alice's public knowledge base with vectors. */
  let shared: KnowledgeBase;

  beforeAll(async () => {
    c = await startKbTestApp();
    await c.createModel(c.alice, { llm_name: 'ret-embed', type: 'embedding' });
    await c.createModel(c.alice, { llm_name: 'ret-rerank', type: 'rerank' });
    withVectors = await c.createKb(c.alice, { name: '百科', embedding_model: 'ret-embed' });
    textOnly = await c.createKb(c.alice, { name: '制度' });
    shared = await c.createKb(c.alice, { name: '公开百科', embedding_model: 'ret-embed', is_public: true });
    const uploads: Array<[KnowledgeBase, UploadFile[]]> = [
      [withVectors, corpus('longjing-tea.md', 'giant-panda.md', 'great-wall.md', 'coffee-brewing.md')],
      [textOnly, corpus('annual-leave-policy.md', 'expense-reimbursement.md')],
      [shared, corpus('volcano.md', 'honeybee.md')],
    ];
    for (const [kb, files] of uploads) await ingest(c, c.alice, kb.id, files);
  });
  afterAll(() => c?.close());

  const search = (body: Record<string, unknown>, token = c.alice) => c.t.call<KbSearchResult>('/api/kb/search_docs', body, token);
  const rag = (body: Record<string, unknown>, token = c.alice) => c.t.call<KbSearchResult>('/api/kb/rag_kbs', body, token);

  it('full text finds the passage by its words and scores with BM25, 0–1', async () => {
    const result = expectOk(await search({ kb_id: withVectors.id, query: '明前茶是什么时候采摘的？', mode: 'fulltext' }));
    expect(result).toMatchObject({ mode: 'fulltext', notice: null });
    const [best] = result.hits;
    expect(best).toMatchObject({ doc_name: 'longjing-tea.md', kb_id: withVectors.id, kb_name: '百科', vector_score: null, rerank_score: null });
    expect(best!.text).toContain('明前茶');
    expect(best!.score).toBe(best!.fulltext_score);
    for (const hit of result.hits) expect(hit.score).toBeGreaterThan(0);
    expect(result.hits.every((hit) => hit.score <= 1)).toBe(true);
    expect(result.hits.map((hit) => hit.score)).toEqual([...result.hits.map((hit) => hit.score)].sort((a, b) => b - a));
    // Only segments holding a query word are candidates.
    expect(result.hits.some((hit) => hit.doc_name === 'great-wall.md')).toBe(false);
  });

  it('hybrid fuses full text and vectors where pgvector exists, and falls back to full text with a notice where not', async () => {
    const result = expectOk(await search({ kb_id: withVectors.id, query: '大熊猫一天要吃多少竹子', top_k: 3 }));
    expect(result.hits[0]!.doc_name).toBe('giant-panda.md');
    if (WITH_PGVECTOR) {
      expect(result).toMatchObject({ mode: 'hybrid', notice: null });
      expect(result.hits[0]!.vector_score).toBeGreaterThan(0);
      expect(result.hits[0]!.fulltext_score).toBeGreaterThan(0);
      expect(result.hits[0]!.score).toBeLessThanOrEqual(1);
    } else {
      expect(result).toMatchObject({ mode: 'fulltext', notice: NO_PGVECTOR });
      expect(result.hits.every((hit) => hit.vector_score === null)).toBe(true);
    }
    const fallback = expectOk(await search({ kb_id: textOnly.id, query: '年假可以顺延到什么时候', mode: 'hybrid' }));
    expect(fallback).toMatchObject({ mode: 'fulltext', notice: WITH_PGVECTOR ? '该知识库未配置向量模型，已使用全文检索' : NO_PGVECTOR });
    expect(fallback.hits[0]!.doc_name).toBe('annual-leave-policy.md');
  });

  it('vector mode searches by embedding, and is refused without an embedding model or without pgvector', async () => {
    if (WITH_PGVECTOR) {
      const result = expectOk(await search({ kb_id: withVectors.id, query: '手冲咖啡的粉水比', mode: 'vector' }));
      expect(result).toMatchObject({ mode: 'vector', notice: null });
      expect(result.hits[0]).toMatchObject({ doc_name: 'coffee-brewing.md', fulltext_score: null });
      expect(result.hits[0]!.score).toBe(result.hits[0]!.vector_score);
      expect(c.llm.requests.some((request) => request.path === '/v1/embeddings' && JSON.stringify(request.body).includes('手冲咖啡的粉水比'))).toBe(true);
      expectCode(await search({ kb_id: textOnly.id, query: '年假', mode: 'vector' }), 40001, /该知识库未配置向量模型，无法使用向量检索/);
    } else {
      expectCode(await search({ kb_id: withVectors.id, query: '咖啡', mode: 'vector' }), 40001, /数据库未安装 pgvector，无法使用向量检索/);
      expectCode(await search({ kb_id: textOnly.id, query: '年假', mode: 'vector' }), 40001, /pgvector/);
    }
  });

  it.runIf(WITH_PGVECTOR)('new vectors are searched at once, exactly, and moved into the HNSW index in the background', async () => {
    const kb = await c.createKb(c.alice, { name: '新向量', embedding_model: 'ret-embed' });
    await ingest(c, c.alice, kb.id, corpus('great-wall.md', 'honeybee.md'));
    const pending = async () => expectOk(await c.t.call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kb.id }, c.alice))[0]!.vector_pending;
    const top = async () => expectOk(await search({ kb_id: kb.id, query: '蜜蜂的蜂巢', mode: 'vector' })).hits[0]?.doc_name;
    // Right after ingestion the vectors usually still wait (the indexer starts once writing has paused a second).
    expect(await top()).toBe('honeybee.md');
    const deadline = Date.now() + 15_000;
    while ((await pending()) !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await pending()).toBe(0);
    expect(await top()).toBe('honeybee.md');
  });

  it('top_k limits the hits and score_threshold drops the weaker ones', async () => {
    const query = '长城 熊猫 咖啡 龙井';
    const all = expectOk(await search({ kb_id: withVectors.id, query, mode: 'fulltext', top_k: 10 })).hits;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(expectOk(await search({ kb_id: withVectors.id, query, mode: 'fulltext', top_k: 2 })).hits).toEqual(all.slice(0, 2));
    const threshold = (all[0]!.score + all.at(-1)!.score) / 2;
    const strong = expectOk(await search({ kb_id: withVectors.id, query, mode: 'fulltext', top_k: 10, score_threshold: threshold })).hits;
    expect(strong.map((hit) => hit.segment_id)).toEqual(all.filter((hit) => hit.score >= threshold).map((hit) => hit.segment_id));
    expect(strong.length).toBeLessThan(all.length);
    expect(expectOk(await search({ kb_id: withVectors.id, query: '完全无关的量子纠缠', mode: 'fulltext' })).hits).toEqual([]);
  });

  it('a rerank model reorders the candidates and its score becomes the score', async () => {
    expectOk(await c.t.call('/api/kb/update_kb', { kb_id: withVectors.id, rerank_model: 'ret-rerank' }, c.alice));
    try {
      const result = expectOk(await search({ kb_id: withVectors.id, query: '龙井茶怎么冲泡', mode: 'fulltext', top_k: 3 }));
      expect(result.hits[0]!.doc_name).toBe('longjing-tea.md');
      for (const hit of result.hits) expect(hit.score).toBe(hit.rerank_score);
      expect(result.hits.map((hit) => hit.score)).toEqual([...result.hits.map((hit) => hit.score)].sort((a, b) => b - a));
      const rerankCall = c.llm.requests.filter((request) => request.path === '/v1/rerank').at(-1)!;
      expect(rerankCall.body).toMatchObject({ query: '龙井茶怎么冲泡' });
    } finally {
      expectOk(await c.t.call('/api/kb/update_kb', { kb_id: withVectors.id, rerank_model: null }, c.alice));
    }
  });

  it('rag_kbs retrieves across several knowledge bases at once', async () => {
    const result = expectOk(await rag({ kb_ids: [withVectors.id, textOnly.id, shared.id], query: '火山 蜜蜂 报销 龙井', mode: 'fulltext', top_k: 10 }));
    expect(new Set(result.hits.map((hit) => hit.kb_name))).toEqual(new Set(['百科', '制度', '公开百科']));
    const hybrid = expectOk(await rag({ kb_ids: [withVectors.id, textOnly.id], query: '出差住宿标准' }));
    expect(hybrid.hits[0]!.doc_name).toBe('expense-reimbursement.md');
    expect(hybrid.mode).toBe(WITH_PGVECTOR ? 'hybrid' : 'fulltext');
  });

  it('documents added right after a search are found and scored at once', async () => {
    const fresh = await c.createKb(c.alice, { name: '新库' });
    await ingest(c, c.alice, fresh.id, corpus('dumplings.md'));
    expect(expectOk(await search({ kb_id: fresh.id, query: '密码多久必须更换', mode: 'fulltext' })).hits).toEqual([]);
    await ingest(c, c.alice, fresh.id, corpus('password-policy.md', 'vpn-guide.md'));
    const { hits } = expectOk(await search({ kb_id: fresh.id, query: '密码多久必须更换', mode: 'fulltext' }));
    expect(hits[0]!.doc_name).toBe('password-policy.md');
    expect(hits.every((hit) => hit.score > 0 && hit.score <= 1)).toBe(true);
  });

  it('others may search public knowledge bases but never see private ones', async () => {
    const result = expectOk(await search({ kb_id: shared.id, query: '富士山最近一次喷发' }, c.bob));
    expect(result.hits[0]!.doc_name).toBe('volcano.md');
    expectCode(await search({ kb_id: withVectors.id, query: '龙井' }, c.bob), 40401, '知识库不存在');
    expectCode(await rag({ kb_ids: [shared.id, textOnly.id], query: '年假' }, c.bob), 40401, '知识库不存在');
    expectCode(await search({ kb_id: '00000000-0000-4000-8000-000000000000', query: '龙井' }), 40401, '知识库不存在');
    // An administrator sees everything, as everywhere else.
    expectOk(await search({ kb_id: withVectors.id, query: '龙井' }, c.admin));
  });

  it('refuses bad input before searching', async () => {
    expectCode(await search({ kb_id: withVectors.id }), 40001, /请输入检索内容/);
    expectCode(await search({ kb_id: withVectors.id, query: '   ' }), 40001, /请输入检索内容/);
    expectCode(await search({ kb_id: 'abc', query: '龙井' }), 40001, /知识库 id格式不正确/);
    expectCode(await search({ kb_id: withVectors.id, query: '龙井', top_k: 0 }), 40001, /返回条数/);
    expectCode(await search({ kb_id: withVectors.id, query: '龙井', top_k: 51 }), 40001, /返回条数/);
    expectCode(await search({ kb_id: withVectors.id, query: '龙井', score_threshold: 1.5 }), 40001, /相关度阈值/);
    expectCode(await search({ kb_id: withVectors.id, query: '龙井', mode: 'semantic' }), 40001, /检索方式/);
    expectCode(await rag({ kb_ids: [], query: '龙井' }), 40001, /请选择知识库/);
    expectCode(await rag({ kb_ids: withVectors.id, query: '龙井' }), 40001, /kb_ids 必须是数组/);
    expectCode(await c.t.call('/api/kb/search_docs', { kb_id: withVectors.id, query: '龙井' }), 40101);
  });
});
