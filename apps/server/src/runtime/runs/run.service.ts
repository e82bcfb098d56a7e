import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Bus } from '../../platform/bus/index.js';
import { AppError, notFound } from '../../platform/http/index.js';
import { BatchQueue, type Db, type WriteBehind, type WriteKind } from '../../platform/db/index.js';
import { EventHub } from './event-hub.js';
import { EventLogWriter } from './event-log-writer.js';
import { executeRun, type RunExecutor } from './run-executor.js';
import { RunRecorder } from './run-recorder.js';
import { streamRun } from './run-stream.js';
import type { RunStepRow } from './run-steps.repo.js';
import {
  claimAwaitingRun,
  endRuns,
  findAbandonedRuns,
  findRun,
  runsInsert,
  lastEventOf,
  lastSeqOf,
  listRunsOf,
  transitionRun,
  type NewRun,
  type RunEnding,
  type RunEvent,
  type RunRow,
} from './run.repo.js';

/** Rows of runs that started: written behind, like their events (which wait for them). */
const RUN_ROWS: WriteKind<RunRow> = { statement: runsInsert };
/**
 * A run that another process started a moment ago may not be stored yet (its row goes with that
 * process's next write-behind statement, every 25 ms): a run not found is looked up again after these
 * waits before it counts as unknown.
 */
const NOT_YET_STORED_WAITS_MS = [25, 50, 100];
const CANCEL_CHANNEL = 'aip_run_cancel';
const WATCH_CHANNEL = 'aip_run_watch';
const LEASE_MS = 15_000;
const SWEEP_MS = 10_000;
const INTERRUPTED_MSG = '运行因服务重启或故障而中断，请重新发送';
/**
 * Events are streamed before they are logged, so a client of a crashed process may hold sequence numbers
 * the log never got. The ending written after a crash skips past them, so a re-attach still receives it.
 */
const CRASH_SEQ_MARGIN = 1_000;

export interface RunServiceOptions {
  db: Db;
  /** Runs' events and steps go out with the process's shared write-behind statement. */
  writes: WriteBehind;
  bus: Bus;
  log: FastifyBaseLogger;
}

export interface StartRun {
  run: Omit<NewRun, 'id' | 'status' | 'leaseOwner' | 'leaseUntil'>;
  /** The data of the first event besides `run_id` (conversation and message ids). */
  announce: Record<string, unknown>;
  /** How long the run may go on with nobody watching before it is stopped. */
  abandonAfterMs: number;
  /** Rows the run refers to (its conversation, the question), being written: the run's row waits for them. */
  after?: Promise<unknown>;
}

/** Where a run's events go: an HTTP response (streamed as SSE), or a listener in this process. */
export type RunSink = FastifyReply | ((event: RunEvent) => void);

export interface DecideRun {
  ownerId: string;
  runId: string;
  /** The area the decision call belongs to: a run of another kind is not found there. */
  runKind: string;
  /** The pauses this decision may answer (`awaiting.kind`). */
  kinds: string[];
  /** Writes the decision in the same transaction that takes the run; `paused` is the run as it was paused. */
  record(tx: Db, paused: RunRow): Promise<void>;
  abandonAfterMs: number;
}

const NOT_AWAITING_MSG = '当前运行不在等待此操作';
const SHUTDOWN_WAIT_MS = 5_000;
/** How long a decision waits for the pause's own ending to reach the log when another process wrote it. */
const PAUSE_LOG_WAIT_MS = 3_000;

export type RunService = ReturnType<typeof createRunService>;

