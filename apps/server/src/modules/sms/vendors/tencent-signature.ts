import { createHash, createHmac } from 'node:crypto';

/**
 * TencentCloud API 3.0 signature v3 (TC3-HMAC-SHA256), as its "Signature v3" page describes it: a
 * canonical request (method, `/`, query, lower-cased sorted signed headers, their names, the payload's
 * SHA-256), a string to sign with the credential scope `date/service/tc3_request` (the UTC date of
 * `X-TC-Timestamp`), and a key derived by chained HMAC-SHA256 from `"TC3" + SecretKey`.
 */
export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Request {
  method: string;
  /** The query string as sent (empty for POST). */
  query: string;
  /** The headers that are signed, by name; names and values are lower-cased and trimmed here. */
  headers: Record<string, string>;
  payload: string;
}

export function tc3SignedHeaders(headers: Record<string, string>): string {
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort()
    .join(';');
}

export function tc3CanonicalRequest({ method, query, headers, payload }: Tc3Request): string {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = entries.map(([name, value]) => `${name}:${value}\n`).join('');
  return [method.toUpperCase(), '/', query, canonicalHeaders, tc3SignedHeaders(headers), sha256Hex(payload)].join('\n');
}

/** The UTC date (`YYYY-MM-DD`) of a Unix timestamp in seconds. */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function tc3StringToSign(timestamp: number, service: string, canonicalRequest: string): string {
  return [TC3_ALGORITHM, String(timestamp), `${tc3Date(timestamp)}/${service}/tc3_request`, sha256Hex(canonicalRequest)].join('\n');
}

export function tc3Signature(secretKey: string, date: string, service: string, stringToSign: string): string {
  const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
  return createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
}

/** The `Authorization` header for a request signed with `secretId`/`secretKey` at `timestamp`. */
export function tc3Authorization(secretId: string, secretKey: string, service: string, timestamp: number, request: Tc3Request): string {
  const signature = tc3Signature(secretKey, tc3Date(timestamp), service, tc3StringToSign(timestamp, service, tc3CanonicalRequest(request)));
  return `${TC3_ALGORITHM} Credential=${secretId}/${tc3Date(timestamp)}/${service}/tc3_request, SignedHeaders=${tc3SignedHeaders(request.headers)}, Signature=${signature}`;
}
