/** Zod-free values of datasources and data assets, shared by server and web. */

export const DB_TYPES = ['mysql', 'postgresql'] as const;
export type DbType = (typeof DB_TYPES)[number];
export const DB_TYPE_LABELS: Record<DbType, string> = { mysql: 'MySQL / MariaDB', postgresql: 'PostgreSQL' };
export const DB_DEFAULT_PORTS: Record<DbType, number> = { mysql: 3306, postgresql: 5432 };

/** `disable`: plain TCP; `require`: TLS without checking the certificate; `verify`: TLS with a checked certificate. */
export const DB_SSL_MODES = ['disable', 'require', 'verify'] as const;
export type DbSslMode = (typeof DB_SSL_MODES)[number];

export const DB_CONNECTION_NAME_MAX = 60;
/** Characters of a datasource's CA certificates (a chain of a few PEM certificates). */
export const DB_SSL_CA_MAX = 20_000;
export const DB_ACCESS_LIST_MAX = 200;

/** Sampled values: a column with at most this many distinct values gets them in its notes; at most this many columns a table. */
export const DB_SAMPLE_LIMITS = { max_distinct: 20, max_columns: 30, max_value_chars: 50 } as const;

/** Limits of one guarded statement: what the asset chat and the data tool run. */
export const DB_QUERY_DEFAULTS = {
  /** Rows a result keeps (a larger `LIMIT` is lowered to it, a missing one added). */
  max_rows: 500,
  statement_timeout_ms: 15_000,
  connect_timeout_ms: 5_000,
  /** Characters of one cell kept in a result. */
  max_cell_chars: 2_000,
  /** Characters of a whole result kept; rows past it are dropped and the result marked truncated. */
  max_result_chars: 1_000_000,
} as const;
