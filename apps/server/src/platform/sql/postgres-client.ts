import type { DbTableInfo } from '@agent-platform/contracts';
import type pg from 'pg';
import { keptRows } from './result-rows.js';
import { NETWORK_CODES, nameIn, PRIVILEGE_WARNINGS, sqlError, SqlClientError, tlsFailure, within, type SqlClient, type SqlLimits, type SqlResult, type SqlTarget } from './sql-client.js';
import { tlsOptions } from './tls-options.js';
import { tablesFromCatalogue } from './catalogue.js';

// numeric, int8, int2, int4, float4, float8, money
const NUMERIC_TYPES = new Set([1700, 20, 21, 23, 700, 701, 790]);

function classify(error: unknown, timeoutMs: number): SqlClientError {
  if (error instanceof SqlClientError) return error;
  const tls = tlsFailure(error);
  if (tls) return tls;
  const { code, message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (code && NETWORK_CODES.has(code)) return sqlError('unreachable');
  if (/timeout|terminated unexpectedly|Connection terminated/i.test(message) && !code) return sqlError('unreachable');
  switch (code) {
    case '28P01':
    case '28000':
      return sqlError('auth');
    case '3D000':
      return sqlError('unknown_database');
    case '57014':
      return sqlError('timeout', '', timeoutMs);
    case '42703':
      return sqlError('unknown_column', nameIn(message, /column "?([^"\s]+)"? does not exist/));
    case '42P01':
      return sqlError('unknown_table', nameIn(message, /relation "([^"]+)" does not exist/));
    case '42601':
      return sqlError('syntax');
    case '25006':
      return sqlError('read_only');
    case '42501':
      return sqlError('permission', nameIn(message, /permission denied for (?:table|relation|schema|function) "?([^"\s]+)"?/));
    default:
      return sqlError('other');
  }
}

/** `options` sent at sign-in: every transaction read-only by default, the timeout, the schema first. */
function startupOptions(target: SqlTarget, statementTimeoutMs: number): string {
  const schema = target.schema || 'public';
  return `-c default_transaction_read_only=on -c statement_timeout=${statementTimeoutMs} -c search_path=${schema}`;
}

export async function openPostgresClient(target: SqlTarget, statementTimeoutMs: number): Promise<SqlClient> {
  const { Pool } = (await import('pg')).default;
  const schema = target.schema || 'public';
  const pool = new Pool({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password,
    ssl: target.sslMode === 'disable' ? false : tlsOptions(target),
    max: 3,
    connectionTimeoutMillis: target.connectTimeoutMs,
    idleTimeoutMillis: 60_000,
    // A client-side backstop beyond the server's own statement timeout (a frozen server or network).
    query_timeout: statementTimeoutMs + 5_000,
    options: startupOptions(target, statementTimeoutMs),
    application_name: 'agent-platform',
  });
  // An idle connection the server dropped must not crash the process.
  pool.on('error', () => {});

  async function catalogue<R extends pg.QueryResultRow>(text: string, params: unknown[] = [schema]): Promise<R[]> {
    try {
      return (await within(target.connectTimeoutMs + statementTimeoutMs, pool.query<R>(text, params))).rows;
    } catch (error) {
      throw classify(error, statementTimeoutMs);
    }
  }

  return {
    dialect: 'postgresql',

    async serverVersion() {
      const [row] = await catalogue<{ version: string }>(`select current_setting('server_version') as version`, []);
      return `PostgreSQL ${row?.version ?? ''}`.trim();
    },

    async listTables(): Promise<DbTableInfo[]> {
      const [tables, columns, keys] = await Promise.all([
        catalogue<{ name: string; kind: string; comment: string | null; estimate: number }>(
          `select c.relname as name, c.relkind as kind, obj_description(c.oid, 'pg_class') as comment, c.reltuples::float8 as estimate
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') order by c.relname`,
        ),
        catalogue<{ table_name: string; name: string; type: string; not_null: boolean; comment: string | null; primary_key: boolean }>(
          `select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
                  col_description(a.attrelid, a.attnum) as comment,
                  exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p' and a.attnum = any (k.conkey)) as primary_key
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
           order by c.relname, a.attnum`,
        ),
        catalogue<{ table_name: string; name: string; ref_table: string; columns: string[]; ref_columns: string[] }>(
          `select c.relname as table_name, k.conname as name, rc.relname as ref_table,
                  (select array_agg(a.attname::text order by u.ord) from unnest(k.conkey) with ordinality u(num, ord)
                     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.num) as columns,
                  (select array_agg(a.attname::text order by u.ord) from unnest(k.confkey) with ordinality u(num, ord)
                     join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.num) as ref_columns
           from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class rc on rc.oid = k.confrelid
           join pg_namespace n on n.oid = c.relnamespace
           where k.contype = 'f' and n.nspname = $1 order by c.relname, k.conname`,
        ),
      ]);
      return tablesFromCatalogue(
        tables.map((row) => ({ name: row.name, kind: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table', comment: row.comment ?? '', row_estimate: Math.round(row.estimate) })),
        columns.map((row) => ({ table: row.table_name, name: row.name, type: row.type, nullable: !row.not_null, primary_key: row.primary_key, comment: row.comment ?? '' })),
        keys.map((row) => ({ table: row.table_name, name: row.name, ref_table: row.ref_table, columns: row.columns, ref_columns: row.ref_columns })),
      );
    },

    async privilegeWarnings() {
      const [row] = await catalogue<{ superuser: boolean; files: boolean; writes: boolean }>(
        `select r.rolsuper as superuser,
                pg_has_role(current_user, 'pg_read_server_files', 'member') or pg_has_role(current_user, 'pg_write_server_files', 'member')
                  or pg_has_role(current_user, 'pg_execute_server_program', 'member') as files,
                has_schema_privilege($1, 'CREATE') or exists (
                  select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = $1 and c.relkind in ('r', 'p')
                    and (has_table_privilege(c.oid, 'INSERT') or has_table_privilege(c.oid, 'UPDATE') or has_table_privilege(c.oid, 'DELETE'))) as writes
         from pg_roles r where r.rolname = current_user`,
      );
      const warnings: string[] = [];
      if (row?.superuser || row?.writes) warnings.push(PRIVILEGE_WARNINGS.write('postgresql', target.database, schema));
      if (row?.superuser || row?.files) warnings.push(PRIVILEGE_WARNINGS.files);
      return warnings;
    },

    async runReadOnly(sql: string, limits: SqlLimits): Promise<SqlResult> {
      let client: pg.PoolClient | undefined;
      let broken: Error | undefined;
      try {
        client = await pool.connect();
        // Our own two statements in one round trip (the simple protocol takes several; the model's SQL never goes this way).
        await client.query(`begin transaction read only; set local statement_timeout = ${Math.max(1, Math.floor(limits.statementTimeoutMs))}`);
        const started = performance.now();
        // The extended protocol takes exactly one statement: a second one smuggled past the guard is a syntax error.
        const result = await client.query<unknown[]>({ text: sql, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig);
        const duration_ms = Math.round(performance.now() - started);
        const kept = keptRows(
          result.rows,
          result.fields.map((field) => NUMERIC_TYPES.has(field.dataTypeID)),
          limits,
        );
        return { columns: result.fields.map((field) => field.name), ...kept, duration_ms };
      } catch (error) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw classify(error, limits.statementTimeoutMs);
      } finally {
        if (client) {
          const ended = await client.query('rollback').then(
            () => true,
            () => false,
          );
          client.release(ended ? undefined : broken);
        }
      }
    },

    close: () => pool.end(),
  };
}
