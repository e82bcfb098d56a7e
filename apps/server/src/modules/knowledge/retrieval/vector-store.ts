import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from '../../../core/index.js';
import { withTransaction, selectRows, type Db } from '../../../platform/db/index.js';

export interface SegmentVector {
  segmentId: string;
  embedding: number[];
}

export interface VectorHit {
  segmentId: string;
  /** Cosine similarity, 0–1 (negative similarities count as 0). */
  score: number;
}

export interface VectorStore {
  /** Whether the database has pgvector; false on the machine's PostgreSQL 15, where the rest are no-ops. */
  available(): Promise<boolean>;
  /** Vectors of segments that have none yet (just written), any number of documents at once. */
  addForNewSegments(db: Db, kbId: string, rows: SegmentVector[]): Promise<void>;
  upsertSegment(db: Db, segmentId: string, kbId: string, embedding: number[]): Promise<void>;
  /** Moves up to `limit` written vectors into their HNSW index, in a transaction of their own unless given one; answers how many. */
  indexPending(limit: number, db?: Db): Promise<number>;
  /** How many of a knowledge base's vectors wait for the HNSW index (searched exactly meanwhile). */
  pendingCount(db: Db, kbId: string): Promise<number>;
  /** Called after vectors were written (the background indexer listens). */
  onWrite(listener: () => void): void;
  /** The `k` segments of `kbIds` nearest to `embedding` (vectors of the same length only), nearest first. */
  search(db: Db, kbIds: string[], embedding: number[], k: number): Promise<VectorHit[]>;
}

/** Any number fits: one process at a time creates the extension, the table or an index. */
const SETUP_LOCK = 7_270_051;
const MAX_DIMS = 16_000;
/** Rows per insert statement (three parameters each). */
const INSERT_BATCH = 500;
/** pgvector's HNSW indexes `vector` up to 2,000 dimensions and `halfvec` (2-byte floats) up to 4,000. */
const MAX_VECTOR_INDEX_DIMS = 2_000;
const MAX_HALFVEC_INDEX_DIMS = 4_000;

/*
 * The table lives outside the drizzle migrations: PostgreSQL without pgvector has no `vector` type.
 * Vectors of every length share one column; each length used gets its own partial HNSW index over
 * `embedding::vector(N)`, and queries repeat that cast so the planner can use it. Longer vectors
 * (text-embedding-3-large's 3,072) are indexed as `halfvec(N)`, which pgvector allows up to 4,000:
 * its distances cost 4–5× more on PGlite (no hardware half floats in WebAssembly), so it is kept for
 * lengths `vector` cannot index. Beyond 4,000 there is no index and a search reads the knowledge
 * bases' vectors (docs/decisions/vector-search.md).
 *
 * Vectors are written `pending`, outside the HNSW index: an HNSW insert costs 2–3 ms per vector in
 * PGlite's WebAssembly, ten times the rest of ingesting a segment. A search reads the index for the
 * indexed ones and compares the pending ones of its knowledge bases exactly; the background indexer
 * (vector-indexer.ts) moves them into the index in small batches once writing pauses.
 */
const CREATE_TABLE = sql`
  create table if not exists kb_segment_vectors (
    segment_id uuid primary key references kb_segments(id) on delete cascade,
    kb_id uuid not null,
    dims integer not null,
    embedding vector not null,
    pending boolean not null default false
  )`;

const INDEX_PREFIX = 'kb_segment_vectors_hnsw_';
const indexName = (dims: number) => `${INDEX_PREFIX}${dims}`;
const literal = (embedding: number[]) => `[${embedding.map((value) => (Number.isFinite(value) ? value : 0)).join(',')}]`;
/**
 * pgvector's binary input (`vector_recv`): length and a reserved zero as 16-bit integers, then the values as
 * big-endian 4-byte floats. Sent as a binary parameter it skips parsing ~1 KB of decimal text per vector:
 * 0.01 against 0.23 ms a vector on PGlite.
 */
