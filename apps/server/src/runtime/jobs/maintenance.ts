import type { Logger } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import type { JobQueue } from './job.types.js';

/** One piece of upkeep (old data kept small, planner statistics): `apply` handles at most one batch and answers how much it handled. */
export interface MaintenanceTask {
  name: string;
  apply(db: Db): Promise<number>;
  /** The batch size `apply` uses: a smaller answer means nothing is left for now. */
  batch: number;
}

export interface MaintenanceOptions {
  /** The job kind, also its dedupe key: one pass of each kind queued or running at a time. */
  kind: string;
  db: Db;
  jobs: JobQueue;
  log: Logger;
  tasks: MaintenanceTask[];
  /** How often each process asks for a pass; 0: never. */
  intervalMs: number;
  /** A pass stops after this long even if work remains (the next pass goes on). */
  budgetMs?: number;
}

export const RETENTION_JOB = 'maintenance.retention';
export const STATISTICS_JOB = 'maintenance.statistics';

/**
 * Upkeep runs as a job of the durable queue: every process enqueues one pass per interval with the
 * same dedupe key, so across processes at most one pass is queued or running at a time, under a lease.
 * Each task works in small batches (rows locked elsewhere are skipped), so a pass never holds a long
 * transaction and a crashed pass is simply taken up again.
 */
export function scheduleMaintenance({ kind, db, jobs, log, tasks, intervalMs, budgetMs = 60_000 }: MaintenanceOptions): () => void {
  jobs.register(
    kind,
    async (_job, ctx) => {
      const deadline = Date.now() + budgetMs;
      for (const [index, task] of tasks.entries()) {
        let handled = 0;
        for (let count = task.batch; count >= task.batch && Date.now() < deadline && !ctx.signal.aborted;) {
          count = await task.apply(db);
          handled += count;
        }
        if (handled > 0) log.info({ task: task.name, handled }, kind);
        ctx.progress((index + 1) / tasks.length, task.name);
      }
    },
    { concurrency: 1, timeoutMs: budgetMs * 2 },
  );
  if (intervalMs <= 0) return () => undefined;
  const enqueue = () => {
    jobs.enqueue(db, { kind, payload: null, dedupeKey: kind, maxAttempts: 1 }).catch((error: unknown) => log.error({ err: error, kind }, 'maintenance could not be scheduled'));
  };
  const timer = setInterval(enqueue, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
