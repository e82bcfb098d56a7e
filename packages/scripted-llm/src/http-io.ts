import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request being answered: the client may leave at any time, which aborts `signal`. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  signal: AbortSignal;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const ERROR_TYPES: Record<number, { type: string; code: string }> = {
  400: { type: 'invalid_request_error', code: 'invalid_request' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  403: { type: 'invalid_request_error', code: 'permission_denied' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
};

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Incorrect API key provided',
  403: 'Permission denied',
  404: 'The model does not exist or you do not have access to it',
  429: 'Rate limit reached, please try again later',
};

/** An error answered the way OpenAI answers it: `{error: {message, type, code}}`. */
export function sendError(res: ServerResponse, status: number, message?: string): void {
  const kind = ERROR_TYPES[status] ?? { type: 'server_error', code: 'server_error' };
  sendJson(res, status, { error: { message: message ?? DEFAULT_MESSAGES[status] ?? 'The server had an error', type: kind.type, code: kind.code, param: null } });
}

/** Waits, or stops early (answering false) when the client has left. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Resolves when the client leaves: a hanging answer. */
export const untilClientLeaves = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

export function writeEvent(res: ServerResponse, data: unknown): void {
  res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}
