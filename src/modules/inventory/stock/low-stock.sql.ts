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
