import type { SqlClient, SqlTarget } from './sql-client.js';
import { openMysqlClient } from './mysql-client.js';
import { openPostgresClient } from './postgres-client.js';

export { guardSql, type GuardResult, type GuardScope } from './sql-guard.js';
export { quoteIdentifier, SqlClientError, within, type SqlClient, type SqlErrorKind, type SqlLimits, type SqlResult, type SqlTarget } from './sql-client.js';

/** A pool for one datasource; the statement timeout is also each session's default. */
export function openSqlClient(target: SqlTarget, statementTimeoutMs: number): SqlClient {
  return target.dialect === 'mysql' ? openMysqlClient(target, statementTimeoutMs) : openPostgresClient(target, statementTimeoutMs);
}
