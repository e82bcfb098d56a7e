import type { ProbeTargets } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import type { ClientCache } from './datasource-clients.js';
import * as repo from './datasource.repo.js';

/** More datasources than this are not probed on one page. */
const MAX_DATASOURCES = 200;

/** Every datasource as something the health page asks: sign in on its pool and read the server's version. */
export function datasourceProbeTargets(db: Db, clients: ClientCache): ProbeTargets {
  return async () =>
    (await repo.listAllConnections(db, MAX_DATASOURCES)).map((row) => ({
      key: `datasource:${row.id}`,
      kind: 'datasource',
      name: row.name,
      version: row.updatedAt.toISOString(),
      details: { db_type: row.dbType, endpoint: `${row.host}:${row.port}/${row.databaseName}` },
      async probe() {
        return { status: 'up', error: null, details: { version: await clients.run(row, (client) => client.serverVersion()) } };
      },
    }));
}
