import type {
  CreateConnectionBody,
  DbAccessUser,
  DbConnection,
  DbConnectionTest,
  DbTableInfo,
  ListConnectionsBody,
  Page,
  TestConnectionBody,
  UpdateConnectionBody,
} from '@agent-platform/contracts';
import { canEdit, isAdmin, type Viewer } from '../../core/index.js';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../../platform/db/index.js';
import type { SqlClient } from '../../platform/sql/index.js';
import type { ClientCache, ConnectionSettings } from './datasource-clients.js';
import { checkedAccessList } from './access-list.js';
import { connectionInUse, connectionNameTaken, connectionNotEditable, connectionNotFound } from './datasource.errors.js';
import { checkedCa } from './ssl-ca.js';
import { toConnection } from './datasource.mapper.js';
import * as repo from './datasource.repo.js';

export interface DatasourceServiceDeps {
  db: Db;
  clients: ClientCache;
}

export type DatasourceService = ReturnType<typeof createDatasourceService>;

/** A saved datasource with the warnings of its connection test. */
export type SavedConnection = DbConnection & { warnings: string[] };

const CONNECTION_FIELDS = ['host', 'port', 'database', 'schema', 'user', 'password', 'ssl_mode', 'ssl_ca'] as const;

function settingsOf(body: {
  db_type: ConnectionSettings['dbType'];
  host: string;
  port: number;
  database: string;
  schema: string;
  user: string;
  ssl_mode: ConnectionSettings['sslMode'];
  ssl_ca: string;
}): ConnectionSettings {
  return {
    dbType: body.db_type,
    host: body.host,
    port: body.port,
    databaseName: body.database,
    schemaName: body.schema,
    userName: body.user,
    sslMode: body.ssl_mode,
    sslCa: checkedCa(body.ssl_ca),
  };
}

