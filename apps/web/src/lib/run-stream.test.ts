import type { StreamEvent } from '@agent-platform/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setHttpHandlers } from './http';
import { attachRun, streamRun } from './run-stream';
import { getToken, setToken } from './token';

const encoder = new TextEncoder();

const sse = (id: number, event: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function bytesBody(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** A body that sends these pieces, then ends (or stays open until the reader cancels it). */
function streamBody(pieces: string[], { keepOpen = false } = {}): ReadableStream<Uint8Array> {
  if (!keepOpen) return bytesBody(pieces.map((piece) => encoder.encode(piece)));
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
    },
  });
}

const eventStream = (body: ReadableStream<Uint8Array>) => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function fakeFetch(answers: Array<() => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('the run stream client', () => {
  const onUnauthenticated = vi.fn();
  beforeEach(() => setHttpHandlers({ onUnauthenticated }));
  afterEach(() => {
    vi.unstubAllGlobals();
    onUnauthenticated.mockReset();
  });

  it('posts the body with the token and hands over every event in order', async () => {
    setToken('tok-1');
    const pieces = [
      sse(1, 'run', { run_id: 'r1', conversation_id: 'c1', message_id: 'm1' }),
      ': ping\n\n',
      sse(2, 'delta', { text: '你' }),
      sse(3, 'delta', { text: '好' }),
      sse(4, 'done', { run_id: 'r1', status: 'completed' }),
    ];
    // One chunk split inside 你 for good measure.
    const bytes = encoder.encode(pieces.join(''));
    const cut = bytes.indexOf(0xe4) + 1;
    const calls = fakeFetch([() => eventStream(bytesBody([bytes.slice(0, cut), bytes.slice(cut)]))]);
    const events: StreamEvent[] = [];
    const result = await streamRun('/llm/chat', { llm_name: 'm', query: '你好' }, { onEvent: (event) => events.push(event) });
    expect(result).toEqual({ runId: 'r1', lastId: 4, status: 'completed' });
    expect(events.map((event) => event.event)).toEqual(['run', 'delta', 'delta', 'done']);
    expect(calls[0]).toMatchObject({ url: '/api/llm/chat', method: 'POST', body: { llm_name: 'm', query: '你好' } });
    expect(calls[0]?.headers.get('access-token')).toBe('tok-1');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('rejects with the envelope message when the input is refused before the stream', async () => {
    fakeFetch([() => new Response(JSON.stringify({ code: 40001, msg: '请输入问题', data: null }), { status: 400, headers: { 'content-type': 'application/json' } })]);
    const error = await streamRun('/llm/chat', {}, { onEvent: () => undefined }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('请输入问题');
    expect((error as ApiError).code).toBe(40001);
  });

  it('signs the user out on 40101, like every other call', async () => {
    setToken('stale');
    fakeFetch([() => new Response(JSON.stringify({ code: 40101, msg: '请先登录', data: null }), { status: 401, headers: { 'content-type': 'application/json' } })]);
    await expect(streamRun('/llm/chat', { query: 'x' }, { onEvent: () => undefined })).rejects.toThrow('请先登录');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('re-attaches after a lost connection from the last event, without repeating one', async () => {
    const calls = fakeFetch([
      () => eventStream(streamBody([sse(1, 'run', { run_id: 'r2', conversation_id: 'c', message_id: 'm' }), sse(2, 'delta', { text: 'a' })])),
      () => eventStream(streamBody([sse(2, 'delta', { text: 'a' }), sse(3, 'delta', { text: 'b' }), sse(4, 'done', { run_id: 'r2', status: 'completed' })])),
    ]);
    const texts: string[] = [];
    const result = await streamRun('/llm/chat', { query: 'x' }, { onEvent: (event) => event.event === 'delta' && texts.push(event.data.text) });
    expect(texts).toEqual(['a', 'b']);
    expect(result.status).toBe('completed');
    expect(calls[1]).toMatchObject({ url: '/api/runs/r2/events?after=2', method: 'GET' });
  });

  it('gives up with a Chinese message when the run cannot be re-attached', async () => {
    fakeFetch([() => eventStream(streamBody([sse(1, 'run', { run_id: 'r3', conversation_id: 'c', message_id: 'm' })]))]);
    await expect(streamRun('/llm/chat', { query: 'x' }, { onEvent: () => undefined, maxReconnects: 1 })).rejects.toThrow('网络连接失败，请检查网络后重试');
  });

  it('stops reading at once when aborted and resolves without a status', async () => {
    fakeFetch([() => eventStream(streamBody([sse(1, 'run', { run_id: 'r4', conversation_id: 'c', message_id: 'm' })], { keepOpen: true }))]);
    const controller = new AbortController();
    const promise = streamRun('/llm/chat', { query: 'x' }, { signal: controller.signal, onEvent: (event) => event.event === 'run' && controller.abort() });
    await expect(promise).resolves.toEqual({ runId: 'r4', lastId: 1, status: null });
  });

  it('attaches to a run by id and replays after the given event', async () => {
    const calls = fakeFetch([() => eventStream(streamBody([sse(6, 'delta', { text: 'z' }), sse(7, 'done', { run_id: 'r5', status: 'cancelled' })]))]);
    const result = await attachRun('r5', 5, { onEvent: () => undefined });
    expect(result).toEqual({ runId: 'r5', lastId: 7, status: 'cancelled' });
    expect(calls[0]?.url).toBe('/api/runs/r5/events?after=5');
  });

  it('a replay goes on past pauses already answered and ends at the one the run waits at', async () => {
    const pause = (id: number) => [sse(id, 'await', { kind: 'action_confirm', step_id: `s${id}`, payload: {} }), sse(id + 1, 'done', { run_id: 'r6', status: 'awaiting' })];
    fakeFetch([() => eventStream(streamBody([sse(1, 'run', { run_id: 'r6', conversation_id: 'c', message_id: 'm' }), ...pause(2), sse(4, 'delta', { text: '好' }), ...pause(5)]))]);
    const seen: number[] = [];
    const result = await attachRun('r6', 0, { onEvent: (event) => seen.push(event.id) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result).toEqual({ runId: 'r6', lastId: 6, status: 'awaiting' });
  });
});
