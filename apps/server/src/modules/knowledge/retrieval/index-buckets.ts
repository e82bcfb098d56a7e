/*
 * The bytes of the full-text index (docs/decisions/full-text-index.md). A knowledge base's segments are
 * indexed in groups (those written in one transaction); each group's postings are spread over BUCKETS
 * rows by a hash of the term, so a group costs at most BUCKETS rows however many words it holds, and a
 * search reads, for each query term, one row per group.
 *
 * A row is a run of entries, one per term, in LEB128 varints (7 bits a byte, low bits first):
 *   term length in bytes, the term in UTF-8, posting count, the postings' length in bytes, then per
 *   posting the segment ordinal's increase over the previous posting's (ordinals ascend), the term
 *   frequency and the segment's length in words.
 * A posting takes ~4 bytes; the byte length lets a reader skip the entries of other terms. Rows are
 * written by index-rows.ts.
 */

export const BUCKETS = 2048;

/** FNV-1a over the UTF-16 code units: stable, and the same for a term wherever it is computed. */
export function bucketOf(term: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < term.length; index += 1) {
    hash ^= term.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}

/** Reads varints from a row, moving along. */
class Reader {
  constructor(
    readonly row: Uint8Array,
    public offset: number,
  ) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = this.row[this.offset++]!;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80);
    return value;
  }
}

/** Where one term's postings sit in a row. */
export interface PostingSlice {
  row: Uint8Array;
  /** Byte offset of the first posting. */
  start: number;
  count: number;
}

/**
 * Calls `visit` with each entry of a row (where its term's bytes and its postings start, and how many
 * postings it holds) until `visit` answers true. A search walks hundreds of rows (at 100,000 segments),
 * so nothing is allocated per entry.
 */
export function walkEntries(row: Uint8Array, visit: (termStart: number, termLength: number, start: number, count: number) => boolean | void): void {
  const reader = new Reader(row, 0);
  while (reader.offset < row.length) {
    const termLength = reader.varint();
    const termStart = reader.offset;
    reader.offset += termLength;
    const count = reader.varint();
    const size = reader.varint();
    const start = reader.offset;
    if (visit(termStart, termLength, start, count)) return;
    reader.offset = start + size;
  }
}

/** The postings of `term` (its UTF-8 bytes) in a row, if the row holds it. */
export function findPostings(row: Uint8Array, term: Uint8Array): PostingSlice | undefined {
  let found: PostingSlice | undefined;
  walkEntries(row, (termStart, termLength, start, count) => {
    if (termLength !== term.length || !sameBytes(row, termStart, term)) return false;
    found = { row, start, count };
    return true;
  });
  return found;
}

function sameBytes(row: Uint8Array, start: number, term: Uint8Array): boolean {
  for (let index = 0; index < term.length; index += 1) if (row[start + index] !== term[index]) return false;
  return true;
}

/** Calls `visit(ord, tf, length)` for each posting of a slice, in ascending ordinal order. */
export function forEachPosting({ row, start, count }: PostingSlice, visit: (ord: number, tf: number, length: number) => void): void {
  const reader = new Reader(row, start);
  let ord = 0;
  for (let index = 0; index < count; index += 1) {
    ord += reader.varint();
    const tf = reader.varint();
    visit(ord, tf, reader.varint());
  }
}

/** A slice's postings decoded into typed arrays, reused from slice to slice (a search decodes tens of thousands). */
export class DecodedPostings {
  ords = new Int32Array(1024);
  tfs = new Int32Array(1024);
  lengths = new Int32Array(1024);

  /** Decodes a slice, replacing what the arrays held; answers how many postings it holds. */
  decode({ row, start, count }: PostingSlice): number {
    if (count > this.ords.length) {
      let size = this.ords.length;
      while (size < count) size *= 2;
      [this.ords, this.tfs, this.lengths] = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
    }
    const reader = new Reader(row, start);
    let ord = 0;
    for (let index = 0; index < count; index += 1) {
      ord += reader.varint();
      this.ords[index] = ord;
      this.tfs[index] = reader.varint();
      this.lengths[index] = reader.varint();
    }
    return count;
  }
}

/** Every (term, postings) of a row, decoded: for rewriting rows and for the audit. */
export function decodeRow(row: Uint8Array): Array<{ term: string; postings: PostingSlice }> {
  const decoder = new TextDecoder();
  const decoded: Array<{ term: string; postings: PostingSlice }> = [];
  walkEntries(row, (termStart, termLength, start, count) => {
    decoded.push({ term: decoder.decode(row.subarray(termStart, termStart + termLength)), postings: { row, start, count } });
  });
  return decoded;
}
