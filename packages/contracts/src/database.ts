import { z } from 'zod';
import { DB_ACCESS_LIST_MAX, DB_CONNECTION_NAME_MAX, DB_SSL_CA_MAX, DB_SSL_MODES, DB_TYPES, type DbSslMode, type DbType } from './database-values.js';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import type { UserBrief } from './user.js';

const IDENTIFIER = /^[\p{L}\p{N}_$\-. ]+$/u;
const identifier = (label: string) => requiredText(label, 128).regex(IDENTIFIER, `${label}只能包含文字、数字、空格和 _ $ - .`);

const connectionFields = {
  name: requiredText('数据源名称', DB_CONNECTION_NAME_MAX),
  description: z.string({ error: '描述必须是文本' }).trim().max(500, '描述不能超过 500 个字符'),
  db_type: z.enum(DB_TYPES, { error: '数据库类型只能是 mysql 或 postgresql' }),
  // A name with a letter, a dotted IPv4 address or an IPv6 address: never the shorthand forms (`2130706433`, `127.1`) resolvers also read as addresses.
  host: requiredText('主机地址', 255).refine(
    (value) => /^(?=.*[A-Za-z])[A-Za-z0-9.\-_]+$/.test(value) || /^(\d{1,3}\.){3}\d{1,3}$/.test(value) || /^\[?[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*\]?$/.test(value),
    '主机地址只能是域名或 IP 地址',
  ),
  port: z.coerce.number({ error: '端口必须是数字' }).int('端口必须是整数').min(1, '端口最小为 1').max(65535, '端口最大为 65535'),
  database: identifier('数据库名'),
  schema: z
    .string({ error: 'schema 必须是文本' })
    .trim()
    .max(128, 'schema 不能超过 128 个字符')
    .regex(/^[\p{L}\p{N}_$-]*$/u, 'schema 只能包含文字、数字和 _ $ -'),
  user: requiredText('用户名', 128),
  password: z.string({ error: '密码必须是文本' }).max(500, '密码不能超过 500 个字符'),
  ssl_mode: z.enum(DB_SSL_MODES, { error: 'SSL 模式只能是 disable、require 或 verify' }),
  /** For `verify`: the PEM certificates of the authority that signed the server's (a company's own CA), besides the system's. */
  ssl_ca: z
    .string({ error: 'CA 证书必须是文本' })
    .trim()
    .max(DB_SSL_CA_MAX, `CA 证书不能超过 ${DB_SSL_CA_MAX} 个字符`)
    .refine((value) => value === '' || /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(value), 'CA 证书必须是 PEM 格式（以 -----BEGIN CERTIFICATE----- 开头）'),
  is_public: z.boolean({ error: 'is_public 必须是布尔值' }),
  access_user_ids: z.array(id('用户 id'), { error: '访问名单必须是用户 id 的数组' }).max(DB_ACCESS_LIST_MAX, `访问名单最多 ${DB_ACCESS_LIST_MAX} 人`),
};

export const createConnectionBody = z.object({
  name: connectionFields.name,
  description: connectionFields.description.default(''),
  db_type: connectionFields.db_type,
  host: connectionFields.host,
  port: connectionFields.port,
  database: connectionFields.database,
  schema: connectionFields.schema.default(''),
  user: connectionFields.user,
  password: connectionFields.password.default(''),
  ssl_mode: connectionFields.ssl_mode.default('disable'),
  ssl_ca: connectionFields.ssl_ca.default(''),
  is_public: connectionFields.is_public.default(false),
  access_user_ids: connectionFields.access_user_ids.default([]),
});
export type CreateConnectionBody = z.infer<typeof createConnectionBody>;

/** Only the fields given change; no `password` keeps the stored one. */
export const updateConnectionBody = z.object({
  id: id('数据源 id'),
  name: connectionFields.name.optional(),
  description: connectionFields.description.optional(),
  host: connectionFields.host.optional(),
  port: connectionFields.port.optional(),
  database: connectionFields.database.optional(),
  schema: connectionFields.schema.optional(),
  user: connectionFields.user.optional(),
  password: connectionFields.password.optional(),
  ssl_mode: connectionFields.ssl_mode.optional(),
  ssl_ca: connectionFields.ssl_ca.optional(),
  is_public: connectionFields.is_public.optional(),
  access_user_ids: connectionFields.access_user_ids.optional(),
});
export type UpdateConnectionBody = z.infer<typeof updateConnectionBody>;

/** The form's "test" button: settings not saved yet; with `id` and no password, the stored password is used. */
export const testConnectionBody = z.object({
  id: id('数据源 id').optional(),
  db_type: connectionFields.db_type,
  host: connectionFields.host,
  port: connectionFields.port,
  database: connectionFields.database,
  schema: connectionFields.schema.default(''),
  user: connectionFields.user,
  password: connectionFields.password.optional(),
  ssl_mode: connectionFields.ssl_mode.default('disable'),
  ssl_ca: connectionFields.ssl_ca.default(''),
});
export type TestConnectionBody = z.infer<typeof testConnectionBody>;

export const connectionIdBody = z.object({ id: id('数据源 id') });

export const listConnectionsBody = pageQuery.extend({ keyword: optionalText('关键词', 100) });
export type ListConnectionsBody = z.infer<typeof listConnectionsBody>;

/** A datasource as answered: the password never, only whether one is set. */
export interface DbConnection {
  id: string;
  name: string;
  description: string;
  db_type: DbType;
  host: string;
  port: number;
  database: string;
  schema: string;
  user: string;
  has_password: boolean;
  ssl_mode: DbSslMode;
  /** Certificates are public: answered as stored. */
  ssl_ca: string;
  is_public: boolean;
  access_user_ids: string[];
  owner_id: string;
  owner_name: string;
  editable: boolean;
  created_at: string;
  updated_at: string;
}

export interface DbConnectionTest {
  server_version: string;
  latency_ms: number;
  /** Chinese warnings: the user can write, or read and write files. Empty for a read-only user. */
  warnings: string[];
}

/** A user on an access list. */
export type DbAccessUser = UserBrief;

export interface DbColumnInfo {
  name: string;
  type: string;
  nullable: boolean;
  primary_key: boolean;
  comment: string;
}

export interface DbForeignKey {
  columns: string[];
  ref_table: string;
  ref_columns: string[];
}

export interface DbTableInfo {
  name: string;
  kind: 'table' | 'view';
  comment: string;
  /** The catalogue's estimate, not a count; -1 when the database has none yet. */
  row_estimate: number;
  columns: DbColumnInfo[];
  foreign_keys: DbForeignKey[];
}

const shortList = (label: string, max: number) =>
  z
    .array(
      z
        .string({ error: `${label}必须是文本` })
        .trim()
        .min(1, `${label}不能为空`)
        .max(100, `${label}不能超过 100 个字符`),
      { error: `${label}必须是数组` },
    )
    .max(max, `${label}最多 ${max} 个`);

const tableName = requiredText('表名', 128);

export const columnNote = z.object({
  name: requiredText('列名', 128),
  description: z.string({ error: '列说明必须是文本' }).trim().max(500, '列说明不能超过 500 个字符').default(''),
  synonyms: shortList('同义词', 20).default([]),
  unit: z.string({ error: '单位必须是文本' }).trim().max(50, '单位不能超过 50 个字符').default(''),
  /** What codes mean, e.g. `1=已支付, 2=已取消`. */
  code_meanings: z.string({ error: '取值含义必须是文本' }).trim().max(1000, '取值含义不能超过 1000 个字符').default(''),
  sample_values: shortList('示例值', 50).default([]),
});
export type ColumnNote = z.infer<typeof columnNote>;

const noteFields = {
  description: z.string({ error: '表说明必须是文本' }).trim().max(2000, '表说明不能超过 2000 个字符'),
  synonyms: shortList('同义词', 20),
  columns: z.array(columnNote, { error: '列说明必须是数组' }).max(500, '列说明最多 500 个'),
};

export const createTableNoteBody = z.object({
  connection_id: id('数据源 id'),
  table_name: tableName,
  description: noteFields.description.default(''),
  synonyms: noteFields.synonyms.default([]),
  columns: noteFields.columns.default([]),
});
export type CreateTableNoteBody = z.infer<typeof createTableNoteBody>;

export const updateTableNoteBody = z.object({
  id: id('表说明 id'),
  description: noteFields.description.optional(),
  synonyms: noteFields.synonyms.optional(),
  columns: noteFields.columns.optional(),
});
export type UpdateTableNoteBody = z.infer<typeof updateTableNoteBody>;

export const tableNoteIdBody = z.object({ id: id('表说明 id') });

/** Collects the distinct values of the table's low-cardinality columns into its notes (`sample_values`). */
export const collectSampleValuesBody = z.object({ connection_id: id('数据源 id'), table_name: tableName });
export type CollectSampleValuesBody = z.infer<typeof collectSampleValuesBody>;

export const listTableNotesBody = z.object({ connection_id: id('数据源 id'), table_name: optionalText('表名', 128) });
export type ListTableNotesBody = z.infer<typeof listTableNotesBody>;

export interface DbTableNote {
  id: string;
  connection_id: string;
  table_name: string;
  description: string;
  synonyms: string[];
  columns: ColumnNote[];
  created_at: string;
  updated_at: string;
}
