import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface StreamRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** Aborting it destroys the request and, once it has come, the response. */
  signal: AbortSignal;
}

export interface StreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

export interface StreamAgents {
  request(request: StreamRequest): Promise<StreamResponse>;
  close(): void;
}

/**
 * Node's own HTTP client with kept-alive connections, for answers streamed while many arrive at once.
 * undici holds a kept-alive connection back for one turn of the event loop before reusing it, and in a
 * burst of requests that turn comes only after the whole burst was handled: fifty model calls waited
 * for the last of them before any was sent. Node's agent writes on a free connection at once.
 */
export function createStreamAgents(options: { keepAliveMs: number; lookup?: LookupFunction }): StreamAgents {
  const agentOptions = { keepAlive: true, timeout: options.keepAliveMs, ...(options.lookup ? { lookup: options.lookup } : {}) };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  function request({ url, method, headers, body, signal }: StreamRequest): Promise<StreamResponse> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const secure = url.protocol === 'https:';
      const outgoing = (secure ? https : http).request(url, {
        method,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: secure ? agents.https : agents.http,
      });
      const onAbort = () => outgoing.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
      // Once the answer has ended its connection belongs to the next call: a late abort must not touch it.
      const release = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort, { once: true });
      outgoing.once('response', (response) => {
        response.once('end', release);
        response.once('close', release);
        // Whoever reads the body sees its errors; one nobody reads any more must not end the process.
        response.on('error', () => undefined);
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
      });
      outgoing.on('error', (error) => {
        release();
        reject(error);
      });
      outgoing.end(body);
    });
  }

  return {
    request,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
