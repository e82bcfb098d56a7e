import { LEASE_MS, type RunCore } from './run-core.js';
import { executeRun, type RunExecutor } from './run-executor.js';
import type { RunRecorder } from './run-recorder.js';
import type { RunSink } from './run-sink.js';
import { streamRun } from './run-stream.js';
import type { RunEnding, RunRow } from './run.repo.js';

export interface Launch {
  run: RunRow;
  recorder: RunRecorder;
  executor: RunExecutor;
  abandonAfterMs: number;
  controller: AbortController;
  /** The run's row (and what it refers to) being stored. */
  stored: Promise<void>;
}

export type RunLauncher = ReturnType<typeof createRunLauncher>;

/** Attaching a new segment's sink and executing it in the background. */
export function createRunLauncher(core: RunCore) {
  const { db, hub, log, processId, writes, endings, local } = core;
  return {
    /** A new run, or a run's next segment, has no unseen log yet: subscribe, then its executor writes. */
    async attachSink(sink: RunSink, runId: string, after: number): Promise<void> {
      await streamRun(db, hub, sink, runId, after, { replay: false });
    },

    /** Executes in the background: the run does not depend on the request that started it. */
    execute({ run, recorder, executor, abandonAfterMs, controller, stored }: Launch): void {
      const options = {
        db,
        hub,
        log,
        processId,
        leaseMs: LEASE_MS,
        abandonAfterMs,
        lastWatched: (id: string) => local.lastWatched(id),
        end: (ending: RunEnding) => endings.push(ending),
        hurryWrites: () => writes.hurry(),
      };
      local.executing(run.id, controller, () =>
        executeRun(options, run, recorder, executor, controller, stored).catch((error: unknown) => log.error({ err: error, runId: run.id }, 'run bookkeeping failed')),
      );
    },
  };
}
