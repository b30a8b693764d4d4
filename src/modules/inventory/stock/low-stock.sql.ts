// The two meanings of low stock (low-stock.ts) as SQL conditions, for the repositories that filter by them.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../../db/schema.js';

/** Product low stock as a condition on `products`; with `low` false, its negation. */
export function productLowStockCondition(eb: ExpressionBuilder<DB, 'products'>, low = true): Expression<SqlBool> {
  const isLow = eb.and([
    eb('products.track_inventory', '=', true),
    eb('products.reorder_point', 'is not', null),
    sql<SqlBool>`${sql.ref('products.stock_quantity')} - ${sql.ref('products.reserved_quantity')} <= ${sql.ref('products.reorder_point')}`,
  ]);
  return low ? isLow : eb.not(isLow);
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
 * Record low stock (of a replenished product: live, tracked, not discontinued) as a condition on a query that
 * joins the record and its product; with `low` false, its
 * negation, under which a record without any reorder point counts as not low.
 */
export function recordLowStockCondition(names: RecordAndProduct, low = true): RawBuilder<SqlBool> {
  const { record, product } = names;
  // The boolean column alone is the test: 1/0 on SQLite, a boolean on PostgreSQL.
  const replenished = sql<SqlBool>`${sql.ref(`${product}.track_inventory`)} and ${sql.ref(`${product}.deleted_at`)} is null and ${sql.ref(`${product}.status`)} <> ${sql.lit('discontinued')}`;
  const isLow = sql<SqlBool>`(${replenished} and (${sql.ref(`${record}.quantity_on_hand`)} - ${sql.ref(`${record}.quantity_reserved`)}) <= ${effectiveReorderPointSql(names)})`;
  return low ? isLow : sql<SqlBool>`not coalesce(${isLow}, false)`;
}

/**
 * The `low_stock_point` a record is kept at (record low stock as maintained state, docs/inventory.md): the record's
 * own reorder point (`recordPoint`), else its product's, when the product is replenished; else null, so that the
 * record is never low. A scalar subquery on the record's product `productId`.
 */
export function lowStockPointSql(productId: unknown, recordPoint: unknown): RawBuilder<number | null> {
  return sql<
    number | null
  >`(select case when lsp.track_inventory and lsp.deleted_at is null and lsp.status <> ${sql.lit('discontinued')} then coalesce(${recordPoint}, lsp.reorder_point) end from products lsp where lsp.id = ${productId})`;
}

/**
 * A new record's copies of its product's fields that the reorder report's summary reads from the low-stock index
 * (migration 0035; a trigger on products keeps them after): scalar subqueries on the record's product `productId`.
 */
export function productCopiesSql(productId: unknown) {
  const of = <T>(column: string) => sql<T>`(select pc.${sql.ref(column)} from products pc where pc.id = ${productId})`;
  return {
    product_supplier_id: of<string | null>('supplier_id'),
    product_currency: of<string | null>('currency'),
    product_cost_price: of<number | null>('cost_price'),
    product_reorder_quantity: of<number | null>('reorder_quantity'),
  };
}

/**
 * Record low stock read from the maintained point, in the very terms of the partial index
 * `inventory_records_low_stock_idx` (migration 0030), so that the database answers it from that index alone. A
 * null point is never low. Written with the column first: SQLite matches a partial index's condition only in the
 * form its planner gives the query's term, which puts a lone column on the left.
 */
export function maintainedLowStockCondition(record: string): RawBuilder<SqlBool> {
  const r = (column: string) => sql.ref(`${record}.${column}`);
  return sql<SqlBool>`${r('low_stock_point')} >= ${r('quantity_on_hand')} - ${r('quantity_reserved')}`;
}

/**
 * How urgent a low record is: available / max(point, 1), lowest first. It orders like the urgency bands (critical
 * at or below a quarter of the point…) and, within a band, like the ratio. The same expression as the index's key.
 */
export function lowStockUrgencySql(record: string): RawBuilder<number> {
  const r = (column: string) => sql.ref(`${record}.${column}`);
  return sql<number>`((${r('quantity_on_hand')} - ${r('quantity_reserved')}) * 1.0 / (case when ${r('low_stock_point')} < 1 then 1 else ${r('low_stock_point')} end))`;
}
