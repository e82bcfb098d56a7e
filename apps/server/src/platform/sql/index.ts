import type { SqlClient, SqlTarget } from './sql-client.js';
import { openMysqlClient } from './mysql-client.js';
import { openPostgresClient } from './postgres-client.js';

export { guardSql, type GuardResult, type GuardScope } from './sql-guard.js';
export { quoteIdentifier, SqlClientError, within, type SqlClient, type SqlErrorKind, type SqlLimits, type SqlResult, type SqlTarget } from './sql-client.js';

/**
 * A pool for one datasource; the statement timeout is also each session's default. The driver (mysql2 or
 * pg, ~10 MB resident each) is loaded when a datasource is first opened, not by every server.
 */
export function openSqlClient(target: SqlTarget, statementTimeoutMs: number): SqlClient {
  const opened = target.dialect === 'mysql' ? openMysqlClient(target, statementTimeoutMs) : openPostgresClient(target, statementTimeoutMs);
  // A driver that fails to load fails every call; unobserved until then.
  opened.catch(() => undefined);
  const use = <T>(call: (client: SqlClient) => Promise<T>) => opened.then(call);
  return {
    dialect: target.dialect,
    serverVersion: () => use((client) => client.serverVersion()),
    listTables: () => use((client) => client.listTables()),
    privilegeWarnings: () => use((client) => client.privilegeWarnings()),
    runReadOnly: (sql, limits) => use((client) => client.runReadOnly(sql, limits)),
    close: () => use((client) => client.close()),
  };
}
