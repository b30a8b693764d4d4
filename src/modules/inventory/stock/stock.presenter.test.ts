import { describe, expect, it } from 'vitest';
import { changedRecordResource, changedRecordRow, inventoryResource } from './stock.presenter.js';
import type { InventoryRecord, StockMovement } from './stock.repository.js';

const at = '2026-01-02T03:04:05.000Z';
const record: InventoryRecord = {
  id: 'r1',
  tenant_id: 't1',
  product_id: 'p1',
  warehouse_id: 'w1',
  quantity_on_hand: 6,
  quantity_reserved: 2,
  reorder_point: null,
  reorder_quantity: null,
  low_stock_point: 5,
  product_supplier_id: null,
  product_currency: 'USD',
  product_cost_price: 1250,
  product_reorder_quantity: null,
  last_counted_at: null,
  last_movement_at: at,
  created_at: at,
  updated_at: at,
};
const product = { name: 'Lamp', sku: 'LMP-1', reorder_point: 5, status: 'active' as const, track_inventory: true };
const movement: StockMovement = {
  id: 'm1',
  tenant_id: 't1',
  product_id: 'p1',
  warehouse_id: 'w1',
  type: 'reservation',
  quantity: 2,
  quantity_before: 0,
  quantity_after: 2,
  reason: 'Stock reserved',
  notes: null,
  reference_type: null,
  reference_id: null,
  created_by: null,
  created_at: at,
};

describe('inventory record presenter', () => {
  it('presents a record just changed from what the change wrote and read, without reading it again', () => {
    const row = changedRecordRow(record, { code: 'MAIN', name: 'Main' }, product);
    expect(inventoryResource(row)).toMatchObject({
      quantity_available: 4,
      effective_reorder_point: 5,
      is_low_stock: true,
      stock_status: 'low_stock',
      warehouse: { id: 'w1', name: 'Main', code: 'MAIN' },
      product: { id: 'p1', name: 'Lamp', sku: 'LMP-1' },
    });
  });

  it('answers a change with the record and its movement summary, without the ledger keys', () => {
    const changed = changedRecordResource(changedRecordRow(record, { code: 'MAIN', name: 'Main' }, product), movement);
    const { tenant_id: _tenant, product_id: _product, warehouse_id: _warehouse, ...summary } = movement;
    expect(changed.movement).toEqual(summary);
    expect(changed).not.toHaveProperty('tenant_id');
    expect(changed.id).toBe('r1');
  });
});
