import type { ProbeTargets } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import type { McpCatalog } from './mcp-catalog.js';
import * as repo from './mcp.repo.js';

/** More services than this are not probed on one page. */
const MAX_SERVICES = 200;

/** Every MCP service as something the health page asks: its function list, fetched now (keyed as the topology keys services). */
export function serviceProbeTargets(db: Db, catalog: McpCatalog): ProbeTargets {
  return async () =>
    (await repo.listAllServices(db, MAX_SERVICES)).map((row) => ({
      key: `service:${row.id}`,
      kind: 'service',
      name: row.name,
      version: String(row.configVersion),
      details: { transport: row.transport, endpoint: row.transport === 'stdio' ? row.command : row.url },
      async probe() {
        return { status: 'up', error: null, details: { function_count: await catalog.probe(row) } };
      },
    }));
}
