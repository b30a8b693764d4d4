import { describe, expect, it } from 'vitest';
import { chunks } from './chunks.js';

describe('chunks', () => {
  it('cuts items into consecutive slices of at most the size, the last one shorter', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunks([1], 500)).toEqual([[1]]);
  });

  it('gives no slice for no items', () => {
    expect(chunks([], 3)).toEqual([]);
  });

  it('refuses a size that would never advance', () => {
    expect(() => chunks([1], 0)).toThrow(RangeError);
    expect(() => chunks([1], 1.5)).toThrow(RangeError);
  });
});
