import type { Db } from '../../platform/db/index.js';
import type { EventHub } from './event-hub.js';
import type { Logger } from '../../core/index.js';
import { type RunRecorder } from './run-recorder.js';
import { renewLease, type RunEnding, type RunRow } from './run.repo.js';
import type { RunStatus } from './runs.tables.js';

export interface RunContext {
  run: RunRow;
  /** Aborted when the run is cancelled, abandoned or the server shuts down. */
  signal: AbortSignal;
  /** Resolves once the run's row (and what it refers to) is stored: await it before writing rows that refer to the run. */
  stored: Promise<void>;
  emit(type: string, data: Record<string, unknown>): void;
}

export interface RunOutcome {
  status: Exclude<RunStatus, 'running'>;
  awaiting?: { kind: string; step_id: string };
  error?: { code: number; msg: string };
  /**
   * Writes that do not have to precede the run's ending (the answer's message, usage rows): made in
   * the same moment as it, and `done` waits for both. One round trip at the end of a turn, not two.
   */
  alongside?: Promise<void>;
}

export type RunExecutor = (context: RunContext) => Promise<RunOutcome>;

export interface ExecutorOptions {
  db: Db;
  hub: EventHub;
  log: Logger;
  processId: string;
  leaseMs: number;
  /** Stop a run nobody has watched for this long (its model calls cost money). */
  abandonAfterMs: number;
  /** When someone last watched the run from any process. */
  lastWatched(runId: string): number;
  /** Moves the run out of `running` as it ended; false when someone moved it first (a cancel). */
  end(ending: RunEnding): Promise<boolean>;
  /** Rows written behind (events, steps, usage) are needed now: the run's `done` waits for them. */
  hurryWrites(): void;
}

const WATCH_TICK_MS = 250;
const INTERRUPTED = { code: 50001, msg: '运行出错，请稍后重试' };
const NOT_STORED = { code: 50001, msg: '无法保存运行记录，请稍后重试' };
const ANSWER_NOT_SAVED = { code: 50001, msg: '回答未能保存，请稍后重试' };
const NOT_LOGGED = { code: 50001, msg: '运行过程未能完整保存，请稍后重试' };

/** Runs one executor under a lease, with cancellation and abandonment, and records how it ended. */
export async function executeRun(
  options: ExecutorOptions,
  run: RunRow,
  recorder: RunRecorder,
  executor: RunExecutor,
  controller: AbortController,
  stored: Promise<void> = Promise.resolve(),
) {
  const { db, hub, log, processId, leaseMs } = options;
  hub.executing(run.id, true);
  const lease = setInterval(() => {
    renewLease(db, run.id, processId, new Date(Date.now() + leaseMs)).catch((error: unknown) => log.error({ err: error }, 'lease renewal failed'));
  }, leaseMs / 3);
  const watch = setInterval(() => {
    if (hub.subscriberCount(run.id) > 0 || Date.now() - options.lastWatched(run.id) < options.abandonAfterMs) return;
    controller.abort(new Error('abandoned'));
  }, WATCH_TICK_MS);

  let outcome: RunOutcome;
  try {
    outcome = await executor({ run, signal: controller.signal, stored, emit: (type, data) => recorder.emit(type, data) });
    options.hurryWrites();
    outcome.alongside?.catch(() => undefined); // looked at below, with the ending
  } catch (error) {
    if (controller.signal.aborted) outcome = { status: 'cancelled' };
    else {
      log.error({ err: error, runId: run.id }, 'run failed');
      outcome = { status: 'failed', error: INTERRUPTED };
    }
  } finally {
    clearInterval(lease);
    clearInterval(watch);
  }

  const storedOk = await stored.then(
    () => true,
    () => false,
  );
  if (!storedOk) outcome = { status: 'failed', error: NOT_STORED };
  else if (recorder.failed && outcome.status !== 'cancelled') outcome = { status: 'failed', error: NOT_LOGGED };
  if (outcome.status === 'failed') {
    recorder.emit('error', { ...(outcome.error ?? INTERRUPTED) });
    options.hurryWrites();
  }
  const ending = storedOk ? options.end({ runId: run.id, status: outcome.status, awaiting: outcome.awaiting ?? null, error: outcome.error?.msg ?? null }) : Promise.resolve(false);
  // Looked at together with the ending: checking what was logged adds no round trip.
  const [moved, alongside, logged] = await Promise.allSettled([ending, outcome.alongside, recorder.loggedSoFar()]);
  let status = !storedOk ? 'failed' : moved.status === 'fulfilled' && !moved.value ? 'cancelled' : outcome.status;
  const fail = (error: { code: number; msg: string }) => {
    if (status !== 'failed') recorder.emit('error', error);
    status = 'failed';
  };
  if (alongside.status === 'rejected') {
    log.error({ err: alongside.reason, runId: run.id }, 'what a run wrote beside its ending failed');
    recorder.emit('error', ANSWER_NOT_SAVED);
  }
  if (moved.status === 'rejected') {
    // The ending is not stored (the sweeper fails the run once its lease has run out), but the stream still ends.
    log.error({ err: moved.reason, runId: run.id }, 'run ending could not be stored');
    fail(NOT_STORED);
  }
  if (logged.status === 'fulfilled' && !logged.value && status !== 'cancelled') fail(NOT_LOGGED);
  recorder.emit('done', { run_id: run.id, status });
  try {
    await recorder.settle();
  } finally {
    hub.executing(run.id, false);
  }
}
