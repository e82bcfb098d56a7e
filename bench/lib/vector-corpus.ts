// The vector bench's corpus in a PGlite data folder of its own: a large knowledge base (the knowledge
// bench's generated documents) and a small one beside it, seeded through the ingestion's own steps
// (`seedingSteps`, the server's vector store) with embeddings made in-process by the scripted embedding
// server's own function, at a realistic length. The folder is kept, so a later run grows it or only searches.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from '../../apps/server/src/core/index.js';
import { openPglite, type Database, type Db } from '../../apps/server/src/platform/db/index.js';
import { chunkDocument, countTerms, indexedText, parseDocument, prepareDocument, type Chunk } from '../../apps/server/src/platform/documents/index.js';
import { createVectorStore, seedingSteps, type VectorStore } from '../../apps/server/src/modules/knowledge/index.js';
import { embedText } from '../../packages/scripted-llm/src/vectors.js';
import { corpusDocument } from './chinese-corpus.js';

export const EMBEDDING_MODEL = 'bench-embedding';
export const PARAGRAPHS = 150;
/** The small knowledge base's documents are numbered after the large one's, so they never repeat them. */
const SMALL_OFFSET = 1_000_000;

type KbVectorWriter = Parameters<typeof seedingSteps.storeSegments>[1];

const CHUNKING = { chunkSize: 500, overlap: 50 };

/** A document chunked, its segments outside the full-text index (no terms, length 0). */
async function withoutTerms(input: { bytes: Uint8Array; fileName: string; chunking: typeof CHUNKING }): Promise<{ chunks: Chunk[]; terms: ReturnType<typeof countTerms> }> {
  const chunks = chunkDocument(await parseDocument(input), input.chunking);
  return { chunks, terms: countTerms(chunks.map(() => [])) };
}

export interface VectorCorpus {
  database: Database;
  store: VectorStore;
  userId: string;
  largeKb: string;
  smallKb: string;
  fileId: string;
}

/** Where seeding time went, in milliseconds: the vector store's share is what HNSW maintenance costs. */
export interface SeedTimes {
  documents: number;
  segments: number;
  /** Parse, chunk, jieba words and the in-process embedding. */
  prepareMs: number;
  /** Segment rows and their full-text index. */
  segmentsMs: number;
  /** `addForNewSegments`: the vector rows, and moving them into the HNSW index. */
  vectorsMs: number;
}

export function quietLog(): Logger {
  const log = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => log };
  return log as unknown as Logger;
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function ensureKb(db: Db, userId: string, name: string): Promise<string> {
  const [found] = await rowsOf<{ id: string }>(db, sql`select id from knowledge_bases where name = ${name}`);
  if (found) return found.id;
  const id = randomUUID();
  await db.execute(sql`insert into knowledge_bases (id, owner_id, name, chunk_size, chunk_overlap, embedding_model) values (${id}, ${userId}, ${name}, 500, 50, ${EMBEDDING_MODEL})`);
  return id;
}

export async function openVectorCorpus(dataDir: string): Promise<VectorCorpus> {
  const database = await openPglite({ dataDir });
  const { db } = database;
  const store = createVectorStore({ db, log: quietLog() });
  if (!(await store.available())) throw new Error('pgvector is not available');
  const [user] = await rowsOf<{ id: string }>(
    db,
    sql`insert into users (user_name, password_hash, nick_name, phone) values ('vector-bench', '-', '向量压测', '13800000000')
        on conflict do nothing returning id`,
  );
  const userId = user?.id ?? (await rowsOf<{ id: string }>(db, sql`select id from users where user_name = 'vector-bench'`))[0]!.id;
  const largeKb = await ensureKb(db, userId, '向量压测-大');
  const smallKb = await ensureKb(db, userId, '向量压测-小');
  const [file] = await rowsOf<{ id: string }>(db, sql`select id from files where owner_id = ${userId} limit 1`);
  const fileId = file?.id ?? (await rowsOf<{ id: string }>(db, sql`insert into files (owner_id, tree, kind, name) values (${userId}, 'private', 'file', 'corpus.txt') returning id`))[0]!.id;
  return { database, store, userId, largeKb, smallKb, fileId };
}

export async function documentCount(corpus: VectorCorpus, kbId: string): Promise<number> {
  const [row] = await rowsOf<{ count: string }>(corpus.database.db, sql`select count(*) as count from kb_documents where kb_id = ${kbId}::uuid`);
  return Number(row!.count);
}

/** The in-process embedding: the scripted server's feature hashing, unit length. */
export const embed = (text: string, dims: number) => embedText(text, dims);

/**
 * Seeds documents `from`–`to` of the corpus into `kbId`, one transaction per document. With `fullText`
 * off the segments get no index terms (the full-text index is not what this bench measures, and its
 * writes would slow the seeding of 100,000 segments several times over).
 */
