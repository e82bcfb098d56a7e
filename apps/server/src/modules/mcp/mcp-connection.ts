import type { McpTransport } from '@agent-platform/contracts';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
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

/** The MCP SDK's client and transports (~9 MB resident) are loaded by the first connection, not by every server. */
async function loadMcpClient() {
  const [{ Client }, { SSEClientTransport }, { getDefaultEnvironment, StdioClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return { Client, SSEClientTransport, getDefaultEnvironment, StdioClientTransport, StreamableHTTPClientTransport };
}

type McpClientSdk = Awaited<ReturnType<typeof loadMcpClient>>;

export function createMcpConnector({ outbound, stdioCommands, timeoutMs }: { outbound: Outbound; stdioCommands: readonly string[]; timeoutMs: number }): McpConnector {
  function assertStdioAllowed(command: string): void {
    if (stdioCommands.length === 0) throw stdioDisabled();
    if (!stdioCommands.includes(command)) throw stdioCommandNotAllowed(command, stdioCommands);
  }

  function transportOf({ SSEClientTransport, getDefaultEnvironment, StdioClientTransport, StreamableHTTPClientTransport }: McpClientSdk, config: McpConnectionConfig): Transport {
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
      const sdk = await loadMcpClient();
      const client = new sdk.Client({ name: 'agent-platform', version: '1.0.0' }, onChanged ? { listChanged: { tools: { autoRefresh: false, onChanged: () => onChanged() } } } : {});
      const transport = transportOf(sdk, config);
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
