import { describe, expect, it } from 'vitest';
import { shippingStatus } from './order-progress.js';

describe('shippingStatus', () => {
  it('is shipped when no line has anything open', () => {
    expect(
      shippingStatus([
        { open: 0, shipped: 3 },
        { open: 0, shipped: 0 },
      ]),
    ).toBe('shipped');
  });
  it('is partially_shipped once anything shipped while something is open', () => {
    expect(
      shippingStatus([
        { open: 2, shipped: 1 },
        { open: 2, shipped: 0 },
      ]),
    ).toBe('partially_shipped');
  });
  it('says nothing while nothing shipped, or for an order without lines', () => {
    expect(shippingStatus([{ open: 2, shipped: 0 }])).toBeNull();
    expect(shippingStatus([])).toBeNull();
  });
});
