import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { startVectorIndexer } from './vector-indexer.js';
import { createVectorStore, nearestQuery, type VectorStore } from './vector-store.js';

/** PGlite ships pgvector; the machine's PostgreSQL 15 does not (the first test checks both). */
const WITH_PGVECTOR = process.env.TEST_DB !== 'postgres';

/** A unit vector pointing mostly along `axis`, a little along the next one. */
function around(axis: number, dims: number, lean = 0.1): number[] {
  const vector = new Array<number>(dims).fill(0);
  vector[axis % dims] = 1;
  vector[(axis + 1) % dims] = lean;
  return vector;
}

describe('vector store (pgvector where the database has it)', () => {
  let t: TestApp;
  let store: VectorStore;
  let ownerId: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.signUp('vec_owner');
    ownerId = (await t.userRow('vec_owner'))!.id;
    store = createVectorStore({ db: t.database.db, log: t.app.log });
  });
  afterAll(() => t?.close());

  /** A knowledge base with one document of `count` segments, written straight to the tables. */
  async function seed(count: number): Promise<{ kbId: string; segmentIds: string[] }> {
    const kbId = randomUUID();
    const docId = randomUUID();
    await t.rows(sql`insert into knowledge_bases (id, owner_id, name, chunk_size, chunk_overlap) values (${kbId}, ${ownerId}, ${`向量库${kbId.slice(0, 8)}`}, 500, 50)`);
    const [file] = await t.rows<{ id: string }>(sql`insert into files (owner_id, tree, kind, name) values (${ownerId}, 'private', 'file', ${`${docId}.md`}) returning id`);
    await t.rows(sql`insert into kb_documents (id, kb_id, file_id, name) values (${docId}, ${kbId}, ${file!.id}, 'doc.md')`);
    const segmentIds = Array.from({ length: count }, () => randomUUID());
    for (const [seq, id] of segmentIds.entries()) {
      await t.rows(sql`insert into kb_segments (id, kb_id, doc_id, seq, text, token_count) values (${id}, ${kbId}, ${docId}, ${seq}, ${`段落${seq}`}, 2)`);
    }
    return { kbId, segmentIds };
  }
  /** Every segment of a seeded document gets the vector `embeddingOf` gives its position. */
  const storeVectors = (seeded: { kbId: string; segmentIds: string[] }, embeddingOf: (index: number) => number[]) =>
    store.addForNewSegments(
      t.database.db,
      seeded.kbId,
      seeded.segmentIds.map((segmentId, index) => ({ segmentId, embedding: embeddingOf(index) })),
    );

  it('is available on PGlite and absent on the machine’s PostgreSQL, where writes do nothing', async () => {
    const { kbId, segmentIds } = await seed(2);
    expect(await store.available()).toBe(t.dialect === 'pglite');
    await store.addForNewSegments(t.database.db, kbId, [{ segmentId: segmentIds[0]!, embedding: around(0, 4) }]);
    const hits = await store.search(t.database.db, [kbId], around(0, 4), 5);
    if (t.dialect === 'postgres') {
      expect(hits).toEqual([]);
      expect(await t.rows(sql`select 1 from pg_tables where tablename = 'kb_segment_vectors'`)).toEqual([]);
    } else {
      expect(hits).toEqual([{ segmentId: segmentIds[0], score: expect.closeTo(1, 5) }]);
    }
  });

  it.runIf(WITH_PGVECTOR)('finds the nearest segments of the asked knowledge bases, by vector length, and replaces a document’s vectors', async () => {
    const a = await seed(3);
    const b = await seed(1);
    const db = t.database.db;
    await storeVectors(a, (axis) => around(axis, 8));
    await store.addForNewSegments(db, b.kbId, [{ segmentId: b.segmentIds[0]!, embedding: around(1, 8, 0) }]);

    const nearest = await store.search(db, [a.kbId], around(1, 8), 2);
    expect(nearest.map((hit) => hit.segmentId)).toEqual([a.segmentIds[1], a.segmentIds[0]]);
    expect(nearest[0]!.score).toBeGreaterThan(nearest[1]!.score);
    const both = await store.search(db, [a.kbId, b.kbId], around(1, 8, 0), 1);
    expect(both.map((hit) => hit.segmentId)).toEqual([b.segmentIds[0]]);
    // Vectors of another length (another embedding model) are never compared.
    expect(await store.search(db, [a.kbId], around(1, 16), 5)).toEqual([]);

    // Re-ingesting a document deletes its old segments, and their vectors with them (foreign key).
    await t.rows(sql`delete from kb_segments where id in (${a.segmentIds[0]}, ${a.segmentIds[1]})`);
    await store.upsertSegment(db, a.segmentIds[2]!, a.kbId, around(1, 8));
    expect((await store.search(db, [a.kbId], around(1, 8), 5)).map((hit) => hit.segmentId)).toEqual([a.segmentIds[2]]);
    await store.upsertSegment(db, a.segmentIds[2]!, a.kbId, around(5, 8));
    expect((await store.search(db, [a.kbId], around(5, 8), 1))[0]).toMatchObject({ segmentId: a.segmentIds[2], score: expect.closeTo(1, 5) });

    // Deleting a segment deletes its vector.
    await t.rows(sql`delete from kb_segments where id = ${a.segmentIds[2]}`);
    expect(await store.search(db, [a.kbId], around(5, 8), 5)).toEqual([]);
    const indexes = await t.rows<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'kb_segment_vectors' and indexname like '%hnsw%' order by 1`);
    expect(indexes.map((row) => row.indexname)).toEqual(['kb_segment_vectors_hnsw_4', 'kb_segment_vectors_hnsw_8']);
  });

  /** Moves every pending vector into its index, as the background indexer does. */
  async function indexAll(): Promise<void> {
    while ((await store.indexPending(500)) > 0);
  }

  it.runIf(WITH_PGVECTOR)('answers nearest-neighbour queries from the HNSW index of their length', async () => {
    const { kbId, segmentIds } = await seed(600);
    const dims = 32;
    await storeVectors({ kbId, segmentIds }, (index) => around(index, dims, (index % 7) / 10));
    expect(await store.pendingCount(t.database.db, kbId)).toBe(600);
    await indexAll();
    expect(await store.pendingCount(t.database.db, kbId)).toBe(0);
    await t.rows(sql`analyze kb_segment_vectors`);
    const plan = await t.rows<{ 'QUERY PLAN': string }>(sql`explain ${nearestQuery([kbId], around(3, dims), 10)}`);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using kb_segment_vectors_hnsw_32/);
    const hits = await store.search(t.database.db, [kbId], around(3, dims, 0.3), 10);
    expect(hits).toHaveLength(10);
    expect(hits[0]!.score).toBeGreaterThan(0.99);
  });

  it.runIf(WITH_PGVECTOR)('indexes vectors longer than 2,000 as half floats (up to 4,000) and searches longer ones without an index', async () => {
    const db = t.database.db;
    const dims = 3072;
    const { kbId, segmentIds } = await seed(100);
    await storeVectors({ kbId, segmentIds }, (index) => around(index, dims, (index % 5) / 10));
    await indexAll();
    await t.rows(sql`analyze kb_segment_vectors`);
    const [index] = await t.rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where indexname = 'kb_segment_vectors_hnsw_3072'`);
    expect(index!.indexdef).toMatch(/halfvec\(3072\)\) halfvec_cosine_ops/);
    // A few hundred rows are sorted rather than searched: forbid the sort to see that the query's cast matches the index.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      return (await tx.execute(sql`explain ${nearestQuery([kbId], around(7, dims), 10)}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using kb_segment_vectors_hnsw_3072/);
    const hits = await store.search(db, [kbId], around(7, dims, 0.2), 5);
    expect(hits).toHaveLength(5);
    expect(hits[0]).toMatchObject({ segmentId: segmentIds[7], score: expect.closeTo(1, 3) });

    const longer = await seed(3);
    await storeVectors(longer, (axis) => around(axis, 4096));
    expect(await t.rows(sql`select 1 from pg_indexes where indexname = 'kb_segment_vectors_hnsw_4096'`)).toEqual([]);
    expect((await store.search(db, [longer.kbId], around(1, 4096), 1)).map((hit) => hit.segmentId)).toEqual([longer.segmentIds[1]]);
  });

  it.runIf(WITH_PGVECTOR)('gives k hits where the knowledge base holds them, a small one beside a large one too, the nearest first', async () => {
    const dims = 24;
    // Distinct directions, so each segment is the one nearest to its own vector.
    const spread = (index: number) => Array.from({ length: dims }, (_, axis) => Math.sin((index + 1) * (axis + 1) * 12.9898));
    const large = await seed(400);
    const small = await seed(12);
    const db = t.database.db;
    await storeVectors(large, (index) => spread(index));
    await storeVectors(small, (index) => spread(1000 + index));
    await indexAll();
    await t.rows(sql`analyze kb_segment_vectors`);

    // More than hnsw.ef_search's default (40): the index scan must go on until k rows came.
    const many = await store.search(db, [large.kbId], spread(101), 60);
    expect(many).toHaveLength(60);
    expect(many[0]!.segmentId).toBe(large.segmentIds[101]);
    expect(new Set(many.map((hit) => hit.segmentId)).size).toBe(60);
    expect(many.every((hit, index) => index === 0 || hit.score <= many[index - 1]!.score)).toBe(true);

    // Filtered by knowledge base: all of the small one's segments, none of the large one's, its nearest first.
    const fromSmall = await store.search(db, [small.kbId], spread(101), 20);
    expect(new Set(fromSmall.map((hit) => hit.segmentId))).toEqual(new Set(small.segmentIds));
    const exact = await t.rows<{ segment_id: string }>(sql`
      select segment_id from kb_segment_vectors where kb_id = ${small.kbId}::uuid
      order by embedding <=> ${`[${spread(101).join(',')}]`}::vector limit 1`);
    expect(fromSmall[0]!.segmentId).toBe(exact[0]!.segment_id);
    const both = await store.search(db, [large.kbId, small.kbId], spread(1002), 3);
    expect(both[0]!.segmentId).toBe(small.segmentIds[2]);
  });

  it.runIf(WITH_PGVECTOR)('searches vectors still waiting for the index exactly, beside indexed ones, and the indexer moves them in', async () => {
    const dims = 16;
    const spread = (index: number) => Array.from({ length: dims }, (_, axis) => Math.cos((index + 3) * (axis + 1) * 7.77));
    const kb = await seed(300);
    const db = t.database.db;
    await storeVectors(kb, spread);
    const indexes = await t.rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where indexname = ${`kb_segment_vectors_hnsw_${dims}`}`);
    expect(indexes[0]!.indexdef).toMatch(/WHERE \(\(dims = 16\) AND \(NOT pending\)\)/);
    // All pending: an exact search, so each segment's own vector finds it first.
    for (const index of [0, 77, 299]) expect((await store.search(db, [kb.kbId], spread(index), 3))[0]!.segmentId).toBe(kb.segmentIds[index]);

    // Half indexed, half pending: the two halves are merged, nearest first, k in all.
    expect(await store.indexPending(150)).toBe(150);
    expect(await store.pendingCount(db, kb.kbId)).toBe(150);
    const exact = await t.rows<{ segment_id: string }>(sql`
      select segment_id from kb_segment_vectors where kb_id = ${kb.kbId}::uuid order by embedding <=> ${`[${spread(42).join(',')}]`}::vector limit 10`);
    const merged = await store.search(db, [kb.kbId], spread(42), 10);
    expect(merged).toHaveLength(10);
    expect(merged.every((hit, index) => index === 0 || hit.score <= merged[index - 1]!.score)).toBe(true);
    expect(merged[0]!.segmentId).toBe(exact[0]!.segment_id);

    // The background indexer moves the rest once writing pauses; a write sets the vector back to pending.
    const indexer = startVectorIndexer({ store, log: t.app.log, quietMs: 20, batch: 40 });
    try {
      await indexer.idle();
      expect(await store.pendingCount(db, kb.kbId)).toBe(0);
      await store.upsertSegment(db, kb.segmentIds[5]!, kb.kbId, spread(500));
      expect(await store.pendingCount(db, kb.kbId)).toBe(1);
      expect((await store.search(db, [kb.kbId], spread(500), 1))[0]!.segmentId).toBe(kb.segmentIds[5]);
      await indexer.idle();
      expect(await store.pendingCount(db, kb.kbId)).toBe(0);
      expect((await store.search(db, [kb.kbId], spread(500), 1))[0]!.segmentId).toBe(kb.segmentIds[5]);
    } finally {
      await indexer.close();
    }
  });

  it.runIf(WITH_PGVECTOR)('rebuilds an index made before vectors were written pending, its rows searched exactly until indexed again', async () => {
    const dims = 12;
    const kb = await seed(dims);
    const db = t.database.db;
    await storeVectors(kb, (index) => around(index, dims, 0.2));
    await indexAll();
    // The layout of earlier versions: one partial index per length, over every row of that length.
    await t.rows(sql.raw(`drop index kb_segment_vectors_hnsw_${dims}`));
    await t.rows(sql.raw(`create index kb_segment_vectors_hnsw_${dims} on kb_segment_vectors using hnsw ((embedding::vector(${dims})) vector_cosine_ops) where dims = ${dims}`));

    const upgraded = createVectorStore({ db, log: t.app.log });
    expect(await upgraded.available()).toBe(true);
    const [index] = await t.rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where indexname = ${`kb_segment_vectors_hnsw_${dims}`}`);
    expect(index!.indexdef).toMatch(/NOT pending/);
    expect(await upgraded.pendingCount(db, kb.kbId)).toBe(dims);
    expect((await upgraded.search(db, [kb.kbId], around(4, dims, 0.2), 1))[0]!.segmentId).toBe(kb.segmentIds[4]);
    while ((await upgraded.indexPending(500)) > 0);
    expect((await upgraded.search(db, [kb.kbId], around(4, dims, 0.2), 1))[0]!.segmentId).toBe(kb.segmentIds[4]);
  });
});
