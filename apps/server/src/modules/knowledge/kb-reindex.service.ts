import type { ReindexProgress } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import type { Viewer } from '../../core/index.js';
import type { StreamEvent } from '../../platform/sse/index.js';
import type { JobQueue } from '../../runtime/jobs/index.js';
import * as docs from './kb-documents.repo.js';
import { enqueueIngestion, INGEST_BATCH, slices } from './kb-ingest.job.js';
import { getEditableKb } from './knowledge-access.js';
import { INGEST_TEXT } from './knowledge.errors.js';
import { updateKb } from './knowledge.repo.js';

const POLL_MS = 500;

export type KbReindexService = ReturnType<typeof createKbReindexService>;

/** Where re-indexing progress goes (the route gives an SSE stream); always ended with `done`. */
export interface ReindexProgressSink {
  readonly isClosed: boolean;
  send(event: StreamEvent): void;
  end(): void;
}

/** Re-indexes every document of a knowledge base (after its chunking or embedding model changed). */
export function createKbReindexService({ db, jobs, pollMs = POLL_MS }: { db: Db; jobs: JobQueue; pollMs?: number }) {
  async function progressOf(docIds: string[]): Promise<ReindexProgress> {
    const rows = await docs.countStatuses(db, docIds);
    return {
      // A document deleted meanwhile no longer counts.
      total: rows.length,
      done: rows.filter((row) => row.status === 'done').length,
      failed: rows.filter((row) => row.status === 'failed').length,
      current: rows.find((row) => row.status === 'parsing' || row.status === 'indexing')?.name ?? null,
    };
  }

  /** Follows the documents in the database (whichever process ingests them) until all are done or failed. */
  async function stream(events: ReindexProgressSink, docIds: string[]): Promise<void> {
    let seq = 0;
    let last = '';
    for (;;) {
      const progress = await progressOf(docIds);
      const finished = progress.done + progress.failed >= progress.total;
      const text = JSON.stringify(progress);
      if (text !== last) events.send({ seq: ++seq, type: 'progress', data: progress });
      last = text;
      if (finished || events.isClosed) {
        events.send({ seq: seq + 1, type: 'done', data: progress });
        events.end();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  return {
    /** With a sink, progress is streamed into it until every document is finished; without, the first progress is returned. */
    async recreate(viewer: Viewer, kbId: string, sink: (() => ReindexProgressSink) | undefined): Promise<ReindexProgress | undefined> {
      const kb = await getEditableKb(db, viewer, kbId);
      const documents = await docs.listDocumentsOfKb(db, kb.id);
      await db.transaction(async (tx) => {
        // Each document moves to a new job: a job still ingesting it from before no longer owns it.
        for (const batch of slices(documents, INGEST_BATCH)) {
          const ids = batch.map((doc) => doc.id);
          await docs.queueDocuments(tx, ids, await enqueueIngestion(jobs, tx, ids, kb.ownerId), INGEST_TEXT.queued);
        }
        await updateKb(tx, kb.id, { needsReindex: false });
      });
      const docIds = documents.map((doc) => doc.id);
      if (!sink) return progressOf(docIds);
      await stream(sink(), docIds);
      return undefined;
    },
  };
}
