import type { Config } from '../../config.js';
import { thingList, type Db } from '../../platform/db/index.js';
import type { Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { ModuleReferences } from '../../core/index.js';
import { tagColumnReferences, type TagService } from '../tag/index.js';
import { createMcpCatalog } from './mcp-catalog.js';
import { createMcpConnector } from './mcp-connection.js';
import { createMcpPool } from './mcp-pool.js';
import { createMcpServiceRegistry } from './mcp.service.js';
import { mcpToolSource } from './mcp-tool-source.js';
import { mcpServices } from './mcp.tables.js';

export { mcpRoutes } from './mcp.routes.js';
export { toolNameOf as mcpToolName } from './mcp-tools.js';
export type { McpCatalog, ToolsOfOptions } from './mcp-catalog.js';
export type { McpServiceRegistry } from './mcp.service.js';

export interface McpModuleDeps {
  db: Db;
  config: Pick<Config, 'MCP_STDIO_COMMANDS' | 'MCP_LIST_TIMEOUT_MS' | 'MCP_CALL_TIMEOUT_MS' | 'MCP_IDLE_MS' | 'MCP_MAX_OUTPUT_CHARS'>;
  secrets: SecretBox;
  outbound: Outbound;
  tags?: TagService;
}

/** MCP services: the registry behind `/service/*`, and the catalog agents take tools from. Close it with the app. */
export function createMcpModule({ db, config, secrets, outbound, tags }: McpModuleDeps) {
  const connector = createMcpConnector({ outbound, stdioCommands: config.MCP_STDIO_COMMANDS, timeoutMs: config.MCP_LIST_TIMEOUT_MS });
  const pool = createMcpPool({ connector, idleMs: config.MCP_IDLE_MS, timeoutMs: config.MCP_LIST_TIMEOUT_MS });
  const catalog = createMcpCatalog({
    db,
    secrets,
    connector,
    pool,
    listTimeoutMs: config.MCP_LIST_TIMEOUT_MS,
    callTimeoutMs: config.MCP_CALL_TIMEOUT_MS,
    maxOutputChars: config.MCP_MAX_OUTPUT_CHARS,
  });
  return {
    registry: createMcpServiceRegistry({ db, secrets, connector, pool, tags }),
    catalog,
    /** For the tool module: `kind: service` tools. */
    toolSource: mcpToolSource({ catalog, listTimeoutMs: config.MCP_LIST_TIMEOUT_MS, callTimeoutMs: config.MCP_CALL_TIMEOUT_MS }),
    close: () => pool.close(),
  };
}

/** Services refer to nothing; the topology shows each; they store tag names, so renamed and deleted `service` tags are carried over. */
export const mcpReferences = (db: Db): ModuleReferences<Db> => ({
  things: [thingList(db, 'service', mcpServices, { id: mcpServices.id, name: mcpServices.name, ownerId: mcpServices.ownerId, isPublic: mcpServices.isPublic, tags: mcpServices.tags })],
  tagged: [tagColumnReferences('service', mcpServices, mcpServices.tags)],
});
