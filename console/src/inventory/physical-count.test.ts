import { describe, expect, it } from 'vitest';
import { countScanned, countTotals, previewCount, signed, variancePercentage } from './physical-count';

describe('the physical count preview', () => {
  const onHand = new Map([
    ['a', 20],
    ['b', 5],
  ]);

  it('gives each counted line its variance against the on-hand quantity', () => {
    const previews = previewCount(
      [
        { productId: 'a', counted: 17 },
        { productId: 'b', counted: 5 },
      ],
      onHand,
    );
    expect(previews).toEqual([
      { productId: 'a', onHand: 20, counted: 17, variance: -3, variancePercentage: -15 },
      { productId: 'b', onHand: 5, counted: 5, variance: 0, variancePercentage: 0 },
    ]);
  });

  it('counts a product without a record in the warehouse from 0, with no percentage', () => {
    expect(previewCount([{ productId: 'new', counted: 4 }], onHand)).toEqual([
      { productId: 'new', onHand: 0, counted: 4, variance: 4, variancePercentage: null },
    ]);
  });

  it('leaves a line without a count without a variance', () => {
    expect(previewCount([{ productId: 'a', counted: null }], onHand)[0]).toMatchObject({
      onHand: 20,
      variance: null,
      variancePercentage: null,
    });
  });

  it('rounds the percentage half away from zero to 2 decimals, as the API does', () => {
    expect(variancePercentage(-1, 23)).toBe(-4.35);
    expect(variancePercentage(1, 3)).toBe(33.33);
    expect(variancePercentage(1, 8)).toBe(12.5);
    expect(variancePercentage(-1, 8)).toBe(-12.5);
    expect(variancePercentage(5, 0)).toBeNull();
  });

  it('sums what the submission will change', () => {
    const previews = previewCount(
      [
        { productId: 'a', counted: 17 },
        { productId: 'b', counted: 9 },
        { productId: 'c', counted: 0 },
        { productId: 'd', counted: null },
      ],
      onHand,
    );
    expect(countTotals(previews)).toEqual({ counted: 3, changed: 2, unitsGained: 4, unitsLost: 3 });
  });

  it('writes quantities with their sign', () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(['+3', '-2', '0']);
  });
});

describe('counting by scans', () => {
  const drill = { id: 'p1', name: 'Drill' };
  const saw = { id: 'p2', name: 'Saw' };

  it('adds a product not yet on the count at 1, and one more for each further scan', () => {
    let lines = countScanned([], drill);
    expect(lines).toEqual([{ product: drill, counted: 1 }]);
    lines = countScanned(countScanned(lines, drill), saw);
    expect(lines).toEqual([
      { product: drill, counted: 2 },
      { product: saw, counted: 1 },
    ]);
  });

  it('counts from what was typed, or from nothing when the field is empty', () => {
    expect(countScanned([{ product: drill, counted: 7 }], drill)).toEqual([{ product: drill, counted: 8 }]);
    expect(countScanned([{ product: drill, counted: '' }], drill)).toEqual([{ product: drill, counted: 1 }]);
  });
});