function vectorBytes(embedding: number[]): Buffer {
  const bytes = Buffer.allocUnsafe(4 + 4 * embedding.length);
  bytes.writeInt16BE(embedding.length, 0);
  bytes.writeInt16BE(0, 2);
  for (const [index, value] of embedding.entries()) bytes.writeFloatBE(Number.isFinite(value) ? value : 0, 4 + 4 * index);
  return bytes;
}
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function checkDims(embedding: number[]): number {
  const dims = embedding.length;
  if (dims < 1 || dims > MAX_DIMS || !Number.isInteger(dims)) throw new Error(`unsupported embedding length ${dims}`);
  return dims;
}

/** The type vectors of this length are indexed and compared as (`vector` where none can be indexed: no precision lost). */
const indexedType = (dims: number) => (dims > MAX_VECTOR_INDEX_DIMS && dims <= MAX_HALFVEC_INDEX_DIMS ? 'halfvec' : 'vector');

/** `embedding` cast to its fixed length: the expression the partial index for that length is built on. */
const typed = (dims: number): SQL => sql.raw(`embedding::${indexedType(dims)}(${dims})`);

/** The partial HNSW index of one length, or null where pgvector can index no type that long. */
function indexStatement(dims: number): string | null {
  if (dims > MAX_HALFVEC_INDEX_DIMS) return null;
  const type = indexedType(dims);
  return `create index if not exists ${indexName(dims)} on kb_segment_vectors using hnsw ((embedding::${type}(${dims})) ${type}_cosine_ops) where dims = ${dims} and not pending`;
}

function nearest(kbIds: string[], embedding: number[], k: number, pending: boolean): SQL {
  const dims = checkDims(embedding);
  const query = sql`${literal(embedding)}::${sql.raw(`${indexedType(dims)}(${dims})`)}`;
  // Literals, not parameters: the planner must see `dims = N and not pending` to pick the partial index.
  return sql`
    select segment_id, ${typed(dims)} <=> ${query} as distance
    from kb_segment_vectors
    where dims = ${sql.raw(String(dims))} and ${sql.raw(pending ? 'pending' : 'not pending')} and kb_id = any(${uuidArray(kbIds)})
    order by ${typed(dims)} <=> ${query}
    limit ${k}::int`;
}

/** The nearest indexed vectors, cast like the partial index for their length so the index serves the query. */
export const nearestQuery = (kbIds: string[], embedding: number[], k: number): SQL => nearest(kbIds, embedding, k, false);

/** Indexes made before vectors were written pending cover every row of their length: rebuilt to leave pending ones out. */
async function upgradeIndexes(tx: Db): Promise<void> {
  const old = await selectRows<{ indexname: string }>(
    tx,
    sql`select indexname from pg_indexes where tablename = 'kb_segment_vectors' and starts_with(indexname, ${INDEX_PREFIX}) and indexdef not like '%pending%'`,
  );
  for (const { indexname } of old) {
    const dims = Number(indexname.slice(INDEX_PREFIX.length));
    // Dropped first, so marking the rows pending costs no index insert; the indexer puts them back.
    await tx.execute(sql.raw(`drop index ${indexname}`));
    await tx.execute(sql`update kb_segment_vectors set pending = true where dims = ${dims}`);
    const statement = indexStatement(dims);
    if (statement) await tx.execute(sql.raw(statement));
  }
}

