// Seeds documents of the generated corpus straight into a database through the ingestion's own steps
// (parse → chunk → jieba words → embed → one transaction per group of documents, as the ingestion job commits them),
// without HTTP, the file store or the job queue: the large step of the knowledge bench.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Logger } from '../../apps/server/src/core/index.js';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/platform/db/index.js';
import { chunkDocument, parseDocument } from '../../apps/server/src/platform/documents/index.js';
import { createVectorStore, EMBED_BATCH, indexedText, seedingSteps, type DocumentSegments } from '../../apps/server/src/modules/knowledge/index.js';
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
    for (let index = from; index < to; index += 1) {
      const doc = corpusDocument(index, paragraphs);
      const content = Buffer.from(doc.text);
      bytes += content.length;
      const chunks = chunkDocument(await parseDocument({ bytes: content, fileName: doc.name }), { chunkSize: kb.chunk_size, overlap: kb.chunk_overlap });
      const docId = randomUUID();
      const segments = seedingSteps.segmentsOf(target.kbId, docId, chunks);
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
      group.push({ doc: { id: docId, name: doc.name, size: content.length }, segments: { docId, segments, embeddings } });
      if (group.length === seedingSteps.commitGroup) await commit();
      if ((index - from) % 100 === 99) console.log(`  seeded ${index + 1 - from} of ${to - from} documents`);
    }
    if (group.length > 0) await commit();
    return bytes / 1e6 / ((performance.now() - started) / 1000);
  } finally {
    await database.close();
  }
}
