import type { StreamEvent } from '@agent-platform/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayRun } from './api';

const encoder = new TextEncoder();
const sse = (id: number, event: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A re-attach answer: these events, then the end (or, `open`, a connection that stays quiet). */
function answer(pieces: string[], open = false) {
  return () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(encoder.encode(piece));
          if (!open) controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );
}

function fakeFetch(answers: Array<() => Response>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }),
  );
  return urls;
}

const paused = [
  sse(1, 'run', { run_id: 'r', conversation_id: 'c', message_id: null }),
  sse(2, 'action', { step_id: 'a', tool: 'calculator', tool_call_id: 't', input: {} }),
  sse(3, 'await', { kind: 'action_confirm', step_id: 'a', payload: {} }),
  sse(4, 'done', { run_id: 'r', status: 'awaiting' }),
];

describe('replaying a run from its first event', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes past a pause a person already answered, to the end', async () => {
    const urls = fakeFetch([
      answer(paused),
      answer([sse(5, 'observation', { step_id: 'o', tool: 'calculator', output: '2' }), sse(6, 'delta', { text: '好' }), sse(7, 'done', { run_id: 'r', status: 'completed' })]),
    ]);
    const events: StreamEvent[] = [];
    const result = await replayRun('r', { onEvent: (event) => events.push(event) }, 200);
    expect(result).toMatchObject({ status: 'completed', lastId: 7 });
    expect(events.map((event) => event.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(urls).toEqual(['/api/runs/r/events?after=0', '/api/runs/r/events?after=4']);
  });

  it('stops at the pause the run still waits at', async () => {
    const urls = fakeFetch([answer(paused), answer([], true)]);
    const events: StreamEvent[] = [];
    const result = await replayRun('r', { onEvent: (event) => events.push(event) }, 100);
    expect(result).toMatchObject({ status: 'awaiting', lastId: 4 });
    expect(events).toHaveLength(4);
    expect(urls).toHaveLength(2);
  });
});
