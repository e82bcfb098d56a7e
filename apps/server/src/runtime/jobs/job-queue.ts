import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../core/index.js';
import type { Bus } from '../../platform/bus/index.js';
import type { Db } from '../../platform/db/index.js';
import { runJob, RunningJob, type Registration } from './job-runner.js';
import {
  cancelJob,
  claimNextJob,
  countOpenJobs,
  failExpiredJobs,
  findJob,
  findOpenJobId,
  insertJob,
  notifyAtCommit,
  renewJobLeases,
  requeueExpiredJobs,
  type ClaimedJob,
} from './job.repo.js';
import { payloadFor, type JobHandler, type JobOptions, type JobQueue } from './job.types.js';

export interface JobQueueDeps {
  db: Db;
  bus: Bus;
  log: Logger;
  /** Names this process in `lease_owner`; tests give two queues on one database different ids. */
  processId?: string;
  /** How often to look for due jobs when no notification arrived (a retry's backoff ending, a lost notify). */
  pollMs?: number;
  /** A claimed job is another process's to take after this long without a heartbeat. */
  leaseMs?: number;
  /** How often expired leases are looked for (default: every 10 s, or every lease if that is shorter). */
  sweepMs?: number;
  /** Wait before the second try; doubles with each further try (at most 5 minutes). */
  retryBaseMs?: number;
  /** How long `close()` waits for aborted handlers to stop. */
  closeWaitMs?: number;
}

