// Turns inventory records and stock movements into the API's resources: the record with its stock status and
// the summaries of its warehouse and product, and the movement summary a stock change answers and its events carry.
import type { Warehouse } from '../../../db/schema.js';
import { recordStock } from './low-stock.js';
import type { ProductTotals } from './product-stock.js';
import type { InventoryRecord, InventoryRecordRow, StockMovement } from './stock.repository.js';

/** The inventory record resource, as `GET /operations/inventory/{id}` answers it (the OpenAPI document). */
export function inventoryResource(r: InventoryRecordRow) {
  return {
    id: r.id,
    product_id: r.product_id,
    warehouse_id: r.warehouse_id,
    quantity_on_hand: r.quantity_on_hand,
    quantity_reserved: r.quantity_reserved,
    quantity_available: r.quantity_on_hand - r.quantity_reserved,
    reorder_point: r.reorder_point,
    reorder_quantity: r.reorder_quantity,
    ...recordStock(r, {
      reorder_point: r.product_reorder_point,
      status: r.product_status,
      deleted_at: r.product_deleted_at,
      track_inventory: r.track_inventory,
    }),
    last_counted_at: r.last_counted_at,
    last_movement_at: r.last_movement_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    warehouse: { id: r.warehouse_id, name: r.warehouse_name, code: r.warehouse_code },
    product: { id: r.product_id, name: r.product_name, sku: r.product_sku },
  };
}
export type InventoryResource = ReturnType<typeof inventoryResource>;

/** The movement summary answered with adjust, reserve and release and carried by their events. */
export function movementSummary(m: StockMovement) {
  return {
    id: m.id,
    type: m.type,
    quantity: m.quantity,
    quantity_before: m.quantity_before,
    quantity_after: m.quantity_after,
    reason: m.reason,
    notes: m.notes,
    reference_type: m.reference_type,
    reference_id: m.reference_id,
    created_by: m.created_by,
    created_at: m.created_at,
  };
}
export type MovementSummary = ReturnType<typeof movementSummary>;

/** An inventory record after a change, with the movement that made it. */
export type ChangedRecord = InventoryResource & { movement: MovementSummary };

export function changedRecordResource(row: InventoryRecordRow, movement: StockMovement): ChangedRecord {
  return { ...inventoryResource(row), movement: movementSummary(movement) };
}

/**
 * The row of a record just changed, made of what the change wrote and read (the record, its warehouse, its
 * live product's totals) rather than read again.
 */
export function changedRecordRow(
  record: InventoryRecord,
  warehouse: Pick<Warehouse, 'code' | 'name'>,
  product: Pick<ProductTotals, 'name' | 'sku' | 'reorder_point' | 'status' | 'track_inventory'>,
): InventoryRecordRow {
  return {
    ...record,
    warehouse_code: warehouse.code,
    warehouse_name: warehouse.name,
    product_name: product.name,
    product_sku: product.sku,
    product_reorder_point: product.reorder_point,
    product_status: product.status,
    product_deleted_at: null,
    track_inventory: product.track_inventory,
  };
}
