import { describe, expect, it } from 'vitest';
import { spreadLoaded, uploadGroups } from './upload-groups';

const files = (...sizes: number[]) => sizes.map((size, index) => ({ name: `f${index}`, size }));

describe('uploadGroups', () => {
  it('puts up to 100 small files in one request, in the order chosen', () => {
    const groups = uploadGroups(files(...Array.from({ length: 250 }, () => 1500)));
    expect(groups.map((group) => group.length)).toEqual([100, 100, 50]);
    expect(groups[1]![0]!.name).toBe('f100');
  });

  it('starts a new request before the bytes would pass the limit, and sends a large file alone', () => {
    const groups = uploadGroups(files(10, 10, 95, 10, 200, 5), 100, 100);
    expect(groups.map((group) => group.map((file) => file.size))).toEqual([[10, 10], [95], [10], [200], [5]]);
    expect(uploadGroups([])).toEqual([]);
  });
});

describe('spreadLoaded', () => {
  it('fills the files in order with the bytes sent so far', () => {
    expect(spreadLoaded([100, 50, 10], 0)).toEqual([0, 0, 0]);
    expect(spreadLoaded([100, 50, 10], 120)).toEqual([100, 20, 0]);
    expect(spreadLoaded([100, 50, 10], 1000)).toEqual([100, 50, 10]);
  });
});
