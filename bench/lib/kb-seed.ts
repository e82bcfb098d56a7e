// Seeds documents of the generated corpus straight into a database through the ingestion's own steps
// (parse, chunk and count jieba words in the document threads → embed → one transaction per group of documents,
// as the ingestion job commits them),
// without HTTP, the file store or the job queue: the large step of the knowledge bench.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Logger } from '../../apps/server/src/core/index.js';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/platform/db/index.js';
import { createDocumentWorkers, indexedText } from '../../apps/server/src/platform/documents/index.js';
import { createVectorStore, EMBED_BATCH, seedingSteps, type DocumentSegments } from '../../apps/server/src/modules/knowledge/index.js';
import { sql } from 'drizzle-orm';
import { corpusDocument } from './chinese-corpus.js';

export interface SeedTarget {
  /** A PostgreSQL URL, or the server's DATA_DIR for PGlite (the server must be stopped). */
  databaseUrl?: string;
  dataDir: string;
  kbId: string;
  /** Where the scripted embedding server answers (`…/v1`); no vectors without it. */
  embeddingUrl?: string;
}

async function embed(url: string, texts: string[]): Promise<number[][]> {
  const response = await fetch(`${url}/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'bench', input: texts }) });
  const body = (await response.json()) as { data: Array<{ embedding: number[] }> };
  return body.data.map((item) => item.embedding);
}

/** The vector store only logs when pgvector is missing: nothing the bench needs to show. */
function quietLog(): Logger {
  const log = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => log };
  return log as unknown as Logger;
}

/** Seeds documents `from`–`to`; returns the MB of text per second (embedding included: it is the scripted server's). */
export async function seedDocuments(target: SeedTarget, from: number, to: number, paragraphs: number): Promise<number> {
  const log = quietLog();
  const workers = createDocumentWorkers({ size: 2 });
  const database: Database = target.databaseUrl
    ? await openPostgres(target.databaseUrl, 4, (error) => console.error(error))
    : await openPglite({ dataDir: path.join(target.dataDir, 'pglite') });
  try {
    const { db } = database;
    const vectors = createVectorStore({ db, log });
    const vectorsOn = Boolean(target.embeddingUrl) && (await vectors.available());
    const found = (await db.execute(
      sql`select chunk_size, chunk_overlap, (select file_id from kb_documents where kb_id = ${target.kbId}::uuid limit 1) as file_id from knowledge_bases where id = ${target.kbId}::uuid`,
    )) as unknown as { rows: Array<{ chunk_size: number; chunk_overlap: number; file_id: string }> };
    const kb = found.rows[0];
    if (!kb) throw new Error('knowledge base not found');
    const started = performance.now();
    let bytes = 0;
    let group: Array<{ doc: { id: string; name: string; size: number }; segments: DocumentSegments }> = [];
    const commit = async () => {
      await db.transaction(async (tx) => {
        await seedingSteps.insertDocuments(
          tx,
          group.map(({ doc, segments }) => ({ ...doc, kbId: target.kbId, fileId: kb.file_id, status: 'done' as const, progress: 1, segmentCount: segments.segments.length })),
        );
        await seedingSteps.storeSegments(
          tx,
          vectors,
          target.kbId,
          group.map(({ segments }) => segments),
        );
      });
      group = [];
    };
    const prepare = async (index: number) => {
      const doc = corpusDocument(index, paragraphs);
      const content = Buffer.from(doc.text);
      bytes += content.length;
      const prepared = await workers.prepare({ bytes: content, fileName: doc.name, chunking: { chunkSize: kb.chunk_size, overlap: kb.chunk_overlap }, userWords: undefined });
      const { chunks } = prepared;
      const docId = randomUUID();
      const { segments, terms } = seedingSteps.segmentsOf(target.kbId, docId, prepared);
      const embeddings: number[][] = [];
      if (vectorsOn) {
        for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
          embeddings.push(
            ...(await embed(
              target.embeddingUrl!,
              chunks.slice(start, start + EMBED_BATCH).map((chunk) => indexedText(chunk.headings, chunk.text)),
            )),
          );
        }
      }
      return { doc: { id: docId, name: doc.name, size: content.length }, segments: { docId, segments, terms, embeddings } };
    };
    // A group's documents are prepared at once in the document threads, then committed together.
    for (let first = from; first < to; first += seedingSteps.commitGroup) {
      const indexes = Array.from({ length: Math.min(seedingSteps.commitGroup, to - first) }, (_, offset) => first + offset);
      group = await Promise.all(indexes.map(prepare));
      await commit();
      if (Math.floor((first - from) / 100) !== Math.floor((first + indexes.length - from) / 100)) console.log(`  seeded ${first + indexes.length - from} of ${to - from} documents`);
    }
    return bytes / 1e6 / ((performance.now() - started) / 1000);
  } finally {
    await workers.close();
    await database.close();
  }
}
