import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { isPrivateAddress } from './private-address.js';
import { createStreamAgents, type StreamRequest, type StreamResponse } from './stream-request.js';

/**
 * Refused before a connection opened: the target is a loopback, private or link-local address and the
 * caller is not trusted with it. The message is Chinese and says how to allow it.
 */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUND_REFUSED';
  constructor(readonly host: string) {
    super(`出于安全考虑，不允许访问本机、内网或链路本地地址（${host}）。如确需访问，请由管理员创建，或由管理员在 OUTBOUND_ALLOWED_HOSTS 中放行该主机`);
    this.name = 'OutboundRefused';
  }
}

/** Who is asking: `trusted` callers (administrators' configurations) may reach private addresses. */
export interface OutboundAccess {
  trusted: boolean;
}

export interface Outbound {
  /** The connection pool for this access: private targets are refused at connect time, after DNS. */
  dispatcher(access: OutboundAccess): Dispatcher;
  /** A request whose answer streams (model answers), on Node's HTTP client; the same refusals apply. */
  stream(access: OutboundAccess, request: StreamRequest): Promise<StreamResponse>;
  /** `fetch` through that pool; an IP-literal URL is checked before anything is sent. */
  fetch(access: OutboundAccess): typeof globalThis.fetch;
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
  const trustedAgent = new Agent({ keepAliveTimeout });
  const guardedAgent = new Agent({ keepAliveTimeout, connect: { lookup: guardedLookup } });
  const dispatcher = (access: OutboundAccess): Dispatcher => (access.trusted ? trustedAgent : guardedAgent);
  const trustedStreams = createStreamAgents({ keepAliveMs: keepAliveTimeout });
  const guardedStreams = createStreamAgents({ keepAliveMs: keepAliveTimeout, lookup: guardedLookup });

  function assertAllowed(url: URL, access: OutboundAccess): void {
    if (access.trusted) return;
    const host = normalizeHost(url.hostname);
    if (isIP(host) && isPrivateAddress(host) && !isAllowed(host)) throw new OutboundRefused(host);
  }

  async function resolveHost(host: string, access: OutboundAccess): Promise<string> {
    const bare = normalizeHost(host);
    const addresses = isIP(bare) ? [{ address: bare }] : await dnsPromises.lookup(bare, { all: true });
    const first = addresses[0];
    if (!first) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
    if (!access.trusted && !isAllowed(bare) && addresses.some((entry) => isPrivateAddress(entry.address))) throw new OutboundRefused(bare);
    return first.address;
  }

  return {
    dispatcher,
    assertAllowed,
    resolveHost,
    stream(access, request) {
      assertAllowed(request.url, access);
      return (access.trusted ? trustedStreams : guardedStreams).request(request);
    },
    fetch(access) {
      const pool = dispatcher(access);
      return (async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        assertAllowed(url, access);
        // Redirects are not followed: a redirect to a private address would bypass the literal-IP check.
        const response = await undiciFetch(url, { ...(await portableInit(init)), redirect: 'manual', dispatcher: pool } as Parameters<typeof undiciFetch>[1]);
        return response as unknown as Response;
      }) as typeof globalThis.fetch;
    },
    async close() {
      trustedStreams.close();
      guardedStreams.close();
      await Promise.all([trustedAgent.close(), guardedAgent.close()]);
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
