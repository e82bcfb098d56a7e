import type { RunCore } from './run-core.js';
import { RunRecorder } from './run-recorder.js';
import { findAbandonedRuns, lastSeqOf, transitionRun } from './run.repo.js';

const SWEEP_MS = 10_000;
const INTERRUPTED_MSG = '运行因服务重启或故障而中断，请重新发送';
/**
 * Events are streamed before they are logged, so a client of a crashed process may hold sequence numbers
 * the log never got. The ending written after a crash skips past them, so a re-attach still receives it.
 */
const CRASH_SEQ_MARGIN = 1_000;

export interface RunSweeper {
  /** Fails the running runs whose lease ran out (their process died), with an ending a re-attach receives. */
  sweep(): Promise<void>;
  stop(): void;
}

/** Sweeps at once when asked, and every 10 s. */
export function createRunSweeper({ db, writer, log, processId }: RunCore): RunSweeper {
  async function sweep(): Promise<void> {
    for (const run of await findAbandonedRuns(db, 100, processId)) {
      if (!(await transitionRun(db, run.id, ['running'], { status: 'failed', error: INTERRUPTED_MSG, leaseOwner: null, leaseUntil: null }))) continue;
      const recorder = new RunRecorder(writer, run.id, (await lastSeqOf(db, run.id)) + CRASH_SEQ_MARGIN);
      recorder.emit('error', { code: 50001, msg: INTERRUPTED_MSG });
      recorder.emit('done', { run_id: run.id, status: 'failed' });
      await recorder.settle();
    }
  }
  const timer = setInterval(() => sweep().catch((error: unknown) => log.error({ err: error }, 'run sweep failed')), SWEEP_MS);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
