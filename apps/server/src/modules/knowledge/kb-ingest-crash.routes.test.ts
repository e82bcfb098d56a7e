import path from 'node:path';
import type { KbDocsResult, KbDocument, KbSegment, KnowledgeBase, Page } from '@agent-platform/contracts';
import { startScriptedLlm } from '@agent-platform/scripted-llm';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess, type ServerProcess } from '../../../test/server-process.js';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, selectRows, type Db } from '../../platform/db/index.js';
import { longMarkdown, multipart, type UploadFile } from '../../../test/fixtures/kb.js';
import { smallTextFiles } from '../../../test/fixtures/small-docs.js';
import { emptyIndexAsAnUpgradeLeavesIt } from '../../../test/fixtures/retrieval.js';
import { findIndexDrift } from './retrieval/term-index-audit.js';

const FINISHED = new Set(['done', 'failed']);
/** The killed server's jobs are taken over once their lease ends: 5 s instead of the default 30 s per kill. */
const SHORT_LEASE = { JOB_LEASE_SECONDS: '5' };

/** The jobs' promise (docs/durable-work.md): `kill -9` during ingestion loses nothing, and nothing is indexed twice. */
describe('crash recovery: the server killed with SIGKILL in the middle of ingesting and of re-indexing documents', () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.dispose());
  /** The first test's knowledge base (thousands of segments), which the rebuild test empties again. */
  let large: { token: string; kbId: string } | undefined;

  async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
    const response = await fetch(`${server!.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 200) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  async function documents(token: string, kbId: string): Promise<KbDocument[]> {
    const response = await fetch(`${server!.url}/api/kb/list_files_detail?kb_id=${kbId}&page_size=100`, { headers: { 'access-token': token } });
    return ((await response.json()) as { data: Page<KbDocument> }).data.list;
  }

  async function segmentsOf(token: string, kbId: string, docId: string): Promise<KbSegment[]> {
    const all: KbSegment[] = [];
    for (let page = 1; ; page += 1) {
      const { list, total } = await call<Page<KbSegment>>('/api/kb/list_doc_segment', { kb_id: kbId, doc_id: docId, page, page_size: 100 }, token);
      all.push(...list);
      if (all.length >= total || list.length === 0) return all;
    }
  }

  /** Kills the server once some document is being ingested, starts it again and waits until every document is finished. */
  async function killMidIngestion(token: string, kbId: string): Promise<KbDocument[]> {
    await expect.poll(async () => (await documents(token, kbId)).some((doc) => doc.status === 'parsing' || doc.status === 'indexing'), { timeout: 60_000, interval: 20 }).toBe(true);
    await server!.kill('SIGKILL');
    // (Read after the kill from the restarted server: what the dead one left.)
    await server!.start();
    const left = await documents(token, kbId);
    expect(left.filter((doc) => !FINISHED.has(doc.status)).length, 'the kill came after ingestion had finished').toBeGreaterThan(0);
    let docs: KbDocument[] = [];
    await expect
      .poll(
        async () => {
          docs = await documents(token, kbId);
          return docs.length > 0 && docs.every((doc) => FINISHED.has(doc.status));
        },
        { timeout: 150_000, interval: 500 },
      )
      .toBe(true);
    return docs;
  }

  /** The database read with the server stopped (PGlite has one process). */
  async function whileStopped<T>(read: (db: Db) => Promise<T>): Promise<T> {
    await server!.kill('SIGTERM');
    const database = server!.databaseUrl ? await openPostgres(server!.databaseUrl, 1, () => undefined) : await openPglite({ dataDir: path.join(server!.dataDir, 'pglite') });
    try {
      return await read(database.db);
    } finally {
      await database.close();
    }
  }

  /** The full-text index against a full re-index of the segments. */
  const indexDrift = (kbId: string) => whileStopped((db) => findIndexDrift(db, kbId));

  /** Documents of the knowledge base by status, counted in the database. */
  const statusCounts = (db: Db, kbId: string) =>
    selectRows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from kb_documents where kb_id = ${kbId}::uuid group by status order by status`);

  it('every document ends done after each restart, with no duplicate segments and an index equal to a full re-index', async () => {
    // Small rebuild transactions: the rebuild test below kills the server half-way through one.
    server = await serverProcess({ ...SHORT_LEASE, KB_INDEX_REBUILD_BATCH: '50' });
    await server.start();
    await call('/api/user/register/by_username', { user_name: 'crash_kb', password: 'secret-123', nick_name: '崩溃', phone: '13900000001' });
    const { token } = await call<{ token: string }>('/api/user/login/by_username', { user_name: 'crash_kb', password: 'secret-123' });
    const kb = await call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: '崩溃测试', chunk_size: 200, chunk_overlap: 20 }, token);
    const files = Array.from({ length: 8 }, (_, index) => ({ name: `大文档${index}.md`, content: longMarkdown(`大文档${index}`, 1500) }));
    const { payload, contentType } = await multipart({ kb_id: kb.id }, files);
    const upload = await fetch(`${server.url}/api/kb/upload_docs`, { method: 'POST', headers: { 'access-token': token, 'content-type': contentType }, body: payload });
    const uploaded = ((await upload.json()) as { data: KbDocsResult }).data;
    expect(uploaded.documents).toHaveLength(8);

    // Kill once ingestion has started and before it has finished.
    const docs = await killMidIngestion(token, kb.id);
    expect(docs).toHaveLength(8);
    expect(docs.map((doc) => doc.status)).toEqual(Array(8).fill('done'));
    for (const doc of docs) {
      const segments = await segmentsOf(token, kb.id, doc.id);
      const seqs = segments.map((segment) => segment.seq);
      expect(new Set(seqs).size, doc.name).toBe(seqs.length);
      expect(seqs.length, doc.name).toBe(doc.segment_count);
      expect(Math.max(...seqs)).toBe(doc.segment_count - 1);
    }

    // Then during a re-index of the whole knowledge base.
    await call('/api/kb/recreate_vector_store', { kb_id: kb.id }, token);
    const reindexed = await killMidIngestion(token, kb.id);
    expect(reindexed.map((doc) => doc.status)).toEqual(Array(8).fill('done'));
    expect(await indexDrift(kb.id)).toEqual({ stats: null, terms: [], postings: 0, groups: 0 });
    large = { token, kbId: kb.id };
  }, 600_000);

  it('a kill while the server rebuilds an index an upgrade emptied: the rebuild ends after the restart, equal to a full re-index', async () => {
    const { token, kbId } = large!;
    // What migration 0022 leaves (the server is stopped since the drift check).
    await whileStopped((db) => emptyIndexAsAnUpgradeLeavesIt(db, kbId));
    await server!.start();
    const detail = async () => (await call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kbId }, token))[0]!;
    const { segment_count: segments } = await detail();
    await expect.poll(async () => (await detail()).fulltext_pending ?? 0, { timeout: 60_000, interval: 10 }).toBeLessThan(segments);
    const pendingAtKill = (await detail()).fulltext_pending ?? 0;
    await server!.kill('SIGKILL');
    expect(pendingAtKill, 'the kill came after the rebuild had finished').toBeGreaterThan(0);
    await server!.start();
    await expect.poll(async () => (await detail()).fulltext_pending, { timeout: 150_000, interval: 250 }).toBe(0);
    expect((await detail()).needs_reindex).toBe(false);
    expect(await indexDrift(kbId)).toEqual({ stats: null, terms: [], postings: 0, groups: 0 });
  }, 600_000);

  it('a kill during a batch upload of many small files: every document ends done or failed, and the index equals a full re-index', async () => {
    await server?.dispose();
    server = await serverProcess(SHORT_LEASE);
    await server.start();
    await call('/api/user/register/by_username', { user_name: 'crash_batch', password: 'secret-123', nick_name: '批量', phone: '13900000002' });
    const { token } = await call<{ token: string }>('/api/user/login/by_username', { user_name: 'crash_batch', password: 'secret-123' });
    const kb = await call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: '批量崩溃测试' }, token);
    const upload = async (files: UploadFile[]) => {
      const { payload, contentType } = await multipart({ kb_id: kb.id }, files);
      const response = await fetch(`${server!.url}/api/kb/upload_docs`, { method: 'POST', headers: { 'access-token': token, 'content-type': contentType }, body: payload });
      return ((await response.json()) as { data: KbDocsResult }).data.documents.length;
    };
    const files = smallTextFiles(400, 7);
    // Three requests land; the fourth is still arriving (or being ingested) when the server dies.
    let accepted = 0;
    for (let start = 0; start < 300; start += 100) accepted += await upload(files.slice(start, start + 100));
    expect(accepted).toBe(300);
    const inFlight = upload(files.slice(300)).then(
      (count) => count,
      () => 0,
    );
    await expect.poll(async () => (await documents(token, kb.id)).some((doc) => doc.status === 'done'), { timeout: 60_000, interval: 10 }).toBe(true);
    await server.kill('SIGKILL');
    accepted += await inFlight;
    await server.start();

    let total = 0;
    await expect
      .poll(
        async () => {
          const page = (await fetch(`${server!.url}/api/kb/list_files_detail?kb_id=${kb.id}&page_size=1`, { headers: { 'access-token': token } }).then((r) => r.json())) as {
            data: Page<KbDocument>;
          };
          total = page.data.total;
          const unfinished = await Promise.all(
            ['queued', 'parsing', 'indexing'].map(async (status) => {
              const response = await fetch(`${server!.url}/api/kb/list_files_detail?kb_id=${kb.id}&page_size=1&status=${status}`, { headers: { 'access-token': token } });
              return ((await response.json()) as { data: Page<KbDocument> }).data.total;
            }),
          );
          return unfinished.every((n) => n === 0);
        },
        { timeout: 150_000, interval: 500 },
      )
      .toBe(true);
    // The request cut by the kill either committed all its documents or none.
    expect([300, 400]).toContain(total);
    expect(total).toBeGreaterThanOrEqual(accepted);

    const { counts, drift, miscounted } = await whileStopped(async (db) => ({
      counts: await statusCounts(db, kb.id),
      drift: await findIndexDrift(db, kb.id),
      // A document's segments exactly once: as many as its segment_count says.
      miscounted: await selectRows<{ id: string }>(
        db,
        sql`select d.id from kb_documents d left join kb_segments s on s.doc_id = d.id where d.kb_id = ${kb.id}::uuid group by d.id having count(s.id) <> max(d.segment_count)`,
      ),
    }));
    expect(counts.every((row) => row.status === 'done' || row.status === 'failed')).toBe(true);
    expect(counts.reduce((sum, row) => sum + Number(row.n), 0)).toBe(total);
    expect(drift).toEqual({ stats: null, terms: [], postings: 0, groups: 0 });
    expect(miscounted).toEqual([]);
  }, 600_000);

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'a kill while vectors move into the HNSW index: after the restart every segment has its vector, indexed',
    async () => {
      await server?.dispose();
      const llm = await startScriptedLlm();
      try {
        server = await serverProcess({ ...SHORT_LEASE, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
        await server.start();
        await call('/api/user/register/by_username', { user_name: 'crash_vec', password: 'secret-123', nick_name: '向量', phone: '13900000003' });
        const { token } = await call<{ token: string }>('/api/user/login/by_username', { user_name: 'crash_vec', password: 'secret-123' });
        await call('/api/llm/create_llm_model', { llm_name: 'crash-embed', type: 'embedding', provider: 'openai-compatible', base_url: llm.url, api_key: '' }, token);
        const kb = await call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: '向量崩溃测试', embedding_model: 'crash-embed', chunk_size: 200, chunk_overlap: 20 }, token);
        const files = Array.from({ length: 3 }, (_, index) => ({ name: `向量文档${index}.md`, content: longMarkdown(`向量文档${index}`, 400) }));
        const { payload, contentType } = await multipart({ kb_id: kb.id }, files);
        await fetch(`${server.url}/api/kb/upload_docs`, { method: 'POST', headers: { 'access-token': token, 'content-type': contentType }, body: payload });
        const detail = async () => (await call<KnowledgeBase[]>('/api/kb/query_knowledge_base', { kb_id: kb.id }, token))[0]!;
        await expect.poll(async () => (await documents(token, kb.id)).every((doc) => doc.status === 'done'), { timeout: 120_000, interval: 50 }).toBe(true);
        const segments = (await detail()).segment_count;
        // Killed once the indexer has moved some of the vectors and not all.
        await expect.poll(async () => ((await detail()).vector_pending ?? 0) < segments, { timeout: 60_000, interval: 20 }).toBe(true);
        const pendingAtKill = (await detail()).vector_pending ?? 0;
        await server.kill('SIGKILL');
        expect(pendingAtKill, 'the kill came after every vector was indexed').toBeGreaterThan(0);
        await server.start();
        await expect.poll(async () => (await detail()).vector_pending, { timeout: 150_000, interval: 250 }).toBe(0);
        const hits = await call<{ hits: Array<{ doc_name: string }> }>('/api/kb/search_docs', { kb_id: kb.id, query: '向量文档1', mode: 'vector', top_k: 3 }, token);
        expect(hits.hits.length).toBeGreaterThan(0);
        const counts = await whileStopped(async (db) => {
          const [row] = await selectRows<{ segments: number; vectors: number; pending: number }>(
            db,
            sql`select (select count(*)::int from kb_segments where kb_id = ${kb.id}::uuid) as segments,
                     (select count(*)::int from kb_segment_vectors where kb_id = ${kb.id}::uuid) as vectors,
                     (select count(*)::int from kb_segment_vectors where kb_id = ${kb.id}::uuid and pending) as pending`,
          );
          return row;
        });
        expect(counts).toEqual({ segments, vectors: segments, pending: 0 });
      } finally {
        await llm.close();
      }
    },
    600_000,
  );
});
