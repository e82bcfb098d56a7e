import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError, type Logger, storedJson } from '../../core/index.js';
import { indexedText, type DocumentWorkers, type UserWords } from '../../platform/documents/index.js';
import type { Db } from '../../platform/db/index.js';
import { JobFailure, type JobContext, type JobQueue } from '../../runtime/jobs/index.js';
import type { FileService } from '../files/index.js';
import type { LlmService, ResolvedModel } from '../llm/index.js';
import type { UserWordsOfKb } from './dictionary/dictionary.service.js';
import * as docs from './kb-documents.repo.js';
import { EMBED_BATCH, type KbVectorWriter } from './kb-vectors.js';
import { groupIsFull, segmentsOf, storeSegments, type DocumentSegments } from './kb-segments-store.js';
import { ownerViewer } from './knowledge-access.js';
import { INGEST_TEXT } from './knowledge.errors.js';
import { findKbById, type KbDocumentRow, type KbRow } from './knowledge.repo.js';

export const INGEST_JOB = 'kb.ingest';
/** Documents per ingestion job: one job, a few statements and one commit per group instead of per file. */
export const INGEST_BATCH = 100;
/** Documents parsed at once within a job (the parser threads are shared by every job). */
const PREPARE_CONCURRENCY = 4;

/** The ingestion job's stored payload (`jobs.payload`); version 1 named one document. */
const ingestPayload = storedJson('kb ingest payload', {
  version: 2,
  schema: z.object({ docIds: z.array(z.string()).min(1) }),
  upgrades: { 1: (older) => ({ docIds: [older.docId] }) },
});

export interface IngestDeps {
  db: Db;
  log: Logger;
  jobs: JobQueue;
  files: Pick<FileService, 'openStoredContents'>;
  llm: LlmService;
  workers: Pick<DocumentWorkers, 'prepare'>;
  vectors: KbVectorWriter;
  userWordsOfKb: UserWordsOfKb;
}

/** Adds the ingestion job of some documents of one knowledge base (at most INGEST_BATCH); pass the transaction that writes them. */
export const enqueueIngestion = (jobs: JobQueue, db: Db, docIds: string[], ownerId: string) => jobs.enqueue(db, { kind: INGEST_JOB, payload: ingestPayload.write({ docIds }), ownerId });

/** `items` in slices of `size`. */
export const slices = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

async function readAll(stream: Readable): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/** How a knowledge base cuts its documents into chunks. */
const chunkingOf = (kb: Pick<KbRow, 'chunkSize' | 'chunkOverlap' | 'separators'>) => ({
  chunkSize: kb.chunkSize,
  overlap: kb.chunkOverlap,
  separators: kb.separators.length > 0 ? kb.separators : undefined,
});

const hasChinese = (text: string) => /\p{Script=Han}/u.test(text);

/** A failure retrying cannot fix, with its Chinese reason (a rejected document, a model that refused); undefined for others. */
function permanentReason(error: unknown): string | undefined {
  if (error instanceof JobFailure) return error.permanent ? error.message : undefined;
  const rejected = error as { name?: string; reason?: unknown };
  if (rejected?.name === 'DocumentRejected' && typeof rejected.reason === 'string') return rejected.reason;
  if (error instanceof AppError) return error.message;
  return undefined;
}

interface Prepared extends DocumentSegments {
  note: string | null;
}

/**
 * Documents' way from file to segments, a batch per job: parse → chunk → words → embed, then one
 * transaction per group of documents that replaces their segments. Re-running gives the same result, so
 * a job taken over after a crash (or run twice) never duplicates segments; a document deleted or handed
 * to a newer job meanwhile is left alone. A document that cannot be ingested fails alone; a failure
 * retrying may fix fails the job, which retries what is not done yet.
 */
