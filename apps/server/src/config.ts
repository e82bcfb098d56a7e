import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

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
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** A token older than this is replaced by a new one, sent in the `access_token` response header. */
  SESSION_ROTATE_HOURS: z.coerce.number().positive().default(24),
  /** Verified sessions are remembered this long per process (revocations evict at once); 0 turns it off. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  /** Extra wait per failure after the third, so guessing is slow before it is blocked. */
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).default(400),
  SMS_PROVIDER: z.enum(['log', 'webhook']).default('log'),
  SMS_WEBHOOK_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
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
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
