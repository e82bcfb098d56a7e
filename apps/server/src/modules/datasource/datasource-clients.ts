import { DB_QUERY_DEFAULTS } from '@agent-platform/contracts';
import { findOutboundRefusal, type Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { openSqlClient, SqlClientError, within, type SqlClient, type SqlTarget } from '../../platform/sql/index.js';
import { datasourceFailed } from './datasource.errors.js';

/** What opening a client needs of a datasource, stored or about to be. */
export interface ConnectionSettings {
  dbType: SqlTarget['dialect'];
  host: string;
  port: number;
  databaseName: string;
  schemaName: string;
  userName: string;
  sslMode: SqlTarget['sslMode'];
  sslCa: string;
}

/** A saved datasource: its id and `updatedAt` name the pool's version. */
export type SavedSettings = ConnectionSettings & { id: string; passwordSealed: string | null; updatedAt: Date; ownerIsAdmin: boolean };

export interface ClientCacheOptions {
  outbound: Outbound;
  secrets: SecretBox;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Pools unused this long are closed. */
  idleMs?: number;
}

export type ClientCache = ReturnType<typeof createClientCache>;

/** A driver or outbound failure as the Chinese `AppError` every call answers with. */
export function asDatasourceError(error: unknown): unknown {
  const refusal = findOutboundRefusal(error);
  if (refusal) return datasourceFailed(refusal.message);
  if (error instanceof SqlClientError) return datasourceFailed(error.message);
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return datasourceFailed('无法解析数据库主机地址：请检查主机名是否正确');
  return error;
}

/**
 * One pool per saved datasource, kept while used and rebuilt when the datasource changes (its
 * `updatedAt` is the version); a test connection gets a pool of its own that is closed at once.
 */
export function createClientCache({
  outbound,
  secrets,
  statementTimeoutMs = DB_QUERY_DEFAULTS.statement_timeout_ms,
  connectTimeoutMs = DB_QUERY_DEFAULTS.connect_timeout_ms,
  idleMs = 10 * 60_000,
}: ClientCacheOptions) {
  const pools = new Map<string, { version: number; client: SqlClient; usedAt: number }>();

  async function targetOf(settings: ConnectionSettings, password: string, trusted: boolean): Promise<SqlTarget> {
    return {
      dialect: settings.dbType,
      // A resolver that never answers counts as an unreachable database too.
      host: await within(connectTimeoutMs, outbound.resolveHost(settings.host, { trusted })),
      serverName: settings.host,
      port: settings.port,
      database: settings.databaseName,
      schema: settings.schemaName,
      user: settings.userName,
      password,
      sslMode: settings.sslMode,
      sslCa: settings.sslCa,
      connectTimeoutMs,
    };
  }

  const passwordOf = (sealed: string | null) => (sealed ? secrets.open(sealed) : '');

  function closeIdle(now: number): void {
    for (const [id, entry] of pools) {
      if (now - entry.usedAt > idleMs) {
        pools.delete(id);
        void entry.client.close().catch(() => {});
      }
    }
  }

  /** The pool of a saved datasource. */
  async function clientOf(row: SavedSettings): Promise<SqlClient> {
    const now = Date.now();
    closeIdle(now);
    const cached = pools.get(row.id);
    if (cached && cached.version === row.updatedAt.getTime()) {
      cached.usedAt = now;
      return cached.client;
    }
    if (cached) void cached.client.close().catch(() => {});
    try {
      const client = openSqlClient(await targetOf(row, passwordOf(row.passwordSealed), row.ownerIsAdmin), statementTimeoutMs);
      pools.set(row.id, { version: row.updatedAt.getTime(), client, usedAt: now });
      return client;
    } catch (error) {
      throw asDatasourceError(error);
    }
  }

  return {
    statementTimeoutMs,
    passwordOf,
    sealPassword: (password: string) => secrets.seal(password),
    clientOf,

    /** `work` on the pool of a saved datasource; driver failures become Chinese `AppError`s. */
    async run<T>(row: SavedSettings, work: (client: SqlClient) => Promise<T>): Promise<T> {
      try {
        return await work(await clientOf(row));
      } catch (error) {
        throw asDatasourceError(error);
      }
    },

    /** `work` on a pool of its own, closed afterwards: connection tests of settings not saved yet. */
    async withTransientClient<T>(settings: ConnectionSettings, password: string, trusted: boolean, work: (client: SqlClient) => Promise<T>): Promise<T> {
      let client: SqlClient | undefined;
      try {
        client = openSqlClient(await targetOf(settings, password, trusted), statementTimeoutMs);
        return await work(client);
      } catch (error) {
        throw asDatasourceError(error);
      } finally {
        void client?.close().catch(() => {});
      }
    },

    forget(id: string): void {
      const cached = pools.get(id);
      pools.delete(id);
      void cached?.client.close().catch(() => {});
    },

    async close(): Promise<void> {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((entry) => entry.client.close().catch(() => {})));
    },
  };
}
