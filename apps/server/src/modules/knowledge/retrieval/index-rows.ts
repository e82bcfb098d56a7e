import type { TermCounts } from '../../../platform/documents/index.js';
import { bucketOf, decodeRow, forEachPosting, walkEntries } from './index-buckets.js';

/*
 * Writing the full-text index's rows (the format is described in index-buckets.ts): a group's rows from
 * its documents' counted terms, and a row rewritten without some segments.
 */

const varintSize = (value: number) => (value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5);

function writeVarint(row: Uint8Array, offset: number, value: number): number {
  let rest = value;
  while (rest >= 0x80) {
    row[offset++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  row[offset++] = rest;
  return offset;
}

/**
 * Postings of many terms, each term's contiguous and in ascending ordinal order, in typed arrays: a few
 * allocations for a group of ~250,000 postings instead of an array per term.
 */
interface TermPostings {
  names: string[];
  /** Where each term's postings start in the arrays below, and how many it holds. */
  start: Int32Array;
  count: Int32Array;
  ord: Float64Array;
  tf: Int32Array;
  length: Int32Array;
}

function postingsSize(postings: TermPostings, id: number): number {
  const { start, count, ord, tf, length } = postings;
  let size = 0;
  let previous = 0;
  for (let at = start[id]!, end = at + count[id]!; at < end; at += 1) {
    size += varintSize(ord[at]! - previous) + varintSize(tf[at]!) + varintSize(length[at]!);
    previous = ord[at]!;
  }
  return size;
}

/** One row holding the terms `ids` (with at least one posting each). */
function encodeRow(postings: TermPostings, ids: number[]): Uint8Array {
  const { names, start, count, ord, tf, length } = postings;
  const nameBytes = ids.map((id) => Buffer.byteLength(names[id]!));
  const sizes = ids.map((id) => postingsSize(postings, id));
  let total = 0;
  ids.forEach((id, index) => (total += varintSize(nameBytes[index]!) + nameBytes[index]! + varintSize(count[id]!) + varintSize(sizes[index]!) + sizes[index]!));
  const row = Buffer.allocUnsafe(total);
  let offset = 0;
  ids.forEach((id, index) => {
    offset = writeVarint(row, offset, nameBytes[index]!);
    offset += row.write(names[id]!, offset);
    offset = writeVarint(row, offset, count[id]!);
    offset = writeVarint(row, offset, sizes[index]!);
    let previous = 0;
    for (let at = start[id]!, end = at + count[id]!; at < end; at += 1) {
      offset = writeVarint(row, offset, ord[at]! - previous);
      offset = writeVarint(row, offset, tf[at]!);
      offset = writeVarint(row, offset, length[at]!);
      previous = ord[at]!;
    }
  });
  return row;
}

/** Every term's row, by bucket. */
function encodeRows(postings: TermPostings): Map<number, Uint8Array> {
  const byBucket = new Map<number, number[]>();
  postings.names.forEach((name, id) => {
    const bucket = bucketOf(name);
    const ids = byBucket.get(bucket);
    if (ids) ids.push(id);
    else byBucket.set(bucket, [id]);
  });
  const rows = new Map<number, Uint8Array>();
  for (const [bucket, ids] of byBucket) rows.set(bucket, encodeRow(postings, ids));
  return rows;
}

/**
 * The rows of a group of segments, by bucket: the segments of `counted` in order take the ordinals from
 * `first` on. Documents arrive with their terms counted, so a group of 25 long documents costs ~100,000
 * term lookups and ~250,000 postings copied into place, in two passes: count each term's postings, then
 * place them.
 */
export function bucketRowsOf(first: number, counted: TermCounts[]): Map<number, Uint8Array> {
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const namesOfDocuments = counted.map(({ names: joined }) => (joined === '' ? [] : joined.split(' ')));
  // At most as many distinct terms as the documents' terms together.
  const counts = new Int32Array(namesOfDocuments.reduce((sum, documentNames) => sum + documentNames.length, 0));
  const idsOfDocuments = counted.map(({ postings }, document) => {
    const documentNames = namesOfDocuments[document]!;
    const ids = new Int32Array(documentNames.length);
    let at = 0;
    documentNames.forEach((name, index) => {
      let id = idOf.get(name);
      if (id === undefined) {
        id = names.length;
        idOf.set(name, id);
        names.push(name);
      }
      ids[index] = id;
      counts[id]! += postings[at]!;
      at += 1 + postings[at]! * 2;
    });
    return ids;
  });
  const start = new Int32Array(names.length);
  let total = 0;
  for (let id = 0; id < names.length; id += 1) {
    start[id] = total;
    total += counts[id]!;
  }
  const placed: TermPostings = { names, start, count: new Int32Array(names.length), ord: new Float64Array(total), tf: new Int32Array(total), length: new Int32Array(total) };
  let base = first;
  counted.forEach(({ postings, lengths }, document) => {
    const ids = idsOfDocuments[document]!;
    let at = 0;
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index]!;
      const held = postings[at++]!;
      for (let pair = 0; pair < held; pair += 1, at += 2) {
        const into = start[id]! + placed.count[id]!++;
        const segment = postings[at]!;
        placed.ord[into] = base + segment;
        placed.tf[into] = postings[at + 1]!;
        placed.length[into] = lengths[segment]!;
      }
    }
    base += lengths.length;
  });
  return encodeRows(placed);
}

function holdsAnyOf(row: Uint8Array, ords: Set<number>): boolean {
  let found = false;
  walkEntries(row, (_termStart, _termLength, start, count) => {
    forEachPosting({ row, start, count }, (ord) => (found ||= ords.has(ord)));
    return found;
  });
  return found;
}

/** The row without the postings of `ords`: null when nothing is left, the row itself when it held none of them. */
export function withoutOrds(row: Uint8Array, ords: Set<number>): Uint8Array | null {
  if (!holdsAnyOf(row, ords)) return row;
  const names: string[] = [];
  const [start, count, ord, tf, length] = [[], [], [], [], []] as [number[], number[], number[], number[], number[]];
  for (const { term, postings } of decodeRow(row)) {
    const before = ord.length;
    forEachPosting(postings, (kept, frequency, words) => {
      if (ords.has(kept)) return;
      ord.push(kept);
      tf.push(frequency);
      length.push(words);
    });
    if (ord.length === before) continue;
    names.push(term);
    start.push(before);
    count.push(ord.length - before);
  }
  if (names.length === 0) return null;
  const left = { names, start: Int32Array.from(start), count: Int32Array.from(count), ord: Float64Array.from(ord), tf: Int32Array.from(tf), length: Int32Array.from(length) };
  return encodeRow(
    left,
    names.map((_, id) => id),
  );
}
