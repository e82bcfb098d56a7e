import type { DbSslMode, DbTableInfo, DbType } from '@agent-platform/contracts';

/** Where a datasource is and how to sign in; `host` is the address already checked by the outbound rules. */
export interface SqlTarget {
  dialect: DbType;
  host: string;
  /** The name the user gave, for checking the server's certificate (`host` is the address it resolved to). */
  serverName: string;
  port: number;
  database: string;
  /** PostgreSQL: the schema tables are listed from and unqualified names resolve to. MySQL: unused. */
  schema: string;
  user: string;
  password: string;
  sslMode: DbSslMode;
  /** PEM certificates of the authorities `verify` trusts besides the system's (a company's own CA); empty for none. */
  sslCa: string;
  connectTimeoutMs: number;
}

export interface SqlLimits {
  statementTimeoutMs: number;
  maxRows: number;
  maxCellChars: number;
  maxResultChars: number;
}

export interface SqlResult {
  columns: string[];
  rows: unknown[][];
  /** More rows (or characters) than the limits keep. */
  truncated: boolean;
  duration_ms: number;
}

/**
 * One datasource's connections: a small pool, every statement run read-only (session and
 * transaction) with a statement timeout, one statement per call (no multi-statement protocol).
 */
export interface SqlClient {
  readonly dialect: DbType;
  serverVersion(): Promise<string>;
  /** Tables and views of the schema with comments, columns, keys and the catalogue's row estimate. */
  listTables(): Promise<DbTableInfo[]>;
  /** Chinese warnings when the signed-in user may write data or read and write server files. */
  privilegeWarnings(): Promise<string[]>;
  /** Runs one already guarded `SELECT`. Throws `SqlClientError`. */
  runReadOnly(sql: string, limits: SqlLimits): Promise<SqlResult>;
  close(): Promise<void>;
}

/** A name quoted for the dialect, for statements the platform writes itself (never the model's). */
export function quoteIdentifier(dialect: DbType, name: string): string {
  return dialect === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

export type SqlErrorKind =
  'unreachable' | 'no_tls' | 'tls_certificate' | 'auth' | 'unknown_database' | 'timeout' | 'unknown_column' | 'unknown_table' | 'syntax' | 'read_only' | 'permission' | 'other';

/**
 * A database failure reduced to its class and the names involved: the database's own message can
 * carry values (`UPDATEXML` errors quote the data they were made to leak), so it never travels on.
 */
export class SqlClientError extends Error {
  constructor(
    readonly kind: SqlErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SqlClientError';
  }
}

const NAME = /^[\p{L}\p{N}_$.]{1,128}$/u;

/** A quoted name from a driver message, kept only if it looks like an identifier (never a value). */
export function nameIn(message: string, pattern: RegExp): string {
  const match = pattern.exec(message)?.[1];
  return match && NAME.test(match) ? match : '';
}

export const describeSqlError: Record<SqlErrorKind, (name: string, timeoutMs: number) => string> = {
  unreachable: () => '无法连接数据库：请检查主机地址、端口和网络，以及数据库是否已启动',
  no_tls: () => '数据库服务器不支持 SSL/TLS 加密连接：请在数据库上启用 TLS，或把 SSL 改为「不使用」',
  tls_certificate: (reason) => `数据库服务器的证书未通过校验（${reason}）：请填写与证书一致的主机名、在「CA 证书」中填入签发它的机构的证书，或把 SSL 改为「使用（不校验证书）」`,
  auth: () => '数据库拒绝登录：用户名或密码不正确，或该用户没有从本机登录的权限',
  unknown_database: (name) => (name ? `数据库 ${name} 不存在，或该用户无权访问` : '数据库不存在，或该用户无权访问'),
  timeout: (_name, timeoutMs) => `查询超过 ${Math.round(timeoutMs / 1000)} 秒未完成，已被中止：请缩小范围或增加筛选条件`,
  unknown_column: (name) => (name ? `列 ${name} 不存在` : '列不存在'),
  unknown_table: (name) => (name ? `表 ${name} 不存在` : '表不存在'),
  syntax: () => 'SQL 语法错误',
  read_only: () => '只读连接不允许修改数据',
  permission: (name) => (name ? `数据库用户没有权限访问 ${name}` : '数据库用户没有权限访问该对象'),
  other: () => '数据库执行出错',
};

export function sqlError(kind: SqlErrorKind, name = '', timeoutMs = 0): SqlClientError {
  return new SqlClientError(kind, describeSqlError[kind](name, timeoutMs));
}

/**
 * Why Node refused a server's certificate: by the code of its TLS error, or by its message where the
 * driver replaced the code (mysql2 calls every TLS failure `HANDSHAKE_SSL_ERROR`).
 */
const CERTIFICATE_REASONS: Array<[code: string, message: RegExp, reason: string]> = [
  ['ERR_TLS_CERT_ALTNAME_INVALID', /altnames/i, '证书上的名称与主机地址不符'],
  ['SELF_SIGNED_CERT_IN_CHAIN', /self[- ]signed certificate in certificate chain/i, '证书链中有不受信任的自签名证书'],
  ['DEPTH_ZERO_SELF_SIGNED_CERT', /self[- ]signed certificate/i, '证书是自签名的'],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', /unable to verify the first certificate/i, '无法确认证书的签发机构'],
  ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', /unable to get local issuer certificate/i, '证书的签发机构不受信任'],
  ['UNABLE_TO_GET_ISSUER_CERT', /unable to get issuer certificate/i, '找不到证书的签发机构'],
  ['CERT_UNTRUSTED', /certificate not trusted/i, '证书不受信任'],
  ['CERT_HAS_EXPIRED', /certificate has expired/i, '证书已过期'],
  ['CERT_NOT_YET_VALID', /certificate is not yet valid/i, '证书尚未生效'],
  ['CERT_REVOKED', /certificate revoked/i, '证书已被吊销'],
];

/** A TLS failure of either driver (the server has no TLS, or its certificate was refused), or `undefined`. */
export function tlsFailure(error: unknown): SqlClientError | undefined {
  const { code = '', message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT' || /server does not support SSL/i.test(message)) return sqlError('no_tls');
  const known = CERTIFICATE_REASONS.find(([reasonCode, pattern]) => code === reasonCode || (code === 'HANDSHAKE_SSL_ERROR' && pattern.test(message)));
  if (known) return sqlError('tls_certificate', known[2]);
  return code === 'HANDSHAKE_SSL_ERROR' ? sqlError('tls_certificate', 'TLS 握手失败') : undefined;
}

/** Socket-level failures both drivers report with Node's codes. */
export const NETWORK_CODES = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EAI_AGAIN', 'EPIPE']);

/** Rejects with `unreachable` when `work` takes longer than `ms`: a dead host must never hang a request. */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(sqlError('unreachable')), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Warning texts and the statements that make a read-only user. */
export const PRIVILEGE_WARNINGS = {
  write: (dialect: DbType, database: string, schema: string) =>
    dialect === 'mysql'
      ? `该账号可以修改数据或表结构。建议改用只读账号，例如：CREATE USER 'reader'@'%' IDENTIFIED BY '强密码'; GRANT SELECT ON \`${database}\`.* TO 'reader'@'%';`
      : `该账号可以修改数据或表结构。建议改用只读账号，例如：CREATE ROLE reader LOGIN PASSWORD '强密码'; GRANT USAGE ON SCHEMA "${schema}" TO reader; GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO reader;`,
  files: '该账号可以读写数据库服务器上的文件或执行程序（如 FILE 权限、超级用户）：泄露风险很高，请务必改用只读账号',
};
