import { describe, expect, it } from 'vitest';
import { citedIndexes, splitCitations } from './citations';

describe('splitCitations', () => {
  it('finds a single marker', () => {
    expect(splitCitations('年假有 5 天[1]。', 3)).toEqual(['年假有 5 天', { index: 1 }, '。']);
  });

  it('finds adjacent markers and full-width brackets', () => {
    expect(splitCitations('见 [2][3]与【1】', 3)).toEqual(['见 ', { index: 2 }, { index: 3 }, '与', { index: 1 }]);
  });

  it('leaves numbers that are not sources, and unfinished markers, as text', () => {
    expect(splitCitations('[0] [4] [1', 3)).toEqual(['[0] [4] [1']);
    expect(splitCitations('数组 a[1] 与 [x]', 0)).toEqual(['数组 a[1] 与 [x]']);
  });

  it('answers the text itself when there is no marker', () => {
    expect(splitCitations('没有引用', 2)).toEqual(['没有引用']);
    expect(splitCitations('', 2)).toEqual([]);
  });
});

describe('citedIndexes', () => {
  it('lists each cited source once, in order of first mention', () => {
    expect(citedIndexes('甲[2]，乙[1][2]，丙[9]', 3)).toEqual([2, 1]);
  });
});
