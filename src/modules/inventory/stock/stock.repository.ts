// Inventory records and the movement ledger. Quantities change only through single conditional
// statements, so that concurrent requests on any number of processes cannot lose or invent stock.
import { sql, type Insertable, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { compiledStatement } from '../../../db/compiled.js';
import { engineOf } from '../../../db/dialect.js';
import type { InventoryRecordsTable, ProductStatus, ProductType, StockMovementsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { paginate } from '../../../db/paginate.js';
import { RESERVED_ONLY_TYPES, type DailyFlow } from './daily-flow.js';
import { KEPT_REPORT_FIELDS, type KeptReportField } from './low-stock.js';
import { USAGE_MOVEMENT_TYPES } from './usage.js';
import { lowStockPointSql, productCopiesSql, recordLowStockCondition } from './low-stock.sql.js';

export type InventoryRecord = Selectable<InventoryRecordsTable>;
export type StockMovement = Selectable<StockMovementsTable>;
export type NewStockMovement = Insertable<StockMovementsTable>;
/** A record with the warehouse it is kept in. */
export type StockRecordWithWarehouse = InventoryRecord & {
  warehouse_code: string;
  warehouse_name: string;
  warehouse_is_default: boolean;
};
/**
 * A record with the summaries of its warehouse and product, as the inventory resource shows them, and what
 * record low stock reads of the product (`track_inventory` keeps its column's name, which only products have,
 * so that SQLite's 0 and 1 read as a boolean).
 */
export type InventoryRecordRow = InventoryRecord & {
  warehouse_code: string;
  warehouse_name: string;
  product_name: string;
  product_sku: string;
  product_reorder_point: number | null;
  product_status: ProductStatus;
  product_deleted_at: string | null;
  track_inventory: boolean;
};
/** What stock changes need to know of a product. */
export interface StockProduct {
  id: string;
  name: string;
  sku: string;
  type: ProductType;
  status: ProductStatus;
  track_inventory: boolean;
  reorder_point: number | null;
}
export interface InventoryListFilters {
  product_id?: string;
  warehouse_id?: string;
  low_stock?: boolean;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  /** Default product_name (then warehouse code). */
  sort_by?: 'product_name' | 'updated_at';
  sort_direction?: 'asc' | 'desc';
}
/** A record whose quantities differ from the sums of its movements, or whose reserved from its active reservations. */
export interface ReconcileRow {
  id: string;
  product_id: string;
  warehouse_id: string;
  quantity_on_hand: number;
  quantity_reserved: number;
  movements_on_hand: number;
  movements_reserved: number;
  /** Sum of the active reservations' quantities. */
  reservations_reserved: number;
}

/** One row of `stock_daily_usage`: units taken out of a product in a warehouse on a UTC day (YYYY-MM-DD). */
export interface DailyUsage {
  product_id: string;
  warehouse_id: string;
  day: string;
  quantity: number;
}
/** A product, warehouse and day whose kept daily usage differs from its usage movements. */
export interface DailyUsageDifference {
  product_id: string;
  warehouse_id: string;
  day: string;
  movements_quantity: number;
  daily_usage_quantity: number;
}

/** A record whose kept report fields differ from what its settings and its product say now. */
export interface ReportStateDifference {
  id: string;
  product_id: string;
  warehouse_id: string;
  fields: KeptReportField[];
}

/** A product, warehouse and day whose kept units in and out differ from its on-hand movements. */
export interface DailyFlowDifference {
  product_id: string;
  warehouse_id: string;
  day: string;
  movements_in: number;
  movements_out: number;
  daily_flow_in: number;
  daily_flow_out: number;
}

/** Movement types that change reserved, not on-hand, quantity. */
const RESERVED_TYPES = ['reservation', 'release'] as const;
/** Movement types that change on-hand and reserved quantity alike: a shipment takes reserved stock out. */
const RESERVED_AND_ON_HAND_TYPES = ['shipment'] as const;

/** A record by product and warehouse (the parameters of most single-record statements below). */
export type RecordKey = { tenantId: string; productId: string; warehouseId: string };
/** A change of `quantity` to a record at `at`. */
export type QuantityChange = RecordKey & { quantity: number; at: string };

// The statements of a stock change (adjust, reserve, release), compiled once (db/compiled.ts).

const ensureRecordStatement = compiledStatement(
  (db: Executor, p: { id: string; tenantId: string; productId: string; warehouseId: string; at: string }) =>
    db
      .insertInto('inventory_records')
      .values({
        id: p.id,
        tenant_id: p.tenantId,
        product_id: p.productId,
        warehouse_id: p.warehouseId,
        quantity_on_hand: 0,
        quantity_reserved: 0,
        low_stock_point: lowStockPointSql(p.productId, sql`null`),
        ...productCopiesSql(p.productId),
        created_at: p.at,
        updated_at: p.at,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'product_id', 'warehouse_id']).doNothing()),
);

const recordUpdate = (db: Executor, p: RecordKey) =>
  db
    .updateTable('inventory_records')
    .where('tenant_id', '=', p.tenantId)
    .where('product_id', '=', p.productId)
    .where('warehouse_id', '=', p.warehouseId);

const findRecordStatement = compiledStatement((db: Executor, p: RecordKey) =>
  db
    .selectFrom('inventory_records')
    .selectAll()
    .where('tenant_id', '=', p.tenantId)
    .where('product_id', '=', p.productId)
    .where('warehouse_id', '=', p.warehouseId),
);

const changeOnHandStatement = compiledStatement((db: Executor, p: QuantityChange) =>
  recordUpdate(db, p)
    .set((eb) => ({
      quantity_on_hand: eb('quantity_on_hand', '+', p.quantity),
      updated_at: p.at,
      last_movement_at: p.at,
    }))
    .where((eb) => eb(eb('quantity_on_hand', '+', p.quantity), '>=', eb.ref('quantity_reserved')))
    .returningAll(),
);

const reserveStatement = compiledStatement((db: Executor, p: QuantityChange) =>
  recordUpdate(db, p)
    .set((eb) => ({
      quantity_reserved: eb('quantity_reserved', '+', p.quantity),
      updated_at: p.at,
      last_movement_at: p.at,
    }))
    .where((eb) => eb(eb('quantity_on_hand', '-', eb.ref('quantity_reserved')), '>=', p.quantity))
    .returningAll(),
);

const releaseStatement = compiledStatement((db: Executor, p: QuantityChange) =>
  recordUpdate(db, p)
    .set((eb) => ({
      quantity_reserved: eb('quantity_reserved', '-', p.quantity),
      updated_at: p.at,
      last_movement_at: p.at,
    }))
    .where('quantity_reserved', '>=', p.quantity)
    .returningAll(),
);

const shipStatement = compiledStatement((db: Executor, p: QuantityChange) =>
  recordUpdate(db, p)
    .set((eb) => ({
      quantity_on_hand: eb('quantity_on_hand', '-', p.quantity),
      quantity_reserved: eb('quantity_reserved', '-', p.quantity),
      updated_at: p.at,
      last_movement_at: p.at,
    }))
    .where('quantity_reserved', '>=', p.quantity)
    .where('quantity_on_hand', '>=', p.quantity)
    .returningAll(),
);

/** The conditional changes of a record's quantities, by the quantity they change. */
const QUANTITY_CHANGES = {
  /** Adds `quantity` (signed) to on hand unless the result would fall below what is reserved. */
  on_hand: changeOnHandStatement,
  /** Adds `quantity` to reserved unless less than that is available. */
  reservation: reserveStatement,
  /** Takes `quantity` from reserved unless less than that is reserved. */
  release: releaseStatement,
};
export type QuantityChangeKind = keyof typeof QUANTITY_CHANGES;

const findProductStatement = compiledStatement((db: Executor, p: { tenantId: string; productId: string }) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'type', 'status', 'track_inventory', 'reorder_point'])
    .where('tenant_id', '=', p.tenantId)
    .where('id', '=', p.productId)
    .where('deleted_at', 'is', null),
);