/** Durable runs: rows and an event log in the database, executed under a lease, followed live by any process. */
export function createRunService({ db, writes, bus, log }: RunServiceOptions) {
  const processId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const hub = new EventHub(db, bus, (error) => log.error({ err: error }, 'run event delivery failed'));
  const writer = new EventLogWriter(writes, hub);
  // Runs ending together are moved together.
  const endings = new BatchQueue<RunEnding, boolean>(async (items) => {
    const moved = await endRuns(db, items);
    return items.map((ending) => moved.has(ending.runId));
  });
  const local = new Map<string, AbortController>();
  const watchedAt = new Map<string, number>();
  /** Runs started here whose row is still being written: a cancel or re-attach right after `run` waits for it. */
  const storing = new Map<string, Promise<void>>();
  /** Per run kind: what else a paused run's cancel must end (e.g. the conversation's paused answer). */
  const pausedEndings = new Map<string, (run: RunRow) => Promise<void>>();
  /** Executions in this process, until their last event is logged. */
  const executions = new Map<string, Promise<void>>();

  bus.subscribe(CANCEL_CHANNEL, (runId) => local.get(runId)?.abort(new Error('cancelled')));
  bus.subscribe(WATCH_CHANNEL, (runId) => {
    if (local.has(runId)) watchedAt.set(runId, Date.now());
  });

  async function sweep(): Promise<void> {
    for (const run of await findAbandonedRuns(db, 100)) {
      if (!(await transitionRun(db, run.id, ['running'], { status: 'failed', error: INTERRUPTED_MSG, leaseOwner: null, leaseUntil: null }))) continue;
      const recorder = new RunRecorder(writer, run.id, (await lastSeqOf(db, run.id)) + CRASH_SEQ_MARGIN);
      recorder.emit('error', { code: 50001, msg: INTERRUPTED_MSG });
      recorder.emit('done', { run_id: run.id, status: 'failed' });
      await recorder.settle();
    }
  }
  const sweeper = setInterval(() => sweep().catch((error: unknown) => log.error({ err: error }, 'run sweep failed')), SWEEP_MS);
  sweeper.unref();

  async function getOwnRun(ownerId: string, runId: string): Promise<RunRow> {
    const beingStored = storing.get(runId);
    if (beingStored) {
      writes.hurry();
      await beingStored.catch(() => undefined);
    }
    const run = await findStoredRun(runId, !beingStored);
    if (!run || run.ownerId !== ownerId) throw notFound('运行记录');
    return run;
  }

  async function findStoredRun(runId: string, mayBeElsewhere: boolean): Promise<RunRow | undefined> {
    let run = await findRun(db, runId);
    for (const wait of mayBeElsewhere ? NOT_YET_STORED_WAITS_MS : []) {
      if (run) break;
      await sleep(wait);
      run = await findRun(db, runId);
    }
    return run;
  }

  /** Executes in the background: the run does not depend on the request that started it. */
  function execute(run: RunRow, recorder: RunRecorder, executor: RunExecutor, abandonAfterMs: number, controller: AbortController, stored: Promise<void>): void {
    local.set(run.id, controller);
    watchedAt.set(run.id, Date.now());
    const options = {
      db,
      hub,
      log,
      processId,
      leaseMs: LEASE_MS,
      abandonAfterMs,
      lastWatched: (id: string) => watchedAt.get(id) ?? 0,
      end: (ending: RunEnding) => endings.push(ending),
      hurryWrites: () => writes.hurry(),
    };
    const execution = executeRun(options, run, recorder, executor, controller, stored)
      .catch((error: unknown) => log.error({ err: error, runId: run.id }, 'run bookkeeping failed'))
      .finally(() => {
        local.delete(run.id);
        watchedAt.delete(run.id);
        if (executions.get(run.id) === execution) executions.delete(run.id);
      });
    executions.set(run.id, execution);
  }

  /** A new run, or a run's next segment, has no unseen log yet: subscribe, then its executor writes. */
  async function attachSink(sink: RunSink, runId: string, after: number): Promise<void> {
    if (typeof sink !== 'function') {
      await streamRun(db, hub, sink, runId, after, { replay: false });
      return;
    }
    const unsubscribe = hub.subscribe(runId, (event) => {
      if (event.seq <= after) return;
      sink(event);
      if (event.type === 'done') unsubscribe();
    });
  }

  /** The sequence number a paused run's next segment continues from, once its pause is fully logged. */
  async function pausedLastSeq(runId: string): Promise<number> {
    await executions.get(runId);
    const deadline = Date.now() + PAUSE_LOG_WAIT_MS;
    for (;;) {
      const last = await lastEventOf(db, runId);
      if (last?.type === 'done' || Date.now() > deadline) return last?.seq ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    sweep,

    /**
     * Attaches `reply` as the run's stream and starts executing at once; the run's row is written
     * meanwhile, and its event log follows the row (the first token never waits for the database). A
     * caller that began work early (a model call already on its way) passes the controller it listens to.
     */
    async startAndStream(sink: RunSink, start: StartRun, executor: RunExecutor, controller = new AbortController()): Promise<RunRow> {
      const now = new Date();
      const run: RunRow = {
        id: randomUUID(),
        kind: start.run.kind,
        ownerId: start.run.ownerId,
        conversationId: start.run.conversationId ?? null,
        subject: start.run.subject,
        status: 'running',
        awaiting: null,
        version: 0,
        leaseOwner: processId,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        input: start.run.input ?? {},
        error: null,
        createdAt: now,
        updatedAt: now,
      };
      const stored = (start.after ?? Promise.resolve()).then(() => writes.add(RUN_ROWS, [run]));
      stored.catch((error: unknown) => {
        log.error({ err: error, runId: run.id }, 'run could not be stored');
        controller.abort(error);
      });
      storing.set(run.id, stored);
      stored.then(
        () => storing.delete(run.id),
        () => storing.delete(run.id),
      );
      const recorder = new RunRecorder(writer, run.id, 0, stored);
      await attachSink(sink, run.id, 0);
      recorder.emit('run', { run_id: run.id, ...start.announce });
      execute(run, recorder, executor, start.abandonAfterMs, controller, stored);
      return run;
    },

    /**
     * A person's decision on a paused run (docs/streaming.md, "Human in the loop"): takes the run with one
     * conditional update and records the decision with it, then executes the next segment, streamed to
     * `sink` with the run's sequence numbers continued. Any process may do this: a pause is just rows.
     */
    async decide(sink: RunSink, decision: DecideRun, executor: RunExecutor): Promise<RunRow> {
      const current = await getOwnRun(decision.ownerId, decision.runId);
      if (current.kind !== decision.runKind) throw notFound('运行记录');
      const lease = { owner: processId, until: new Date(Date.now() + LEASE_MS) };
      const run = await db.transaction(async (tx) => {
        // The version pins the pause that was read: `record` may rely on `current.awaiting`.
        const claimed = await claimAwaitingRun(tx, current.id, decision.ownerId, decision.kinds, current.version, lease);
        if (claimed) await decision.record(tx, current);
        return claimed;
      });
      if (!run) throw new AppError('CONFLICT', NOT_AWAITING_MSG);
      const lastSeq = await pausedLastSeq(run.id);
      await attachSink(sink, run.id, lastSeq);
      execute(run, new RunRecorder(writer, run.id, lastSeq), executor, decision.abandonAfterMs, new AbortController(), Promise.resolve());
      return run;
    },

    /** Re-attaches to a run: replays after `after`, then follows it live. */
    async attach(reply: FastifyReply, ownerId: string, runId: string, after: number): Promise<void> {
      const run = await getOwnRun(ownerId, runId);
      const stream = await streamRun(db, hub, reply, run.id, after);
      if (local.has(run.id) || stream.isClosed) return;
      // Watched from here, executed elsewhere: keep the executing process from treating it as abandoned.
      const beat = setInterval(() => bus.publish(WATCH_CHANNEL, run.id).catch(() => undefined), 1_000);
      stream.onClose(() => clearInterval(beat));
    },

    async cancel(ownerId: string, runId: string): Promise<void> {
      const run = await getOwnRun(ownerId, runId);
      const moved = await transitionRun(db, run.id, ['running', 'awaiting'], { status: 'cancelled', awaiting: null });
      if (!moved) throw new AppError('CONFLICT', '运行已结束，无法取消');
      if (run.status === 'awaiting') {
        // Nobody executes a paused run: this call writes its ending, after the pause's own (which may still be on its way to the log).
        const recorder = new RunRecorder(writer, run.id, await pausedLastSeq(run.id));
        recorder.emit('done', { run_id: run.id, status: 'cancelled' });
        await recorder.settle();
        await pausedEndings.get(run.kind)?.(run);
        return;
      }
      local.get(run.id)?.abort(new Error('cancelled'));
      await bus.publish(CANCEL_CHANNEL, run.id);
    },

    /** Nobody executes a paused run: a cancel calls this to end what the run's kind keeps beside it. */
    onPausedCancel(kind: string, end: (run: RunRow) => Promise<void>): void {
      pausedEndings.set(kind, end);
    },

    /** Stops local runs on shutdown; they end as failed so the page can offer a retry. */
    async close(): Promise<void> {
      clearInterval(sweeper);
      for (const controller of local.values()) controller.abort(new Error('shutdown'));
      // Their endings (and what they streamed) reach the log before the database closes, within reason.
      const ended = Promise.allSettled([...executions.values()]);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
      hub.close();
    },

    getOwnRun,

    /** A step built with `stepRow`, written behind its run with the next insert of the event log. */
    writeStep: (row: RunStepRow): Promise<void> => writer.appendStep(row),
    /** Steps written behind a run are needed now (it pauses or ends). */
    hurryWrites: (): void => writer.hurry(),

    listRuns: (ownerId: string, kind: string, filter: { subject?: string }, offset: number, limit: number) => listRunsOf(db, ownerId, kind, filter, offset, limit),
  };
}
