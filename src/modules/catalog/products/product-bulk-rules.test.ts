import { describe, expect, it } from 'vitest';
import { changedPrice, changedTags } from './product-bulk-rules.js';

describe('changedPrice', () => {
  it('adds or takes off an amount in currency units', () => {
    expect(changedPrice(10, { by: 'amount', value: 2.5 }, 'EUR')).toBe(12.5);
    expect(changedPrice(10, { by: 'amount', value: -10 }, 'EUR')).toBe(0);
    expect(changedPrice(10, { by: 'amount', value: -10.01 }, 'EUR')).toBe(-0.01);
  });

  it('changes by a percent, rounded to the minor unit half away from zero', () => {
    expect(changedPrice(19.99, { by: 'percent', value: 10 }, 'EUR')).toBe(21.99);
    expect(changedPrice(0.05, { by: 'percent', value: 10 }, 'EUR')).toBe(0.06);
    expect(changedPrice(10, { by: 'percent', value: -100 }, 'EUR')).toBe(0);
    expect(changedPrice(1000, { by: 'percent', value: 15 }, 'JPY')).toBe(1150);
  });
});

describe('changedTags', () => {
  it('adds the tags a product lacks, keeping its own first', () => {
    expect(changedTags(['a', 'b'], ['b', 'c'], true)).toEqual(['a', 'b', 'c']);
  });

  it('removes the tags named', () => {
    expect(changedTags(['a', 'b', 'c'], ['b', 'x'], false)).toEqual(['a', 'c']);
  });

  it('answers null when nothing changes', () => {
    expect(changedTags(['a', 'b'], ['a'], true)).toBeNull();
    expect(changedTags(['a'], ['z'], false)).toBeNull();
  });
});
