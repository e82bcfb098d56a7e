import { openPostgres, type Database } from '../../platform/db/index.js';
import type { TestApp } from '../../../test/harness.js';
import { createJobQueue, type JobQueueDeps } from './job-queue.js';
import type { JobQueue } from './job.types.js';

/** Fast timings so retries, leases and sweeps happen within a test. */
const FAST = { pollMs: 100, leaseMs: 2_000, sweepMs: 100, retryBaseMs: 20, closeWaitMs: 200 };

export interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

export function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Resolves when the signal aborts; never rejects. */
export const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve())));

/** Queues on one test database, closed together at the end of the file. */
export function queueFactory(t: () => TestApp) {
  const opened: JobQueue[] = [];
  return {
    create(overrides: Partial<JobQueueDeps> = {}): JobQueue {
      const { database, app } = t();
      const queue = createJobQueue({ db: database.db, bus: database.bus, log: app.log, ...FAST, ...overrides });
      opened.push(queue);
      return queue;
    },
    closeAll: () => Promise.all(opened.splice(0).map((queue) => queue.close())),
  };
}

/**
 * What a second server process would use: on PostgreSQL its own connection pool and its own
 * LISTEN connection; PGlite lives in one process, so there it is the same database.
 */
export async function secondProcessDatabase(t: TestApp): Promise<Database> {
  if (!t.databaseUrl) return t.database;
  return openPostgres(t.databaseUrl, 3, () => {});
}

export async function userId(t: TestApp, userName: string): Promise<string> {
  await t.signUp(userName);
  const row = await t.userRow(userName);
  return String(row?.id);
}
