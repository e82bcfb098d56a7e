import { describe, expect, it } from 'vitest';
import type { RawStreamEvent } from '../../../lib/event-stream';
import { reindexPercent, reindexReducer, type ReindexState } from './reindex-progress';

const event = (type: string, data: unknown): { type: 'event'; event: RawStreamEvent } => ({
  type: 'event',
  event: { id: '1', event: type, data: typeof data === 'string' ? data : JSON.stringify(data) },
});

describe('reindexReducer', () => {
  it('follows progress events to done', () => {
    let state: ReindexState = reindexReducer({ phase: 'idle' }, { type: 'start' });
    expect(state).toEqual({ phase: 'running', progress: null });
    state = reindexReducer(state, event('progress', { total: 3, done: 1, failed: 0, current: '手册.pdf' }));
    expect(state).toEqual({ phase: 'running', progress: { total: 3, done: 1, failed: 0, current: '手册.pdf' } });
    expect(reindexPercent(state.phase === 'running' ? state.progress : null)).toBe(33);
    state = reindexReducer(state, event('done', { total: 3, done: 2, failed: 1, current: null }));
    expect(state).toEqual({ phase: 'done', progress: { total: 3, done: 2, failed: 1, current: null } });
    expect(reindexPercent({ total: 3, done: 2, failed: 1, current: null })).toBe(100);
  });

  it('ignores unknown events, bad data, and events after the end', () => {
    const running: ReindexState = { phase: 'running', progress: { total: 2, done: 0, failed: 0, current: null } };
    expect(reindexReducer(running, event('heartbeat', { total: 9, done: 9, failed: 0 }))).toBe(running);
    expect(reindexReducer(running, event('progress', 'not json'))).toBe(running);
    expect(reindexReducer(running, event('progress', { total: '2' }))).toBe(running);
    const done: ReindexState = { phase: 'done', progress: null };
    expect(reindexReducer(done, event('progress', { total: 1, done: 0, failed: 0, current: null }))).toBe(done);
  });

  it('keeps the last progress when the stream fails, and closes back to idle', () => {
    const running: ReindexState = { phase: 'running', progress: { total: 4, done: 2, failed: 0, current: 'a.md' } };
    expect(reindexReducer(running, { type: 'fail', message: '网络连接失败' })).toEqual({ phase: 'error', progress: running.progress, message: '网络连接失败' });
    expect(reindexReducer(running, { type: 'close' })).toEqual({ phase: 'idle' });
  });

  it('counts an empty knowledge base as finished', () => {
    expect(reindexPercent({ total: 0, done: 0, failed: 0, current: null })).toBe(100);
    expect(reindexPercent(null)).toBe(0);
  });
});
