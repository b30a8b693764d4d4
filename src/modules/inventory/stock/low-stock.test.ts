import { describe, expect, it } from 'vitest';
import {
  effectiveReorderPoint,
  isProductLowStock,
  isRecordLowStock,
  productStockStatus,
  recordStock,
  type RecordProduct,
} from './low-stock.js';

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

  const product: RecordProduct = { track_inventory: true, status: 'active', deleted_at: null, reorder_point: null };
  const record = (available: number, reorderPoint: number | null) => ({
    quantity_on_hand: available + 2,
    quantity_reserved: 2,
    reorder_point: reorderPoint,
  });

  it('is available at or below the effective reorder point; never without one', () => {
    expect(isRecordLowStock(record(5, 5), product)).toBe(true);
    expect(isRecordLowStock(record(6, 5), product)).toBe(false);
    expect(isRecordLowStock(record(0, null), product)).toBe(false);
    expect(isRecordLowStock(record(4, null), { ...product, reorder_point: 4 })).toBe(true);
    expect(isRecordLowStock(record(4, 3), { ...product, reorder_point: 10 })).toBe(false);
  });

  it('is never low for a product that is not replenished', () => {
    expect(isRecordLowStock(record(1, 5), { ...product, status: 'discontinued' })).toBe(false);
    expect(isRecordLowStock(record(1, 5), { ...product, track_inventory: false })).toBe(false);
    expect(isRecordLowStock(record(1, 5), { ...product, deleted_at: '2026-11-01T00:00:00.000Z' })).toBe(false);
  });

  it('answers out of stock before low stock', () => {
    expect(recordStock(record(0, 5), product)).toEqual({
      effective_reorder_point: 5,
      is_low_stock: true,
      stock_status: 'out_of_stock',
    });
    expect(recordStock(record(3, null), { ...product, reorder_point: 3 })).toEqual({
      effective_reorder_point: 3,
      is_low_stock: true,
      stock_status: 'low_stock',
    });
    expect(recordStock(record(9, null), product)).toEqual({
      effective_reorder_point: null,
      is_low_stock: false,
      stock_status: 'in_stock',
    });
  });
});

describe('product stock status', () => {
  const product = { track_inventory: true, reorder_point: 5, stock_quantity: 8, reserved_quantity: 0 };

  it('is out of stock, low stock or in stock for a tracked product', () => {
    expect(productStockStatus({ ...product, reserved_quantity: 8 })).toBe('out_of_stock');
    expect(productStockStatus({ ...product, reserved_quantity: 3 })).toBe('low_stock');
    expect(productStockStatus(product)).toBe('in_stock');
  });

  it('is in stock for a product that does not track inventory', () => {
    expect(productStockStatus({ ...product, track_inventory: false, stock_quantity: 0 })).toBe('in_stock');
  });
});
