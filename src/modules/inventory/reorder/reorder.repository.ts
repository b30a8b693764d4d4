// Reorder reads and writes: the settings on a record, the records at or below their reorder point, and the
// purchase and usage history the reorder report needs. Record low stock is read from its maintained state (the
// record's low_stock_point and the partial index over the records at or below it, docs/inventory.md), so that
// the reads touch the low records only.
import { sql, type RawBuilder } from 'kysely';
import { offsetOf, type PageRequest } from '../../../core/pagination.js';
import { countUpToLimit } from '../../../db/paginate.js';
import type { Executor } from '../../../db/transaction.js';
import { lowStockPointSql, lowStockUrgencySql, maintainedLowStockCondition } from '../stock/low-stock.sql.js';

/** A record at or below its reorder point, with what the low-stock list and the reorder report show. */
export interface ReorderCandidate {
  record_id: string;
  product_id: string;
  sku: string;
  name: string;
  warehouse_id: string;
  warehouse_name: string;
  /** The warehouse's allocation rank: the reorder report counts a product's backorders on its first record. */
  warehouse_allocation_rank: number | null;
  quantity_on_hand: number;
  quantity_reserved: number;
  reorder_point: number;
  reorder_quantity: number | null;
  cost_price: number | null;
  currency: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
}

/** The reorder report's filters: the lines of one warehouse, of the products one supplier supplies. */
export interface ReorderReportFilters {
  warehouseId?: string;
  supplierId?: string;
}

