import { sql } from 'drizzle-orm';
import type { TermCounts } from '../../../platform/documents/index.js';
import { selectRows, type Db } from '../../../platform/db/index.js';
import { bucketRowsOf, withoutOrds } from './index-rows.js';
import { byteStrings, intArray, uuidArray } from './sql-arrays.js';

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

async function insertRows(db: Db, kbId: string, groupId: number, rows: Map<number, Uint8Array>): Promise<void> {
  if (rows.size === 0) return;
  const data = byteStrings([...rows.values()]);
  await db.execute(sql`
    insert into kb_index_buckets (kb_id, bucket, group_id, data)
    select ${kbId}::uuid, x.bucket, ${groupId}::int, ${data.cut('x')}
    from unnest(${intArray([...rows.keys()])}, ${data.positions}) as x(bucket, start, size)`);
}

/**
 * Indexes new segments as one group: the counted terms of consecutive segments (a document's each), in
 * order. Call in the transaction that inserts them, and store the returned places (in the same order)
 * with them.
 */
export async function indexSegments(db: Db, kbId: string, counted: TermCounts[]): Promise<Array<{ ord: number; indexGroup: number }>> {
  const segments = counted.reduce((sum, terms) => sum + terms.lengths.length, 0);
  if (segments === 0) return [];
  const tokens = counted.reduce((sum, terms) => terms.lengths.reduce((total, length) => total + length, sum), 0);
  const first = await moveStats(db, kbId, segments, tokens, segments);
  await insertRows(db, kbId, first, bucketRowsOf(first, counted));
  await db.execute(sql`insert into kb_index_groups (kb_id, group_id, segments) values (${kbId}::uuid, ${first}::int, ${segments}::int)`);
  return Array.from({ length: segments }, (_, index) => ({ ord: first + index, indexGroup: first }));
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
  if (changed.length > 0) {
    const data = byteStrings(changed.map((row) => row.data));
    await db.execute(sql`
      update kb_index_buckets b set data = ${data.cut('x')}
      from unnest(${intArray(changed.map((row) => row.bucket))}, ${data.positions}) as x(bucket, start, size)
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

/** Segments in no index group: stored under an older full-text layout, waiting for the background rebuild. */
export async function countUnindexedSegments(db: Db, kbId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from kb_segments where kb_id = ${kbId}::uuid and ord is null`);
  return Number(row?.n ?? 0);
}
