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
  /** The vectors of one document's segments: those it had are dropped, `rows` written. */
  replaceForDocument(db: Db, docId: string, kbId: string, rows: SegmentVector[]): Promise<void>;
  upsertSegment(db: Db, segmentId: string, kbId: string, embedding: number[]): Promise<void>;
  /** The `k` segments of `kbIds` nearest to `embedding` (vectors of the same length only), nearest first. */
  search(db: Db, kbIds: string[], embedding: number[], k: number): Promise<VectorHit[]>;
}

/** Any number fits: one process at a time creates the extension, the table or an index. */
const SETUP_LOCK = 7_270_051;
const MAX_DIMS = 16_000;
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
 */
const CREATE_TABLE = sql`
  create table if not exists kb_segment_vectors (
    segment_id uuid primary key references kb_segments(id) on delete cascade,
    kb_id uuid not null,
    dims integer not null,
    embedding vector not null
  )`;

const indexName = (dims: number) => `kb_segment_vectors_hnsw_${dims}`;
const literal = (embedding: number[]) => `[${embedding.map((value) => (Number.isFinite(value) ? value : 0)).join(',')}]`;
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
  return `create index if not exists ${indexName(dims)} on kb_segment_vectors using hnsw ((embedding::${type}(${dims})) ${type}_cosine_ops) where dims = ${dims}`;
}

/** The nearest-neighbour query, cast like the partial index for its length so the index serves it. */
export function nearestQuery(kbIds: string[], embedding: number[], k: number): SQL {
  const dims = checkDims(embedding);
  const query = sql`${literal(embedding)}::${sql.raw(`${indexedType(dims)}(${dims})`)}`;
  // A literal, not a parameter: the planner must see `dims = N` to pick the partial index.
  return sql`
    select segment_id, ${typed(dims)} <=> ${query} as distance
    from kb_segment_vectors
    where dims = ${sql.raw(String(dims))} and kb_id = any(${uuidArray(kbIds)})
    order by ${typed(dims)} <=> ${query}
    limit ${k}::int`;
}

export function createVectorStore({ db, log }: { db: Db; log: Logger }): VectorStore {
  let ready: Promise<boolean> | undefined;
  const indexed = new Set<number>();

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
        await tx.execute(sql`create index if not exists kb_segment_vectors_kb_idx on kb_segment_vectors (kb_id)`);
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
    const values = rows.map((row) => sql`(${row.segmentId}::uuid, ${kbId}::uuid, ${row.embedding.length}, ${literal(row.embedding)}::vector)`);
    await tx.execute(sql`
      insert into kb_segment_vectors (segment_id, kb_id, dims, embedding) values ${sql.join(values, sql`, `)}
      on conflict (segment_id) do update set kb_id = excluded.kb_id, dims = excluded.dims, embedding = excluded.embedding`);
  }

  return {
    available,

    async replaceForDocument(tx, docId, kbId, rows) {
      if (!(await available())) return;
      await tx.execute(sql`delete from kb_segment_vectors where segment_id in (select id from kb_segments where doc_id = ${docId}::uuid)`);
      const batch = 500;
      for (let start = 0; start < rows.length; start += batch) await insert(tx, kbId, rows.slice(start, start + batch));
    },

    async upsertSegment(tx, segmentId, kbId, embedding) {
      if (!(await available())) return;
      await insert(tx, kbId, [{ segmentId, embedding }]);
    },

    async search(tx, kbIds, embedding, k) {
      if (kbIds.length === 0 || !(await available())) return [];
      const rows = await withTransaction(tx, async (inner) => {
        // Filtering by knowledge base after the index scan can leave fewer than k: let the scan go on.
        await inner.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', ${String(Math.max(40, k * 2))}, true)`);
        return selectRows<{ segment_id: string; distance: number | string }>(inner, nearestQuery(kbIds, embedding, k));
      });
      return rows.map((row) => ({ segmentId: row.segment_id, score: Math.max(0, Math.min(1, 1 - Number(row.distance))) })).sort((a, b) => b.score - a.score);
    },
  };
}
