import { accessAt, findOutboundRefusal, OutboundError, REDIRECT_STATUSES, type Outbound, type OutboundAccess } from './outbound.js';

export interface BoundedRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  access: OutboundAccess;
  /** Bytes of the answer kept; the rest is not read (`truncated` says so). */
  maxBytes: number;
  timeoutMs: number;
  /** Redirects followed, each target checked like the first; default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface BoundedResponse {
  /** Where the answer finally came from. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
}

function targetOf(url: string, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = base ? new URL(url, base) : new URL(url);
  } catch {
    throw new OutboundError(`网址格式不正确：${url.slice(0, 200)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new OutboundError('只支持 http:// 和 https:// 网址');
  return parsed;
}

function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * An HTTP request to a user-supplied address: private addresses refused per `access` (on every redirect
 * hop too), a time limit for the whole exchange, and at most `maxBytes` of the answer read.
 */
export async function boundedRequest(outbound: Outbound, request: BoundedRequest): Promise<BoundedResponse> {
  // A timer we clear, not AbortSignal.timeout: a late abort would hit responses already read.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('timed out')), request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  let url = targetOf(request.url);
  let method = (request.method ?? 'GET').toUpperCase();
  let body = request.body;
  try {
    for (let hop = 0; ; hop += 1) {
      const here = accessAt(request.access, url);
      outbound.assertAllowed(url, here);
      const response = await outbound.dispatcher(here).request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: method as 'GET',
        headers: request.headers,
        body,
        signal,
      });
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]));
      if (REDIRECT_STATUSES.has(response.statusCode) && headers.location) {
        await response.body.dump();
        if (hop >= (request.maxRedirects ?? 5)) throw new OutboundError('重定向次数过多');
        url = targetOf(headers.location, url);
        if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      for await (const chunk of response.body) {
        const piece = Buffer.from(chunk as Uint8Array);
        if (size + piece.length > request.maxBytes) {
          chunks.push(piece.subarray(0, request.maxBytes - size));
          truncated = true;
          response.body.on('error', () => undefined).destroy();
          break;
        }
        chunks.push(piece);
        size += piece.length;
      }
      return { url: url.toString(), status: response.statusCode, headers, body: Buffer.concat(chunks), truncated };
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    const refusal = findOutboundRefusal(error);
    if (refusal) throw refusal;
    if (request.signal?.aborted) throw request.signal.reason ?? error;
    if (timeout.signal.aborted) throw new OutboundError(`请求 ${url.host} 超时（${Math.round(request.timeoutMs / 100) / 10} 秒）`);
    throw new OutboundError(`无法连接 ${url.host}（${networkCode(error) ?? '网络错误'}）`);
  } finally {
    clearTimeout(timer);
  }
}
