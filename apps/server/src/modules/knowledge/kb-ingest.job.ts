import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError, type Logger, storedJson } from '../../core/index.js';
import { chunkDocument, type Chunk, type DocumentWorkers } from '../../platform/documents/index.js';
import type { Db } from '../../platform/db/index.js';
import { JobFailure, type JobContext, type JobQueue } from '../../runtime/jobs/index.js';
import type { FileService } from '../files/index.js';
import type { LlmService } from '../llm/index.js';
import * as docs from './kb-documents.repo.js';
import { EMBED_BATCH, indexedText, type KbVectorWriter } from './kb-vectors.js';
import { segmentsOf, storeSegments } from './kb-segments-store.js';
import { ownerViewer } from './knowledge-access.js';
import { INGEST_TEXT } from './knowledge.errors.js';
import { findKbById, type KbRow } from './knowledge.repo.js';

export const INGEST_JOB = 'kb.ingest';
/** The ingestion job's stored payload (`jobs.payload`). */
const ingestPayload = storedJson('kb ingest payload', { version: 1, schema: z.object({ docId: z.string() }) });

export interface IngestDeps {
  db: Db;
  log: Logger;
  jobs: JobQueue;
  files: Pick<FileService, 'openStored'>;
  llm: LlmService;
  workers: Pick<DocumentWorkers, 'parse'>;
  vectors: KbVectorWriter;
}

/** Adds the ingestion job of a document; pass the transaction that writes the document. */
export const enqueueIngestion = (jobs: JobQueue, db: Db, docId: string, ownerId: string) =>
  jobs.enqueue(db, { kind: INGEST_JOB, payload: ingestPayload.write({ docId }), ownerId, dedupeKey: docId });

async function readAll(stream: Readable): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

const hasChinese = (text: string) => /\p{Script=Han}/u.test(text);

/** A failure retrying cannot fix keeps its Chinese reason: a rejected document, a model that refused. */
function asJobFailure(error: unknown): unknown {
  if (error instanceof JobFailure) return error;
  const rejected = error as { name?: string; reason?: unknown };
  if (rejected?.name === 'DocumentRejected' && typeof rejected.reason === 'string') return new JobFailure(rejected.reason, { permanent: true, cause: error });
  if (error instanceof AppError) return new JobFailure(error.message, { permanent: true, cause: error });
  return error;
}

/**
 * One document's way from file to segments: parse → chunk → words → embed → one transaction that
 * replaces the document's segments. Re-running it gives the same result, so a job taken over after a
 * crash (or run twice) never duplicates segments; a document deleted meanwhile stays deleted.
 */
export function registerIngestion({ db, log, jobs, files, llm, workers, vectors }: IngestDeps): void {
  async function embedAll(kb: KbRow, chunks: Chunk[], ctx: JobContext, report: (fraction: number) => Promise<void>): Promise<number[][]> {
    const embeddings: number[][] = [];
    for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
      const texts = chunks.slice(start, start + EMBED_BATCH).map((chunk) => indexedText(chunk.headings, chunk.text));
      embeddings.push(...(await llm.embed(ownerViewer(kb), kb.embeddingModel!, texts, { feature: 'kb_embedding', signal: ctx.signal })));
      await report(embeddings.length / chunks.length);
    }
    return embeddings;
  }

  async function ingest(docId: string, ctx: JobContext): Promise<void> {
    const doc = await docs.findDocumentById(db, docId);
    const kb = doc && (await findKbById(db, doc.kbId));
    if (!doc || !kb) return;
    const step = async (status: 'parsing' | 'indexing', progress: number, text: string) => {
      ctx.progress(progress, text);
      await docs.updateDocument(db, docId, { status, progress, statusText: text });
    };

    await step('parsing', 0.05, INGEST_TEXT.parsing);
    const stored = await files.openStored(doc.fileId);
    if (!stored) throw new JobFailure(INGEST_TEXT.fileGone, { permanent: true });
    const bytes = await readAll(await stored.open());
    const parsed = await workers.parse({ bytes, fileName: doc.name }, { signal: ctx.signal });

    await step('indexing', 0.3, INGEST_TEXT.chunking);
    const chunks = chunkDocument(parsed, { chunkSize: kb.chunkSize, overlap: kb.chunkOverlap, separators: kb.separators.length > 0 ? kb.separators : undefined });
    if (chunks.length === 0) throw new JobFailure(INGEST_TEXT.empty, { permanent: true });
    const segments = segmentsOf(kb.id, docId, chunks);

    const vectorsOn = await vectors.available();
    let note: string | null = null;
    let embeddings: number[][] = [];
    if (kb.embeddingModel && vectorsOn) {
      await step('indexing', 0.35, INGEST_TEXT.embedding);
      embeddings = await embedAll(kb, chunks, ctx, (done) => step('indexing', 0.35 + 0.55 * done, INGEST_TEXT.embedding));
    } else if (kb.embeddingModel) {
      note = INGEST_TEXT.noPgvector;
    }

    ctx.signal.throwIfAborted();
    await step('indexing', 0.95, INGEST_TEXT.indexing);
    await db.transaction(async (tx) => {
      if (!(await docs.lockDocument(tx, docId))) return;
      await storeSegments(tx, vectors, kb.id, docId, segments, embeddings);
      await docs.updateDocument(tx, docId, { status: 'done', progress: 1, statusText: note, segmentCount: segments.length });
    });
  }

  jobs.register(
    INGEST_JOB,
    async (job, ctx) => {
      try {
        await ingest(job.payload.docId, ctx);
      } catch (error) {
        throw asJobFailure(error);
      }
    },
    {
      payload: ingestPayload,
      concurrency: 2,
      timeoutMs: 30 * 60_000,
      onFailed: async (job, reason) => {
        const text = hasChinese(reason) ? reason : `处理失败：${reason}`;
        log.warn({ docId: job.payload.docId, reason }, 'document ingestion failed');
        await docs.updateDocument(db, job.payload.docId, { status: 'failed', progress: 0, statusText: text });
      },
    },
  );
}
