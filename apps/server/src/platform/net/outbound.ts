import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import { createRequire } from 'node:module';
import { isIP, type LookupFunction } from 'node:net';
import type { Agent, Dispatcher, fetch as undiciFetch } from 'undici';
import { isPrivateAddress } from './private-address.js';
import { createStreamAgents, type StreamRequest, type StreamResponse } from './stream-request.js';

/**
 * Refused before a connection opened: the target is a loopback, private or link-local address and the
 * caller is not trusted with it. The message is Chinese and says what lets such a request through.
 */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUND_REFUSED';
  constructor(readonly host: string) {
    super(
      `出于安全考虑，不允许访问本机、内网或链路本地地址（${host}）。如确需访问，请管理员在服务器配置 OUTBOUND_ALLOWED_HOSTS 中加入该主机；管理员创建的模型、工具和 MCP 服务可以访问其配置的内网地址`,
    );
    this.name = 'OutboundRefused';
  }
}

/** The request could not be made or finished; the message is Chinese and says why. */
export class OutboundError extends Error {
  override name = 'OutboundError';
}

/**
 * Who is asking: `trusted` callers (administrators' configurations) may reach private addresses. With
 * `host`, the trust holds only there: an administrator's tool or MCP service reaches the host it was
 * configured with, not wherever a redirect leads.
 */
export interface OutboundAccess {
  trusted: boolean;
  host?: string;
}

/** A redirect's status codes: followed, each target checked again. */
export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Headers that carry credentials: not sent on to another host after a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

export interface OutboundFetchOptions {
  /** Follow redirects (at most 5), each target checked like the first. Default: redirects are answered as they are. */
  followRedirects?: boolean;
  /** More headers than `authorization` and `cookie` that are secrets: dropped when a redirect leaves the host. */
  credentialHeaders?: string[];
}

export interface Outbound {
  /** The connection pool for this access: private targets are refused at connect time, after DNS. */
  dispatcher(access: OutboundAccess): Dispatcher;
  /** A request whose answer streams (model answers), on Node's HTTP client; the same refusals apply. */
  stream(access: OutboundAccess, request: StreamRequest): Promise<StreamResponse>;
  /** `fetch` through that pool; an IP-literal URL is checked before anything is sent (and every redirect target, when followed). */
  fetch(access: OutboundAccess, options?: OutboundFetchOptions): typeof globalThis.fetch;
  /** Throws `OutboundRefused` when the URL's host is a private IP literal the access may not reach. */
  assertAllowed(url: URL, access: OutboundAccess): void;
  /**
   * The address to open a plain TCP connection to (a datasource): the host resolved once and checked
   * like an HTTP target, so the connection goes to the address that was checked (no DNS rebinding).
   */
  resolveHost(host: string, access: OutboundAccess): Promise<string>;
  close(): Promise<void>;
}

const normalizeHost = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

/** The access for a request to `url`: a host-bound trust holds only at its host. */
export function accessAt(access: OutboundAccess, url: URL): OutboundAccess {
  return { trusted: access.trusted && (access.host === undefined || normalizeHost(access.host) === normalizeHost(url.hostname)) };
}

/**
 * The access of a configuration an administrator may have made: trusted (when `ownerIsAdmin`) only at
 * the host `configuredUrl` names. A host with a placeholder the model fills (`{host}`) is never trusted.
 */
export function configuredAccess(ownerIsAdmin: boolean, configuredUrl: string): OutboundAccess {
  if (!ownerIsAdmin) return { trusted: false };
  let host: string;
  try {
    host = new URL(configuredUrl).hostname;
  } catch {
    return { trusted: false };
  }
  return /[{}%]/.test(host) ? { trusted: false } : { trusted: true, host };
}

/** The request to make after a redirect: 303 (and 301/302 after a POST) become a GET without body; another host gets no credentials. */
function redirectedInit(init: RequestInit | undefined, status: number, from: URL, to: URL, credentialHeaders: string[]): RequestInit {
  const headers = new Headers(init?.headers);
  const method = (init?.method ?? 'GET').toUpperCase();
  const toGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
  if (normalizeHost(from.hostname) !== normalizeHost(to.hostname)) {
    for (const name of [...CREDENTIAL_HEADERS, ...credentialHeaders]) headers.delete(name);
  }
  if (toGet) {
    headers.delete('content-type');
    headers.delete('content-length');
  }
  return { ...init, headers, ...(toGet ? { method: 'GET', body: undefined } : {}) };
}

interface Undici {
  Agent: typeof Agent;
  fetch: typeof undiciFetch;
}
let undici: Undici | undefined;
/** The undici package (~5 MB of heap) is loaded by the first outbound request, not by every server. */
const loadUndici = () => (undici ??= createRequire(import.meta.url)('undici') as Undici);