const recordRows = (db: Executor, tenantId: string) =>
  db
    .selectFrom('inventory_records')
    .innerJoin('warehouses', 'warehouses.id', 'inventory_records.warehouse_id')
    .innerJoin('products', 'products.id', 'inventory_records.product_id')
    .selectAll('inventory_records')
    .select([
      'warehouses.code as warehouse_code',
      'warehouses.name as warehouse_name',
      'products.name as product_name',
      'products.sku as product_sku',
    ])
    .select([
      'products.reorder_point as product_reorder_point',
      'products.status as product_status',
      'products.deleted_at as product_deleted_at',
      'products.track_inventory',
    ])
    .where('inventory_records.tenant_id', '=', tenantId);

const recordByIdStatement = compiledStatement((db: Executor, p: { tenantId: string; id: string }) =>
  recordRows(db, p.tenantId).where('inventory_records.id', '=', p.id),
);

const recordOfStatement = compiledStatement((db: Executor, p: RecordKey) =>
  recordRows(db, p.tenantId)
    .where('inventory_records.product_id', '=', p.productId)
    .where('inventory_records.warehouse_id', '=', p.warehouseId),
);

const insertMovementStatement = compiledStatement((db: Executor, m: Required<NewStockMovement>) =>
  db
    .insertInto('stock_movements')
    .values({
      id: m.id,
      tenant_id: m.tenant_id,
      product_id: m.product_id,
      warehouse_id: m.warehouse_id,
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
    })
    .returningAll(),
);

