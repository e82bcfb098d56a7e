import type { HttpToolConfig } from '@agent-platform/contracts';
import { boundedRequest, OutboundError, OutboundRefused, type Outbound, type OutboundAccess } from '../../../platform/net/index.js';
import { ToolFailure, type ToolResult } from '../../../runtime/tools/index.js';
import { locationOf } from './http-config.js';

/** What the model reads at most; the rest is cut with a note. */
export const MAX_OUTPUT_CHARS = 16_000;
const MAX_BYTES = 1024 * 1024;
const ERROR_BODY_CHARS = 1_000;

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export interface HttpCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request one input makes: placeholders filled, query and headers added, the rest as a JSON body. */
export function buildHttpCall(config: HttpToolConfig, input: Record<string, unknown>): HttpCall {
  let url = config.url;
  const query: Array<[string, string]> = [];
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5', 'user-agent': 'AgentPlatform-Tool/1.0', ...config.headers };
  const body: Record<string, unknown> = {};
  let whole: unknown;
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    switch (locationOf(config, name)) {
      case 'path':
        url = url.split(`{${name}}`).join(encodeURIComponent(asText(value)));
        break;
      case 'query':
        for (const item of Array.isArray(value) ? value : [value]) query.push([name, asText(item)]);
        break;
      case 'header':
        headers[name] = asText(value).replace(/[\r\n]/g, ' ');
        break;
      case 'body_whole':
        whole = value;
        break;
      default:
        body[name] = value;
    }
  }
  const auth = config.auth;
  if (auth.type === 'api_key' && auth.in === 'query') query.push([auth.name, auth.value]);
  if (auth.type === 'api_key' && auth.in === 'header') headers[auth.name] = auth.value;
  if (auth.type === 'bearer') headers.authorization = `Bearer ${auth.token}`;
  if (auth.type === 'basic') headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  const target = new URL(url);
  for (const [name, value] of query) target.searchParams.append(name, value);
  const hasBody = whole !== undefined || Object.keys(body).length > 0;
  if (hasBody) headers['content-type'] = 'application/json';
  return { url: target.toString(), method: config.method, headers, body: hasBody ? JSON.stringify(whole ?? body) : undefined };
}

/** JSON is re-printed compactly; text is kept; both cut to MAX_OUTPUT_CHARS with a note. */
export function responseText(contentType: string, body: Buffer, truncated: boolean, limit = MAX_OUTPUT_CHARS): string {
  let text = body.toString('utf8');
  if (/json/i.test(contentType) && !truncated) {
    try {
      text = JSON.stringify(JSON.parse(text));
    } catch {
      // Not JSON after all: give the text as it came.
    }
  }
  if (text.length <= limit && !truncated) return text;
  return `${text.slice(0, limit)}\n（响应内容过长，已截断，原始长度超过 ${Math.max(text.length, body.length)} 字符）`;
}

/**
 * Calls the endpoint. The model picks the input, so private addresses are refused, except at the host an
 * administrator configured (`access`, see `configuredAccess`): redirects elsewhere are checked as for anyone.
 */
export async function callHttpTool(
  outbound: Outbound,
  config: HttpToolConfig,
  input: Record<string, unknown>,
  signal: AbortSignal,
  access: OutboundAccess = { trusted: false },
): Promise<ToolResult> {
  const call = buildHttpCall(config, input);
  let response;
  try {
    response = await boundedRequest(outbound, { ...call, access, maxBytes: MAX_BYTES, timeoutMs: config.timeout_ms, signal });
  } catch (error) {
    if (error instanceof OutboundRefused || error instanceof OutboundError) throw new ToolFailure(error.message);
    throw error;
  }
  const contentType = response.headers['content-type'] ?? '';
  if (response.status >= 400) {
    throw new ToolFailure(`接口返回错误状态 ${response.status}：${responseText(contentType, response.body, response.truncated, ERROR_BODY_CHARS)}`);
  }
  return { output: responseText(contentType, response.body, response.truncated), data: { status: response.status, content_type: contentType } };
}
