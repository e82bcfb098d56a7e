import { indexTermsOf } from './index-terms.js';

/**
 * The index terms of consecutive segments (a document's, or one edited segment's), counted where their
 * words were cut: each distinct term once, with the segments that hold it. Typed arrays and one string
 * instead of a string per word, so a document crosses threads cheaply and the index adds a group of
 * documents term by term rather than word by word.
 */
export interface TermCounts {
  /** The distinct terms, joined by spaces (a term holds no space). */
  names: string;
  /** Per term, in the order of `names`: how many segments hold it, then (segment, frequency) pairs, segments ascending (0 = the first segment). */
  postings: Int32Array;
  /** Each segment's length in words. */
  lengths: Int32Array;
}

/** Segments' words as they are indexed: counted per segment (see `indexTermsOf`), blank words left out. */
export function countTerms(segmentsWords: string[][]): TermCounts {
  const idOf = new Map<string, number>();
  const names: string[] = [];
  const segmentsOf: number[][] = [];
  const lengths = new Int32Array(segmentsWords.length);
  let pairs = 0;
  segmentsWords.forEach((cut, segment) => {
    const words = cut.filter((word) => word.trim() !== '');
    lengths[segment] = words.length;
    for (const term of indexTermsOf(words)) {
      let id = idOf.get(term);
      if (id === undefined) {
        id = names.length;
        idOf.set(term, id);
        names.push(term);
        segmentsOf.push([]);
      }
      // Per term: segment, frequency, segment, frequency, … (segments arrive in order).
      const held = segmentsOf[id]!;
      if (held.length > 0 && held[held.length - 2] === segment) held[held.length - 1]! += 1;
      else {
        held.push(segment, 1);
        pairs += 1;
      }
    }
  });
  const postings = new Int32Array(names.length + pairs * 2);
  let at = 0;
  for (const held of segmentsOf) {
    postings[at++] = held.length / 2;
    postings.set(held, at);
    at += held.length;
  }
  return { names: names.join(' '), postings, lengths };
}

/** The terms of one counted segment with their frequencies (for checking the index against its texts). */
export function frequenciesOfSegment(counts: TermCounts, segment: number): Map<string, number> {
  const frequencies = new Map<string, number>();
  const names = counts.names === '' ? [] : counts.names.split(' ');
  let at = 0;
  for (const name of names) {
    const held = counts.postings[at++]!;
    for (let pair = 0; pair < held; pair += 1, at += 2) if (counts.postings[at] === segment) frequencies.set(name, counts.postings[at + 1]!);
  }
  return frequencies;
}
