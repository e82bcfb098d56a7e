import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { findOutboundRefusal, OutboundError } from '../../platform/net/index.js';

/** The service could not be reached, failed or did not answer in time; the message is for people. */
export class McpUnavailable extends Error {
  override name = 'McpUnavailable';
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} 秒`;
export const timeoutMessage = (name: string, ms: number) => `MCP 服务「${name}」响应超时（${seconds(ms)}）`;

const NOT_MCP = '该地址不是 MCP 服务，或不支持所选的传输方式（请检查地址和传输方式）';
const UNAUTHORISED = (status: number | string) => `服务拒绝访问（HTTP ${status}），请检查认证请求头`;
/** The SSE transport flattens its causes into its message: a refusal is found there by its first words. */
const REFUSAL_START = '出于安全考虑';

/** The error and its causes, innermost last. */
function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error, depth = 0; depth < 6 && current instanceof Object; depth += 1) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const nameOf = (error: unknown) => (error as { name?: unknown }).name;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** zod's own error (the SDK parses every message with zod): its text is a JSON dump of issues, never shown. */
const isZodError = (error: unknown) => nameOf(error) === 'ZodError' || Array.isArray((error as { issues?: unknown }).issues);
/** A text that is a program's dump (zod issues, JSON) rather than words. */
const looksLikeDump = (text: string) => /^\s*[[{]/.test(text) || /"code"\s*:|invalid_type|invalid_union|"path"\s*:/.test(text);

/** An HTTP status the SDK's transports carry in `code` (StreamableHTTPError, SseError). */
function httpStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 300 && code < 600 ? code : undefined;
}

/** The reason in Chinese for one failure of connecting, listing or calling; `undefined`: not recognised. */
function reasonOf(error: unknown): string | undefined {
  const refusal = findOutboundRefusal(error);
  if (refusal) return refusal.message;
  const message = messageOf(error);
  const flatRefusal = message.indexOf(REFUSAL_START);
  if (flatRefusal >= 0) return message.slice(flatRefusal);
  const outboundError = chainOf(error).find((one) => one instanceof OutboundError);
  if (outboundError) return messageOf(outboundError);
  if (error instanceof UnauthorizedError) return UNAUTHORISED(401);
  const version = /protocol version is not supported: (\S+)/i.exec(message);
  if (version) return `MCP 协议版本不兼容：服务使用的版本（${version[1]!.slice(0, 40)}）本平台不支持`;
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) return UNAUTHORISED(status);
  if (status === 404 || status === 405 || status === 406 || status === 415) return `${NOT_MCP}（HTTP ${status}）`;
  if (status !== undefined) return `服务返回 HTTP ${status}`;
  if (isZodError(error) || error instanceof SyntaxError || /unexpected content type|invalid content type|not an? (json|event)/i.test(message)) return NOT_MCP;
  return undefined;
}

/** The errno of a network failure anywhere in the chain. */
function networkReason(error: unknown): string {
  const codes = chainOf(error).map((one) => (one as { code?: unknown }).code);
  if (codes.includes('ECONNREFUSED') || /ECONNREFUSED/.test(messageOf(error))) return '连接被拒绝，服务可能未启动';
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return '找不到该主机';
  if (codes[0] === 'ENOENT') return '找不到该命令';
  const errno = codes.find((code) => typeof code === 'string');
  // Anything else is a program's own text (a TypeError's, a parser's): never shown, only its errno if it has one.
  return typeof errno === 'string' ? `网络错误（${errno}）` : '连接失败，请检查服务地址和网络';
}

/**
 * Why a connection, a listing or a call failed, in words a user can act on: not an MCP service, a
 * protocol version we do not speak, unauthorised, timed out, refused by the outbound rules, down. Never
 * the SDK's text (a zod dump, a stack); a server's own error message only when it is words.
 */
export function describeFailure(name: string, error: unknown, timeoutMs: number): McpUnavailable {
  if (error instanceof McpUnavailable) return error;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return new McpUnavailable(timeoutMessage(name, timeoutMs), true);
  if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) {
    // The server answered with a JSON-RPC error: its own words, unless they are a dump (the SDK's servers put zod issues there).
    const text = error.message.replace(/^MCP error -?\d+:\s*/, '');
    if (error.code === ErrorCode.MethodNotFound) return new McpUnavailable(`MCP 服务「${name}」不支持该请求（${text.slice(0, 100)}）`);
    if (error.code === ErrorCode.InvalidParams && looksLikeDump(text.replace(/^[^[{]*/, ''))) return new McpUnavailable(`MCP 服务「${name}」认为输入不符合要求`);
    return new McpUnavailable(`MCP 服务「${name}」返回错误：${looksLikeDump(text) ? '返回的内容无法识别' : text.slice(0, 300)}`);
  }
  return new McpUnavailable(`MCP 服务「${name}」无法连接：${reasonOf(error) ?? networkReason(error)}`);
}