export function createVectorStore({ db, log }: { db: Db; log: Logger }): VectorStore {
  let ready: Promise<boolean> | undefined;
  const indexed = new Set<number>();
  const listeners: Array<() => void> = [];

  async function setUp(): Promise<boolean> {
    const found = await selectRows(db, sql`select 1 from pg_available_extensions where name = 'vector'`);
    if (found.length === 0) {
      log.warn('pgvector is not installed in this database: knowledge-base search uses full text only');
      return false;
    }
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
        await tx.execute(sql`create extension if not exists vector`);
        await tx.execute(CREATE_TABLE);
        await tx.execute(sql`alter table kb_segment_vectors add column if not exists pending boolean not null default false`);
        await tx.execute(sql`create index if not exists kb_segment_vectors_kb_idx on kb_segment_vectors (kb_id)`);
        await tx.execute(sql`create index if not exists kb_segment_vectors_pending_idx on kb_segment_vectors (kb_id) where pending`);
        await upgradeIndexes(tx);
      });
      return true;
    } catch (error) {
      log.error({ err: error }, 'could not set up pgvector: knowledge-base search uses full text only');
      return false;
    }
  }

  const available = () => (ready ??= setUp());

  /** Creates the index for `dims` on first use, in the caller's transaction, before it writes rows. */
  async function ensureIndex(tx: Db, dims: number): Promise<void> {
    if (indexed.has(dims)) return;
    const statement = indexStatement(dims);
    if (statement && (await selectRows(tx, sql`select 1 from pg_indexes where indexname = ${indexName(dims)}`)).length === 0) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
      await tx.execute(sql.raw(statement));
      return;
    }
    indexed.add(dims);
  }

  async function insert(tx: Db, kbId: string, rows: SegmentVector[]): Promise<void> {
    for (const dims of new Set(rows.map((row) => checkDims(row.embedding)))) await ensureIndex(tx, dims);
    const values = rows.map((row) => sql`(${row.segmentId}::uuid, ${kbId}::uuid, ${row.embedding.length}, ${vectorBytes(row.embedding)}::vector, true)`);
    await tx.execute(sql`
      insert into kb_segment_vectors (segment_id, kb_id, dims, embedding, pending) values ${sql.join(values, sql`, `)}
      on conflict (segment_id) do update set kb_id = excluded.kb_id, dims = excluded.dims, embedding = excluded.embedding, pending = true`);
    for (const listener of listeners) listener();
  }

  async function insertAll(tx: Db, kbId: string, rows: SegmentVector[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_BATCH) await insert(tx, kbId, rows.slice(start, start + INSERT_BATCH));
  }

  return {
    available,

    async addForNewSegments(tx, kbId, rows) {
      if (await available()) await insertAll(tx, kbId, rows);
    },

    async upsertSegment(tx, segmentId, kbId, embedding) {
      if (!(await available())) return;
      await insert(tx, kbId, [{ segmentId, embedding }]);
    },

    async indexPending(limit, outer = db) {
      if (!(await available())) return 0;
      // Skip locked: another process (PostgreSQL with pgvector) may be indexing a batch at the same time.
      const moved = await withTransaction(outer, (tx) =>
        selectRows(
          tx,
          sql`
            with batch as (select segment_id from kb_segment_vectors where pending limit ${limit}::int for update skip locked)
            update kb_segment_vectors v set pending = false from batch where v.segment_id = batch.segment_id returning 1`,
        ),
      );
      return moved.length;
    },

    async pendingCount(tx, kbId) {
      if (!(await available())) return 0;
      const [row] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from kb_segment_vectors where pending and kb_id = ${kbId}::uuid`);
      return row?.n ?? 0;
    },

    onWrite(listener) {
      listeners.push(listener);
    },

    async search(tx, kbIds, embedding, k) {
      if (kbIds.length === 0 || !(await available())) return [];
      const rows = await withTransaction(tx, async (inner) => {
        // Filtering by knowledge base after the index scan can leave fewer than k: let the scan go on.
        await inner.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', ${String(Math.max(40, k * 2))}, true)`);
        return selectRows<{ segment_id: string; distance: number | string }>(inner, sql`(${nearestQuery(kbIds, embedding, k)}) union all (${nearest(kbIds, embedding, k, true)})`);
      });
      const hits = rows.map((row) => ({ segmentId: row.segment_id, score: Math.max(0, Math.min(1, 1 - Number(row.distance))) }));
      return hits.sort((a, b) => b.score - a.score).slice(0, k);
    },
  };
}
