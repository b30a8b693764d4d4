import { describe, expect, it } from 'vitest';
import { onHandAfterEach, quantitiesPerLine, quantitiesPerProduct, validShipLines } from './ship-rules.js';

const lines = [
  { orderLineId: 'l1', productId: 'p2', quantity: 3 },
  { orderLineId: 'l2', productId: 'p1', quantity: 2 },
  { orderLineId: 'l3', productId: 'p2', quantity: 4 },
  { orderLineId: 'l1', productId: 'p2', quantity: 1 },
];

describe('ship rules', () => {
  it('sums quantities per product in product id order', () => {
    expect(quantitiesPerProduct(lines)).toEqual([
      { productId: 'p1', quantity: 2 },
      { productId: 'p2', quantity: 8 },
    ]);
  });

  it('sums quantities per order line, in first-seen order', () => {
    expect(quantitiesPerLine(lines)).toEqual([
      { orderLineId: 'l1', productId: 'p2', quantity: 4 },
      { orderLineId: 'l2', productId: 'p1', quantity: 2 },
      { orderLineId: 'l3', productId: 'p2', quantity: 4 },
    ]);
  });

  it('counts each product down from what it held before the shipment', () => {
    // p2 holds 10 after (18 before): 18 - 3 = 15, 15 - 4 = 11, 11 - 1 = 10; p1 holds 0 after (2 before).
    expect(
      onHandAfterEach(
        lines,
        new Map([
          ['p1', 0],
          ['p2', 10],
        ]),
      ),
    ).toEqual([15, 0, 11, 10]);
  });

  it('accepts only positive integer quantities and at least one line', () => {
    expect(validShipLines(lines)).toBe(true);
    expect(validShipLines([])).toBe(false);
    expect(validShipLines([{ orderLineId: 'l', productId: 'p', quantity: 0 }])).toBe(false);
    expect(validShipLines([{ orderLineId: 'l', productId: 'p', quantity: 1.5 }])).toBe(false);
  });
});
