/*
 * The bytes of the full-text index (docs/decisions/full-text-index.md). A knowledge base's segments are
 * indexed in groups (those written in one transaction); each group's postings are spread over BUCKETS
 * rows by a hash of the term, so a group costs at most BUCKETS rows however many words it holds, and a
 * search reads, for each query term, one row per group.
 *
 * A row is a run of entries, one per term:
 *   uint16 term length in bytes, the term in UTF-8, int32 posting count, then per posting
 *   int32 segment ordinal and int32 (term frequency << 16 | segment length).
 * Big-endian throughout. Frequencies above 32,767 and lengths above 65,535 are stored as those caps.
 */

export const BUCKETS = 2048;

export const MAX_TF = 32_767;
export const MAX_LENGTH = 65_535;
const POSTING_BYTES = 8;

/** FNV-1a over the UTF-16 code units: stable, and the same for a term wherever it is computed. */
export function bucketOf(term: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < term.length; index += 1) {
    hash ^= term.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}

/** One segment as the index sees it: its ordinal in the knowledge base, its words and its length in words. */
export interface SegmentTerms {
  ord: number;
  tokens: string;
  tokenCount: number;
}

export const termsOf = (tokens: string) => tokens.split(' ').filter((term) => term !== '');

/** Term frequencies of a segment's words. */
export function frequenciesOf(tokens: string): Map<string, number> {
  const tf = new Map<string, number>();
  for (const term of termsOf(tokens)) tf.set(term, (tf.get(term) ?? 0) + 1);
  return tf;
}

const viewOf = (row: Uint8Array) => new DataView(row.buffer, row.byteOffset, row.byteLength);

/** A posting list being built: pairs of segment ordinal and packed frequency/length. */
type PostingList = number[];

function encodeRow(entries: Array<[Uint8Array, PostingList]>): Buffer {
  let size = 0;
  for (const [term, list] of entries) size += 2 + term.length + 4 + list.length * 4;
  const row = Buffer.allocUnsafe(size);
  const view = viewOf(row);
  let offset = 0;
  for (const [term, list] of entries) {
    view.setUint16(offset, term.length);
    row.set(term, offset + 2);
    offset += 2 + term.length;
    view.setInt32(offset, list.length / 2);
    offset += 4;
    for (const value of list) {
      view.setInt32(offset, value);
      offset += 4;
    }
  }
  return row;
}

const packed = (tf: number, length: number) => (Math.min(tf, MAX_TF) << 16) | Math.min(length, MAX_LENGTH);

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
    for (const term of segment.tokens.split(' ')) {
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
    const lengths = ids.map((id) => Buffer.byteLength(names[id]!));
    let size = 0;
    ids.forEach((id, index) => (size += 2 + lengths[index]! + 4 + lists.count[id]! * POSTING_BYTES));
    const row = Buffer.allocUnsafe(size);
    const view = viewOf(row);
    let offset = 0;
    ids.forEach((id, index) => {
      view.setUint16(offset, lengths[index]!);
      offset += 2 + row.write(names[id]!, offset + 2, 'utf8');
      view.setInt32(offset, lists.count[id]!);
      offset += 4;
      for (let posting = lists.head[id]!; posting >= 0; posting = lists.next[posting]!) {
        const segment = ordered[lists.segment[posting]!]!;
        view.setInt32(offset, segment.ord);
        view.setInt32(offset + 4, packed(lists.tf[posting]!, segment.tokenCount));
        offset += POSTING_BYTES;
      }
    });
    rows.set(bucket, row);
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

/** Every entry of a row, with its term still as bytes (`termStart`, `termLength`). */
function* entries(row: Uint8Array): Generator<{ termStart: number; termLength: number } & PostingSlice> {
  const view = viewOf(row);
  let offset = 0;
  while (offset < row.length) {
    const termLength = view.getUint16(offset);
    const termStart = offset + 2;
    const count = view.getInt32(termStart + termLength);
    const start = termStart + termLength + 4;
    yield { row, termStart, termLength, start, count };
    offset = start + count * POSTING_BYTES;
  }
}

/** The postings of `term` (its UTF-8 bytes) in a row, if the row holds it. */
export function findPostings(row: Uint8Array, term: Uint8Array): PostingSlice | undefined {
  for (const entry of entries(row)) {
    if (entry.termLength !== term.length) continue;
    let same = true;
    for (let index = 0; index < term.length && same; index += 1) same = row[entry.termStart + index] === term[index];
    if (same) return { row, start: entry.start, count: entry.count };
  }
  return undefined;
}

/** Calls `visit(ord, tf, length)` for each posting of a slice. */
export function forEachPosting({ row, start, count }: PostingSlice, visit: (ord: number, tf: number, length: number) => void): void {
  const view = viewOf(row);
  for (let offset = start, end = start + count * POSTING_BYTES; offset < end; offset += POSTING_BYTES) {
    const packed = view.getInt32(offset + 4);
    visit(view.getInt32(offset), packed >>> 16, packed & 0xffff);
  }
}

/** Every (term, postings) of a row, decoded: for rewriting rows and for the audit. */
export function decodeRow(row: Uint8Array): Array<{ term: string; postings: PostingSlice }> {
  const decoder = new TextDecoder();
  return [...entries(row)].map((entry) => ({
    term: decoder.decode(row.subarray(entry.termStart, entry.termStart + entry.termLength)),
    postings: { row, start: entry.start, count: entry.count },
  }));
}

/** The row without the postings of `ords`; null when nothing is left. */
export function withoutOrds(row: Uint8Array, ords: Set<number>): Buffer | null {
  const kept: Array<[Uint8Array, PostingList]> = [];
  for (const { term, postings } of decodeRow(row)) {
    const list: PostingList = [];
    forEachPosting(postings, (ord, tf, length) => {
      if (!ords.has(ord)) list.push(ord, packed(tf, length));
    });
    if (list.length > 0) kept.push([Buffer.from(term, 'utf8'), list]);
  }
  return kept.length > 0 ? encodeRow(kept) : null;
}
