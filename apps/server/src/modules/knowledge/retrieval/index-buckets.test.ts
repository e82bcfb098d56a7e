import { describe, expect, it } from 'vitest';
import { countTerms } from '../../../platform/documents/index.js';
import { bucketOf, BUCKETS, decodeRow, findPostings, forEachPosting } from './index-buckets.js';
import { bucketRowsOf, withoutOrds } from './index-rows.js';
import { TopScores } from './top-scores.js';

const postingsIn = (rows: Map<number, Uint8Array>, term: string) => {
  const slice = findPostings(rows.get(bucketOf(term)) ?? new Uint8Array(), new TextEncoder().encode(term));
  const found: Array<[number, number, number]> = [];
  if (slice) forEachPosting(slice, (ord, tf, length) => found.push([ord, tf, length]));
  return found;
};

describe('full-text index rows', () => {
  // Ordinals 7, 8 and 9, the first two segments one document's, the third another's.
  const documents = [
    countTerms([
      ['龙井', '茶', '产于', '杭州', '茶'],
      ['普洱', '茶', '产于', '云南'],
    ]),
    countTerms([['a"b', '\\', '𠀀字']]),
  ];

  it('hashes a term to the same bucket every time, within range', () => {
    expect(bucketOf('龙井')).toBe(bucketOf('龙井'));
    for (const term of ['a', '茶', '𠀀字', 'x'.repeat(300)]) {
      expect(bucketOf(term)).toBeGreaterThanOrEqual(0);
      expect(bucketOf(term)).toBeLessThan(BUCKETS);
    }
  });

  it('finds each term with its frequency and segment length per segment, and only there', () => {
    const rows = bucketRowsOf(7, documents);
    expect(postingsIn(rows, '茶')).toEqual([
      [7, 2, 5],
      [8, 1, 4],
    ]);
    expect(postingsIn(rows, '𠀀字')).toEqual([[9, 1, 3]]);
    expect(postingsIn(rows, 'a"b')).toEqual([[9, 1, 3]]);
    expect(postingsIn(rows, '乌龙')).toEqual([]);
    const terms = [...rows.values()].flatMap((row) => decodeRow(row).map((entry) => entry.term)).sort();
    expect(terms).toEqual(['a"b', '\\', '云南', '产于', '普洱', '杭州', '茶', '龙井', '𠀀字'].sort());
  });

  it('keeps large frequencies, lengths and ordinals exactly', () => {
    const rows = bucketRowsOf(3_000_000_000, [countTerms([Array<string>(70_000).fill('词'), ['词']])]);
    expect(postingsIn(rows, '词')).toEqual([
      [3_000_000_000, 70_000, 70_000],
      [3_000_000_001, 1, 1],
    ]);
    // Runs of single characters add their bigrams.
    expect(postingsIn(rows, '词词')).toEqual([[3_000_000_000, 69_999, 70_000]]);
  });

  it('takes segments out of a row, and leaves nothing when none is left', () => {
    const rows = bucketRowsOf(7, documents);
    const row = rows.get(bucketOf('茶'))!;
    const rest = withoutOrds(row, new Set([7]))!;
    expect(postingsIn(new Map([[bucketOf('茶'), rest]]), '茶')).toEqual([[8, 1, 4]]);
    expect(postingsIn(new Map([[bucketOf('龙井'), withoutOrds(rows.get(bucketOf('龙井'))!, new Set([7])) ?? new Uint8Array()]]), '龙井')).toEqual([]);
    expect(withoutOrds(rows.get(bucketOf('𠀀字'))!, new Set([9]))).toBeNull();
    expect(withoutOrds(row, new Set([42]))).toBe(row);
  });
});

describe('TopScores', () => {
  it('sums scores per ordinal and keeps the best, ties by lower ordinal', () => {
    const scores = new TopScores(10, 6);
    for (const [ord, score] of [
      [5, 1],
      [3, 2],
      [5, 1.5],
      [9, 0.5],
      [1, 2],
      [4, 2.5],
    ] as const)
      scores.add(ord, score);
    expect(scores.top(3)).toEqual([
      { ord: 4, score: 2.5 },
      { ord: 5, score: 2.5 },
      { ord: 1, score: 2 },
    ]);
    expect(scores.top(10)).toHaveLength(5);
    expect(scores.top(0)).toEqual([]);
  });

  it('starts empty again after a reset, smaller or larger than before', () => {
    const scores = new TopScores(1000, 1000);
    for (let ord = 0; ord < 1000; ord += 1) scores.add(ord, ord + 1);
    scores.reset(10, 2).add(7, 1);
    scores.add(7, 1);
    scores.add(3, 1.5);
    expect(scores.top(5)).toEqual([
      { ord: 7, score: 2 },
      { ord: 3, score: 1.5 },
    ]);
    // Ordinals past the expected limit still count.
    scores.reset(100, 5000);
    for (let ord = 0; ord < 5000; ord += 1) scores.add(ord * 3, 1);
    expect(scores.top(6000)).toHaveLength(5000);
    expect(scores.top(2)).toEqual([
      { ord: 0, score: 1 },
      { ord: 3, score: 1 },
    ]);
  });
});
