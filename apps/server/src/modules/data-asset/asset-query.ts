import { DB_QUERY_DEFAULTS } from '@agent-platform/contracts';
import { AppError } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { guardSql, SqlClientError, type SqlLimits, type SqlResult } from '../../platform/sql/index.js';
import type { DatasourceAccess, DatasourceRow } from '../datasource/index.js';
import { guardScopeOf } from './asset-structure.js';
import { storedAssetContent } from './data-asset.mapper.js';
import * as repo from './data-asset.repo.js';

export type AssetQueryOutcome = { ok: true; sql: string; result: SqlResult } | { ok: false; refused: boolean; sql: string; reason: string };

export type AssetQueryRunner = ReturnType<typeof createAssetQueryRunner>;

/**
 * One statement for an asset, the same path for the asset chat and the data tool: the guard (only
 * the asset's tables and columns, one `SELECT`, a row limit), then the datasource's read-only
 * execution with its timeout; every attempt, refused or run, is audited.
 */
export function createAssetQueryRunner({ db, access, statementTimeoutMs }: { db: Db; access: DatasourceAccess; statementTimeoutMs: number }) {
  const limits: SqlLimits = {
    statementTimeoutMs,
    maxRows: DB_QUERY_DEFAULTS.max_rows,
    maxCellChars: DB_QUERY_DEFAULTS.max_cell_chars,
    maxResultChars: DB_QUERY_DEFAULTS.max_result_chars,
  };

  const audit = (asset: repo.AssetRow, userId: string, sql: string, outcome: 'ok' | 'refused' | 'failed', extra: { error?: string; rowCount?: number; durationMs?: number } = {}) =>
    repo.insertAudit(db, { assetId: asset.id, userId, sql, outcome, ...extra });

  async function guard(asset: repo.AssetRow, connection: DatasourceRow, sql: string) {
    const { tables } = storedAssetContent.read(asset.content);
    // Which columns the chosen-column tables hide is read from the catalogue, only when some are chosen.
    const catalogue = tables.some((table) => table.columns) ? await access.tablesOf(connection) : [];
    return guardSql(connection.dbType, sql, guardScopeOf(tables, connection.dbType, connection.databaseName, connection.schemaName, catalogue), limits.maxRows);
  }

  /** The guard's reason to refuse the statement (audited), or `undefined` when it may run. */
  async function check(asset: repo.AssetRow, connection: DatasourceRow, userId: string, sql: string): Promise<string | undefined> {
    const guarded = await guard(asset, connection, sql);
    if (guarded.ok) return undefined;
    await audit(asset, userId, sql, 'refused', { error: guarded.reason });
    return guarded.reason;
  }

  async function run(asset: repo.AssetRow, connection: DatasourceRow, userId: string, sql: string): Promise<AssetQueryOutcome> {
    const guarded = await guard(asset, connection, sql);
    if (!guarded.ok) {
      await audit(asset, userId, sql, 'refused', { error: guarded.reason });
      return { ok: false, refused: true, sql, reason: guarded.reason };
    }
    try {
      const client = await access.clientOf(connection);
      const result = await client.runReadOnly(guarded.sql, limits);
      await audit(asset, userId, guarded.sql, 'ok', { rowCount: result.rows.length, durationMs: result.duration_ms });
      return { ok: true, sql: guarded.sql, result };
    } catch (error) {
      if (!(error instanceof SqlClientError) && !(error instanceof AppError)) throw error;
      await audit(asset, userId, guarded.sql, 'failed', { error: error.message });
      return { ok: false, refused: false, sql: guarded.sql, reason: error.message };
    }
  }

  return { check, run };
}
