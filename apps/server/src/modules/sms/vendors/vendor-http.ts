import { boundedRequest, configuredAccess, OutboundError, type BoundedResponse, type Outbound } from '../../../platform/net/index.js';

const MAX_ANSWER_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * POSTs to a URL an administrator configured: trusted at that host only (so a provider on the intranet
 * works), no redirect followed (a signed request is for one host), a bounded answer read as JSON.
 */
export function postToConfigured(outbound: Outbound, url: string, headers: Record<string, string>, body: string): Promise<BoundedResponse> {
  return boundedRequest(outbound, { url, method: 'POST', headers, body, access: configuredAccess(true, url), maxBytes: MAX_ANSWER_BYTES, timeoutMs: TIMEOUT_MS, maxRedirects: 0 });
}

/** `postToConfigured`, the answer read as JSON whatever its status (vendors answer refusals as JSON too). */
export async function postForJson(outbound: Outbound, url: string, headers: Record<string, string>, body: string, label: string): Promise<{ status: number; json: unknown }> {
  const response = await postToConfigured(outbound, url, headers, body);
  try {
    return { status: response.status, json: JSON.parse(response.body.toString('utf8')) as unknown };
  } catch {
    throw new OutboundError(`${label}的回答不是 JSON（HTTP ${response.status}），请检查短信接口地址`);
  }
}

/** The configured base URL with the path `/`, as both vendors' APIs are served. */
export function rootOf(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/`;
}
