import type { KbSearchResult, KnowledgeBase } from '@agent-platform/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/index.js';
import { userWordsOf } from '../../platform/documents/index.js';
import { expectOk } from '../../../test/harness.js';
import { longMarkdown, startKbTestApp, type KbTestContext } from '../../../test/fixtures/kb.js';
import { waitFor } from '../../../test/wait-for.js';
import { queueFactory } from '../../../test/fixtures/jobs.js';
import { emptyIndexAsAnUpgradeLeavesIt, ingest, NO_DRIFT, THREE_SUBJECTS } from '../../../test/fixtures/retrieval.js';
import { INDEX_REBUILD_JOB, registerIndexRebuild } from './kb-index-rebuild.job.js';
import { findIndexDrift } from './retrieval/term-index-audit.js';
import { readIndexStats } from './retrieval/term-index.js';

/** Segments per rebuild transaction here: the rebuilds below take several. */
const REBUILD_BATCH = 100;

/** An upgrade to a new full-text layout empties the index and leaves the segments; the server rebuilds it from them. */
describe('full-text index rebuilt in the background after an upgrade', () => {
  let c: KbTestContext;
  const queues = queueFactory(() => c.t);
  const db = () => c.t.database.db;
  const search = async (kbId: string, query: string) => expectOk(await c.t.call<KbSearchResult>('/api/kb/search_docs', { kb_id: kbId, query, mode: 'fulltext', top_k: 3 }, c.alice)).hits;
  const count = async (query: SQL) => (await selectRows<{ n: number }>(db(), query))[0]?.n;
  const kbOf = async (kbId: string) => expectOk(await c.t.call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kbId }, c.alice))[0]!;
  /**
   * Queues rebuilds as a starting server does; the test app's own queue (started, with the job registered
   * by the knowledge module) runs them. This queue is never started.
   */
  const enqueueRebuilds = () => registerIndexRebuild({ db: db(), log: c.t.app.log, jobs: queues.create(), userWordsOfKb: async (kb) => userWordsOf([], kb.dictionary) }).enqueueRebuilds();
  const rebuilt = () =>
    waitFor(async () => ((await count(sql`select count(*)::int as n from jobs where kind = ${INDEX_REBUILD_JOB} and status in ('queued', 'running')`)) === 0 ? true : undefined), {
      what: 'index rebuilds to finish',
      timeoutMs: 60_000,
      intervalMs: 50,
    });

  beforeAll(async () => {
    c = await startKbTestApp({ KB_INDEX_REBUILD_BATCH: String(REBUILD_BATCH) });
  }, 120_000);
  afterEach(() => queues.closeAll());
  afterAll(() => c?.close());

  it('rebuilds the index from the stored segments, equal to a full re-index, and stops asking for one', async () => {
    // Short segments, and a document of ~230 of them: the rebuild takes several transactions.
    const kbId = (await c.createKb(c.alice, { name: '升级前的知识库', chunk_size: 100, chunk_overlap: 10 })).id;
    expectOk(await c.t.call('/api/kb/update_dictionary', { kb_id: kbId, words: ['李春'] }, c.alice));
    await ingest(c, c.alice, kbId, [...THREE_SUBJECTS, { name: '长文.md', content: longMarkdown('长文', 230) }]);
    const before = await readIndexStats(db(), kbId);
    expect(before.segments).toBeGreaterThan(2 * REBUILD_BATCH);
    await emptyIndexAsAnUpgradeLeavesIt(db(), kbId);
    expect(await search(kbId, '赵州桥 设计者')).toEqual([]);
    expect((await findIndexDrift(db(), kbId, userWordsOf([], ['李春']))).stats).not.toBeNull();
    expect(await kbOf(kbId)).toMatchObject({ needs_reindex: true, fulltext_pending: before.segments });

    expect(await enqueueRebuilds()).toBe(1);
    await rebuilt();

    expect(await findIndexDrift(db(), kbId, userWordsOf([], ['李春']))).toEqual(NO_DRIFT);
    expect(await readIndexStats(db(), kbId)).toEqual(before);
    expect(await count(sql`select count(*)::int as n from kb_index_groups where kb_id = ${kbId}::uuid`)).toBeGreaterThanOrEqual(2);
    expect((await search(kbId, '赵州桥 设计者'))[0]?.doc_name).toBe('桥.md');
    expect((await search(kbId, '李春'))[0]?.doc_name).toBe('桥.md');
    expect(await kbOf(kbId)).toMatchObject({ needs_reindex: false, fulltext_pending: 0 });
    expect(await enqueueRebuilds()).toBe(0);
  });

  it('a document ingested after the upgrade keeps its place; the rest is added and the re-index prompt stays', async () => {
    const kbId = (await c.createKb(c.alice, { name: '升级后又上传的知识库' })).id;
    await ingest(c, c.alice, kbId, THREE_SUBJECTS.slice(0, 2));
    await emptyIndexAsAnUpgradeLeavesIt(db(), kbId);
    await ingest(c, c.alice, kbId, THREE_SUBJECTS.slice(2));
    expect((await search(kbId, '哈雷彗星'))[0]?.doc_name).toBe('星.md');
    expect(await search(kbId, '赵州桥 设计者')).toEqual([]);

    expect(await enqueueRebuilds()).toBe(1);
    await rebuilt();
    expect(await findIndexDrift(db(), kbId)).toEqual(NO_DRIFT);
    expect(await count(sql`select count(*)::int as n from kb_segments where kb_id = ${kbId}::uuid and ord is null`)).toBe(0);
    expect((await search(kbId, '赵州桥 设计者'))[0]?.doc_name).toBe('桥.md');
    expect((await search(kbId, '哈雷彗星'))[0]?.doc_name).toBe('星.md');
    // Part of it was indexed before the rebuild, perhaps with other words: only a re-index can say.
    expect((await kbOf(kbId)).needs_reindex).toBe(true);
  });
});
