import { randomUUID } from 'node:crypto';
import type { WriteKind } from '../../platform/db/index.js';
import { leaseFrom, type RunCore } from './run-core.js';
import type { RunExecutor } from './run-executor.js';
import type { RunLauncher } from './run-launch.js';
import { RunRecorder } from './run-recorder.js';
import type { RunSink } from './run-sink.js';
import { runsInsert, type NewRun, type RunRow } from './run.repo.js';

/** Rows of runs that started: written behind, like their events (which wait for them). */
const RUN_ROWS: WriteKind<RunRow> = { statement: runsInsert };

export interface StartRun {
  run: Omit<NewRun, 'id' | 'status' | 'leaseOwner' | 'leaseUntil'>;
  /** The data of the first event besides `run_id` (conversation and message ids). */
  announce: Record<string, unknown>;
  /** How long the run may go on with nobody watching before it is stopped. */
  abandonAfterMs: number;
  /** Rows the run refers to (its conversation, the question), being written: the run's row waits for them. */
  after?: Promise<unknown>;
}

/**
 * Opens `sink` as the run's stream and starts executing at once; the run's row is written meanwhile,
 * and its event log follows the row (the first token never waits for the database). A caller that
 * began work early (a model call already on its way) passes the controller it listens to.
 */
export function createRunStarter(core: RunCore, launcher: RunLauncher) {
  const { writes, log, writer, local } = core;
  return async function startAndStream(sink: RunSink, start: StartRun, executor: RunExecutor, controller = new AbortController()): Promise<RunRow> {
    const now = new Date();
    const lease = leaseFrom(core, now.getTime());
    const run: RunRow = {
      id: randomUUID(),
      kind: start.run.kind,
      ownerId: start.run.ownerId,
      conversationId: start.run.conversationId ?? null,
      subject: start.run.subject,
      status: 'running',
      awaiting: null,
      version: 0,
      leaseOwner: lease.owner,
      leaseUntil: lease.until,
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
    local.storingRow(run.id, stored);
    const recorder = new RunRecorder(writer, run.id, 0, stored);
    await launcher.attachSink(sink, run.id, 0);
    recorder.emit('run', { run_id: run.id, ...start.announce });
    launcher.execute({ run, recorder, executor, abandonAfterMs: start.abandonAfterMs, controller, stored });
    return run;
  };
}
