// "Low stock" has two meanings, each defined here once, in JavaScript and as an SQL condition:
// - product low stock: the product tracks inventory, has a reorder point, and its available total over every
//   warehouse (stock_quantity - reserved_quantity) is at or below that point. The product's `is_low_stock`
//   and the product list's `low_stock` filter.
// - record low stock: an inventory record (a product in one warehouse) whose available quantity
//   (quantity_on_hand - quantity_reserved) is at or below its effective reorder point, the record's own else
//   the product's. The inventory list's `low_stock` filter, the low-stock list, the reorder report,
//   auto-reorder and the inventory.low_stock event.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { DB, ProductsTable } from '../../../db/schema.js';

/** What product low stock reads of a product. */
export type ProductStockLevel = Pick<Selectable<ProductsTable>, 'track_inventory' | 'reorder_point' | 'stock_quantity' | 'reserved_quantity'>;

export function isProductLowStock(p: ProductStockLevel): boolean {
  return p.track_inventory && p.reorder_point !== null && p.stock_quantity - p.reserved_quantity <= p.reorder_point;
}

/** Product low stock as a condition on `products`; with `low` false, its negation. */
export function productLowStockCondition(eb: ExpressionBuilder<DB, 'products'>, low = true): Expression<SqlBool> {
  const isLow = eb.and([
    eb('products.track_inventory', '=', true),
    eb('products.reorder_point', 'is not', null),
    sql<SqlBool>`${sql.ref('products.stock_quantity')} - ${sql.ref('products.reserved_quantity')} <= ${sql.ref('products.reorder_point')}`,
  ]);
  return low ? isLow : eb.not(isLow);
}

/** A record's reorder point: its own, else its product's; null when neither has one. */
export function effectiveReorderPoint(recordPoint: number | null, productPoint: number | null | undefined): number | null {
  return recordPoint ?? productPoint ?? null;
}

/** Record low stock, given the record's available quantity and effective reorder point. */
export function isRecordLowStock(available: number, reorderPoint: number | null): boolean {
  return reorderPoint !== null && available <= reorderPoint;
}

/** The names an inventory record and its product go by in a query (table names or aliases). */
export interface RecordAndProduct {
  record: string;
  product: string;
}

/** The effective reorder point in SQL. */
export function effectiveReorderPointSql({ record, product }: RecordAndProduct): RawBuilder<number | null> {
  return sql<number | null>`coalesce(${sql.ref(`${record}.reorder_point`)}, ${sql.ref(`${product}.reorder_point`)})`;
}

/**
 * Record low stock as a condition on a query that joins the record and its product; with `low` false, its
 * negation, under which a record without any reorder point counts as not low.
 */
export function recordLowStockCondition(names: RecordAndProduct, low = true): RawBuilder<SqlBool> {
  const { record } = names;
  const isLow = sql<SqlBool>`(${sql.ref(`${record}.quantity_on_hand`)} - ${sql.ref(`${record}.quantity_reserved`)}) <= ${effectiveReorderPointSql(names)}`;
  return low ? isLow : sql<SqlBool>`not coalesce(${isLow}, false)`;
}
