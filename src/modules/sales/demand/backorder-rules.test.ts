import { describe, expect, it } from 'vitest';
import { backorderedOf, isWaiting } from './backorder-rules.js';

describe('backorder rules', () => {
  it('counts the open quantity that holds no reservation', () => {
    expect(backorderedOf({ quantity: 10, cancelled: 0, shipped: 0, allocated: 0 })).toBe(10);
    expect(backorderedOf({ quantity: 10, cancelled: 2, shipped: 3, allocated: 1 })).toBe(4);
    expect(backorderedOf({ quantity: 10, cancelled: 0, shipped: 4, allocated: 6 })).toBe(0);
  });

  it('never goes below 0', () => {
    expect(backorderedOf({ quantity: 5, cancelled: 5, shipped: 0, allocated: 1 })).toBe(0);
  });

  it('waits while confirmed or partially shipped, and on hold from either', () => {
    expect(isWaiting('confirmed', null)).toBe(true);
    expect(isWaiting('partially_shipped', null)).toBe(true);
    expect(isWaiting('on_hold', 'confirmed')).toBe(true);
    expect(isWaiting('on_hold', 'partially_shipped')).toBe(true);
    expect(isWaiting('on_hold', 'draft')).toBe(false);
    for (const status of ['draft', 'pending_approval', 'shipped', 'completed', 'cancelled'] as const)
      expect(isWaiting(status, null)).toBe(false);
  });
});