export class StockRepository {
  /** The record of a product in a warehouse, created empty when missing (safe under concurrent callers). */
  async ensureRecord(
    db: Executor,
    row: { id: string; tenant_id: string; product_id: string; warehouse_id: string; at: string },
  ): Promise<void> {
    await ensureRecordStatement.execute(db, {
      id: row.id,
      tenantId: row.tenant_id,
      productId: row.product_id,
      warehouseId: row.warehouse_id,
      at: row.at,
    });
  }

  async findRecord(
    db: Executor,
    tenantId: string,
    productId: string,
    warehouseId: string,
  ): Promise<InventoryRecord | undefined> {
    return findRecordStatement.executeTakeFirst(db, { tenantId, productId, warehouseId });
  }

  /**
   * Changes one quantity of a record in one conditional statement, refused when it would break the record's
   * balance (see `QUANTITY_CHANGES`); answers the record after the change, undefined when refused.
   */
  async changeQuantity(
    db: Executor,
    kind: QuantityChangeKind,
    change: QuantityChange,
  ): Promise<InventoryRecord | undefined> {
    return QUANTITY_CHANGES[kind].executeTakeFirst(db, change);
  }

  /**
   * Takes `quantity` (positive) of reserved stock out of a record (a shipment): on hand and reserved both fall by
   * it, in one conditional statement refused when either holds less. Answers the record after the change,
   * undefined when refused.
   */
  async shipReserved(db: Executor, change: QuantityChange): Promise<InventoryRecord | undefined> {
    return shipStatement.executeTakeFirst(db, change);
  }

  /** A live product of the tenant. */
  async findProduct(db: Executor, tenantId: string, productId: string): Promise<StockProduct | undefined> {
    return findProductStatement.executeTakeFirst(db, { tenantId, productId });
  }

  async recordById(db: Executor, tenantId: string, id: string): Promise<InventoryRecordRow | undefined> {
    return recordByIdStatement.executeTakeFirst(db, { tenantId, id });
  }

  async recordOf(
    db: Executor,
    tenantId: string,
    productId: string,
    warehouseId: string,
  ): Promise<InventoryRecordRow | undefined> {
    return recordOfStatement.executeTakeFirst(db, { tenantId, productId, warehouseId });
  }