const WAKE_CHANNEL = 'aip_job_wake';
const CANCEL_CHANNEL = 'aip_job_cancel';
const INTERRUPTED_REASON = '任务多次中断，已停止重试';
const DEFAULT_MAX_ATTEMPTS = 3;
const IDLE_POLL_MS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The durable job queue of one process: claims fairly under leases, runs handlers, retries, sweeps. */
export function createJobQueue(deps: JobQueueDeps): JobQueue {
  const { db, bus, log } = deps;
  const processId = deps.processId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const leaseMs = deps.leaseMs ?? 30_000;
  const runnerDeps = { db, log, processId, retryBaseMs: deps.retryBaseMs ?? 3_000 };
  const registrations = new Map<string, Registration>();
  const local = new Map<string, RunningJob>();
  const timers = new Set<NodeJS.Timeout>();
  const unsubscribers: Array<() => void> = [];
  let started = false;
  let stopped = false;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;
  let sweeping: Promise<void> = Promise.resolve();
  let closing: Promise<void> | undefined;

  /** Claims until every registered kind is at its concurrency or nothing is due; calls made meanwhile coalesce. */
  function wake(): void {
    if (!started || stopped) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = claimWhileFree()
      .catch((error: unknown) => log.error({ err: error }, 'job claim failed'))
      .finally(() => {
        claiming = undefined;
      });
  }

  async function claimWhileFree(): Promise<void> {
    do {
      claimAgain = false;
      for (const [kind, registration] of registrations) {
        while (!stopped && registration.running < registration.options.concurrency) {
          const claim = await claimNextJob(db, kind, processId, leaseMs, [...local.keys()]);
          if (!claim) break;
          launch(claim, registration);
        }
      }
    } while (claimAgain && !stopped);
  }

  function launch(claim: ClaimedJob, registration: Registration): void {
    const running = new RunningJob(claim);
    local.set(claim.id, running);
    registration.running += 1;
    running.done = runJob(runnerDeps, registration, running)
      .then(({ retryAfterMs }) => {
        if (retryAfterMs !== undefined) later(wake, retryAfterMs + 10);
      })
      .catch((error: unknown) => log.error({ err: error, jobId: claim.id }, 'job run failed'))
      .finally(() => {
        local.delete(claim.id);
        registration.running -= 1;
        wake();
      });
  }

  function later(work: () => void, ms: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function every(work: () => Promise<void> | void, ms: number): void {
    const timer = setInterval(() => void work(), ms);
    timer.unref();
    timers.add(timer);
  }

  /** Renews the leases of local jobs; one that is no longer ours (cancelled, swept) is told to stop. */
  async function heartbeat(): Promise<void> {
    const ids = [...local.keys()];
    try {
      const held = new Set(await renewJobLeases(db, ids, processId, leaseMs));
      for (const id of ids) if (!held.has(id)) local.get(id)?.abort('lost');
    } catch (error) {
      log.error({ err: error }, 'job lease renewal failed');
    }
  }

  /**
   * Jobs whose process died: back to the queue while tries remain, otherwise failed with a reason.
   * Only kinds registered here, so the one who fails a job can call its onFailed.
   */
  function sweep(): Promise<void> {
    sweeping = sweeping.then(async () => {
      try {
        const kinds = [...registrations.keys()];
        const requeued = await requeueExpiredJobs(db, kinds);
        const failed = await failExpiredJobs(db, kinds, INTERRUPTED_REASON);
        if (requeued.length + failed.length > 0) log.warn({ requeued: requeued.length, failed: failed.length }, 'jobs with expired leases swept');
        for (const job of failed) {
          const options = registrations.get(job.kind)?.options;
          await options
            ?.onFailed?.({ id: job.id, payload: payloadFor(options, job.payload), ownerId: job.ownerId }, INTERRUPTED_REASON)
            .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'job onFailed failed'));
        }
        if (requeued.length > 0) wake();
      } catch (error) {
        log.error({ err: error }, 'job sweep failed');
      }
    });
    return sweeping;
  }

  const busy = (kinds: string[]) => [...local.values()].some((running) => kinds.includes(running.claim.kind));

  return {
    async enqueue(tx, input) {
      const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer: ${maxAttempts}`);
      // A reused job may end between the insert that yielded to it and the lookup: then insert again.
      for (let round = 0; round < 3; round += 1) {
        const inserted = await insertJob(tx, { ...input, maxAttempts });
        if (inserted) {
          await notifyAtCommit(tx, WAKE_CHANNEL, input.kind);
          // PGlite has one connection: this claim waits for the caller's transaction to end.
          if (registrations.has(input.kind)) wake();
          return inserted;
        }
        if (input.dedupeKey === undefined) break;
        const open = await findOpenJobId(tx, input.kind, input.dedupeKey);
        if (open) return open;
      }
      throw new Error(`could not enqueue job ${input.kind} with dedupe key ${input.dedupeKey}`);
    },

    register<P>(kind: string, handler: JobHandler<P>, options: JobOptions<P>) {
      if (registrations.has(kind)) throw new Error(`job kind registered twice: ${kind}`);
      if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new Error(`job concurrency must be a positive integer: ${kind}`);
      registrations.set(kind, { handler: handler as JobHandler<unknown>, options: options as JobOptions<unknown>, running: 0 });
      if (started && !stopped) void sweep().then(wake);
    },

    start() {
      if (started || stopped) return;
      started = true;
      unsubscribers.push(
        bus.subscribe(WAKE_CHANNEL, (kind) => {
          if (registrations.has(kind)) wake();
        }),
        bus.subscribe(CANCEL_CHANNEL, (id) => local.get(id)?.abort('cancelled')),
      );
      void sweep().then(wake);
      every(wake, deps.pollMs ?? 2_000);
      every(sweep, deps.sweepMs ?? Math.min(10_000, leaseMs));
      every(heartbeat, Math.max(10, Math.floor(leaseMs / 3)));
    },

    async getJob(id) {
      return UUID.test(id) ? findJob(db, id) : undefined;
    },

    async cancel(id) {
      if (!UUID.test(id) || !(await cancelJob(db, id))) return false;
      local.get(id)?.abort('cancelled');
      await bus.publish(CANCEL_CHANNEL, id).catch((error: unknown) => log.error({ err: error, jobId: id }, 'job cancel notification failed'));
      return true;
    },

    workers() {
      return [...registrations].map(([kind, registration]) => ({ kind, concurrency: registration.options.concurrency, running: registration.running }));
    },

    async idle(kinds) {
      const watched = kinds ?? [...registrations.keys()];
      for (;;) {
        await sweeping;
        if (!busy(watched) && (await countOpenJobs(db, watched)) === 0) return;
        await sleep(IDLE_POLL_MS);
      }
    },

    close() {
      closing ??= (async () => {
        stopped = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
        await claiming;
        await sweeping;
        for (const running of local.values()) running.abort('shutdown');
        const waitMs = deps.closeWaitMs ?? 5_000;
        await Promise.race([Promise.allSettled([...local.values()].map((running) => running.done)), sleep(waitMs, undefined, { ref: false })]);
      })();
      return closing;
    },
  };
}