export async function seedVectorDocuments(corpus: VectorCorpus, kbId: string, from: number, to: number, dims: number, fullText: boolean): Promise<SeedTimes> {
  const times: SeedTimes = { documents: 0, segments: 0, prepareMs: 0, segmentsMs: 0, vectorsMs: 0 };
  const timedVectors: KbVectorWriter = {
    available: () => corpus.store.available(),
    upsertSegment: (db, segmentId, kb, embedding) => corpus.store.upsertSegment(db, segmentId, kb, embedding),
    // Written pending, then moved into the HNSW index at once (the server's indexer does it in the background): the bench searches the index.
    async addForNewSegments(db, kb, rows) {
      const started = performance.now();
      await corpus.store.addForNewSegments(db, kb, rows);
      while ((await corpus.store.indexPending(500, db)) > 0);
      times.vectorsMs += performance.now() - started;
    },
  };
  const offset = kbId === corpus.smallKb ? SMALL_OFFSET : 0;
  for (let index = from; index < to; index += 1) {
    const prepared = performance.now();
    const doc = corpusDocument(offset + index, PARAGRAPHS);
    const content = Buffer.from(doc.text);
    const input = { bytes: content, fileName: doc.name, chunking: CHUNKING };
    const docId = randomUUID();
    const { segments, terms } = seedingSteps.segmentsOf(kbId, docId, fullText ? await prepareDocument(input, undefined) : await withoutTerms(input));
    const chunks = segments.map((segment) => ({ headings: segment.headings ?? [], text: segment.text }));
    const embeddings = chunks.map((chunk) => embed(indexedText(chunk.headings, chunk.text), dims));
    times.prepareMs += performance.now() - prepared;
    const stored = performance.now();
    const vectorsBefore = times.vectorsMs;
    await corpus.database.db.transaction(async (tx) => {
      await seedingSteps.insertDocuments(tx, [{ id: docId, kbId, fileId: corpus.fileId, name: doc.name, size: content.length, status: 'done', progress: 1, segmentCount: segments.length }]);
      await seedingSteps.storeSegments(tx, timedVectors, kbId, [{ docId, segments, terms, embeddings }]);
    });
    times.segmentsMs += performance.now() - stored - (times.vectorsMs - vectorsBefore);
    times.documents += 1;
    times.segments += segments.length;
    if ((index + 1) % 100 === 0) console.log(`  seeded ${index + 1} documents (${times.segments} segments this run, ${(times.vectorsMs / times.segments).toFixed(1)} ms per vector)`);
  }
  return times;
}

/**
 * Documents `from`–`to` with their segments and vectors written by plain inserts, with the HNSW index of
 * `dims` dropped first (inserting into it costs 15–40 ms per vector on PGlite beyond 10,000): the next
 * `seedVectorDocuments` creates it again over every row, with the vector store's own statement.
 */
export async function bulkLoadDocuments(corpus: VectorCorpus, kbId: string, from: number, to: number, dims: number): Promise<number> {
  const { db } = corpus.database;
  await db.execute(sql.raw(`drop index if exists kb_segment_vectors_hnsw_${dims}`));
  let segments = 0;
  for (let index = from; index < to; index += 1) {
    const doc = corpusDocument(index, PARAGRAPHS);
    const content = Buffer.from(doc.text);
    const prepared = await withoutTerms({ bytes: content, fileName: doc.name, chunking: CHUNKING });
    const { chunks } = prepared;
    const docId = randomUUID();
    const { segments: rows, terms } = seedingSteps.segmentsOf(kbId, docId, prepared);
    const vectors = rows.map(
      (row, seq) => `(${sqlString(row.id)}::uuid, ${sqlString(kbId)}::uuid, ${dims}, '[${embed(indexedText(chunks[seq]!.headings, chunks[seq]!.text), dims).join(',')}]')`,
    );
    await db.transaction(async (tx) => {
      await seedingSteps.insertDocuments(tx, [{ id: docId, kbId, fileId: corpus.fileId, name: doc.name, size: content.length, status: 'done', progress: 1, segmentCount: rows.length }]);
      await seedingSteps.storeSegments(tx, { available: async () => false, addForNewSegments: async () => {}, upsertSegment: async () => {} }, kbId, [
        { docId, segments: rows, terms, embeddings: [] },
      ]);
      await tx.execute(sql.raw(`insert into kb_segment_vectors (segment_id, kb_id, dims, embedding) values ${vectors.join(', ')}`));
    });
    segments += rows.length;
    if ((index + 1) % 100 === 0) console.log(`  loaded ${index + 1} documents`);
  }
  return segments;
}

const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;
