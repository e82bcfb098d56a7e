import { assetTable, verifiedQuery, type AssetQueryAudit, type DataAsset } from '@agent-platform/contracts';
import { z } from 'zod';
import { canEdit, storedJson, type Viewer } from '../../core/index.js';
import type { AssetListRow, AuditRow } from './data-asset.repo.js';

/** The `content` column of `db_assets`. */
export const storedAssetContent = storedJson('asset content', {
  version: 1,
  schema: z.object({ tables: z.array(assetTable), example_questions: z.array(z.string()), verified_queries: z.array(verifiedQuery) }),
});

export function toAsset(row: AssetListRow, viewer: Viewer): DataAsset {
  const content = storedAssetContent.read(row.content);
  return {
    id: row.id,
    connection_id: row.connectionId,
    connection_name: row.connectionName,
    db_type: row.dbType,
    name: row.name,
    description: row.description,
    tables: content.tables,
    example_questions: content.example_questions,
    verified_queries: content.verified_queries,
    tags: row.tags,
    is_public: row.isPublic,
    access_user_ids: row.accessUserIds,
    confirm_sql: row.confirmSql,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    editable: canEdit(viewer, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toAudit(row: AuditRow): AssetQueryAudit {
  return {
    id: row.id,
    user_name: row.userName,
    sql: row.sql,
    outcome: row.outcome,
    error: row.error,
    row_count: row.rowCount,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
  };
}
