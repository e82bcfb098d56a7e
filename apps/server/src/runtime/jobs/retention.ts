import type { Logger } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import type { JobQueue } from './job.types.js';

/** One kind of old data kept small: `apply` handles at most one batch and answers how many rows it handled. */
export interface RetentionTask {
  name: string;
  apply(db: Db): Promise<number>;
  /** The batch size `apply` uses: a smaller answer means nothing is left for now. */
  batch: number;
}

export interface RetentionOptions {
  db: Db;
  jobs: JobQueue;
  log: Logger;
  tasks: RetentionTask[];
  /** How often each process asks for a pass; 0: never. */
  intervalMs: number;
  /** A pass stops after this long even if work remains (the next pass goes on). */
  budgetMs?: number;
}

export const RETENTION_JOB = 'maintenance.retention';
const DEDUPE_KEY = 'retention';

/**
 * Retention runs as a job of the durable queue: every process enqueues one pass per interval with the
 * same dedupe key, so across processes at most one pass is queued or running at a time, under a lease.
 * Each task works in small batches (rows locked elsewhere are skipped), so a pass never holds a long
 * transaction and a crashed pass is simply taken up again.
 */
export function scheduleRetention({ db, jobs, log, tasks, intervalMs, budgetMs = 60_000 }: RetentionOptions): () => void {
  jobs.register(
    RETENTION_JOB,
    async (_job, ctx) => {
      const deadline = Date.now() + budgetMs;
      for (const [index, task] of tasks.entries()) {
        let handled = 0;
        for (let count = task.batch; count >= task.batch && Date.now() < deadline && !ctx.signal.aborted;) {
          count = await task.apply(db);
          handled += count;
        }
        if (handled > 0) log.info({ task: task.name, rows: handled }, 'retention pass');
        ctx.progress((index + 1) / tasks.length, task.name);
      }
    },
    { concurrency: 1, timeoutMs: budgetMs * 2 },
  );
  if (intervalMs <= 0) return () => undefined;
  const enqueue = () => {
    jobs.enqueue(db, { kind: RETENTION_JOB, payload: null, dedupeKey: DEDUPE_KEY, maxAttempts: 1 }).catch((error: unknown) => log.error({ err: error }, 'retention could not be scheduled'));
  };
  const timer = setInterval(enqueue, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
