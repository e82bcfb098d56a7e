import { AppError, notFound } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { leaseFrom, type RunCore } from './run-core.js';
import type { RunExecutor } from './run-executor.js';
import type { RunLauncher } from './run-launch.js';
import type { RunLookup } from './run-lookup.js';
import { RunRecorder } from './run-recorder.js';
import type { RunSink } from './run-sink.js';
import { claimAwaitingRun, type RunRow } from './run.repo.js';

const NOT_AWAITING_MSG = '当前运行不在等待此操作';

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

/**
 * A person's decision on a paused run: takes the run with one conditional update and records the
 * decision with it, then executes the next segment, streamed to `sink` with the run's sequence numbers
 * continued. Any process may do this: a pause is just rows.
 */
export function createRunDecider(core: RunCore, lookup: RunLookup, launcher: RunLauncher) {
  const { db, writer } = core;
  return async function decide(sink: RunSink, decision: DecideRun, executor: RunExecutor): Promise<RunRow> {
    const current = await lookup.getOwnRun(decision.ownerId, decision.runId);
    if (current.kind !== decision.runKind) throw notFound('运行记录');
    const run = await db.transaction(async (tx) => {
      // The version pins the pause that was read: `record` may rely on `current.awaiting`.
      const claimed = await claimAwaitingRun(tx, current.id, decision.ownerId, decision.kinds, current.version, leaseFrom(core));
      if (claimed) await decision.record(tx, current);
      return claimed;
    });
    if (!run) throw new AppError('CONFLICT', NOT_AWAITING_MSG);
    const lastSeq = await lookup.pausedLastSeq(run.id);
    await launcher.attachSink(sink, run.id, lastSeq);
    const recorder = new RunRecorder(writer, run.id, lastSeq);
    launcher.execute({ run, recorder, executor, abandonAfterMs: decision.abandonAfterMs, controller: new AbortController(), stored: Promise.resolve() });
    return run;
  };
}
