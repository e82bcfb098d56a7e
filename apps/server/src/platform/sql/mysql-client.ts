import type { DbTableInfo } from '@agent-platform/contracts';
import net from 'node:net';
import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import { tablesFromCatalogue } from './catalogue.js';
import { keptRows } from './result-rows.js';
import { NETWORK_CODES, nameIn, PRIVILEGE_WARNINGS, sqlError, SqlClientError, tlsFailure, within, type SqlClient, type SqlLimits, type SqlResult, type SqlTarget } from './sql-client.js';
import { tlsOptions } from './tls-options.js';

// DECIMAL, TINY, SHORT, LONG, FLOAT, DOUBLE, LONGLONG, INT24, NEWDECIMAL
const NUMERIC_TYPES = new Set([0, 1, 2, 3, 4, 5, 8, 9, 246]);

function classify(error: unknown, timeoutMs: number): SqlClientError {
  if (error instanceof SqlClientError) return error;
  const tls = tlsFailure(error);
  if (tls) return tls;
  const { code = '', errno, message = '' } = (error ?? {}) as { code?: string; errno?: number; message?: string };
  if (NETWORK_CODES.has(code) || code === 'PROTOCOL_CONNECTION_LOST') return sqlError('unreachable');
  if (code === 'PROTOCOL_SEQUENCE_TIMEOUT') return sqlError('timeout', '', timeoutMs);
  switch (errno) {
    case 1045:
    case 1698:
      return sqlError('auth');
    case 1049:
      return sqlError('unknown_database');
    case 1054:
      return sqlError('unknown_column', nameIn(message, /Unknown column '([^']+)'/));
    case 1146:
      return sqlError('unknown_table', nameIn(message, /Table '([^']+)' doesn't exist/));
    case 1064:
      return sqlError('syntax');
    case 1969: // MariaDB: max_statement_time exceeded
    case 3024: // MySQL: max_execution_time exceeded
    case 1317:
      return sqlError('timeout', '', timeoutMs);
    case 1792:
      return sqlError('read_only');
    case 1044:
    case 1142:
    case 1143:
      return sqlError('permission');
    default:
      return sqlError('other');
  }
}

const WRITE_GRANT = /\b(ALL PRIVILEGES|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|INDEX|EXECUTE|CREATE ROUTINE|ALTER ROUTINE|TRIGGER|EVENT|GRANT OPTION)\b/i;
const FILE_GRANT = /\b(FILE|SUPER)\b|ALL PRIVILEGES ON \*\.\*/i;

