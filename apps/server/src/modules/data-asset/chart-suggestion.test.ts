import { describe, expect, it } from 'vitest';
import { suggestChart } from './chart-suggestion.js';

describe('the chart a result suggests', () => {
  it('draws months over time as a line', () => {
    expect(
      suggestChart(
        ['month', 'revenue'],
        [
          ['2025-01', 10],
          ['2025-02', 12],
          ['2025-03', 9],
        ],
      ),
    ).toEqual({ type: 'line', x: 'month', y: ['revenue'] });
    expect(
      suggestChart(
        ['month', 'n'],
        [
          [1, 10],
          [2, 12],
        ],
      ),
    ).toEqual({ type: 'line', x: 'month', y: ['n'] });
  });

  it('draws a few shares as a pie and many categories as bars', () => {
    expect(
      suggestChart(
        ['city', 'orders'],
        [
          ['上海', 10],
          ['北京', 8],
          ['广州', 3],
        ],
      ),
    ).toEqual({ type: 'pie', x: 'city', y: ['orders'] });
    const stores = Array.from({ length: 12 }, (_, index) => [`店${index}`, index + 1]);
    expect(suggestChart(['store', 'orders'], stores)).toEqual({ type: 'bar', x: 'store', y: ['orders'] });
    expect(
      suggestChart(
        ['store', 'paid', 'refunded'],
        [
          ['a', 1, 0],
          ['b', 2, 1],
        ],
      ),
    ).toEqual({ type: 'bar', x: 'store', y: ['paid', 'refunded'] });
  });

  it('draws nothing for one row, no numbers or no category', () => {
    expect(suggestChart(['count'], [[10000]])).toEqual({ type: 'none', x: null, y: [] });
    expect(suggestChart(['a', 'b'], [[1, 2]])).toEqual({ type: 'none', x: null, y: [] });
    expect(
      suggestChart(
        ['name', 'city'],
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
      ),
    ).toEqual({ type: 'none', x: null, y: [] });
    expect(
      suggestChart(
        ['id', 'amount'],
        [
          [1, 2],
          [3, 4],
        ],
      ),
    ).toEqual({ type: 'none', x: null, y: [] });
  });
});
