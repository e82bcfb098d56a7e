import { describe, expect, it } from 'vitest';
import { fuseByRank } from './fusion.js';

const list = (...ids: string[]) => ids.map((segmentId, index) => ({ segmentId, score: 1 - index / 10 }));

describe('reciprocal rank fusion', () => {
  it('ranks what both lists agree on first, scored 0–1 against a segment first in both', () => {
    const fused = fuseByRank([list('a', 'b', 'c'), list('b', 'd')]);
    expect(fused.map((item) => item.segmentId)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]!.score).toBeCloseTo((1 / 62 + 1 / 61) / (2 / 61), 10);
    expect(fuseByRank([list('x'), list('x')])[0]!.score).toBe(1);
    expect(fused.every((item) => item.score > 0 && item.score <= 1)).toBe(true);
  });

  it('normalises by the lists that have anything, and by the lists a segment could be in', () => {
    const alone = fuseByRank([list('a', 'b'), []]);
    expect(alone[0]!.score).toBe(1);
    expect(alone[1]!.score).toBeCloseTo(61 / 62, 10);
    // `a` comes from a knowledge base without vectors: first in the only list it can be in.
    const fused = fuseByRank([list('a', 'b'), list('b')], (id) => (id === 'a' ? 1 : 2));
    expect(fused.find((item) => item.segmentId === 'a')!.score).toBe(1);
    expect(fuseByRank([], () => 1)).toEqual([]);
  });
});