export function registerIngestion({ db, log, jobs, files, llm, workers, vectors, userWordsOfKb }: IngestDeps): void {
  async function embedAll(kb: KbRow, model: ResolvedModel, segments: DocumentSegments['segments'], signal: AbortSignal): Promise<number[][]> {
    const embeddings: number[][] = [];
    for (let start = 0; start < segments.length; start += EMBED_BATCH) {
      const texts = segments.slice(start, start + EMBED_BATCH).map((segment) => indexedText(segment.headings ?? [], segment.text));
      embeddings.push(...(await llm.embed(ownerViewer(kb), model, texts, { feature: 'kb_embedding', signal })));
    }
    return embeddings;
  }

  async function prepare(
    kb: KbRow,
    doc: KbDocumentRow,
    open: (() => Promise<Readable>) | undefined,
    userWords: UserWords | undefined,
    embedding: ResolvedModel | null,
    signal: AbortSignal,
  ): Promise<Prepared> {
    if (!open) throw new JobFailure(INGEST_TEXT.fileGone, { permanent: true });
    const prepared = await workers.prepare({ bytes: await readAll(await open()), fileName: doc.name, chunking: chunkingOf(kb), userWords }, { signal });
    if (prepared.chunks.length === 0) throw new JobFailure(INGEST_TEXT.empty, { permanent: true });
    const { segments, terms } = segmentsOf(kb.id, doc.id, prepared);
    const embeddings = embedding ? await embedAll(kb, embedding, segments, signal) : [];
    return { docId: doc.id, segments, terms, embeddings, note: kb.embeddingModel && !embedding ? INGEST_TEXT.noPgvector : null };
  }

  async function commit(jobId: string, kbId: string, group: Prepared[]): Promise<void> {
    await db.transaction(async (tx) => {
      const owned = await docs.lockOwnedDocuments(
        tx,
        jobId,
        group.map((doc) => doc.docId),
      );
      const kept = group.filter((doc) => owned.has(doc.docId));
      await storeSegments(tx, vectors, kbId, kept);
      await docs.markDocumentsDone(
        tx,
        kept.map((doc) => ({ id: doc.docId, segmentCount: doc.segments.length, note: doc.note })),
      );
    });
  }

  async function ingest(jobId: string, docIds: string[], ctx: JobContext): Promise<void> {
    const pending = await docs.unfinishedOfJob(db, jobId, docIds);
    const kb = pending[0] && (await findKbById(db, pending[0].kbId));
    if (!kb) return;
    const userWords = await userWordsOfKb(kb);
    // Resolved once for the job, not for every request: each resolution reads the registry.
    const embedding = kb.embeddingModel && (await vectors.available()) ? await llm.resolveModel(ownerViewer(kb), kb.embeddingModel, 'embedding') : null;
    const ids = pending.map((doc) => doc.id);
    const contents = await files.openStoredContents(pending.map((doc) => doc.fileId));
    await docs.updateDocumentsOfJob(db, jobId, ids, { status: embedding ? 'indexing' : 'parsing', progress: 0.05, statusText: embedding ? INGEST_TEXT.embedding : INGEST_TEXT.parsing });

    let finished = 0;
    let ready: Prepared[] = [];
    let committing = Promise.resolve();
    const report = () => ctx.progress(finished / pending.length, `已处理 ${finished} / ${pending.length} 个文档`);
    // Commits run one after another, while the next documents are parsed.
    const flush = () => {
      const group = ready;
      ready = [];
      committing = committing.then(async () => {
        if (group.length === 0) return;
        await commit(jobId, kb.id, group);
        finished += group.length;
        report();
      });
      return committing;
    };

    let next = 0;
    let stopped = false;
    const worker = async () => {
      while (next < pending.length && !stopped) {
        ctx.signal.throwIfAborted();
        const doc = pending[next++]!;
        let prepared: Prepared;
        try {
          prepared = await prepare(kb, doc, contents.get(doc.fileId), userWords, embedding, ctx.signal);
        } catch (error) {
          const reason = permanentReason(error);
          if (reason === undefined || ctx.signal.aborted) throw error;
          await docs.updateDocumentsOfJob(db, jobId, [doc.id], { status: 'failed', progress: 0, statusText: reason });
          finished += 1;
          continue;
        }
        ready.push(prepared);
        if (groupIsFull(ready)) await flush();
      }
    };
    const run = async () => {
      try {
        await worker();
      } catch (error) {
        // The others stop taking documents: the job fails (and is retried) as a whole.
        stopped = true;
        throw error;
      }
    };
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PREPARE_CONCURRENCY, pending.length) }, run));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    ctx.signal.throwIfAborted();
    await flush();
  }

  jobs.register(INGEST_JOB, async (job, ctx) => ingest(job.id, job.payload.docIds, ctx), {
    payload: ingestPayload,
    concurrency: 2,
    timeoutMs: 30 * 60_000,
    onFailed: async (job, reason) => {
      const text = hasChinese(reason) ? reason : `处理失败：${reason}`;
      log.warn({ jobId: job.id, documents: job.payload.docIds.length, reason }, 'document ingestion failed');
      await docs.failUnfinishedOfJob(db, job.id, text);
    },
  });
}
