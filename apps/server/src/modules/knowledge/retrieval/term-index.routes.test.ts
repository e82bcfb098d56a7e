import type { KbSearchResult, KbSegment, Page } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../../test/harness.js';
import { startKbTestApp, type KbTestContext } from '../../../../test/fixtures/kb.js';
import { ingest, NO_DRIFT, THREE_SUBJECTS } from '../../../../test/fixtures/retrieval.js';
import { findIndexDrift } from './term-index-audit.js';
import { bucketOf } from './index-buckets.js';
import { readIndexStats } from './term-index.js';

/** The inverted index BM25 reads stays equal to a full re-index through every write of segments. */
describe('full-text index: kept exact by every write', () => {
  let c: KbTestContext;
  let kbId: string;
  const drift = () => findIndexDrift(c.t.database.db, kbId);
  const search = async (query: string) => expectOk(await c.t.call<KbSearchResult>('/api/kb/search_docs', { kb_id: kbId, query, mode: 'fulltext', top_k: 3 }, c.alice)).hits;

  beforeAll(async () => {
    c = await startKbTestApp();
    kbId = (await c.createKb(c.alice, { name: '索引知识库' })).id;
  }, 120_000);
  afterAll(() => c?.close());

  it('ingestion, a segment edit, a document deletion and a re-index leave no drift', async () => {
    const documents = await ingest(c, c.alice, kbId, THREE_SUBJECTS);
    expect(await drift()).toEqual(NO_DRIFT);
    const stats = await readIndexStats(c.t.database.db, kbId);
    expect(stats.segments).toBeGreaterThanOrEqual(THREE_SUBJECTS.length);
    expect((await search('赵州桥 设计者'))[0]?.doc_name).toBe('桥.md');

    const segments = expectOk(await c.t.call<Page<KbSegment>>('/api/kb/list_doc_segment', { kb_id: kbId, page: 1, page_size: 50 }, c.alice)).list;
    const teaSegment = segments.find((segment) => segment.text.includes('龙井'))!;
    expectOk(await c.t.call('/api/kb/update_docs_by_id', { segment_id: teaSegment.id, text: '碧螺春产于苏州太湖洞庭山，条索纤细，卷曲成螺。' }, c.alice));
    expect(await drift()).toEqual(NO_DRIFT);
    expect((await search('碧螺春 洞庭山'))[0]?.doc_name).toBe('茶.md');
    expect(await search('龙井 西湖')).toEqual([]);

    const bridge = documents.find((doc) => doc.name === '桥.md')!;
    expectOk(await c.t.call('/api/kb/delete_docs', { kb_id: kbId, doc_ids: [bridge.id] }, c.alice));
    expect(await drift()).toEqual(NO_DRIFT);
    expect(await search('赵州桥 设计者')).toEqual([]);
    expect((await readIndexStats(c.t.database.db, kbId)).segments).toBeLessThan(stats.segments);

    expectOk(await c.t.call('/api/kb/recreate_vector_store', { kb_id: kbId }, c.alice));
    await c.settled(c.alice, kbId);
    expect(await drift()).toEqual(NO_DRIFT);
    expect((await search('哈雷彗星'))[0]?.doc_name).toBe('星.md');
  });

  it('a drifted index is reported (the check can fail)', async () => {
    await c.t.database.db.execute(sql`delete from kb_index_buckets where kb_id = ${kbId}::uuid and bucket = ${bucketOf('哈雷彗星')}::int`);
    const found = await drift();
    expect(found.terms).toContain('哈雷彗星');
    expect(found.postings).toBeGreaterThan(0);
    await c.t.database.db.execute(sql`update kb_index_groups set segments = segments + 1 where kb_id = ${kbId}::uuid`);
    expect((await drift()).groups).toBeGreaterThan(0);
  });
});
