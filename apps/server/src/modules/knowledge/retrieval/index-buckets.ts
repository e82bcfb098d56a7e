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
 * A posting takes ~4 bytes; the byte length lets a reader skip the entries of other terms.
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

/**
 * One segment as the index sees it: its ordinal in the knowledge base, its terms joined by spaces (a term
 * once per occurrence; one string per segment, not thousands, while a group waits for its commit) and its
 * length in words.
 */
export interface SegmentTerms {
  ord: number;
  terms: string;
  tokenCount: number;
}

/** Term frequencies of a segment's terms (joined by spaces). */
export function frequenciesOf(terms: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const term of terms.split(' ')) if (term !== '') tf.set(term, (tf.get(term) ?? 0) + 1);
  return tf;
}

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

/** A term's entry to write: its postings are visited in ascending ordinal order, as often as asked. */
interface EntrySource {
  term: string;
  count: number;
  each(visit: (ord: number, tf: number, length: number) => void): void;
}

function postingsSize(entry: EntrySource): number {
  let size = 0;
  let previous = 0;
  entry.each((ord, tf, length) => {
    size += varintSize(ord - previous) + varintSize(tf) + varintSize(length);
    previous = ord;
  });
  return size;
}

function encodeRow(entries: EntrySource[]): Buffer {
  const terms = entries.map((entry) => Buffer.from(entry.term, 'utf8'));
  const sizes = entries.map(postingsSize);
  let total = 0;
  entries.forEach((entry, index) => (total += varintSize(terms[index]!.length) + terms[index]!.length + varintSize(entry.count) + varintSize(sizes[index]!) + sizes[index]!));
  const row = Buffer.allocUnsafe(total);
  let offset = 0;
  entries.forEach((entry, index) => {
    offset = writeVarint(row, offset, terms[index]!.length);
    offset += terms[index]!.copy(row, offset);
    offset = writeVarint(row, offset, entry.count);
    offset = writeVarint(row, offset, sizes[index]!);
    let previous = 0;
    entry.each((ord, tf, length) => {
      offset = writeVarint(row, offset, ord - previous);
      offset = writeVarint(row, offset, tf);
      offset = writeVarint(row, offset, length);
      previous = ord;
    });
  });
  return row;
}

/** Postings of many terms as linked lists in typed arrays: one allocation for a group instead of one array per term. */
class PostingLists {
  segment = new Int32Array(1 << 16);
  tf = new Int32Array(1 << 16);
  next = new Int32Array(1 << 16);
  used = 0;
  readonly head: number[] = [];
  readonly tail: number[] = [];
  readonly count: number[] = [];

  newTerm(): void {
    this.head.push(-1);
    this.tail.push(-1);
    this.count.push(0);
  }

  /** One occurrence of term `id` in segment `segment` (segments in order). */
  occurrence(id: number, segment: number): void {
    const last = this.tail[id]!;
    if (last >= 0 && this.segment[last] === segment) {
      this.tf[last]! += 1;
      return;
    }
    if (this.used === this.segment.length) this.grow();
    const posting = this.used++;
    this.segment[posting] = segment;
    this.tf[posting] = 1;
    this.next[posting] = -1;
    if (last >= 0) this.next[last] = posting;
    else this.head[id] = posting;
    this.tail[id] = posting;
    this.count[id]! += 1;
  }

  private grow(): void {
    const larger = (array: Int32Array) => {
      const grown = new Int32Array(array.length * 2);
      grown.set(array);
      return grown;
    };
    [this.segment, this.tf, this.next] = [larger(this.segment), larger(this.tf), larger(this.next)];
  }
}

/**
 * The rows of a group of segments, by bucket. Each word is looked up once and each distinct term hashed
 * once: a group of 25 long documents holds ~250,000 words and ~50,000 distinct terms.
 */
export function bucketRowsOf(segments: SegmentTerms[]): Map<number, Buffer> {
  const ordered = [...segments].sort((a, b) => a.ord - b.ord);
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const lists = new PostingLists();
  ordered.forEach((segment, index) => {
    for (const term of segment.terms.split(' ')) {
      if (term === '') continue;
      let id = idOf.get(term);
      if (id === undefined) {
        id = names.length;
        idOf.set(term, id);
        names.push(term);
        lists.newTerm();
      }
      lists.occurrence(id, index);
    }
  });
  const byBucket = new Map<number, number[]>();
  names.forEach((term, id) => {
    const bucket = bucketOf(term);
    const ids = byBucket.get(bucket);
    if (ids) ids.push(id);
    else byBucket.set(bucket, [id]);
  });
  const rows = new Map<number, Buffer>();
  for (const [bucket, ids] of byBucket) {
    const entries = ids.map((id): EntrySource => ({
      term: names[id]!,
      count: lists.count[id]!,
      each(visit) {
        for (let posting = lists.head[id]!; posting >= 0; posting = lists.next[posting]!) {
          const segment = ordered[lists.segment[posting]!]!;
          visit(segment.ord, lists.tf[posting]!, segment.tokenCount);
        }
      },
    }));
    rows.set(bucket, encodeRow(entries));
  }
  return rows;
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
function walkEntries(row: Uint8Array, visit: (termStart: number, termLength: number, start: number, count: number) => boolean | void): void {
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
  const kept: EntrySource[] = [];
  for (const { term, postings } of decodeRow(row)) {
    const left: number[] = [];
    forEachPosting(postings, (ord, tf, length) => {
      if (!ords.has(ord)) left.push(ord, tf, length);
    });
    if (left.length === 0) continue;
    kept.push({
      term,
      count: left.length / 3,
      each(visit) {
        for (let at = 0; at < left.length; at += 3) visit(left[at]!, left[at + 1]!, left[at + 2]!);
      },
    });
  }
  return kept.length > 0 ? encodeRow(kept) : null;
}
