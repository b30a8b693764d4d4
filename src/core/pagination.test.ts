import { describe, expect, it } from 'vitest';
import { offsetOf } from './pagination.js';

describe('offsetOf', () => {
  it('skips the rows of the pages before', () => {
    expect(offsetOf({ page: 1, per_page: 15 })).toBe(0);
    expect(offsetOf({ page: 3, per_page: 15 })).toBe(30);
  });
});