/** Datasources: create (after a successful connection test), change, list, delete; tables read from the catalogue. */
export function createDatasourceService({ db, clients }: DatasourceServiceDeps) {
  /** Own, public, on the access list, or any for administrators; 40401 otherwise. */
  async function usableRow(viewer: Viewer, id: string): Promise<repo.ConnectionListRow> {
    const row = await repo.findConnection(db, id);
    if (!row) throw connectionNotFound();
    const usable = isAdmin(viewer) || row.ownerId === viewer.id || row.isPublic || row.accessUserIds.includes(viewer.id);
    if (!usable) throw connectionNotFound();
    return row;
  }

  const usersByIds = (ids: string[]) => repo.findUsersByIds(db, ids);

  async function editableRow(viewer: Viewer, id: string): Promise<repo.ConnectionListRow> {
    const row = await usableRow(viewer, id);
    if (!canEdit(viewer, row)) throw connectionNotEditable();
    return row;
  }

  /** Signs in, reads the version and the user's privileges: the answer of the form's test button. */
  async function probe(client: SqlClient): Promise<DbConnectionTest> {
    const started = performance.now();
    const server_version = await client.serverVersion();
    const latency_ms = Math.round(performance.now() - started);
    return { server_version, latency_ms, warnings: await client.privilegeWarnings() };
  }

  async function saved(write: Promise<repo.ConnectionRow | undefined>, name: string): Promise<repo.ConnectionRow> {
    try {
      const row = await write;
      if (!row) throw connectionNameTaken(name);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw connectionNameTaken(name);
      throw error;
    }
  }

  async function show(viewer: Viewer, id: string): Promise<DbConnection> {
    const row = await repo.findConnection(db, id);
    if (!row) throw connectionNotFound();
    return toConnection(row, viewer);
  }

  async function page(viewer: Viewer, scope: repo.ConnectionFilter['scope'], { page: number, page_size, keyword }: ListConnectionsBody): Promise<Page<DbConnection>> {
    const filter = { scope, keyword };
    const [total, rows] = await Promise.all([repo.countConnections(db, filter), repo.listConnections(db, filter, (number - 1) * page_size, page_size)]);
    return { total, list: rows.map((row) => toConnection(row, viewer)) };
  }

  return {
    usableRow,

    async testConnection(viewer: Viewer, body: TestConnectionBody): Promise<DbConnectionTest> {
      const stored = body.id ? await editableRow(viewer, body.id) : undefined;
      const password = body.password ?? clients.passwordOf(stored?.passwordSealed ?? null);
      return clients.withTransientClient(settingsOf(body), password, isAdmin(viewer), probe);
    },

    async createConnection(viewer: Viewer, body: CreateConnectionBody): Promise<SavedConnection> {
      const accessUserIds = (await checkedAccessList(body.access_user_ids, [], usersByIds)) ?? [];
      const settings = settingsOf(body);
      const { warnings } = await clients.withTransientClient(settings, body.password, isAdmin(viewer), probe);
      const row = await saved(
        repo.insertConnection(db, {
          ownerId: viewer.id,
          name: body.name,
          description: body.description,
          dbType: body.db_type,
          host: body.host,
          port: body.port,
          databaseName: body.database,
          schemaName: body.schema,
          userName: body.user,
          passwordSealed: body.password ? clients.sealPassword(body.password) : null,
          sslMode: settings.sslMode,
          sslCa: settings.sslCa,
          isPublic: body.is_public,
          accessUserIds,
        }),
        body.name,
      );
      return { ...(await show(viewer, row.id)), warnings };
    },

    /** Only the fields given change; a changed address or sign-in is tested before it is saved. */
    async updateConnection(viewer: Viewer, { id, ...body }: UpdateConnectionBody): Promise<SavedConnection> {
      const current = await editableRow(viewer, id);
      const accessUserIds = await checkedAccessList(body.access_user_ids, current.accessUserIds, usersByIds);
      const reconnects = CONNECTION_FIELDS.some((field) => body[field] !== undefined);
      const password = body.password ?? clients.passwordOf(current.passwordSealed);
      const settings = settingsOf({
        db_type: current.dbType,
        host: body.host ?? current.host,
        port: body.port ?? current.port,
        database: body.database ?? current.databaseName,
        schema: body.schema ?? current.schemaName,
        user: body.user ?? current.userName,
        ssl_mode: body.ssl_mode ?? current.sslMode,
        ssl_ca: body.ssl_ca ?? current.sslCa,
      });
      const warnings = reconnects ? (await clients.withTransientClient(settings, password, current.ownerIsAdmin || isAdmin(viewer), probe)).warnings : [];
      await saved(
        repo.updateConnection(db, id, {
          name: body.name,
          description: body.description,
          host: settings.host,
          port: settings.port,
          databaseName: settings.databaseName,
          schemaName: settings.schemaName,
          userName: settings.userName,
          sslMode: settings.sslMode,
          sslCa: settings.sslCa,
          passwordSealed: body.password === undefined ? undefined : body.password ? clients.sealPassword(body.password) : null,
          isPublic: body.is_public,
          accessUserIds,
        }),
        body.name ?? current.name,
      );
      clients.forget(id);
      return { ...(await show(viewer, id)), warnings };
    },

    async deleteConnection(viewer: Viewer, id: string): Promise<void> {
      await editableRow(viewer, id);
      if (await repo.hasAssets(db, id)) throw connectionInUse();
      try {
        if (!(await repo.deleteConnection(db, id))) throw connectionNotFound();
      } catch (error) {
        if (isForeignKeyViolation(error)) throw connectionInUse();
        throw error;
      }
      clients.forget(id);
    },

    async getConnection(viewer: Viewer, id: string): Promise<DbConnection> {
      return toConnection(await usableRow(viewer, id), viewer);
    },

    listUsable: (viewer: Viewer, body: ListConnectionsBody) => page(viewer, { usableBy: viewer }, body),
    listMine: (viewer: Viewer, body: ListConnectionsBody) => page(viewer, { ownerId: viewer.id }, body),

    async listAccessUsers(viewer: Viewer, id: string): Promise<DbAccessUser[]> {
      const row = await usableRow(viewer, id);
      return repo.findUsersByIds(db, row.accessUserIds);
    },

    /** Tables and views of a usable datasource, from its catalogue. */
    async listTables(viewer: Viewer, id: string): Promise<DbTableInfo[]> {
      const row = await usableRow(viewer, id);
      return clients.run(row, (client) => client.listTables());
    },
  };
}
