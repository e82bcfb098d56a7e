import type { StoredJson } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import type { JobStatus } from './jobs.tables.js';

export type { JobStatus };

export interface JobRow {
  id: string;
  kind: string;
  ownerId: string | null;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  progress: number;
  progressText: string | null;
  error: string | null;
  dedupeKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface JobContext {
  /** `fraction` is 0–1; without `text` the previous text stays. Throttled: at most one write every 500 ms per job, and the last value is always written. */
  progress(fraction: number, text?: string): void;
  /** Aborted on cancel, timeout, shutdown, or when another process took the job over. */
  signal: AbortSignal;
  /** 1 for the first try. */
  attempt: number;
}

export type JobHandler<P = unknown> = (job: { id: string; kind: string; payload: P; ownerId: string | null }, ctx: JobContext) => Promise<void>;

export interface EnqueueInput {
  kind: string;
  payload: unknown;
  ownerId?: string | null;
  /** An open (queued or running) job of the same kind and key is reused instead of adding another. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobOptions<P = unknown> {
  /** The payload's stored schema: handlers get it read (upgraded and parsed); enqueue it with `write`. */
  payload?: StoredJson<P>;
  /** Jobs of this kind running at once in this process. */
  concurrency: number;
  /** A try running longer is aborted and counts as a failure. */
  timeoutMs?: number;
  /** Called once when the job has failed for good (its status is already `failed`). */
  onFailed?: (job: { id: string; payload: P; ownerId: string | null }, reason: string) => Promise<void>;
}

export interface JobQueue {
  /** Inserts the job using `db` — pass the caller's transaction so the job commits with the row that needs it. With a dedupeKey, an open (queued/running) job with the same key is reused. Returns the job id. Wakes workers after commit (bus notify; polling is the fallback). */
  enqueue(db: Db, input: EnqueueInput): Promise<string>;
  register<P>(kind: string, handler: JobHandler<P>, options: JobOptions<P>): void;
  /** Starts claiming (call after all register()). Runs a sweep first. */
  start(): void;
  getJob(id: string): Promise<JobRow | undefined>;
  /** queued → cancelled; running → cancelled, and the handler's signal is aborted in whichever process runs it. */
  cancel(id: string): Promise<boolean>;
  /** The kinds this process works on, with how many of each it runs at once and runs now. */
  workers(): Array<{ kind: string; concurrency: number; running: number }>;
  /** Resolves when no queued/running job of these kinds (default: the registered kinds) remains. */
  idle(kinds?: string[]): Promise<void>;
  /** Stops claiming, aborts running handlers' signals and waits for them briefly; their jobs go back to the queue. */
  close(): Promise<void>;
}

/** Throw this (or any error with `permanent: true`) for a failure that retrying cannot fix. */
export class JobFailure extends Error {
  readonly permanent: boolean;
  constructor(message: string, options: { permanent?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'JobFailure';
    this.permanent = options.permanent ?? false;
  }
}

/** A claimed job's payload as its handler sees it: read through the kind's schema where it declares one. */
export const payloadFor = <P>(options: JobOptions<P>, stored: unknown): P => (options.payload ? options.payload.read(stored) : (stored as P));