  /** Records by product name, then warehouse code, or by updated_at; `low_stock` filters on record low stock. */
  async listRecords(
    db: Executor,
    tenantId: string,
    filters: InventoryListFilters,
    page: PageRequest,
  ): Promise<Page<InventoryRecordRow>> {
    let query = recordRows(db, tenantId);
    if (filters.product_id) query = query.where('inventory_records.product_id', '=', filters.product_id);
    if (filters.warehouse_id) query = query.where('inventory_records.warehouse_id', '=', filters.warehouse_id);
    if (filters.low_stock !== undefined) {
      query = query.where(
        recordLowStockCondition({ record: 'inventory_records', product: 'products' }, filters.low_stock),
      );
    }
    if (filters.updated_since !== undefined)
      query = query.where('inventory_records.updated_at', '>=', filters.updated_since);
    const direction = filters.sort_direction ?? 'asc';
    const ordered =
      filters.sort_by === 'updated_at'
        ? query.orderBy('inventory_records.updated_at', direction)
        : query.orderBy('products.name', direction).orderBy('warehouses.code', direction);
    return paginate(db, ordered.orderBy('inventory_records.id', direction), page);
  }

  /** Every record of the tenant whose quantities differ from the sums of its movements or of its active reservations. */
  async reconcile(db: Executor, tenantId: string): Promise<ReconcileRow[]> {
    const sums = db
      .selectFrom('stock_movements')
      .select(['product_id', 'warehouse_id'])
      .select((eb) => [
        eb.fn
          .sum<number>(
            eb
              .case()
              .when('type', 'in', [...RESERVED_TYPES])
              .then(0)
              .else(eb.ref('quantity'))
              .end(),
          )
          .as('on_hand'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when('type', 'in', [...RESERVED_TYPES, ...RESERVED_AND_ON_HAND_TYPES])
              .then(eb.ref('quantity'))
              .else(0)
              .end(),
          )
          .as('reserved'),
      ])
      .where('tenant_id', '=', tenantId)
      .groupBy(['product_id', 'warehouse_id'])
      .as('m');
    const held = db
      .selectFrom('stock_reservations')
      .select(['product_id', 'warehouse_id'])
      .select((eb) => eb.fn.sum<number>('quantity').as('reserved'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'active')
      .groupBy(['product_id', 'warehouse_id'])
      .as('h');
    const rows = await db
      .selectFrom('inventory_records as r')
      .leftJoin(sums, (join) =>
        join.onRef('m.product_id', '=', 'r.product_id').onRef('m.warehouse_id', '=', 'r.warehouse_id'),
      )
      .leftJoin(held, (join) =>
        join.onRef('h.product_id', '=', 'r.product_id').onRef('h.warehouse_id', '=', 'r.warehouse_id'),
      )
      .select(['r.id', 'r.product_id', 'r.warehouse_id', 'r.quantity_on_hand', 'r.quantity_reserved'])
      .select((eb) => [
        eb.fn.coalesce('m.on_hand', sql<number>`0`).as('movements_on_hand'),
        eb.fn.coalesce('m.reserved', sql<number>`0`).as('movements_reserved'),
        eb.fn.coalesce('h.reserved', sql<number>`0`).as('reservations_reserved'),
      ])
      .where('r.tenant_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb('r.quantity_on_hand', '!=', eb.fn.coalesce('m.on_hand', sql<number>`0`)),
          eb('r.quantity_reserved', '!=', eb.fn.coalesce('m.reserved', sql<number>`0`)),
          eb('r.quantity_reserved', '!=', eb.fn.coalesce('h.reserved', sql<number>`0`)),
        ]),
      )
      .orderBy('r.id')
      .execute();
    return rows.map((r) => ({
      ...r,
      movements_on_hand: Number(r.movements_on_hand),
      movements_reserved: Number(r.movements_reserved),
      reservations_reserved: Number(r.reservations_reserved),
    }));
  }

  async insertMovement(db: Executor, movement: NewStockMovement): Promise<StockMovement> {
    const { reason = null, notes = null, reference_type = null, reference_id = null, created_by = null } = movement;
    return (await insertMovementStatement.executeTakeFirst(db, {
      ...movement,
      reason,
      notes,
      reference_type,
      reference_id,
      created_by,
    }))!;
  }

  /**
   * Adds each row's positive quantity to on-hand stock of its product in its warehouse, creating the records
   * that are missing, in one statement; answers the records after the change. A record whose on hand would
   * stay below what it reserves is refused (left out of the answer), as `changeOnHand` refuses. The rows'
   * products and warehouses are distinct pairs.
   */
  async addOnHandMany(
    db: Executor,
    rows: ReadonlyArray<{ id: string; tenant_id: string; product_id: string; warehouse_id: string; quantity: number }>,
    at: string,
  ): Promise<InventoryRecord[]> {
    if (rows.length === 0) return [];
    return db
      .insertInto('inventory_records')
      .values(
        rows.map(({ quantity, ...r }) => ({
          ...r,
          quantity_on_hand: quantity,
          quantity_reserved: 0,
          low_stock_point: lowStockPointSql(r.product_id, sql`null`),
          ...productCopiesSql(r.product_id),
          last_movement_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'product_id', 'warehouse_id'])
          .doUpdateSet((eb) => ({
            quantity_on_hand: eb('inventory_records.quantity_on_hand', '+', eb.ref('excluded.quantity_on_hand')),
            updated_at: at,
            last_movement_at: at,
          }))
          .where((eb) =>
            eb(
              eb('inventory_records.quantity_on_hand', '+', eb.ref('excluded.quantity_on_hand')),
              '>=',
              eb.ref('inventory_records.quantity_reserved'),
            ),
          ),
      )
      .returningAll()
      .execute();
  }

  /**
   * Sets `low_stock_point` of the tenant's records of `productIds` from their own reorder point and their product
   * as it is now: after a change of the product's reorder point, status, inventory tracking or deletion.
   */
  async refreshLowStockPoints(db: Executor, tenantId: string, productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await db
      .updateTable('inventory_records')
      .set({
        low_stock_point: lowStockPointSql(
          sql.ref('inventory_records.product_id'),
          sql.ref('inventory_records.reorder_point'),
        ),
      })
      .where('tenant_id', '=', tenantId)
      .where('product_id', 'in', [...productIds])
      .execute();
  }

  /** Adds each row's units to its product, warehouse and day of `stock_daily_usage`. Rows name distinct days. */
  async addDailyUsage(db: Executor, tenantId: string, rows: readonly DailyUsage[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('stock_daily_usage')
      .values(rows.map((r) => ({ tenant_id: tenantId, ...r })))
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'product_id', 'warehouse_id', 'day'])
          .doUpdateSet((eb) => ({ quantity: eb('stock_daily_usage.quantity', '+', eb.ref('excluded.quantity')) })),
      )
      .execute();
  }

  /** Every record of the tenant whose kept report fields differ from its reorder point and its product now. */
  async reportStateDifferences(db: Executor, tenantId: string): Promise<ReportStateDifference[]> {
    const expected = {
      low_stock_point: lowStockPointSql(sql.ref('r.product_id'), sql.ref('r.reorder_point')),
      product_supplier_id: sql.ref('p.supplier_id'),
      product_currency: sql.ref('p.currency'),
      product_cost_price: sql.ref('p.cost_price'),
      product_reorder_quantity: sql.ref('p.reorder_quantity'),
    };
    const differs = (field: KeptReportField) =>
      sql<SqlBool>`${sql.ref(`r.${field}`)} is distinct from ${expected[field]}`;
    const rows = await db
      .selectFrom('inventory_records as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select(['r.id', 'r.product_id', 'r.warehouse_id'])
      .select(KEPT_REPORT_FIELDS.map((field) => differs(field).as(field)))
      .where('r.tenant_id', '=', tenantId)
      .where((eb) => eb.or(KEPT_REPORT_FIELDS.map((field) => differs(field))))
      .orderBy('r.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      product_id: r.product_id,
      warehouse_id: r.warehouse_id,
      // 1/0 on SQLite, a boolean on PostgreSQL.
      fields: KEPT_REPORT_FIELDS.filter((field) => Boolean(r[field])),
    }));
  }

  /** Adds each row's units in and out to its product, warehouse and day of `stock_daily_flow`. Rows name distinct days. */
  async addDailyFlow(db: Executor, tenantId: string, rows: readonly DailyFlow[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('stock_daily_flow')
      .values(rows.map((r) => ({ tenant_id: tenantId, ...r })))
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'product_id', 'warehouse_id', 'day']).doUpdateSet((eb) => ({
          units_in: eb('stock_daily_flow.units_in', '+', eb.ref('excluded.units_in')),
          units_out: eb('stock_daily_flow.units_out', '+', eb.ref('excluded.units_out')),
        })),
      )
      .execute();
  }

  /**
   * Every (product, warehouse, day) of the tenant whose `stock_daily_usage` differs from the sum of its usage
   * movements (`USAGE_MOVEMENT_TYPES` taking units out), a missing row on either side counting as 0.
   */
  async dailyUsageDifferences(db: Executor, tenantId: string): Promise<DailyUsageDifference[]> {
    const day = movementDay(db);
    const fromMovements = db
      .selectFrom('stock_movements')
      .select(['product_id', 'warehouse_id', day.as('day')])
      .select((eb) => [eb.fn.sum<number>(eb.neg(eb.ref('quantity'))).as('movements'), sql<number>`0`.as('kept')])
      .where('tenant_id', '=', tenantId)
      .where('type', 'in', [...USAGE_MOVEMENT_TYPES])
      .where('quantity', '<', 0)
      .groupBy(['product_id', 'warehouse_id', day]);
    const kept = db
      .selectFrom('stock_daily_usage')
      .select(['product_id', 'warehouse_id', 'day', sql<number>`0`.as('movements'), 'quantity as kept'])
      .where('tenant_id', '=', tenantId);
    // A full outer join of the two sides, as a union of what each says (a row missing on one side counts 0 there).
    const rows = await db
      .selectFrom(fromMovements.unionAll(kept).as('u'))
      .select(['u.product_id', 'u.warehouse_id', 'u.day'])
      .select((eb) => [eb.fn.sum<number>('u.movements').as('movements'), eb.fn.sum<number>('u.kept').as('kept')])
      .groupBy(['u.product_id', 'u.warehouse_id', 'u.day'])
      .having((eb) => eb(eb.fn.sum('u.movements'), '!=', eb.fn.sum('u.kept')))
      .orderBy('u.product_id')
      .orderBy('u.warehouse_id')
      .orderBy('u.day')
      .execute();
    return rows.map((r) => ({
      product_id: r.product_id,
      warehouse_id: r.warehouse_id,
      day: String(r.day),
      movements_quantity: Number(r.movements),
      daily_usage_quantity: Number(r.kept),
    }));
  }

  /**
   * Every (product, warehouse, day) of the tenant whose `stock_daily_flow` differs from its movements of on-hand
   * stock (daily-flow.ts: positive quantities in, negative out), a missing row on either side counting as 0.
   */
  async dailyFlowDifferences(db: Executor, tenantId: string): Promise<DailyFlowDifference[]> {
    const day = movementDay(db);
    const zero = sql<number>`0`;
    const fromMovements = db
      .selectFrom('stock_movements')
      .select(['product_id', 'warehouse_id', day.as('day')])
      .select((eb) => [
        eb.fn.sum<number>(sql`case when quantity > 0 then quantity else 0 end`).as('moved_in'),
        eb.fn.sum<number>(sql`case when quantity < 0 then -quantity else 0 end`).as('moved_out'),
        zero.as('kept_in'),
        zero.as('kept_out'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('type', 'not in', [...RESERVED_ONLY_TYPES])
      .groupBy(['product_id', 'warehouse_id', day]);
    const kept = db
      .selectFrom('stock_daily_flow')
      .select(['product_id', 'warehouse_id', 'day'])
      .select([zero.as('moved_in'), zero.as('moved_out'), 'units_in as kept_in', 'units_out as kept_out'])
      .where('tenant_id', '=', tenantId);
    const sum = (column: 'moved_in' | 'moved_out' | 'kept_in' | 'kept_out') =>
      sql<number>`sum(${sql.ref(`u.${column}`)})`;
    // A full outer join of the two sides, as a union of what each says (a row missing on one side counts 0 there).
    const rows = await db
      .selectFrom(fromMovements.unionAll(kept).as('u'))
      .select(['u.product_id', 'u.warehouse_id', 'u.day'])
      .select([sum('moved_in').as('moved_in'), sum('moved_out').as('moved_out')])
      .select([sum('kept_in').as('kept_in'), sum('kept_out').as('kept_out')])
      .groupBy(['u.product_id', 'u.warehouse_id', 'u.day'])
      .having(sql<SqlBool>`${sum('moved_in')} <> ${sum('kept_in')} or ${sum('moved_out')} <> ${sum('kept_out')}`)
      .orderBy('u.product_id')
      .orderBy('u.warehouse_id')
      .orderBy('u.day')
      .execute();
    return rows.map((r) => ({
      product_id: r.product_id,
      warehouse_id: r.warehouse_id,
      day: String(r.day),
      movements_in: Number(r.moved_in),
      movements_out: Number(r.moved_out),
      daily_flow_in: Number(r.kept_in),
      daily_flow_out: Number(r.kept_out),
    }));
  }

  async insertMovements(db: Executor, movements: readonly NewStockMovement[]): Promise<StockMovement[]> {
    if (movements.length === 0) return [];
    return db
      .insertInto('stock_movements')
      .values([...movements])
      .returningAll()
      .execute();
  }

  async movementsOfProduct(db: Executor, tenantId: string, productId: string): Promise<StockMovement[]> {
    return db
      .selectFrom('stock_movements')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
  }

  /**
   * The records of `productIds` in every warehouse, default warehouse first, then by code. With `lock`, the
   * records stay locked until the transaction ends on PostgreSQL (SQLite writers take turns already).
   */
  async recordsOfProducts(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
    lock = false,
  ): Promise<StockRecordWithWarehouse[]> {
    if (productIds.length === 0) return [];
    const query = db
      .selectFrom('inventory_records')
      .innerJoin('warehouses', 'warehouses.id', 'inventory_records.warehouse_id')
      .selectAll('inventory_records')
      .select([
        'warehouses.code as warehouse_code',
        'warehouses.name as warehouse_name',
        'warehouses.is_default as warehouse_is_default',
      ])
      .where('inventory_records.tenant_id', '=', tenantId)
      .where('inventory_records.product_id', 'in', [...productIds])
      .orderBy('warehouses.is_default', 'desc')
      .orderBy('warehouses.code')
      .orderBy('inventory_records.id');
    const rows = await (lock && engineOf(db) === 'postgres' ? query.forUpdate('inventory_records') : query).execute();
    // An aliased boolean escapes the SQLite value normalisation, which goes by column name.
    return rows.map((r) => ({
      ...r,
      warehouse_is_default: r.warehouse_is_default === true || Number(r.warehouse_is_default) === 1,
    }));
  }
}

/** A movement's UTC day (YYYY-MM-DD), as the daily aggregates key it. */
function movementDay(db: Executor): RawBuilder<string> {
  return engineOf(db) === 'postgres'
    ? sql<string>`(created_at at time zone 'UTC')::date`
    : sql<string>`substr(created_at, 1, 10)`;
}
