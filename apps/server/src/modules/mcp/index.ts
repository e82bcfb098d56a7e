import type { Config } from '../../config.js';
import type { Bus } from '../../platform/bus/index.js';
import { thingList, type Db } from '../../platform/db/index.js';
import type { Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import type { ModuleReferences, ReferenceRegistry } from '../../core/index.js';
import { tagColumnReferences, type TagService } from '../tag/index.js';
import type { RemovedThings } from '../topology/index.js';
import { createMcpCatalog } from './mcp-catalog.js';
import { createMcpConnector } from './mcp-connection.js';
import { createMcpFunctionCache } from './mcp-function-cache.js';
import { serviceProbeTargets } from './mcp-health.js';
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
  /** Function lists are evicted in every process over it. */
  bus: Bus;
  config: Pick<Config, 'MCP_STDIO_COMMANDS' | 'MCP_LIST_TIMEOUT_MS' | 'MCP_CALL_TIMEOUT_MS' | 'MCP_IDLE_MS' | 'MCP_MAX_OUTPUT_CHARS' | 'MCP_FUNCTIONS_CACHE_SECONDS' | 'MCP_DOWN_BACKOFF_MS'>;
  secrets: SecretBox;
  outbound: Outbound;
  tags: TagService;
  /** Who uses a service (agents): asked before it is deleted or stops being public. */
  references: Pick<ReferenceRegistry<Db>, 'usersOf' | 'othersLosing'>;
  /** Names of services deleted while other users' agents used them. */
  removed: RemovedThings;
}

/** MCP services: the registry behind `/service/*`, and the catalog agents take tools from. Close it with the app. */
export function createMcpModule({ db, bus, config, secrets, outbound, tags, references, removed }: McpModuleDeps) {
  const connector = createMcpConnector({ outbound, stdioCommands: config.MCP_STDIO_COMMANDS, timeoutMs: config.MCP_LIST_TIMEOUT_MS });
  const pool = createMcpPool({ connector, idleMs: config.MCP_IDLE_MS, timeoutMs: config.MCP_LIST_TIMEOUT_MS });
  const functions = createMcpFunctionCache({ bus, ttlMs: config.MCP_FUNCTIONS_CACHE_SECONDS * 1000 });
  const catalog = createMcpCatalog({
    db,
    secrets,
    connector,
    pool,
    functions,
    removed,
    listTimeoutMs: config.MCP_LIST_TIMEOUT_MS,
    callTimeoutMs: config.MCP_CALL_TIMEOUT_MS,
    downBackoffMs: config.MCP_DOWN_BACKOFF_MS,
    maxOutputChars: config.MCP_MAX_OUTPUT_CHARS,
  });
  return {
    registry: createMcpServiceRegistry({ db, secrets, connector, pool, functions, tags, references, removed, callTimeoutMs: config.MCP_CALL_TIMEOUT_MS }),
    catalog,
    /** For the tool module: `kind: service` tools. */
    toolSource: mcpToolSource({ catalog, listTimeoutMs: config.MCP_LIST_TIMEOUT_MS, callTimeoutMs: config.MCP_CALL_TIMEOUT_MS }),
    /** Every service, for the health page to probe. */
    health: serviceProbeTargets(db, catalog),
    close: () => pool.close(),
  };
}

/** Services refer to nothing; the topology shows each; they store tag names, so renamed and deleted `service` tags are carried over. */
export const mcpReferences = (db: Db): ModuleReferences<Db> => ({
  things: [thingList(db, 'service', mcpServices, { id: mcpServices.id, name: mcpServices.name, ownerId: mcpServices.ownerId, isPublic: mcpServices.isPublic, tags: mcpServices.tags })],
  tagged: [tagColumnReferences('service', mcpServices, mcpServices.tags)],
});
