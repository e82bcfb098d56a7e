import type { McpTransport } from '@agent-platform/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Outbound, OutboundAccess } from '../../platform/net/index.js';
import { describeFailure, McpUnavailable, timeoutMessage } from './mcp-failures.js';
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
  /** What the service's address may reach: an administrator's service its configured private host (`configuredAccess`). */
  access: OutboundAccess;
  /** The service said its functions changed (`notifications/tools/list_changed`, over a connection that can carry it). */
  onFunctionsChanged?(): void;
}

export interface McpConnector {
  /** A connected client, or `McpUnavailable`; never waits longer than the list timeout. */
  connect(config: McpConnectionConfig): Promise<Client>;
  /** Throws the Chinese refusal when stdio is off or the command is not allowed. */
  assertStdioAllowed(command: string): void;
}

export function createMcpConnector({ outbound, stdioCommands, timeoutMs }: { outbound: Outbound; stdioCommands: readonly string[]; timeoutMs: number }): McpConnector {
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
    // Redirects are followed by our fetch, each target checked by the outbound rules again; the service's headers stay on its host.
    const guardedFetch = outbound.fetch(config.access, { followRedirects: true, credentialHeaders: Object.keys(config.headers) });
    return config.transport === 'sse'
      ? new SSEClientTransport(url, { fetch: guardedFetch, requestInit, redirectPolicy: 'follow' })
      : new StreamableHTTPClientTransport(url, {
          fetch: guardedFetch,
          requestInit,
          redirectPolicy: 'follow',
          reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
        });
  }

  return {
    assertStdioAllowed,
    async connect(config) {
      const onChanged = config.onFunctionsChanged;
      const client = new Client({ name: 'agent-platform', version: '1.0.0' }, onChanged ? { listChanged: { tools: { autoRefresh: false, onChanged: () => onChanged() } } } : {});
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
