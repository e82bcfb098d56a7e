import { z } from 'zod';
import { DB_ACCESS_LIST_MAX, type DbType } from './database-values.js';
import type { ColumnNote, DbColumnInfo, DbForeignKey } from './database.js';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { tagFilter, tagNameList } from './tag.js';

export const ASSET_NAME_MAX = 60;
export const ASSET_TABLES_MAX = 1000;
export const ASSET_SQL_MAX = 20_000;

const sqlText = (label: string) => requiredText(label, ASSET_SQL_MAX);

/** One table of an asset; `columns` null: every column. */
export const assetTable = z.object({
  name: requiredText('表名', 128),
  columns: z.array(requiredText('列名', 128), { error: '列必须是数组' }).min(1, '至少选择一列').max(500, '每张表最多 500 列').nullable().default(null),
});
export type AssetTable = z.infer<typeof assetTable>;

export const verifiedQuery = z.object({ question: requiredText('问题', 500), sql: sqlText('SQL') });
export type VerifiedQuery = z.infer<typeof verifiedQuery>;

const assetFields = {
  name: requiredText('数据资产名称', ASSET_NAME_MAX),
  description: z.string({ error: '描述必须是文本' }).trim().max(2000, '描述不能超过 2000 个字符'),
  tables: z.array(assetTable, { error: '表必须是数组' }).min(1, '至少选择一张表').max(ASSET_TABLES_MAX, `最多选择 ${ASSET_TABLES_MAX} 张表`),
  example_questions: z.array(requiredText('示例问题', 200), { error: '示例问题必须是数组' }).max(20, '示例问题最多 20 个'),
  verified_queries: z.array(verifiedQuery, { error: '已验证的问题必须是数组' }).max(200, '已验证的问题最多 200 个'),
  tags: tagNameList,
  is_public: z.boolean({ error: 'is_public 必须是布尔值' }),
  access_user_ids: z.array(id('用户 id'), { error: '访问名单必须是用户 id 的数组' }).max(DB_ACCESS_LIST_MAX, `访问名单最多 ${DB_ACCESS_LIST_MAX} 人`),
  /** The asset chat pauses with the SQL before running it, and the person may edit it. */
  confirm_sql: z.boolean({ error: 'confirm_sql 必须是布尔值' }),
};

export const createAssetBody = z.object({
  connection_id: id('数据源 id'),
  name: assetFields.name,
  description: assetFields.description.default(''),
  tables: assetFields.tables,
  example_questions: assetFields.example_questions.default([]),
  verified_queries: assetFields.verified_queries.default([]),
  tags: assetFields.tags.default([]),
  is_public: assetFields.is_public.default(false),
  access_user_ids: assetFields.access_user_ids.default([]),
  confirm_sql: assetFields.confirm_sql.default(false),
});
export type CreateAssetBody = z.infer<typeof createAssetBody>;

export const updateAssetBody = z.object({
  id: id('数据资产 id'),
  name: assetFields.name.optional(),
  description: assetFields.description.optional(),
  tables: assetFields.tables.optional(),
  example_questions: assetFields.example_questions.optional(),
  verified_queries: assetFields.verified_queries.optional(),
  tags: assetFields.tags.optional(),
  is_public: assetFields.is_public.optional(),
  access_user_ids: assetFields.access_user_ids.optional(),
  confirm_sql: assetFields.confirm_sql.optional(),
});
export type UpdateAssetBody = z.infer<typeof updateAssetBody>;

export const assetIdBody = z.object({ id: id('数据资产 id') });

/** Which of the assets one may use `/db/asset/query_asset` lists: all of them, the public ones, or the ones others shared with the caller. */
export const ASSET_LIST_SCOPES = ['all', 'public', 'shared'] as const;
export type AssetListScope = (typeof ASSET_LIST_SCOPES)[number];

export const listAssetsBody = pageQuery.extend({
  keyword: optionalText('关键词', 100),
  tag: tagFilter,
  scope: z.enum(ASSET_LIST_SCOPES, { error: '范围只能是 all、public 或 shared' }).default('all'),
});
export type ListAssetsBody = z.infer<typeof listAssetsBody>;

export const assetStructureBody = z.object({ id: id('数据资产 id'), table_name: requiredText('表名', 128) });
export const assetStructuresBody = z.object({
  id: id('数据资产 id'),
  table_names: z.array(requiredText('表名', 128), { error: '表名必须是数组' }).max(ASSET_TABLES_MAX, `最多 ${ASSET_TABLES_MAX} 张表`).optional(),
});
export type AssetStructuresBody = z.infer<typeof assetStructuresBody>;

export interface DataAsset {
  id: string;
  connection_id: string;
  connection_name: string;
  db_type: DbType;
  name: string;
  description: string;
  tables: AssetTable[];
  example_questions: string[];
  verified_queries: VerifiedQuery[];
  tags: string[];
  is_public: boolean;
  access_user_ids: string[];
  confirm_sql: boolean;
  owner_id: string;
  owner_name: string;
  editable: boolean;
  created_at: string;
  updated_at: string;
}

/** A column as the model sees it: the catalogue's facts and the notes on it. */
export interface AssetColumnStructure extends DbColumnInfo {
  note?: ColumnNote;
}

/** One table of an asset as the model sees it. */
export interface AssetTableStructure {
  name: string;
  comment: string;
  description: string;
  synonyms: string[];
  columns: AssetColumnStructure[];
  foreign_keys: DbForeignKey[];
}

export const assetChatBody = z.object({
  asset_id: id('数据资产 id'),
  llm_name: requiredText('模型名称', 200),
  query: requiredText('问题', 2000),
  conversation_id: id('会话 id').optional(),
  regenerate: z.boolean({ error: 'regenerate 必须是布尔值' }).optional(),
});
export type AssetChatBody = z.infer<typeof assetChatBody>;

/** Run the SQL the paused chat shows as it is. */
export const assetSqlConfirmBody = z.object({ run_id: id('运行 id') });
/** Run an edited SQL instead (it passes the guard again). */
export const assetSqlReplaceBody = assetSqlConfirmBody.extend({ sql: sqlText('SQL') });
export type AssetSqlReplaceBody = z.infer<typeof assetSqlReplaceBody>;

export const ASSET_CHART_TYPES = ['bar', 'line', 'pie', 'none'] as const;
export type AssetChartType = (typeof ASSET_CHART_TYPES)[number];

/** The chart a result's shape suggests: `x` the category or time column, `y` the numeric ones. */
export interface AssetChart {
  type: AssetChartType;
  x: string | null;
  y: string[];
}

export interface AssetQueryAudit {
  id: string;
  user_name: string;
  sql: string;
  outcome: 'ok' | 'refused' | 'failed';
  error: string;
  row_count: number;
  duration_ms: number;
  created_at: string;
}
