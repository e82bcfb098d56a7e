import { createRunChannels } from './run-channels.js';
import { createRunCore, type RunServiceOptions } from './run-core.js';
import { createRunDecider } from './run-decide.js';
import { createRunFollowing } from './run-follow.js';
import { createRunLauncher } from './run-launch.js';
import { createRunLookup } from './run-lookup.js';
import { createRunStarter } from './run-start.js';
import type { RunStepRow } from './run-steps.repo.js';
import { createRunSweeper } from './run-sweeper.js';
import { listRunsOf } from './run.repo.js';

const SHUTDOWN_WAIT_MS = 5_000;

export type RunService = ReturnType<typeof createRunService>;

/**
 * Durable runs: rows and an event log in the database, executed under a lease, followed live by any
 * process. Each concern is a unit of its own (`run-*.ts`); this composes them.
 */
export function createRunService(options: RunServiceOptions) {
  const core = createRunCore(options);
  const { db, writer, hub, local } = core;
  const channels = createRunChannels(core);
  const sweeper = createRunSweeper(core);
  const lookup = createRunLookup(core);
  const launcher = createRunLauncher(core);
  const following = createRunFollowing(core, lookup, channels);

  return {
    sweep: sweeper.sweep,
    startAndStream: createRunStarter(core, launcher),
    decide: createRunDecider(core, lookup, launcher),
    attach: following.attach,
    cancel: following.cancel,
    onPausedCancel: following.onPausedCancel,
    getOwnRun: lookup.getOwnRun,

    /** Stops local runs on shutdown; they end as failed so the page can offer a retry. */
    async close(): Promise<void> {
      sweeper.stop();
      local.abortAll(new Error('shutdown'));
      // Their endings (and what they streamed) reach the log before the database closes, within reason.
      await Promise.race([local.allSettled(), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
      hub.close();
    },

    /** A step built with `stepRow`, written behind its run with the next insert of the event log. */
    writeStep: (row: RunStepRow): Promise<void> => writer.appendStep(row),
    /** Steps written behind a run are needed now (it pauses or ends). */
    hurryWrites: (): void => writer.hurry(),

    listRuns: (ownerId: string, kind: string, filter: { subject?: string }, offset: number, limit: number) => listRunsOf(db, ownerId, kind, filter, offset, limit),
  };
}
