import type { Logger } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { endAttempt, writeProgress, type ClaimedJob } from './job.repo.js';
import { payloadFor, type JobHandler, type JobOptions } from './job.types.js';
import { ProgressThrottle } from './progress-throttle.js';

export type AbortReason = 'cancelled' | 'timeout' | 'shutdown' | 'lost';

export const GENERIC_FAILURE = '任务执行失败，请稍后重试';
const MAX_ERROR_LENGTH = 500;
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/** One try of a job in this process, and why it was told to stop (if it was). */
export class RunningJob {
  readonly controller = new AbortController();
  reason: AbortReason | undefined;
  done: Promise<void> = Promise.resolve();

  constructor(readonly claim: ClaimedJob) {}

  abort(reason: AbortReason): void {
    if (this.reason) return;
    this.reason = reason;
    this.controller.abort(new Error(`job ${reason}`));
  }
}

export interface RunnerDeps {
  db: Db;
  log: Logger;
  processId: string;
  retryBaseMs: number;
}

export interface Registration {
  handler: JobHandler<unknown>;
  options: JobOptions<unknown>;
  running: number;
}

/** What the queue needs to know afterwards: when a retried job becomes due. */
export interface RunResult {
  retryAfterMs?: number;
}

/** The reason users see: handlers throw Chinese messages; anything else is an internal error and stays in the log. */
function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  if (!/\p{Script=Han}/u.test(message)) return GENERIC_FAILURE;
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
}

const isPermanent = (error: unknown) => error instanceof Object && (error as { permanent?: unknown }).permanent === true;

export function retryDelayMs(retryBaseMs: number, attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, retryBaseMs * 2 ** (attempt - 1));
}

/** Runs the handler for one claimed try and records how it ended; never throws. */
export async function runJob(deps: RunnerDeps, registration: Registration, running: RunningJob): Promise<RunResult> {
  const { db, log, processId } = deps;
  const { claim } = running;
  const { timeoutMs, onFailed } = registration.options;
  const progress = new ProgressThrottle(
    (value) => writeProgress(db, claim, processId, value.fraction, value.text),
    (error) => log.error({ err: error, jobId: claim.id }, 'job progress write failed'),
  );
  const timer = timeoutMs ? setTimeout(() => running.abort('timeout'), timeoutMs) : undefined;

  let failure: unknown;
  let succeeded = false;
  try {
    const job = { id: claim.id, kind: claim.kind, payload: payloadFor(registration.options, claim.payload), ownerId: claim.ownerId };
    await registration.handler(job, { progress: (fraction, text) => progress.set(fraction, text), signal: running.controller.signal, attempt: claim.attempt });
    succeeded = true;
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(timer);
  }
  const last = await progress.stop();

  try {
    if (succeeded) {
      await endAttempt(db, claim, processId, { status: 'done', error: null, progress: 1, progressText: last.text });
      return {};
    }
    // Cancelled, or another process owns the job now: the row already says what happened.
    if (running.reason === 'cancelled' || running.reason === 'lost') return {};
    if (running.reason === 'shutdown') {
      await endAttempt(db, claim, processId, { status: 'queued', retryAfterMs: 0, refundAttempt: true, progress: last.fraction, progressText: last.text });
      return { retryAfterMs: 0 };
    }

    const timedOut = running.reason === 'timeout';
    const reason = timedOut ? `任务超时（超过 ${Math.ceil((timeoutMs ?? 0) / 1000)} 秒），已停止` : failureReason(failure);
    log.warn({ err: failure, jobId: claim.id, kind: claim.kind, attempt: claim.attempt, timedOut }, 'job attempt failed');
    const final = (!timedOut && isPermanent(failure)) || claim.attempt >= claim.maxAttempts;
    if (!final) {
      const retryAfterMs = retryDelayMs(deps.retryBaseMs, claim.attempt);
      await endAttempt(db, claim, processId, { status: 'queued', error: reason, retryAfterMs, progress: last.fraction, progressText: last.text });
      return { retryAfterMs };
    }
    const moved = await endAttempt(db, claim, processId, { status: 'failed', error: reason, progress: last.fraction, progressText: last.text });
    if (moved) await onFailed?.({ id: claim.id, payload: payloadFor(registration.options, claim.payload), ownerId: claim.ownerId }, reason);
  } catch (error) {
    // The lease runs out and the sweeper settles the job.
    log.error({ err: error, jobId: claim.id }, 'job bookkeeping failed');
  }
  return {};
}