/**
 * Outbound HTTP for everything a user configures (model endpoints, tools, MCP services, web fetch).
 * `allowedHosts` (host names or IPs) are reachable by everyone even when they resolve to private addresses.
 */
export function createOutbound({ allowedHosts }: { allowedHosts: readonly string[] }): Outbound {
  const allowed = new Set(allowedHosts.map(normalizeHost));
  const isAllowed = (host: string) => allowed.has(normalizeHost(host));

  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!isAllowed(hostname) && addresses.some((entry) => isPrivateAddress(entry.address))) {
        return callback(Object.assign(new OutboundRefused(hostname), { errno: 0, syscall: 'lookup' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };

  // Idle sockets are dropped before Node servers' own 5 s keep-alive ends, so a request rarely meets a closing socket.
  const keepAliveTimeout = 4_000;
  let agents: { trusted: Agent; guarded: Agent } | undefined;
  const agentsMade = () => {
    const { Agent } = loadUndici();
    return (agents ??= { trusted: new Agent({ keepAliveTimeout }), guarded: new Agent({ keepAliveTimeout, connect: { lookup: guardedLookup } }) });
  };
  const dispatcher = (access: OutboundAccess): Dispatcher => (access.trusted && access.host === undefined ? agentsMade().trusted : agentsMade().guarded);
  const trustedStreams = createStreamAgents({ keepAliveMs: keepAliveTimeout });
  const guardedStreams = createStreamAgents({ keepAliveMs: keepAliveTimeout, lookup: guardedLookup });

  function assertAllowed(url: URL, access: OutboundAccess): void {
    if (accessAt(access, url).trusted) return;
    const host = normalizeHost(url.hostname);
    if (isIP(host) && isPrivateAddress(host) && !isAllowed(host)) throw new OutboundRefused(host);
  }

  async function resolveHost(host: string, access: OutboundAccess): Promise<string> {
    const bare = normalizeHost(host);
    const addresses = isIP(bare) ? [{ address: bare }] : await dnsPromises.lookup(bare, { all: true });
    const first = addresses[0];
    if (!first) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
    const trusted = access.trusted && (access.host === undefined || normalizeHost(access.host) === bare);
    if (!trusted && !isAllowed(bare) && addresses.some((entry) => isPrivateAddress(entry.address))) throw new OutboundRefused(bare);
    return first.address;
  }

  return {
    dispatcher,
    assertAllowed,
    resolveHost,
    stream(access, request) {
      const here = accessAt(access, request.url);
      assertAllowed(request.url, here);
      return (here.trusted ? trustedStreams : guardedStreams).request(request);
    },
    fetch(access, { followRedirects = false, credentialHeaders = [] } = {}) {
      return (async (input: string | URL | Request, init?: RequestInit) => {
        let url = new URL(input instanceof Request ? input.url : String(input));
        let current = await portableInit(init);
        // Redirects are never left to undici: each target is checked here (literal IPs) and at connect time (names), with the trust it has there.
        for (let hop = 0; ; hop += 1) {
          const here = accessAt(access, url);
          assertAllowed(url, here);
          const response = await loadUndici().fetch(url, { ...current, redirect: 'manual', dispatcher: dispatcher(here) } as Parameters<Undici['fetch']>[1]);
          const location = response.headers.get('location');
          if (!followRedirects || !REDIRECT_STATUSES.has(response.status) || !location) return response as unknown as Response;
          await response.body?.cancel();
          if (hop >= 5) throw new OutboundError('重定向次数过多');
          const next = new URL(location, url);
          if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new OutboundError('重定向到了不支持的地址（只支持 http:// 和 https://）');
          current = redirectedInit(
            current,
            response.status,
            url,
            next,
            credentialHeaders.map((name) => name.toLowerCase()),
          );
          url = next;
        }
      }) as typeof globalThis.fetch;
    },
    async close() {
      trustedStreams.close();
      guardedStreams.close();
      if (agents) await Promise.all([agents.trusted.close(), agents.guarded.close()]);
    },
  };
}

/**
 * Node's own `FormData` is not the `undici` package's: encode it to bytes (with its multipart boundary)
 * so the request carries the form rather than `[object FormData]`.
 */
async function portableInit(init: RequestInit | undefined): Promise<RequestInit | undefined> {
  if (!(init?.body instanceof FormData)) return init;
  const encoded = new Response(init.body);
  const headers = new Headers(init.headers);
  headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
  return { ...init, headers, body: new Uint8Array(await encoded.arrayBuffer()) };
}

/** The innermost `OutboundRefused` of an error chain, if any. */
export function findOutboundRefusal(error: unknown): OutboundRefused | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Object; depth += 1) {
    if (current instanceof OutboundRefused) return current;
    if ((current as { code?: unknown }).code === 'EOUTBOUND_REFUSED') {
      return new OutboundRefused((current as { host?: string }).host ?? '');
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
