import type { ReindexProgress } from '@agent-platform/contracts';
import type { RawStreamEvent } from '../../../lib/event-stream';

export type ReindexState = { phase: 'idle' } | { phase: 'running' | 'done'; progress: ReindexProgress | null } | { phase: 'error'; progress: ReindexProgress | null; message: string };

export type ReindexAction = { type: 'start' } | { type: 'event'; event: RawStreamEvent } | { type: 'fail'; message: string } | { type: 'close' };

function progressOf(data: string): ReindexProgress | null {
  try {
    const value = JSON.parse(data) as Partial<ReindexProgress>;
    return typeof value.total === 'number' && typeof value.done === 'number' && typeof value.failed === 'number'
      ? { total: value.total, done: value.done, failed: value.failed, current: typeof value.current === 'string' ? value.current : null }
      : null;
  } catch {
    return null;
  }
}

const progressIn = (state: ReindexState) => (state.phase === 'idle' ? null : state.progress);

/** The re-index panel's state from the stream's `progress` events and its final `done`. */
export function reindexReducer(state: ReindexState, action: ReindexAction): ReindexState {
  switch (action.type) {
    case 'start':
      return { phase: 'running', progress: null };
    case 'event': {
      if (state.phase !== 'running') return state;
      const progress = progressOf(action.event.data);
      if (action.event.event === 'done') return { phase: 'done', progress: progress ?? state.progress };
      return action.event.event === 'progress' && progress ? { phase: 'running', progress } : state;
    }
    case 'fail':
      return { phase: 'error', progress: progressIn(state), message: action.message };
    case 'close':
      return { phase: 'idle' };
  }
}

/** Finished documents (done or failed) over all, in percent; 0 before the first event. */
export function reindexPercent(progress: ReindexProgress | null): number {
  if (!progress) return 0;
  if (progress.total === 0) return 100;
  return Math.floor(((progress.done + progress.failed) / progress.total) * 100);
}
