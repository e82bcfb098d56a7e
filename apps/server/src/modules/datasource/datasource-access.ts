import type { DbTableInfo, DbTableNote } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import type { SqlClient } from '../../platform/sql/index.js';
import type { ClientCache } from './datasource-clients.js';
import { toTableNote } from './datasource.mapper.js';
import * as repo from './datasource.repo.js';

export type DatasourceRow = repo.ConnectionListRow;

/**
 * What data assets need of their datasource with no viewer check of its own: an asset's users reach
 * the datasource only through the asset, whose access the asset module decides.
 */
export type DatasourceAccess = ReturnType<typeof createDatasourceAccess>;

export function createDatasourceAccess(db: Db, clients: ClientCache) {
  return {
    findRow: (id: string): Promise<DatasourceRow | undefined> => repo.findConnection(db, id),
    /** The users named in an access list that still exist. */
    usersByIds: (ids: string[]) => repo.findUsersByIds(db, ids),
    tablesOf: (row: DatasourceRow): Promise<DbTableInfo[]> => clients.run(row, (client) => client.listTables()),
    notesOf: async (connectionId: string): Promise<DbTableNote[]> => (await repo.listTableNotes(db, connectionId)).map(toTableNote),
    /** `work` on the datasource's pool; driver failures become Chinese `AppError`s. */
    run: <T>(row: DatasourceRow, work: (client: SqlClient) => Promise<T>): Promise<T> => clients.run(row, work),
    /** The driver's failure untouched (the asset chat shows the model the reason and lets it correct itself). */
    clientOf: (row: DatasourceRow): Promise<SqlClient> => clients.clientOf(row),
  };
}
