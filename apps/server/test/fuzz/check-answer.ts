import type { LightMyRequestResponse } from 'fastify';
import { parseSse } from '../sse.js';

/** A model or MCP service the body named failed: the spec's 50201 (HTTP 502), an answer like any other. */
const isUpstreamFailure = (response: LightMyRequestResponse) => response.statusCode === 502 && /^\{"code":50201,/.test(response.body);

/**
 * What an answer must be, whatever was sent: no 5xx of our own (a failing upstream service is 50201),
 * an envelope (or a stream ending in `done`, or a file), no secrets and no one else's data.
 */
export function problemsOf(response: LightMyRequestResponse, leakMarkers: string[]): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500 && !isUpstreamFailure(response)) problems.push(`HTTP ${response.statusCode}: ${response.body.slice(0, 200)}`);
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('text/event-stream')) {
    const events = safely(() => parseSse(response.body));
    if (!events) problems.push('a stream that cannot be read');
    else if (events.at(-1)?.event !== 'done') problems.push(`a stream that does not end with done: ${events.map((event) => event.event).join(',')}`);
  } else if (type.startsWith('application/json')) {
    const body = safely(() => response.json() as Record<string, unknown>);
    const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
    if (keys !== 'code,data,msg') problems.push(`not an envelope: ${response.body.slice(0, 200)}`);
  } else if (response.statusCode !== 200 && response.statusCode !== 206) {
    problems.push(`HTTP ${response.statusCode} without an envelope (${type || 'no content type'})`);
  }
  if (/\$argon2|password_?hash|token_?hash/i.test(response.body)) problems.push('a secret in the answer');
  for (const marker of leakMarkers) if (response.body.includes(marker)) problems.push(`another user's data in the answer (${marker})`);
  return problems;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
