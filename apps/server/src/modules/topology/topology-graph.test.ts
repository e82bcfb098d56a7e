import { describe, expect, it } from 'vitest';
import { dependantsOf } from './topology-graph.js';

const edge = (from: string, to: string) => ({ from, to, blocks_delete: false });

describe('dependantsOf', () => {
  it('finds direct users first, then theirs, each once', () => {
    // a and b use m; c uses a and b; d uses c.
    const found = dependantsOf(['m', 'a', 'd'], [edge('a', 'm'), edge('b', 'm'), edge('c', 'a'), edge('c', 'b'), edge('d', 'c')]);
    expect(found.get('m')).toEqual(['a', 'b', 'c', 'd']);
    expect(found.get('a')).toEqual(['c', 'd']);
    expect(found.get('d')).toEqual([]);
  });

  it('ends at a cycle without counting the node itself', () => {
    const found = dependantsOf(['x', 'y'], [edge('x', 'y'), edge('y', 'x')]);
    expect(found.get('x')).toEqual(['y']);
    expect(found.get('y')).toEqual(['x']);
  });
});
