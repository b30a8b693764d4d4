import { describe, expect, it } from 'vitest';
import { stockStatus } from './stock-status';

describe('a stock record status', () => {
  it('is out of stock when nothing is available, reserved stock included', () => {
    expect(stockStatus({ quantity_available: 0, reorder_point: null })).toBe('out_of_stock');
    expect(stockStatus({ quantity_available: 0, reorder_point: 5 })).toBe('out_of_stock');
  });

  it('is low at or below the reorder point', () => {
    expect(stockStatus({ quantity_available: 5, reorder_point: 5 })).toBe('low_stock');
    expect(stockStatus({ quantity_available: 2, reorder_point: 5 })).toBe('low_stock');
  });

  it('is in stock above the reorder point or without one', () => {
    expect(stockStatus({ quantity_available: 6, reorder_point: 5 })).toBe('in_stock');
    expect(stockStatus({ quantity_available: 1, reorder_point: null })).toBe('in_stock');
  });
});
