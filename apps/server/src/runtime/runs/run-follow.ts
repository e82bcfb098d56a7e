import { AppError } from '../../core/index.js';
import type { RunChannels } from './run-channels.js';
import type { RunCore } from './run-core.js';
import type { RunLookup } from './run-lookup.js';
import { RunRecorder } from './run-recorder.js';
import type { RunSink } from './run-sink.js';
import { streamRun } from './run-stream.js';
import { transitionRun, type RunRow } from './run.repo.js';

/** Re-attaching to a run and stopping it, from any process. */
export function createRunFollowing(core: RunCore, lookup: RunLookup, channels: RunChannels) {
  const { db, hub, writer, local } = core;
  /** Per run kind: what else a paused run's cancel must end (e.g. the conversation's paused answer). */
  const pausedEndings = new Map<string, (run: RunRow) => Promise<void>>();

  return {
    /** Replays the run's events after `after` into `sink`, then follows it live. */
    async attach(sink: RunSink, ownerId: string, runId: string, after: number): Promise<void> {
      const run = await lookup.getOwnRun(ownerId, runId);
      const stream = await streamRun(db, hub, sink, run.id, after);
      if (local.isExecuting(run.id) || stream.isClosed) return;
      // Watched from here, executed elsewhere: keep the executing process from treating it as abandoned.
      const beat = setInterval(() => channels.watched(run.id).catch(() => undefined), 1_000);
      stream.onClose(() => clearInterval(beat));
    },

    async cancel(ownerId: string, runId: string): Promise<void> {
      const run = await lookup.getOwnRun(ownerId, runId);
      const moved = await transitionRun(db, run.id, ['running', 'awaiting'], { status: 'cancelled', awaiting: null });
      if (!moved) throw new AppError('CONFLICT', '运行已结束，无法取消');
      if (run.status === 'awaiting') {
        // Nobody executes a paused run: this call writes its ending, after the pause's own (which may still be on its way to the log).
        const recorder = new RunRecorder(writer, run.id, await lookup.pausedLastSeq(run.id));
        recorder.emit('done', { run_id: run.id, status: 'cancelled' });
        await recorder.settle();
        await pausedEndings.get(run.kind)?.(run);
        return;
      }
      local.abort(run.id, new Error('cancelled'));
      await channels.cancel(run.id);
    },

    /** Nobody executes a paused run: a cancel calls this to end what the run's kind keeps beside it. */
    onPausedCancel(kind: string, end: (run: RunRow) => Promise<void>): void {
      pausedEndings.set(kind, end);
    },
  };
}
