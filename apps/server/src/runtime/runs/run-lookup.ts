import { setTimeout as sleep } from 'node:timers/promises';
import { notFound } from '../../core/index.js';
import type { RunCore } from './run-core.js';
import { findRun, lastEventOf, type RunRow } from './run.repo.js';

/**
 * A run that another process started a moment ago may not be stored yet (its row goes with that
 * process's next write-behind statement, every 25 ms): a run not found is looked up again after these
 * waits before it counts as unknown.
 */
const NOT_YET_STORED_WAITS_MS = [25, 50, 100];
/** How long a decision waits for the pause's own ending to reach the log when another process wrote it. */
const PAUSE_LOG_WAIT_MS = 3_000;

export type RunLookup = ReturnType<typeof createRunLookup>;

/** Finding runs as they are stored, and where a paused run's log ends. */
export function createRunLookup({ db, writes, local }: RunCore) {
  async function findStoredRun(runId: string, mayBeElsewhere: boolean): Promise<RunRow | undefined> {
    let run = await findRun(db, runId);
    for (const wait of mayBeElsewhere ? NOT_YET_STORED_WAITS_MS : []) {
      if (run) break;
      await sleep(wait);
      run = await findRun(db, runId);
    }
    return run;
  }

  return {
    /** The caller's run (40401 otherwise), waiting for its row if this process is still writing it. */
    async getOwnRun(ownerId: string, runId: string): Promise<RunRow> {
      const beingStored = local.rowBeingStored(runId);
      if (beingStored) {
        writes.hurry();
        await beingStored.catch(() => undefined);
      }
      const run = await findStoredRun(runId, !beingStored);
      if (!run || run.ownerId !== ownerId) throw notFound('运行记录');
      return run;
    },

    /** The sequence number a paused run's next segment continues from, once its pause is fully logged. */
    async pausedLastSeq(runId: string): Promise<number> {
      await local.executionOf(runId);
      const deadline = Date.now() + PAUSE_LOG_WAIT_MS;
      for (;;) {
        const last = await lastEventOf(db, runId);
        if (last?.type === 'done' || Date.now() > deadline) return last?.seq ?? 0;
        await sleep(50);
      }
    },
  };
}
