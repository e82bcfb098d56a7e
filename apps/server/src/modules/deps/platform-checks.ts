import type { DepCheck, DepDetailValue } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/index.js';
import { OCR_PACKAGE, ocrInstalled } from '../../platform/documents/index.js';
import type { BlobStore } from '../../platform/storage/index.js';

const GIB = 1024 ** 3;

/** Storage left below both of these is a warning: uploads and indexes will soon fail. */
const LOW_FREE_BYTES = GIB;
const LOW_FREE_SHARE = 0.05;

const now = () => new Date().toISOString();

/** Times `work`; a failure is `down` with the failure's message. */
export async function timed(base: Pick<DepCheck, 'key' | 'kind' | 'name'>, work: () => Promise<Omit<DepCheck, 'key' | 'kind' | 'name' | 'latency_ms' | 'checked_at'>>): Promise<DepCheck> {
  const started = Date.now();
  try {
    const result = await work();
    return { ...base, ...result, latency_ms: Date.now() - started, checked_at: now() };
  } catch (error) {
    return { ...base, status: 'down', error: error instanceof Error ? error.message : String(error), details: {}, latency_ms: Date.now() - started, checked_at: now() };
  }
}

/** The platform's own database: which kind, its version, this process's connections, and whether pgvector is there. */
export function checkDatabase(database: Database): Promise<DepCheck> {
  return timed({ key: 'database', kind: 'database', name: database.dialect === 'pglite' ? '内置数据库（PGlite）' : 'PostgreSQL' }, async () => {
    const [server] = await selectRows<{ version: string }>(database.db, sql`select current_setting('server_version') as version`);
    const [vector] = await selectRows<{ version: string }>(database.db, sql`select extversion as version from pg_extension where extname = 'vector'`);
    const pool = database.poolUse();
    const details = {
      dialect: database.dialect,
      version: server?.version ?? '',
      pgvector: vector?.version ?? false,
      ...(pool ? { pool_size: pool.size, pool_in_use: pool.inUse, pool_waiting: pool.waiting } : {}),
    };
    if (pool && pool.waiting > 0) return { status: 'degraded', error: `${pool.waiting} 个查询正在等待数据库连接（连接池 ${pool.size} 个已全部占用），可调大 DATABASE_POOL_SIZE`, details };
    if (!vector) return { status: 'degraded', error: '数据库未启用 pgvector 扩展：知识库只能用全文检索，向量检索不可用', details };
    return { status: 'up', error: null, details };
  });
}

/** Where files live: the local folder's free space, or whether the S3 bucket answers. */
export function checkStorage(store: BlobStore): Promise<DepCheck> {
  return timed({ key: 'storage', kind: 'storage', name: '文件存储' }, async () => {
    const health = await store.health();
    const details: Record<string, DepDetailValue> =
      health.store === 'local'
        ? { store: '本地目录', directory: health.location, free_bytes: health.freeBytes ?? null, total_bytes: health.totalBytes ?? null }
        : { store: 'S3 兼容对象存储', bucket: health.location };
    const { freeBytes, totalBytes } = health;
    if (freeBytes !== undefined && totalBytes && freeBytes < LOW_FREE_BYTES && freeBytes / totalBytes < LOW_FREE_SHARE) {
      return { status: 'degraded', error: `存储空间不足：只剩 ${(freeBytes / GIB).toFixed(2)} GB`, details };
    }
    return { status: 'up', error: null, details };
  });
}

/** OCR is optional: without its package, images and scanned pages are refused at upload. */
export function checkOcr(): DepCheck {
  const installed = ocrInstalled();
  return {
    key: 'ocr',
    kind: 'ocr',
    name: 'OCR 文字识别',
    status: installed ? 'up' : 'off',
    latency_ms: null,
    error: installed ? null : `未安装 ${OCR_PACKAGE}：上传的图片和扫描件无法识别文字（在服务器上安装该组件后生效）`,
    checked_at: now(),
    details: { package: OCR_PACKAGE },
  };
}
