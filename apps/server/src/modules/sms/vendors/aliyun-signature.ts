import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud's RPC-style request signature, version 1.0 (HMAC-SHA1), as the SMS service's
 * "HTTP 协议及签名" page describes it for Dysmsapi 2017-05-25: parameters sorted by name, each name and
 * value percent-encoded per RFC 3986 (space as %20, `*` as %2A, `~` kept), joined with `&`, then
 * `METHOD&%2F&encode(that)` signed with HMAC-SHA1 under `AccessKeySecret + "&"` and base64-encoded.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Every parameter but `Signature`, sorted by name (byte order), encoded as `name=value&…`. */
export function canonicalizedQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

export function rpcStringToSign(method: string, params: Record<string, string>): string {
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonicalizedQuery(params))}`;
}

export function rpcSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(rpcStringToSign(method, params), 'utf8').digest('base64');
}
