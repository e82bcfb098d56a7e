import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../platform/db/index.js';
import { bucketRowsOf, withoutOrds } from './index-buckets.js';
import { intArray, textArray, uuidArray } from './sql-arrays.js';

/** What the index needs of a new segment: its index terms joined by spaces (not stored with it) and its length in words. */
export interface SegmentWords {
  terms: string;
  tokenCount: number;
}

/** Where a segment sits in the full-text index; null for a segment that is not indexed. */
export interface IndexPlace {
  ord: number | null;
  indexGroup: number | null;
}

/** A stored segment as the index sees it (its terms are not stored: removing it reads its group's rows). */
export type IndexedSegment = IndexPlace & { id: string; kbId: string; tokenCount: number };

export interface KbIndexStats {
  segments: number;
  tokens: number;
}

/**
 * Moves the knowledge base's segment count and total length, and takes `ords` new ordinals (returns the
 * first). Called first in every index write: the stats row's lock makes concurrent writers of one
 * knowledge base wait for each other.
 */
async function moveStats(db: Db, kbId: string, segments: number, tokens: number, ords = 0): Promise<number> {
  const [row] = await selectRows<{ next_ord: number }>(
    db,
    sql`
    insert into kb_index_stats (kb_id, segments, tokens, next_ord) values (${kbId}::uuid, ${segments}::int, ${tokens}::bigint, ${ords}::int)
    on conflict (kb_id) do update set segments = kb_index_stats.segments + excluded.segments, tokens = kb_index_stats.tokens + excluded.tokens,
      next_ord = kb_index_stats.next_ord + excluded.next_ord
    returning next_ord`,
  );
  return Number(row!.next_ord) - ords;
}

function groupedBy<K, T>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** Rows are written in slices, so one statement's parameters stay a few megabytes. */
const ROW_SLICE = 500;

const hexOf = (rows: Uint8Array[]) => rows.map((row) => Buffer.from(row.buffer, row.byteOffset, row.byteLength).toString('hex'));

async function insertRows(db: Db, kbId: string, groupId: number, rows: Map<number, Uint8Array>): Promise<void> {
  const entries = [...rows];
  for (let start = 0; start < entries.length; start += ROW_SLICE) {
    const slice = entries.slice(start, start + ROW_SLICE);
    await db.execute(sql`
      insert into kb_index_buckets (kb_id, bucket, group_id, data)
      select ${kbId}::uuid, x.bucket, ${groupId}::int, decode(x.data, 'hex')
      from unnest(${intArray(slice.map(([bucket]) => bucket))}, ${textArray(hexOf(slice.map(([, row]) => row)))}) as x(bucket, data)`);
  }
}

/**
 * Indexes new segments as one group; call in the transaction that inserts them, and store the returned
 * places (in the segments' order) with them.
 */
export async function indexSegments(db: Db, kbId: string, segments: SegmentWords[]): Promise<Array<{ ord: number; indexGroup: number }>> {
  if (segments.length === 0) return [];
  const tokens = segments.reduce((sum, segment) => sum + segment.tokenCount, 0);
  const first = await moveStats(db, kbId, segments.length, tokens, segments.length);
  const placed = segments.map((segment, index) => ({ ...segment, ord: first + index }));
  await insertRows(db, kbId, first, bucketRowsOf(placed));
  await db.execute(sql`insert into kb_index_groups (kb_id, group_id, segments) values (${kbId}::uuid, ${first}::int, ${segments.length}::int)`);
  return placed.map(({ ord }) => ({ ord, indexGroup: first }));
}

/**
 * Takes some of a group's segments out of its rows: the group's rows are read (at most BUCKETS) and those
 * that hold one of the segments are rewritten. A document's segments hold terms in most buckets anyway.
 */
