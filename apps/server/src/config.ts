import path from 'node:path';
import { z } from 'zod';
import { parseSecretKey } from './platform/security/index.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  /** postgres://… runs on PostgreSQL; empty runs on embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  WEB_DIST: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** A token older than this is replaced by a new one, sent in the `access_token` response header. */
  SESSION_ROTATE_HOURS: z.coerce.number().positive().default(24),
  /** Verified sessions are remembered this long per process (revocations evict at once); 0 turns it off. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** Models remembered by name per process; every change to a model evicts them everywhere at once. */
  LLM_MODEL_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** Agents remembered by id for chats per process; every change to an agent evicts it everywhere at once. */
  AGENT_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** `model`: after a conversation's first answer its model writes the title; `question`: the question's first words stay. */
  CONVERSATION_TITLES: z.enum(['model', 'question']).default('model'),
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP_AND_USER: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  /** Extra wait per failure after the third, so guessing is slow before it is blocked. */
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).default(400),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL 必须是 http(s) 地址，例如 https://agents.example.com' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  SMS_PROVIDER: z.enum(['log', 'webhook']).default('log'),
  SMS_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SMS_MAX_PER_HOUR: z.coerce.number().int().min(1).default(500),
  SMS_CHALLENGE_AFTER: z.coerce.number().int().min(0).default(3),
  SMS_WEBHOOK_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
  /** Encrypts stored secrets (model API keys …): 32 bytes as 64 hex characters or base64. Empty: DATA_DIR/secret.key. */
  SECRET_KEY: z
    .string()
    .optional()
    .refine((value) => !value || parseSecretKey(value) !== undefined, 'SECRET_KEY 必须是 32 字节：64 位十六进制或 base64（可用 openssl rand -hex 32 生成）'),
  /** A non-streamed model call must finish within it; a stream must start, and never pause, longer. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Tries per model call for 429, 5xx and network failures (1 = no retry). */
  LLM_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Wait before the second try of a model call; doubles for each further try. */
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** A claimed job is another process's to take after this long without its owner's heartbeat (renewed every third of it). */
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Segments per transaction (and full-text index group) when the server rebuilds an index an upgrade emptied; ingestion's group size by default. */
  KB_INDEX_REBUILD_BATCH: z.coerce.number().int().min(1).max(100_000).default(1250),
  /** How often each process asks for a retention pass (archived run events, finished jobs, usage roll-up); 0: never. */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().min(0).default(10),
  /** How often each process asks for planner statistics of grown tables (where no autovacuum does it: PGlite, or PostgreSQL with it off); 0: never. */
  STATISTICS_INTERVAL_SECONDS: z.coerce.number().min(0).default(60),
  /** A run's event log moves to the compact archive this long after the run ended. */
  RUN_EVENTS_ARCHIVE_AFTER_MINUTES: z.coerce.number().min(0).default(60),
  /** Finished jobs (done, failed, cancelled) are deleted this long after they ended. */
  JOBS_KEEP_FINISHED_DAYS: z.coerce.number().min(0).default(7),
  /** Usage rows of days older than this are replaced by their daily sums (summaries stay exact). */
  USAGE_ROLLUP_AFTER_DAYS: z.coerce.number().int().min(0).default(30),
  /** Texts per embeddings request. */
  LLM_EMBED_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
  /**
   * Hosts (names or IPs, comma-separated) that users' models, tools and MCP services may reach even though
   * they are loopback or private; administrators' configurations may reach any.
   */
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    ),
  /** Commands (comma-separated, e.g. `npx,uvx`) administrators may run as stdio MCP services; empty: stdio is off. */
  MCP_STDIO_COMMANDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((command) => command.trim())
        .filter(Boolean),
    ),
  /** Connecting to an MCP service and listing its functions must finish within it. */
  MCP_LIST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Limit of one MCP function call, and the most a service's own limit may be. */
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How long a service's function list is kept per process (reloaded behind callers in its second half; a change evicts it everywhere). */
  MCP_FUNCTIONS_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** A service whose listing just failed is skipped this long by agent turns (they say so at once instead of waiting for it). */
  MCP_DOWN_BACKOFF_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** A datasource's statement timeout (read-only queries of asset chats and data tools). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** How long signing in to a datasource may take before it counts as unreachable. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Upper limit for one tool call of an agent run (each tool's own limit applies below it). */
  AGENT_TOOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** A pooled MCP connection unused this long is closed. */
  MCP_IDLE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  /** Characters of an MCP function's result the model is given. */
  MCP_MAX_OUTPUT_CHARS: z.coerce.number().int().min(100).default(20_000),
  /** Where file contents live: `local` (a folder under DATA_DIR) or `s3` (any S3-compatible store). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The folder for `local`; default DATA_DIR/storage. */
  STORAGE_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true` for MinIO and most self-hosted stores (`endpoint/bucket/key` instead of `bucket.endpoint/key`). */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** The largest file one upload may carry (`41301` above it). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024 * 1024),
  /** How long a `need_signed` download URL works. */
  FILE_SIGNED_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(24 * 3600),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`配置错误，请检查环境变量：\n${lines.join('\n')}`);
  }
  if (parsed.data.SMS_PROVIDER === 'webhook' && !parsed.data.SMS_WEBHOOK_URL) {
    throw new Error('配置错误：SMS_PROVIDER=webhook 时必须设置 SMS_WEBHOOK_URL');
  }
  if (parsed.data.STORAGE === 's3' && !parsed.data.S3_BUCKET) {
    throw new Error('配置错误：STORAGE=s3 时必须设置 S3_BUCKET');
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
