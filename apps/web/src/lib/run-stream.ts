import { TOKEN_REQUEST_HEADER, TOKEN_RESPONSE_HEADER, type RunEndStatus, type StreamEvent } from '@agent-platform/contracts';
import { EventStreamParser, toStreamEvent } from './event-stream';
import { ApiError, errorFromBody, http, isFailedEnvelope } from './http';
import { getToken, setToken } from './token';

/** What the stream client says when it cannot say what the server said. */
export const STREAM_ERROR_TEXT = {
  lost: '与服务器的连接已断开，请稍后重试',
  network: '网络连接失败，请检查网络后重试',
  badAnswer: '服务器返回的内容无法识别，请稍后重试',
} as const;

/** The API prefix every chat and run call lives under (docs/streaming.md). */
const API_BASE = '/api';
/** Heartbeats (`: ping`) come every 15 s: this long without a byte means the connection is gone. */
const IDLE_TIMEOUT_MS = 45_000;
const RECONNECT_BASE_MS = 500;

export interface RunStreamOptions {
  /** Every event once, in order; replays after a re-attach never repeat one. */
  onEvent: (event: StreamEvent) => void;
  /** Aborting stops reading (the run itself goes on on the server: cancel it with `cancelRun`). */
  signal?: AbortSignal;
  /** Re-attach attempts (`GET /runs/<id>/events?after=<last id>`) after a lost connection; default 3. */
  maxReconnects?: number;
}

export interface RunStreamResult {
  runId: string | null;
  /** The sequence number of the last event received. */
  lastId: number;
  /** The `done` event's status; null when the caller aborted first. */
  status: RunEndStatus | null;
}

interface FollowState extends RunStreamResult {
  reconnects: number;
}

/** A connection that ended or broke before `done`: the run may still be going, so re-attach. */
class ConnectionLost extends Error {
  override name = 'ConnectionLost';
}

const isAbort = (signal: AbortSignal | undefined) => signal?.aborted === true;

/**
 * Opens a `text/event-stream` call with the session token; a refusal (an envelope) rejects with the
 * server's ApiError. Also used by streamed calls that are not runs (e.g. re-indexing progress).
 */
export async function openEventStream(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'text/event-stream');
  const token = getToken();
  if (token) headers.set(TOKEN_REQUEST_HEADER, token);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, headers, signal, cache: 'no-store' });
  } catch (error) {
    if (isAbort(signal)) throw error;
    throw new ConnectionLost(STREAM_ERROR_TEXT.network);
  }
  const rotated = response.headers.get(TOKEN_RESPONSE_HEADER);
  if (rotated) setToken(rotated);
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream') && response.ok && response.body) return response;
  // Bad input, no right, not found …: an ordinary envelope, handled like every other call's.
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: passed on as it is
  }
  if (isFailedEnvelope(body) || !response.ok) throw errorFromBody(body, response.status);
  throw new ApiError(STREAM_ERROR_TEXT.badAnswer, { kind: 'http', status: response.status, body });
}

/** A `done` other than a pause ends the stream; after a pause's `done` the server may replay more, until it closes. */
const ended = (state: FollowState) => state.status !== null && state.status !== 'awaiting';

/** Reads one connection's events into `state` until `done`; throws ConnectionLost if it ends earlier. */
async function read(response: Response, state: FollowState, options: RunStreamOptions): Promise<void> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const parser = new EventStreamParser();
  let idle: ReturnType<typeof setTimeout> | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => void reader.cancel().catch(() => undefined), IDLE_TIMEOUT_MS);
  };
  const stopOnAbort = () => void reader.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', stopOnAbort);
  const deliver = (raws: ReturnType<EventStreamParser['push']>) => {
    for (const raw of raws) {
      const event = toStreamEvent(raw);
      if (!event || event.id <= state.lastId || ended(state)) continue;
      // A replay goes on past pauses a person already answered: their `done` was not the end.
      state.status = null;
      state.lastId = event.id;
      if (event.event === 'run') state.runId = event.data.run_id;
      if (event.event === 'done') state.status = event.data.status;
      options.onEvent(event);
    }
  };
  try {
    armIdle();
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        break;
      }
      if (chunk.done) break;
      armIdle();
      deliver(parser.push(chunk.value));
      if (ended(state)) return;
    }
    deliver(parser.end());
  } finally {
    clearTimeout(idle);
    options.signal?.removeEventListener('abort', stopOnAbort);
    if (state.status) void reader.cancel().catch(() => undefined);
  }
  if (!state.status && !isAbort(options.signal)) throw new ConnectionLost(STREAM_ERROR_TEXT.lost);
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

/** Follows a run to its end: the first connection, then re-attaches after a lost connection. */
async function follow(first: () => Promise<Response>, state: FollowState, options: RunStreamOptions): Promise<RunStreamResult> {
  const maxReconnects = options.maxReconnects ?? 3;
  let connect = first;
  for (;;) {
    try {
      await read(await connect(), state, options);
    } catch (error) {
      if (isAbort(options.signal)) break;
      if (!(error instanceof ConnectionLost)) throw error;
      if (!state.runId || state.reconnects >= maxReconnects) throw new ApiError(error.message, { kind: 'network' });
      state.reconnects += 1;
      await wait(RECONNECT_BASE_MS * 2 ** (state.reconnects - 1), options.signal);
      if (isAbort(options.signal)) break;
      const { runId } = state;
      connect = () => openEventStream(`/runs/${encodeURIComponent(runId)}/events?after=${state.lastId}`, { method: 'GET' }, options.signal);
      continue;
    }
    break;
  }
  return { runId: state.runId, lastId: state.lastId, status: isAbort(options.signal) && !state.status ? null : state.status };
}

/**
 * Starts a chat (`POST /api/<path>`, JSON body) and follows its stream to the `done` event. Bad input
 * and refusals reject with the server's ApiError (40101 signs the user out, as every call does);
 * aborting through `signal` resolves with status null.
 */
export function streamRun(path: string, body: unknown, options: RunStreamOptions): Promise<RunStreamResult> {
  const state: FollowState = { runId: null, lastId: 0, status: null, reconnects: 0 };
  const init: RequestInit = { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
  return swallowAbort(
    follow(() => openEventStream(path, init, options.signal), state, options),
    options.signal,
    state,
  );
}

/** Re-attaches to a run that is (or was) going: replays every event after `after`, then follows it live. */
export function attachRun(runId: string, after: number, options: RunStreamOptions): Promise<RunStreamResult> {
  const state: FollowState = { runId, lastId: after, status: null, reconnects: 0 };
  const path = `/runs/${encodeURIComponent(runId)}/events?after=${after}`;
  return swallowAbort(
    follow(() => openEventStream(path, { method: 'GET' }, options.signal), state, options),
    options.signal,
    state,
  );
}

/** Stops a run on the server (the model call is aborted there); its stream then ends with `cancelled`. */
export function cancelRun(runId: string): Promise<null> {
  return http.post<null>(`/runs/${encodeURIComponent(runId)}/cancel`);
}

async function swallowAbort(promise: Promise<RunStreamResult>, signal: AbortSignal | undefined, state: FollowState): Promise<RunStreamResult> {
  try {
    return await promise;
  } catch (error) {
    if (isAbort(signal)) return { runId: state.runId, lastId: state.lastId, status: state.status };
    throw error;
  }
}
