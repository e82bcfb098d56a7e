import type { ModuleReferences } from '../../core/index.js';
import { thingList, type Db } from '../../platform/db/index.js';
import type { Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { createDatasourceAccess } from './datasource-access.js';
import { createClientCache } from './datasource-clients.js';
import { datasourceProbeTargets } from './datasource-health.js';
import { createDatasourceService } from './datasource.service.js';
import { createTableNoteService } from './table-notes.service.js';
import { dbConnections } from './datasource.tables.js';

export { datasourceRoutes } from './datasource.routes.js';
export type { DatasourceService } from './datasource.service.js';
export type { TableNoteService } from './table-notes.service.js';
export type { DatasourceAccess, DatasourceRow } from './datasource-access.js';
export { checkedAccessList } from './access-list.js';

export interface DatasourceModuleDeps {
  db: Db;
  outbound: Outbound;
  secrets: SecretBox;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
}

/** Datasources refer to nothing; the topology lists them. */
export const datasourceReferences = (db: Db): ModuleReferences<Db> => ({
  things: [thingList(db, 'datasource', dbConnections, { id: dbConnections.id, name: dbConnections.name, ownerId: dbConnections.ownerId, isPublic: dbConnections.isPublic })],
});

/** Datasources, their pools and the notes on their tables. */
export function createDatasourceModule({ db, outbound, secrets, statementTimeoutMs, connectTimeoutMs }: DatasourceModuleDeps) {
  const clients = createClientCache({ outbound, secrets, statementTimeoutMs, connectTimeoutMs });
  const datasources = createDatasourceService({ db, clients });
  const notes = createTableNoteService({ db, datasources, clients });
  return {
    datasources,
    notes,
    access: createDatasourceAccess(db, clients),
    statementTimeoutMs: clients.statementTimeoutMs,
    /** Every datasource, for the health page to probe. */
    health: datasourceProbeTargets(db, clients),
    close: () => clients.close(),
  };
}