export async function openMysqlClient(target: SqlTarget, statementTimeoutMs: number): Promise<SqlClient> {
  const { default: mysql } = await import('mysql2/promise');
  const pool = mysql.createPool({
    // The driver checks the certificate against `host`: the name the user gave. The socket goes to
    // the address the outbound rules checked (never resolved again: no DNS rebinding in between).
    host: target.serverName,
    stream: () => {
      const socket = net.connect(target.port, target.host).setNoDelay(true);
      // Without a server name (mysql2 gives none for an address) Node checks the certificate against
      // the socket's `_host`, which a socket made for an address lacks: it would check `localhost`.
      return Object.assign(socket, { _host: target.serverName });
    },
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password,
    ssl: target.sslMode === 'disable' ? undefined : { ...tlsOptions(target), verifyIdentity: target.sslMode === 'verify' },
    connectTimeout: target.connectTimeoutMs,
    connectionLimit: 3,
    maxIdle: 1,
    idleTimeout: 60_000,
    // One statement per call, and no `LOAD DATA LOCAL` reading this server's files.
    multipleStatements: false,
    flags: ['-MULTI_STATEMENTS', '-LOCAL_FILES'],
    supportBigNumbers: true,
    dateStrings: true,
    charset: 'utf8mb4',
  });
  // Connections whose session was made read-only with the statement timeout.
  const prepared = new WeakSet<object>();
  let flavour: Promise<'mariadb' | 'mysql'> | undefined;

  async function catalogue<R>(sql: string, params: unknown[] = [target.database]): Promise<R[]> {
    try {
      const [rows] = await within(target.connectTimeoutMs + statementTimeoutMs, pool.query(sql, params));
      return rows as R[];
    } catch (error) {
      throw classify(error, statementTimeoutMs);
    }
  }

  const serverVersion = async () => (await catalogue<{ version: string }>('select version() as version', []))[0]?.version ?? '';
  const flavourOf = () => (flavour ??= serverVersion().then((version) => (/mariadb/i.test(version) ? 'mariadb' : 'mysql')));

  /** MariaDB's timeout is in seconds (`max_statement_time`), MySQL's in milliseconds (`max_execution_time`, SELECT only). */
  async function sessionStatement(): Promise<string> {
    return (await flavourOf()) === 'mariadb'
      ? `set session tx_read_only = 1, session max_statement_time = ${(statementTimeoutMs / 1000).toFixed(3)}`
      : `set session transaction_read_only = 1, session max_execution_time = ${Math.floor(statementTimeoutMs)}`;
  }

  return {
    dialect: 'mysql',

    async serverVersion() {
      const version = await serverVersion();
      return /mariadb/i.test(version) ? `MariaDB ${version.replace(/-MariaDB.*$/i, '')}` : `MySQL ${version}`;
    },

    async listTables(): Promise<DbTableInfo[]> {
      const [tables, columns, keys] = await Promise.all([
        catalogue<{ name: string; type: string; comment: string | null; estimate: number | null }>(
          `select table_name as name, table_type as type, table_comment as comment, table_rows as estimate
           from information_schema.tables where table_schema = ? order by table_name`,
        ),
        catalogue<{ table_name: string; name: string; type: string; nullable: string; column_key: string; comment: string | null }>(
          `select table_name, column_name as name, column_type as type, is_nullable as nullable, column_key, column_comment as comment
           from information_schema.columns where table_schema = ? order by table_name, ordinal_position`,
        ),
        catalogue<{ table_name: string; name: string; ref_table: string; column_name: string; ref_column: string }>(
          `select table_name, constraint_name as name, referenced_table_name as ref_table, column_name, referenced_column_name as ref_column
           from information_schema.key_column_usage where table_schema = ? and referenced_table_name is not null
           order by table_name, constraint_name, ordinal_position`,
        ),
      ]);
      const grouped = new Map<string, { table: string; name: string; ref_table: string; columns: string[]; ref_columns: string[] }>();
      for (const row of keys) {
        const key = `${row.table_name}\u0000${row.name}`;
        const entry = grouped.get(key) ?? { table: row.table_name, name: row.name, ref_table: row.ref_table, columns: [], ref_columns: [] };
        entry.columns.push(row.column_name);
        entry.ref_columns.push(row.ref_column);
        grouped.set(key, entry);
      }
      return tablesFromCatalogue(
        tables.map((row) => ({
          name: row.name,
          kind: /view/i.test(row.type) ? 'view' : 'table',
          comment: row.comment ?? '',
          row_estimate: row.estimate === null ? -1 : Number(row.estimate),
        })),
        columns.map((row) => ({
          table: row.table_name,
          name: row.name,
          type: row.type,
          nullable: row.nullable === 'YES',
          primary_key: row.column_key === 'PRI',
          comment: row.comment ?? '',
        })),
        [...grouped.values()],
      );
    },

    async privilegeWarnings() {
      const grants = (await catalogue<Record<string, string>>('show grants', [])).flatMap((row) => Object.values(row));
      const warnings: string[] = [];
      if (grants.some((grant) => WRITE_GRANT.test(grant.replace(/GRANT USAGE/i, '')))) warnings.push(PRIVILEGE_WARNINGS.write('mysql', target.database, target.database));
      if (grants.some((grant) => FILE_GRANT.test(grant))) warnings.push(PRIVILEGE_WARNINGS.files);
      return warnings;
    },

    async runReadOnly(sql: string, limits: SqlLimits): Promise<SqlResult> {
      let connection: PoolConnection | undefined;
      let healthy = false;
      try {
        connection = await within(target.connectTimeoutMs, pool.getConnection());
        if (!prepared.has(connection.connection)) {
          await connection.query(await sessionStatement());
          prepared.add(connection.connection);
        }
        // Read-only twice: the session (which DDL's implicit commit cannot end) and the transaction.
        await connection.query('start transaction read only');
        const started = performance.now();
        const [rows, fields] = await connection.query<RowDataPacket[][]>({ sql, rowsAsArray: true, timeout: limits.statementTimeoutMs + 5_000 });
        const duration_ms = Math.round(performance.now() - started);
        const kept = keptRows(
          rows,
          fields.map((field) => NUMERIC_TYPES.has(field.columnType ?? field.type ?? -1)),
          limits,
        );
        await connection.query('rollback');
        healthy = true;
        return { columns: fields.map((field) => field.name), ...kept, duration_ms };
      } catch (error) {
        if (connection && !healthy)
          healthy = await connection.query('rollback').then(
            () => true,
            () => false,
          );
        throw classify(error, limits.statementTimeoutMs);
      } finally {
        if (connection) {
          if (healthy) connection.release();
          else connection.destroy();
        }
      }
    },

    close: () => pool.end(),
  };
}
