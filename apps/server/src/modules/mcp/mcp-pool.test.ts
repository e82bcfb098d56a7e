import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/wait-for.js';
import { createOutbound } from '../../platform/net/index.js';
import { createMcpConnector } from './mcp-connection.js';
import { listFunctions } from './mcp-functions.js';
import { createMcpPool, type PooledConfig } from './mcp-pool.js';
import { MCP_TEST_TOKEN, startMcpTestServer, type McpTestServer } from './mcp-test-server.js';

/** The connection pool against a real SSE MCP server: one connection reused, dropped when idle and on close. */
describe('MCP connection pool', () => {
  let mcp: McpTestServer;
  const outbound = createOutbound({ allowedHosts: ['127.0.0.1'] });
  const connector = createMcpConnector({ outbound, stdioCommands: [], timeoutMs: 2000 });
  let config: PooledConfig;

  beforeAll(async () => {
    mcp = await startMcpTestServer();
    config = {
      key: 'svc:1',
      name: '池',
      transport: 'sse',
      url: `${mcp.origin}/sse`,
      headers: { Authorization: `Bearer ${MCP_TEST_TOKEN}` },
      command: '',
      args: [],
      env: {},
      access: { trusted: false },
    };
  });
  afterAll(async () => {
    await Promise.all([mcp.stop(), outbound.close()]);
  });

  it('reuses one connection, and closes it after the idle time', async () => {
    const pool = createMcpPool({ connector, idleMs: 1000, timeoutMs: 2000 });
    await pool.use(config, (client) => listFunctions(client, 2000));
    await pool.use(config, (client) => listFunctions(client, 2000));
    expect(mcp.openSseSessions()).toBe(1);
    await waitFor(() => mcp.openSseSessions() === 0, { what: 'the idle connection to close', timeoutMs: 4000 });
    await pool.close();
  });

  it('replaces the connection of an older config version, and closes everything on close', async () => {
    const pool = createMcpPool({ connector, idleMs: 60_000, timeoutMs: 2000 });
    await pool.use(config, (client) => listFunctions(client, 2000));
    await pool.use({ ...config, key: 'svc:2' }, (client) => listFunctions(client, 2000));
    await waitFor(() => mcp.openSseSessions() === 1, { what: 'the older connection to close', timeoutMs: 2000 });
    await pool.close();
    await waitFor(() => mcp.openSseSessions() === 0, { what: 'every connection to close', timeoutMs: 2000 });
  });
});
