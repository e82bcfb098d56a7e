import { describe, expect, it } from 'vitest';
import { countTerms, frequenciesOfSegment } from './term-counts.js';

describe('countTerms', () => {
  it("counts each segment's terms once per occurrence, with bigrams of single characters and blank words left out", () => {
    const counts = countTerms([['龙井', '茶', '茶', ' '], [], ['毕', '昇', '茶', 'new york']]);
    expect([...counts.lengths]).toEqual([3, 0, 4]);
    expect(Object.fromEntries(frequenciesOfSegment(counts, 0))).toEqual({ 龙井: 1, 茶: 2, 茶茶: 1 });
    expect(frequenciesOfSegment(counts, 1).size).toBe(0);
    // A word with a space is indexed as its parts; 毕 昇 茶 are a run of single characters.
    expect(Object.fromEntries(frequenciesOfSegment(counts, 2))).toEqual({ 茶: 1, 毕: 1, 昇: 1, new: 1, york: 1, 毕昇: 1, 昇茶: 1 });
    expect(counts.names.split(' ')).toEqual(['龙井', '茶', '茶茶', '毕', '昇', 'new', 'york', '毕昇', '昇茶']);
  });

  it('counts nothing for no segments', () => {
    expect(countTerms([])).toEqual({ names: '', postings: new Int32Array(0), lengths: new Int32Array(0) });
  });
});
