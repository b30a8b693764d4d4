// "Low stock" has two meanings, each defined once, in JavaScript here and as an SQL condition in
// low-stock.sql.ts, and the stock status the API answers beside each:
// - product low stock: the product tracks inventory, has a reorder point, and its available total over every
//   warehouse (stock_quantity - reserved_quantity) is at or below that point. The product's `is_low_stock`
//   and `stock_status`, and the product list's `low_stock` filter.
// - record low stock: an inventory record (a product in one warehouse) of a replenished product (live, tracking
//   inventory, not discontinued) whose available quantity (quantity_on_hand - quantity_reserved) is at or below
//   its effective reorder point, the record's own else the product's. The record's `is_low_stock` and
//   `stock_status`, the inventory list's `low_stock` filter, the summary's `low_stock_records`, the low-stock
//   list, the reorder report, auto-reorder and the inventory.low_stock event.
// A discontinued, deleted or untracked product is never reordered, so its records are never low: the reorder
// report leaves them out, and every other count of record low stock must count what it counts.
import type { Selectable } from 'kysely';
import type { ProductStatus, ProductsTable } from '../../../db/schema.js';

export const STOCK_STATUSES = ['out_of_stock', 'low_stock', 'in_stock'] as const;

/**
 * The fields of a record kept for the reports from its reorder point and its product (docs/inventory.md, "How
 * the reports are read"): the low-stock point, and the copies of the product's fields the reorder summary sums.
 */
export const KEPT_REPORT_FIELDS = [
  'low_stock_point',
  'product_supplier_id',
  'product_currency',
  'product_cost_price',
  'product_reorder_quantity',
] as const;
export type KeptReportField = (typeof KEPT_REPORT_FIELDS)[number];
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** What product low stock reads of a product. */
export type ProductStockLevel = Pick<
  Selectable<ProductsTable>,
  'track_inventory' | 'reorder_point' | 'stock_quantity' | 'reserved_quantity'
>;

export function isProductLowStock(p: ProductStockLevel): boolean {
  return p.track_inventory && p.reorder_point !== null && p.stock_quantity - p.reserved_quantity <= p.reorder_point;
}

/** A product's stock status: out of stock when tracked with nothing available, else low by product low stock. */
export function productStockStatus(p: ProductStockLevel): StockStatus {
  if (p.track_inventory && p.stock_quantity - p.reserved_quantity <= 0) return 'out_of_stock';
  return isProductLowStock(p) ? 'low_stock' : 'in_stock';
}

/** A record's reorder point: its own, else its product's; null when neither has one. */
export function effectiveReorderPoint(
  recordPoint: number | null,
  productPoint: number | null | undefined,
): number | null {
  return recordPoint ?? productPoint ?? null;
}

/** What record low stock reads of the record's product. */
export interface RecordProduct {
  track_inventory: boolean;
  status: ProductStatus;
  deleted_at: string | null;
  reorder_point: number | null;
}

/** What record low stock reads of a record. */
export interface RecordStockLevel {
  quantity_on_hand: number;
  quantity_reserved: number;
  reorder_point: number | null;
}

/** Whether stock of the product is meant to be replenished, so that its records can be low. */
function isReplenished(product: Omit<RecordProduct, 'reorder_point'>): boolean {
  return product.track_inventory && product.deleted_at === null && product.status !== 'discontinued';
}

/** A record's stock as the API answers it: its effective reorder point, record low stock and stock status. */
export function recordStock(
  record: RecordStockLevel,
  product: RecordProduct,
): { effective_reorder_point: number | null; is_low_stock: boolean; stock_status: StockStatus } {
  const available = record.quantity_on_hand - record.quantity_reserved;
  const point = effectiveReorderPoint(record.reorder_point, product.reorder_point);
  const isLow = isReplenished(product) && point !== null && available <= point;
  return {
    effective_reorder_point: point,
    is_low_stock: isLow,
    stock_status: available <= 0 ? 'out_of_stock' : isLow ? 'low_stock' : 'in_stock',
  };
}

/** Record low stock. */
export function isRecordLowStock(record: RecordStockLevel, product: RecordProduct): boolean {
  return recordStock(record, product).is_low_stock;
}