export class ReorderRepository {
  /** Whether the tenant has this live (not deleted) product: the one a reorder setting may name. */
  async productExists(db: Executor, tenantId: string, productId: string): Promise<boolean> {
    const row = await db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Sets both settings on the record in one statement, with the low-stock point they give it; false when the
   * record does not exist.
   */
  async setSettings(
    db: Executor,
    tenantId: string,
    recordId: string,
    settings: { reorder_point: number | null; reorder_quantity: number | null },
    at: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('inventory_records')
      .set({
        ...settings,
        low_stock_point: lowStockPointSql(sql.ref('inventory_records.product_id'), settings.reorder_point),
        updated_at: at,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', recordId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordSettings(db: Executor, tenantId: string, productId: string, warehouseId: string) {
    return db
      .selectFrom('inventory_records')
      .select(['id', 'reorder_point', 'reorder_quantity'])
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirst();
  }

  /** The records low on stock (record low stock, which leaves out deleted, discontinued and untracked products). */
  async candidates(db: Executor, tenantId: string): Promise<ReorderCandidate[]> {
    const rows = await reportLines(db, tenantId, {}).orderBy('p.sku').orderBy('w.code').execute();
    return rows.map(candidate);
  }

  /**
   * A page of the records low on stock, most urgent first (`lowStockUrgencySql`, then record id): the partial
   * index's own order, read along it and stopped after `limit` rows from `offset`.
   */
  async lowStockPage(db: Executor, tenantId: string, limit: number, offset: number) {
    const rows = await lowRecords(db, tenantId)
      .orderBy(lowStockUrgencySql('r'))
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({ ...r, reorder_point: Number(r.reorder_point) }));
  }

  /** A page of the reorder report's lines: the low records the filters keep, most urgent first, as the low-stock list. */
  async reportPage(db: Executor, tenantId: string, filters: ReorderReportFilters, page: PageRequest) {
    const rows = await reportLines(db, tenantId, filters)
      .orderBy(lowStockUrgencySql('r'))
      .orderBy('r.id')
      .limit(page.per_page)
      .offset(offsetOf(page))
      .execute();
    return rows.map(candidate);
  }

  /**
   * The low records of `productIds` in every warehouse, unfiltered: where each product's backordered demand is
   * counted (backorder-share.ts) is chosen among all of them.
   */
  async lowRecordsOf(db: Executor, tenantId: string, productIds: readonly string[]): Promise<ReorderCandidate[]> {
    if (productIds.length === 0) return [];
    const rows = await reportLines(db, tenantId, {})
      .where('r.product_id', 'in', [...productIds])
      .execute();
    return rows.map(candidate);
  }

  /**
   * The summary's sums, in the database, over every line the filters keep, before backordered demand: per
   * warehouse, supplier and currency, the lines, their suggested quantities (`suggestedQuantitySql`) and their
   * value in minor units; and per supplier the distinct products. Read from the low-stock index alone (it carries
   * each record's copies of its product's fields, migration 0035), once for both groupings, then named: a deleted
   * supplier's lines count as without a supplier, as the report's lines show them.
   */
  async summaryGroups(db: Executor, tenantId: string, filters: ReorderReportFilters) {
    const suggested = suggestedQuantitySql();
    const none = sql<null>`null`;
    let lines = db
      .selectFrom('inventory_records as r')
      .select([
        'r.warehouse_id',
        'r.product_supplier_id as supplier_id',
        'r.product_currency as currency',
        'r.product_id',
        suggested.as('quantity'),
        sql<number>`coalesce(r.product_cost_price, 0) * ${suggested}`.as('value_minor'),
      ])
      .where('r.tenant_id', '=', tenantId)
      .where(maintainedLowStockCondition('r'));
    if (filters.warehouseId !== undefined) lines = lines.where('r.warehouse_id', '=', filters.warehouseId);
    if (filters.supplierId !== undefined) lines = lines.where('r.product_supplier_id', '=', filters.supplierId);
    type Sums = {
      warehouse_id: string | null;
      supplier_id: string | null;
      currency: string | null;
      lines: number | string | null;
      quantity: number | string | null;
      value_minor: number | string | null;
      products: number | string | null;
    };
    let named = db
      // Materialized: both groupings read the lines once.
      .with(
        (cte) => cte('lines').materialized(),
        () => lines,
      )
      .with('sums', (qb) =>
        qb
          .selectFrom('lines')
          .select((eb) => [
            'warehouse_id',
            'supplier_id',
            'currency',
            eb.fn.countAll<number | string>().as('lines'),
            eb.fn.sum<number | string>('quantity').as('quantity'),
            eb.fn.sum<number | string>('value_minor').as('value_minor'),
            none.as('products'),
          ])
          .groupBy(['warehouse_id', 'supplier_id', 'currency'])
          .$castTo<Sums>()
          .unionAll((eb) =>
            eb
              .selectFrom('lines')
              .select((eb) => [
                none.as('warehouse_id'),
                'supplier_id',
                none.as('currency'),
                none.as('lines'),
                none.as('quantity'),
                none.as('value_minor'),
                eb.fn.count<number | string>('product_id').distinct().as('products'),
              ])
              .groupBy('supplier_id')
              .$castTo<Sums>(),
          ),
      )
      .selectFrom('sums as g')
      .leftJoin('warehouses as w', 'w.id', 'g.warehouse_id')
      .leftJoin('suppliers as s', (join) => join.onRef('s.id', '=', 'g.supplier_id').on('s.deleted_at', 'is', null))
      .select([
        'g.warehouse_id',
        'w.name as warehouse_name',
        's.id as supplier_id',
        's.name as supplier_name',
        'g.currency',
        'g.lines',
        'g.quantity',
        'g.value_minor',
        'g.products',
      ]);
    // A filter on a deleted supplier keeps no line, as the page's join to live suppliers keeps none.
    if (filters.supplierId !== undefined) named = named.where('s.id', '=', filters.supplierId);
    const rows = await named.execute();
    const productsBySupplier = new Map<string | null, number>();
    for (const row of rows.filter((r) => r.products !== null))
      productsBySupplier.set(row.supplier_id, (productsBySupplier.get(row.supplier_id) ?? 0) + Number(row.products));
    return {
      groups: rows
        .filter((g) => g.products === null)
        .map((g) => ({
          warehouse_id: g.warehouse_id!,
          warehouse_name: g.warehouse_name!,
          supplier_id: g.supplier_id,
          supplier_name: g.supplier_name,
          currency: g.currency,
          lines: Number(g.lines),
          quantity: Number(g.quantity),
          value_minor: Number(g.value_minor),
        })),
      productsBySupplier,
    };
  }

  /**
   * How many records are low on stock, counted up to COUNT_LIMIT + 1 (db/paginate.ts): the partial index's
   * entries alone, and no more of them than the bound.
   */
  lowStockCountUpToLimit(db: Executor, tenantId: string): Promise<number> {
    return countUpToLimit(
      db,
      db
        .selectFrom('inventory_records as r')
        .select('r.id')
        .where('r.tenant_id', '=', tenantId)
        .where(maintainedLowStockCondition('r')),
    );
  }

  /** The latest purchase_receipt movement of each product, in any warehouse. */
  async lastPurchaseDates(db: Executor, tenantId: string, productIds: readonly string[]): Promise<Map<string, string>> {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('stock_movements')
      .select((eb) => ['product_id', eb.fn.max('created_at').as('last')])
      .where('tenant_id', '=', tenantId)
      .where('type', '=', 'purchase_receipt')
      .where('product_id', 'in', [...productIds])
      .groupBy('product_id')
      .execute();
    return new Map(rows.map((r) => [r.product_id, String(r.last)]));
  }

  /**
   * Units used per product and warehouse on the UTC days from `sinceDay` (YYYY-MM-DD) on, read from the daily
   * aggregate the stock ledger keeps (stock/usage.ts says what counts as usage).
   */
  async usageSince(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
    sinceDay: string,
  ): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('stock_daily_usage')
      .select((eb) => ['product_id', 'warehouse_id', eb.fn.sum<number>('quantity').as('total')])
      .where('tenant_id', '=', tenantId)
      .where('product_id', 'in', [...productIds])
      .where('day', '>=', sinceDay)
      .groupBy(['product_id', 'warehouse_id'])
      .execute();
    return new Map(rows.map((r) => [`${r.product_id}:${r.warehouse_id}`, Number(r.total)]));
  }
}

/** The tenant's records at or below their low-stock point (the partial index's rows), joined to their products. */
function lowRecordsFrom(db: Executor, tenantId: string) {
  return db
    .selectFrom('inventory_records as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .where('r.tenant_id', '=', tenantId)
    .where(maintainedLowStockCondition('r'));
}

/** What both reports show of a low record and its product. */
const LOW_RECORD_FIELDS = [
  'r.id as record_id',
  'r.product_id',
  'p.sku',
  'p.name',
  'r.warehouse_id',
  'r.quantity_on_hand',
  'r.quantity_reserved',
  'r.low_stock_point as reorder_point',
] as const;

/** The low records with what both reports show. */
function lowRecords(db: Executor, tenantId: string) {
  return lowRecordsFrom(db, tenantId).select(LOW_RECORD_FIELDS);
}

/** The low records the report's filters keep, with their warehouse and their product's live supplier. */
function reportRecords(db: Executor, tenantId: string, filters: ReorderReportFilters) {
  let query = lowRecordsFrom(db, tenantId)
    .innerJoin('warehouses as w', 'w.id', 'r.warehouse_id')
    .leftJoin('suppliers as s', (join) => join.onRef('s.id', '=', 'p.supplier_id').on('s.deleted_at', 'is', null));
  if (filters.warehouseId !== undefined) query = query.where('r.warehouse_id', '=', filters.warehouseId);
  if (filters.supplierId !== undefined) query = query.where('s.id', '=', filters.supplierId);
  return query;
}

/** The report's lines: the filtered low records with every field a line and its summary read. */
function reportLines(db: Executor, tenantId: string, filters: ReorderReportFilters) {
  return reportRecords(db, tenantId, filters).select([
    ...LOW_RECORD_FIELDS,
    'w.name as warehouse_name',
    'w.allocation_rank as warehouse_allocation_rank',
    (eb) => eb.fn.coalesce('r.reorder_quantity', 'p.reorder_quantity').as('reorder_quantity'),
    'p.cost_price',
    'p.currency',
    's.id as supplier_id',
    's.name as supplier_name',
  ]);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof reportLines>['execute']>>[number];

function candidate(row: LineRow): ReorderCandidate {
  return {
    ...row,
    reorder_point: Number(row.reorder_point),
    reorder_quantity: row.reorder_quantity === null ? null : Number(row.reorder_quantity),
  };
}

/**
 * A low record's suggested quantity before backordered demand (reorder.service.ts, suggestedOrderQuantity), in
 * SQL on the record alone (its copy of the product's reorder quantity): the deficit is `low_stock_point -
 * available`, never negative on a low record.
 */
function suggestedQuantitySql(): RawBuilder<number> {
  const deficit = sql`(r.low_stock_point - (r.quantity_on_hand - r.quantity_reserved))`;
  const reorderQuantity = sql`coalesce(r.reorder_quantity, r.product_reorder_quantity)`;
  const larger = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) => sql`case when ${a} > ${b} then ${a} else ${b} end`;
  return sql<number>`(case when ${reorderQuantity} is null then ${larger(deficit, sql`1`)} else ${larger(reorderQuantity, deficit)} end)`;
}
