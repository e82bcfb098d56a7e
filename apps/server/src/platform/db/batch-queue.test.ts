import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batch-queue.js';

describe('BatchQueue', () => {
  it('writes items queued together in one call, answers each its own result, and retries a failed batch item by item', async () => {
    const calls: number[][] = [];
    const queue = new BatchQueue<number, number>(async (items) => {
      calls.push(items);
      if (items.length > 1 && items.includes(3)) throw new Error('batch refused');
      if (items.includes(3)) throw new Error('bad item');
      return items.map((item) => item * 10);
    });
    const first = await Promise.all([1, 2].map((item) => queue.push(item)));
    expect(first).toEqual([10, 20]);
    const second = await Promise.allSettled([4, 3, 5].map((item) => queue.push(item)));
    expect(second.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([40, 'bad item', 50]);
    expect(calls).toEqual([[1, 2], [4, 3, 5], [4], [3], [5]]);
  });
});
