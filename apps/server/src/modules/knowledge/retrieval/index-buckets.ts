/*
 * The bytes of the full-text index (docs/decisions/full-text-index.md). A knowledge base's segments are
 * indexed in groups (those written in one transaction); each group's postings are spread over BUCKETS
 * rows by a hash of the term, so a group costs at most BUCKETS rows however many words it holds, and a
 * search reads, for each query term, one row per group.
 *
 * A row is a run of entries, terms in sorted order:
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

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A posting list being built: ordinals and packed frequency/length, in the order added. */
type PostingList = number[];

function encodeRow(entries: Array<[string, PostingList]>): Buffer {
  const terms = entries.map(([term]) => Buffer.from(term, 'utf8'));
  let size = 0;
  entries.forEach(([, list], index) => (size += 2 + terms[index]!.length + 4 + list.length * 4));
  const row = Buffer.allocUnsafe(size);
  let offset = 0;
  entries.forEach(([, list], index) => {
    const term = terms[index]!;
    offset = row.writeUInt16BE(term.length, offset);
    offset += term.copy(row, offset);
    offset = row.writeInt32BE(list.length / 2, offset);
    for (const value of list) offset = row.writeInt32BE(value, offset);
  });
  return row;
}

/** The rows of a group of segments, by bucket. */
export function bucketRowsOf(segments: SegmentTerms[]): Map<number, Buffer> {
  const byBucket = new Map<number, Map<string, PostingList>>();
  for (const segment of [...segments].sort((a, b) => a.ord - b.ord)) {
    const length = Math.min(segment.tokenCount, MAX_LENGTH);
    for (const [term, tf] of frequenciesOf(segment.tokens)) {
      const bucket = bucketOf(term);
      let terms = byBucket.get(bucket);
      if (!terms) byBucket.set(bucket, (terms = new Map()));
      let list = terms.get(term);
      if (!list) terms.set(term, (list = []));
      list.push(segment.ord, (Math.min(tf, MAX_TF) << 16) | length);
    }
  }
  const rows = new Map<number, Buffer>();
  for (const [bucket, terms] of byBucket) rows.set(bucket, encodeRow([...terms].sort(([a], [b]) => byCodeUnits(a, b))));
  return rows;
}

/** Where one term's postings sit in a row. */
export interface PostingSlice {
  row: Uint8Array;
  /** Byte offset of the first posting. */
  start: number;
  count: number;
}

const viewOf = (row: Uint8Array) => new DataView(row.buffer, row.byteOffset, row.byteLength);

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
  const kept: Array<[string, PostingList]> = [];
  for (const { term, postings } of decodeRow(row)) {
    const list: PostingList = [];
    forEachPosting(postings, (ord, tf, length) => {
      if (!ords.has(ord)) list.push(ord, (tf << 16) | length);
    });
    if (list.length > 0) kept.push([term, list]);
  }
  return kept.length > 0 ? encodeRow(kept) : null;
}
