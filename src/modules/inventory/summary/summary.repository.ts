// The inventory summary's numbers, each one aggregate statement on either engine.
import { sql } from 'kysely';
import { DEFAULT_CURRENCY } from '../../../lib/money.js';
import type { Executor } from '../../../db/transaction.js';
import { productLowStockCondition, recordLowStockCondition } from '../stock/low-stock.sql.js';

export interface ProductStockCounts {
  low_stock_count: number;
  out_of_stock_count: number;
  tracked_products: number;
}

export class SummaryRepository {
  /**
   * On hand × cost price over the tenant's records of live products, one sum per currency in that currency's
   * minor units, by currency code. A variant's missing cost price or currency is its master's; a product with
   * neither is priced in USD (rows written before products carried a currency).
   */
  async stockValuesMinor(db: Executor, tenantId: string): Promise<{ currency: string; value: number }[]> {
    // A literal, not a parameter: PostgreSQL matches the grouped expression to the selected one by its text.
    const currency = sql<string>`coalesce(${sql.ref('p.currency')}, ${sql.ref('m.currency')}, ${sql.lit(DEFAULT_CURRENCY)})`;
    const rows = await db
      .selectFrom('inventory_records as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .leftJoin('master_products as m', 'm.id', 'p.master_product_id')
      .select([
        currency.as('currency'),
        sql<
          string | number | null
        >`sum(${sql.ref('r.quantity_on_hand')} * coalesce(${sql.ref('p.cost_price')}, ${sql.ref('m.base_cost_price')}, 0))`.as(
          'value',
        ),
      ])
      .where('r.tenant_id', '=', tenantId)
      .where('p.deleted_at', 'is', null)
      .groupBy(currency)
      .orderBy(currency)
      .execute();
    return rows.map((row) => ({ currency: row.currency, value: Number(row.value ?? 0) }));
  }

  /** The records low on stock: the inventory list's `low_stock` condition, which the reorder report's lines meet. */
  async lowStockRecords(db: Executor, tenantId: string): Promise<number> {
    const row = await db
      .selectFrom('inventory_records as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('r.tenant_id', '=', tenantId)
      .where(recordLowStockCondition({ record: 'r', product: 'p' }))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Counts of live products, by the product list's `low_stock` and `in_stock=false` conditions. */
  async productCounts(db: Executor, tenantId: string): Promise<ProductStockCounts> {
    const row = await db
      .selectFrom('products')
      .select((eb) => [
        eb.fn.countAll<string | number>().filterWhere(productLowStockCondition(eb)).as('low_stock_count'),
        eb.fn
          .countAll<string | number>()
          .filterWhere(
            eb.and([
              eb('products.track_inventory', '=', true),
              sql<boolean>`${sql.ref('products.stock_quantity')} - ${sql.ref('products.reserved_quantity')} <= 0`,
            ]),
          )
          .as('out_of_stock_count'),
        eb.fn.countAll<string | number>().filterWhere('products.track_inventory', '=', true).as('tracked_products'),
      ])
      .where('products.tenant_id', '=', tenantId)
      .where('products.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      low_stock_count: Number(row.low_stock_count),
      out_of_stock_count: Number(row.out_of_stock_count),
      tracked_products: Number(row.tracked_products),
    };
  }
}
