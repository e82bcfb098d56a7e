import type { McpTransport } from '@agent-platform/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { findOutboundRefusal, type Outbound } from '../../platform/net/index.js';
import { stdioCommandNotAllowed, stdioDisabled } from './mcp.errors.js';

/** Everything a connection needs, secrets opened. */
export interface McpConnectionConfig {
  /** For messages: 'MCP 服务「name」…'. */
  name: string;
  transport: McpTransport;
  url: string;
  headers: Record<string, string>;
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface McpConnector {
  /** A connected client, or `McpUnavailable`; never waits longer than the list timeout. */
  connect(config: McpConnectionConfig): Promise<Client>;
  /** Throws the Chinese refusal when stdio is off or the command is not allowed. */
  assertStdioAllowed(command: string): void;
}

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

const REFUSAL_START = '出于安全考虑';

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} 秒`;

export const timeoutMessage = (name: string, ms: number) => `MCP 服务「${name}」响应超时（${seconds(ms)}）`;

/** Why a connection or request failed, in words a user can act on; no stack or internal detail. */
export function describeFailure(name: string, error: unknown, timeoutMs: number): McpUnavailable {
  if (error instanceof McpUnavailable) return error;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return new McpUnavailable(timeoutMessage(name, timeoutMs), true);
  if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) {
    return new McpUnavailable(`MCP 服务「${name}」返回错误：${error.message.slice(0, 300)}`);
  }
  const refusal = findOutboundRefusal(error);
  const code = (error as { code?: unknown }).code;
  const causeCode = ((error as { cause?: { code?: unknown } }).cause ?? {}).code;
  const message = error instanceof Error ? error.message : String(error);
  // The SSE transport flattens its causes into the message: read the refusal and the errno from there.
  const flatRefusal = message.indexOf(REFUSAL_START);
  let reason: string;
  if (refusal) reason = refusal.message;
  else if (flatRefusal >= 0) reason = message.slice(flatRefusal);
  else if (/ECONNREFUSED/.test(message)) reason = '连接被拒绝，服务可能未启动';
  else if (typeof code === 'number' && code >= 300 && code < 600) reason = `服务返回 HTTP ${code}${code === 401 || code === 403 ? '（请检查认证请求头）' : ''}`;
  else if (causeCode === 'ECONNREFUSED' || code === 'ECONNREFUSED') reason = '连接被拒绝，服务可能未启动';
  else if (causeCode === 'ENOTFOUND' || causeCode === 'EAI_AGAIN') reason = '找不到该主机';
  else if (code === 'ENOENT') reason = '找不到该命令';
  // Anything else is a program's own text (a TypeError's, a parser's): never shown, only its errno if it has one.
  else reason = typeof causeCode === 'string' || typeof code === 'string' ? `网络错误（${String(typeof causeCode === 'string' ? causeCode : code)}）` : '连接失败，请检查服务地址和网络';
  return new McpUnavailable(`MCP 服务「${name}」无法连接：${reason}`);
}

export function createMcpConnector({ outbound, stdioCommands, timeoutMs }: { outbound: Outbound; stdioCommands: readonly string[]; timeoutMs: number }): McpConnector {
  // MCP traffic is driven by model output: never trusted with private addresses.
  const guardedFetch = outbound.fetch({ trusted: false });

  function assertStdioAllowed(command: string): void {
    if (stdioCommands.length === 0) throw stdioDisabled();
    if (!stdioCommands.includes(command)) throw stdioCommandNotAllowed(command, stdioCommands);
  }

  function transportOf(config: McpConnectionConfig): Transport {
    if (config.transport === 'stdio') {
      assertStdioAllowed(config.command);
      // No shell: the command and its arguments go to the process as they are.
      return new StdioClientTransport({ command: config.command, args: config.args, env: { ...getDefaultEnvironment(), ...config.env }, stderr: 'ignore' });
    }
    const url = new URL(config.url);
    const requestInit = { headers: config.headers };
    return config.transport === 'sse'
      ? new SSEClientTransport(url, { fetch: guardedFetch, requestInit })
      : new StreamableHTTPClientTransport(url, {
          fetch: guardedFetch,
          requestInit,
          reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
        });
  }

  return {
    assertStdioAllowed,
    async connect(config) {
      const client = new Client({ name: 'agent-platform', version: '1.0.0' });
      const transport = transportOf(config);
      let timer: NodeJS.Timeout | undefined;
      // The SSE transport waits for its endpoint event with no limit of its own: bound the whole handshake.
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new McpUnavailable(timeoutMessage(config.name, timeoutMs), true)), timeoutMs);
      });
      try {
        await Promise.race([client.connect(transport, { timeout: timeoutMs }), timedOut]);
        return client;
      } catch (error) {
        await client.close().catch(() => undefined);
        throw describeFailure(config.name, error, timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
