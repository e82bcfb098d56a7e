import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createLocalBus, createPostgresBus, type Bus } from '../bus/index.js';
import { tuningForData } from './pglite-buffers.js';
import { DRIZZLE_TEXT_PARSERS, prepareFrequentPgliteStatements } from './pglite-prepared-statements.js';
import { prepareFrequentStatements } from './prepared-statements.js';

/** One type for both drivers: repositories take a `Db`, and a transaction is a `Db` too. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** Notifications that reach every server process using this database. */
  bus: Bus;
  ping(): Promise<void>;
  /** Connections of this process: PostgreSQL's pool; `null` for PGlite (one connection, in the process). */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

export interface PoolUse {
  size: number;
  inUse: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** Closing twice (shutdown racing a test's cleanup) is closing once. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/** Any number fits: an advisory lock that keeps two processes from migrating at once. */
const MIGRATION_LOCK = 7_270_001;

/** The migrations folder sits at the package root, found from wherever this code was bundled to. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('找不到数据库迁移目录 drizzle/');
}

/** How PGlite is started: what docs/decisions/pglite-memory.md measured. */
export interface PgliteTuning {
  /** Bytes of WebAssembly memory to start with (PGlite's default: 128 MB). */
  initialMemory?: number;
  /** PostgreSQL settings (`name=value`) after PGlite's own start parameters. */
  settings?: string[];
  /** V8 flags set before PGlite compiles its WebAssembly (they hold for the whole process). */
  v8Flags?: string[];
}

/**
 * What the server starts PGlite with (measured in docs/decisions/pglite-memory.md). PostgreSQL's default
 * 128 MB of shared buffers are resident as soon as PGlite has opened, whatever is read; 48 MB still hold
 * what searching a 10,000-segment knowledge base reads (with 32 MB each search cost 60% more CPU, its
 * pages read again through the file system). A page read past them comes from the operating system's
 * cache of the data files.
 * `--liftoff-only`: V8 compiles PGlite's WebAssembly with its baseline compiler only. Its optimising
 * compiler, run on background threads for the hot functions, left 50–90 MB in glibc's thread arenas
 * that glibc kept, and made neither searches nor the soak's operations measurably cheaper.
 */
export const PGLITE_TUNING: PgliteTuning = { settings: ['shared_buffers=48MB'], v8Flags: ['--liftoff-only'] };

export interface PgliteOptions {
  /** A folder on disk; omitted means in memory. */
  dataDir?: string;
  /** Start from a dump made by `dumpDataDir()` (tests start from a migrated template). */
  loadDataDir?: Blob;
  tuning?: PgliteTuning;
}

/** PostgreSQL's type id of `bytea`. */
const BYTEA = 17;

/**
 * PGlite's own `bytea` parser makes each byte from a substring and `parseInt`: ~50 ms for the 600 KB a
 * full-text search reads at 100,000 segments. Node decodes the same hex natively. The types drizzle reads
 * as text are read as text here already (pglite-prepared-statements.ts says why).
 */
const PGLITE_PARSERS = { [BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') };
/**
 * Bytes go to PGlite's protocol writer as they are, which sends them in binary, whatever the parameter's
 * type. PGlite's own `bytea` serializer spells them in hex, a byte at a time in JavaScript (~1.6 s of CPU
 * for the ~25 MB of index rows an ingestion of 200 large documents writes, CPU profile), and for a type
 * without a serializer it sends `String(value)`: pgvector's `vector` is read by its binary input
 * (vector-store.ts). Other values keep their serializer.
 */
function sendBytesInBinary(client: PGlite): void {
  const wrapped = new Map<string | symbol, (value: unknown) => unknown>();
  client.serializers = new Proxy(client.serializers, {
    get(serializers, type) {
      let serialize = wrapped.get(type);
      if (!serialize) {
        // Looked up at each call: PGlite may set a type's serializer later (array types).
        const own = () => (serializers as Record<string | symbol, ((value: unknown) => unknown) | undefined>)[type];
        serialize = (value) => (value instanceof Uint8Array ? value : (own()?.(value) ?? String(value)));
        wrapped.set(type, serialize);
      }
      return serialize;
    },
  });
}

const startParamsOf = (settings: string[]) => [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])];

export async function openPglite(options: PgliteOptions): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // pgvector ships with PGlite; `CREATE EXTENSION vector` is run by the knowledge module when first needed.
  const { initialMemory, settings = [], v8Flags = [] } = options.tuning ?? tuningForData(options.dataDir, PGLITE_TUNING);
  for (const flag of v8Flags) v8.setFlagsFromString(flag);
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { vector },
    parsers: PGLITE_PARSERS,
    initialMemory,
    startParams: settings.length > 0 ? startParamsOf(settings) : undefined,
  });
  await client.waitReady;
  // After `waitReady`: PGlite sets its array types' parsers while starting.
  Object.assign(client.parsers, DRIZZLE_TEXT_PARSERS);
  sendBytesInBinary(client);
  const db = drizzlePglite({ client }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  prepareFrequentPgliteStatements(client);
  const bus = createLocalBus();
  return {
    db,
    dialect: 'pglite',
    bus,
    ping: async () => {
      await client.query('select 1');
    },
    poolUse: () => null,
    close: once(async () => {
      await bus.close();
      await client.close();
    }),
  };
}

/** PostgreSQL's driver and Drizzle's adapter for it: loaded by a server that uses PostgreSQL, not by one on PGlite. */
async function loadPostgresDriver() {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg, drizzlePg, migratePg };
}

export async function openPostgres(url: string, poolSize: number, onError: (error: Error) => void): Promise<Database> {
  const { pg, drizzlePg, migratePg } = await loadPostgresDriver();
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', onError);
  prepareFrequentStatements(pool);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // Migrate on the connection that holds the lock: a pool of one must not wait for itself.
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder: migrationsFolder() });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(onError);
    lockClient.release();
  }
  const bus = await createPostgresBus(url, onError);
  return {
    db,
    dialect: 'postgres',
    bus,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolUse: () => ({ size: poolSize, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    close: once(async () => {
      await bus.close();
      await pool.end();
    }),
  };
}
