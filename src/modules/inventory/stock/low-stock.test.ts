import { describe, expect, it } from 'vitest';
import { effectiveReorderPoint, isProductLowStock, isRecordLowStock } from './low-stock.js';

describe('product low stock', () => {
  const product = { track_inventory: true, reorder_point: 5, stock_quantity: 8, reserved_quantity: 3 };

  it('is available (stock - reserved) at or below the reorder point', () => {
    expect(isProductLowStock(product)).toBe(true);
    expect(isProductLowStock({ ...product, reserved_quantity: 2 })).toBe(false);
  });

  it('needs a reorder point and tracked inventory', () => {
    expect(isProductLowStock({ ...product, reorder_point: null })).toBe(false);
    expect(isProductLowStock({ ...product, track_inventory: false })).toBe(false);
  });
});

describe('record low stock', () => {
  it("holds a record to its own reorder point, else its product's", () => {
    expect(effectiveReorderPoint(3, 10)).toBe(3);
    expect(effectiveReorderPoint(0, 10)).toBe(0);
    expect(effectiveReorderPoint(null, 10)).toBe(10);
    expect(effectiveReorderPoint(null, undefined)).toBeNull();
  });

  it('is available at or below the effective reorder point; never without one', () => {
    expect(isRecordLowStock(5, 5)).toBe(true);
    expect(isRecordLowStock(6, 5)).toBe(false);
    expect(isRecordLowStock(0, null)).toBe(false);
  });
});