async function removeFromGroup(db: Db, kbId: string, groupId: number, segments: IndexedSegment[]): Promise<void> {
  const ords = new Set(segments.map((segment) => segment.ord!));
  const rows = await selectRows<{ bucket: number; data: Uint8Array }>(db, sql`select bucket, data from kb_index_buckets where kb_id = ${kbId}::uuid and group_id = ${groupId}::int`);
  const rewritten = rows.map((row) => ({ bucket: row.bucket, data: withoutOrds(row.data, ords), before: row.data }));
  const emptied = rewritten.filter((row) => row.data === null).map((row) => row.bucket);
  const changed = rewritten.filter((row): row is { bucket: number; data: Uint8Array; before: Uint8Array } => row.data !== null && row.data !== row.before);
  if (emptied.length > 0) {
    await db.execute(sql`delete from kb_index_buckets where kb_id = ${kbId}::uuid and group_id = ${groupId}::int and bucket = any(${intArray(emptied)})`);
  }
  for (let start = 0; start < changed.length; start += ROW_SLICE) {
    const slice = changed.slice(start, start + ROW_SLICE);
    await db.execute(sql`
      update kb_index_buckets b set data = decode(x.data, 'hex')
      from unnest(${intArray(slice.map((row) => row.bucket))}, ${textArray(hexOf(slice.map((row) => row.data)))}) as x(bucket, data)
      where b.kb_id = ${kbId}::uuid and b.group_id = ${groupId}::int and b.bucket = x.bucket`);
  }
  await db.execute(sql`update kb_index_groups set segments = segments - ${segments.length}::int where kb_id = ${kbId}::uuid and group_id = ${groupId}::int`);
}

/** Removes segments from the index (as they were indexed); call in the transaction that deletes or rewrites them. */
export async function unindexSegments(db: Db, kbId: string, segments: IndexedSegment[]): Promise<void> {
  const indexed = segments.filter((segment) => segment.ord !== null && segment.indexGroup !== null);
  if (indexed.length === 0) return;
  await moveStats(db, kbId, -indexed.length, -indexed.reduce((sum, segment) => sum + segment.tokenCount, 0));
  const byGroup = groupedBy(indexed, (segment) => segment.indexGroup!);
  const groupIds = [...byGroup.keys()].sort((a, b) => a - b);
  const sizes = await selectRows<{ group_id: number; segments: number }>(
    db,
    sql`select group_id, segments from kb_index_groups where kb_id = ${kbId}::uuid and group_id = any(${intArray(groupIds)})`,
  );
  const whole = sizes.filter((group) => group.segments <= byGroup.get(group.group_id)!.length).map((group) => group.group_id);
  if (whole.length > 0) {
    await db.execute(sql`delete from kb_index_buckets where kb_id = ${kbId}::uuid and group_id = any(${intArray(whole)})`);
    await db.execute(sql`delete from kb_index_groups where kb_id = ${kbId}::uuid and group_id = any(${intArray(whole)})`);
  }
  for (const group of sizes) {
    if (!whole.includes(group.group_id)) await removeFromGroup(db, kbId, group.group_id, byGroup.get(group.group_id)!);
  }
}

/** The index of the segments as stored now, read back for removing them. */
export async function storedSegments(db: Db, where: { docIds: string[] } | { segmentIds: string[] }): Promise<IndexedSegment[]> {
  const filter = 'docIds' in where ? sql`doc_id = any(${uuidArray(where.docIds)})` : sql`id = any(${uuidArray(where.segmentIds)})`;
  const rows = await selectRows<{ id: string; kb_id: string; token_count: number; ord: number | null; index_group: number | null }>(
    db,
    sql`select id, kb_id, token_count, ord, index_group from kb_segments where ${filter}`,
  );
  return rows.map((row) => ({ id: row.id, kbId: row.kb_id, tokenCount: Number(row.token_count), ord: row.ord, indexGroup: row.index_group }));
}

/** Removes the documents' segments from the index, per knowledge base; call before deleting or replacing them. */
export async function unindexDocuments(db: Db, docIds: string[]): Promise<void> {
  if (docIds.length === 0) return;
  const byKb = groupedBy(await storedSegments(db, { docIds }), (segment) => segment.kbId);
  for (const [kbId, segments] of [...byKb].sort(([a], [b]) => (a < b ? -1 : 1))) await unindexSegments(db, kbId, segments);
}

export async function readIndexStats(db: Db, kbId: string): Promise<KbIndexStats> {
  const [row] = await selectRows<{ segments: number; tokens: number | string }>(db, sql`select segments, tokens from kb_index_stats where kb_id = ${kbId}::uuid`);
  return { segments: Number(row?.segments ?? 0), tokens: Number(row?.tokens ?? 0) };
}
