// Inventory records and the movement ledger. Quantities change only through single conditional
// statements, so that concurrent requests on any number of processes cannot lose or invent stock.
import { sql, type Insertable, type Selectable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { InventoryRecordsTable, ProductStatus, ProductType, StockMovementsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { paginate } from '../../../db/paginate.js';
import { recordLowStockCondition } from './low-stock.js';
import type { Page, PageRequest } from '../../../http/pagination.js';

export type InventoryRecord = Selectable<InventoryRecordsTable>;
export type StockMovement = Selectable<StockMovementsTable>;
export type NewStockMovement = Insertable<StockMovementsTable>;
/** A record with the warehouse it is kept in. */
export type StockRecordWithWarehouse = InventoryRecord & { warehouse_code: string; warehouse_name: string; warehouse_is_default: boolean };
/** A record with the summaries of its warehouse and product, as the inventory resource shows them. */
export type InventoryRecordRow = InventoryRecord & { warehouse_code: string; warehouse_name: string; product_name: string; product_sku: string };
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
/** A record whose quantities differ from the sums of its movements. */
export interface ReconcileRow {
  id: string;
  product_id: string;
  warehouse_id: string;
  quantity_on_hand: number;
  quantity_reserved: number;
  movements_on_hand: number;
  movements_reserved: number;
}

/** Movement types that change reserved, not on-hand, quantity. */
const RESERVED_TYPES = ['reservation', 'release'] as const;

export class StockRepository {
  /** The record of a product in a warehouse, created empty when missing (safe under concurrent callers). */
  async ensureRecord(db: Executor, row: { id: string; tenant_id: string; product_id: string; warehouse_id: string; at: string }): Promise<void> {
    await db
      .insertInto('inventory_records')
      .values({
        id: row.id,
        tenant_id: row.tenant_id,
        product_id: row.product_id,
        warehouse_id: row.warehouse_id,
        quantity_on_hand: 0,
        quantity_reserved: 0,
        created_at: row.at,
        updated_at: row.at,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'product_id', 'warehouse_id']).doNothing())
      .execute();
  }

  async findRecord(db: Executor, tenantId: string, productId: string, warehouseId: string): Promise<InventoryRecord | undefined> {
    return db
      .selectFrom('inventory_records')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirst();
  }

  /**
   * Adds `quantity` (signed) to on-hand stock unless the result would fall below what is reserved, and
   * answers the record after the change; undefined when refused.
   */
  async changeOnHand(db: Executor, tenantId: string, productId: string, warehouseId: string, quantity: number, at: string): Promise<InventoryRecord | undefined> {
    return db
      .updateTable('inventory_records')
      .set((eb) => ({ quantity_on_hand: eb('quantity_on_hand', '+', quantity), updated_at: at, last_movement_at: at }))
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .where((eb) => eb(eb('quantity_on_hand', '+', quantity), '>=', eb.ref('quantity_reserved')))
      .returningAll()
      .executeTakeFirst();
  }

  /** Reserves `quantity` unless less than that is available; answers the record after the change, undefined when refused. */
  async reserve(db: Executor, tenantId: string, productId: string, warehouseId: string, quantity: number, at: string): Promise<InventoryRecord | undefined> {
    return db
      .updateTable('inventory_records')
      .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '+', quantity), updated_at: at, last_movement_at: at }))
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .where((eb) => eb(eb('quantity_on_hand', '-', eb.ref('quantity_reserved')), '>=', quantity))
      .returningAll()
      .executeTakeFirst();
  }

  /** Releases `quantity` of the reserved stock unless less than that is reserved; undefined when refused. */
  async release(db: Executor, tenantId: string, productId: string, warehouseId: string, quantity: number, at: string): Promise<InventoryRecord | undefined> {
    return db
      .updateTable('inventory_records')
      .set((eb) => ({ quantity_reserved: eb('quantity_reserved', '-', quantity), updated_at: at, last_movement_at: at }))
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .where('quantity_reserved', '>=', quantity)
      .returningAll()
      .executeTakeFirst();
  }

  /** A live product of the tenant. */
  async findProduct(db: Executor, tenantId: string, productId: string): Promise<StockProduct | undefined> {
    return db
      .selectFrom('products')
      .select(['id', 'name', 'sku', 'type', 'status', 'track_inventory', 'reorder_point'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  private recordRows(db: Executor, tenantId: string) {
    return db
      .selectFrom('inventory_records')
      .innerJoin('warehouses', 'warehouses.id', 'inventory_records.warehouse_id')
      .innerJoin('products', 'products.id', 'inventory_records.product_id')
      .selectAll('inventory_records')
      .select(['warehouses.code as warehouse_code', 'warehouses.name as warehouse_name', 'products.name as product_name', 'products.sku as product_sku'])
      .where('inventory_records.tenant_id', '=', tenantId);
  }

  async recordById(db: Executor, tenantId: string, id: string): Promise<InventoryRecordRow | undefined> {
    return this.recordRows(db, tenantId).where('inventory_records.id', '=', id).executeTakeFirst();
  }

  async recordOf(db: Executor, tenantId: string, productId: string, warehouseId: string): Promise<InventoryRecordRow | undefined> {
    return this.recordRows(db, tenantId)
      .where('inventory_records.product_id', '=', productId)
      .where('inventory_records.warehouse_id', '=', warehouseId)
      .executeTakeFirst();
  }

  /** Records by product name, then warehouse code, or by updated_at; `low_stock` filters on record low stock. */
  async listRecords(db: Executor, tenantId: string, filters: InventoryListFilters, page: PageRequest): Promise<Page<InventoryRecordRow>> {
    let query = this.recordRows(db, tenantId);
    if (filters.product_id) query = query.where('inventory_records.product_id', '=', filters.product_id);
    if (filters.warehouse_id) query = query.where('inventory_records.warehouse_id', '=', filters.warehouse_id);
    if (filters.low_stock !== undefined) {
      query = query.where(recordLowStockCondition({ record: 'inventory_records', product: 'products' }, filters.low_stock));
    }
    if (filters.updated_since !== undefined) query = query.where('inventory_records.updated_at', '>=', filters.updated_since);
    const direction = filters.sort_direction ?? 'asc';
    const ordered =
      filters.sort_by === 'updated_at'
        ? query.orderBy('inventory_records.updated_at', direction)
        : query.orderBy('products.name', direction).orderBy('warehouses.code', direction);
    return paginate(ordered.orderBy('inventory_records.id', direction), page);
  }

  /** Every record of the tenant whose quantities differ from the sums of its movements. */
  async reconcile(db: Executor, tenantId: string): Promise<ReconcileRow[]> {
    const sums = db
      .selectFrom('stock_movements')
      .select(['product_id', 'warehouse_id'])
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('type', 'in', [...RESERVED_TYPES]).then(0).else(eb.ref('quantity')).end()).as('on_hand'),
        eb.fn.sum<number>(eb.case().when('type', 'in', [...RESERVED_TYPES]).then(eb.ref('quantity')).else(0).end()).as('reserved'),
      ])
      .where('tenant_id', '=', tenantId)
      .groupBy(['product_id', 'warehouse_id'])
      .as('m');
    const rows = await db
      .selectFrom('inventory_records as r')
      .leftJoin(sums, (join) => join.onRef('m.product_id', '=', 'r.product_id').onRef('m.warehouse_id', '=', 'r.warehouse_id'))
      .select(['r.id', 'r.product_id', 'r.warehouse_id', 'r.quantity_on_hand', 'r.quantity_reserved'])
      .select((eb) => [eb.fn.coalesce('m.on_hand', sql<number>`0`).as('movements_on_hand'), eb.fn.coalesce('m.reserved', sql<number>`0`).as('movements_reserved')])
      .where('r.tenant_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb('r.quantity_on_hand', '!=', eb.fn.coalesce('m.on_hand', sql<number>`0`)),
          eb('r.quantity_reserved', '!=', eb.fn.coalesce('m.reserved', sql<number>`0`)),
        ]),
      )
      .orderBy('r.id')
      .execute();
    return rows.map((r) => ({ ...r, movements_on_hand: Number(r.movements_on_hand), movements_reserved: Number(r.movements_reserved) }));
  }

  async insertMovement(db: Executor, movement: NewStockMovement): Promise<StockMovement> {
    return db.insertInto('stock_movements').values(movement).returningAll().executeTakeFirstOrThrow();
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
      .values(rows.map(({ quantity, ...r }) => ({ ...r, quantity_on_hand: quantity, quantity_reserved: 0, last_movement_at: at, created_at: at, updated_at: at })))
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'product_id', 'warehouse_id'])
          .doUpdateSet((eb) => ({
            quantity_on_hand: eb('inventory_records.quantity_on_hand', '+', eb.ref('excluded.quantity_on_hand')),
            updated_at: at,
            last_movement_at: at,
          }))
          .where((eb) => eb(eb('inventory_records.quantity_on_hand', '+', eb.ref('excluded.quantity_on_hand')), '>=', eb.ref('inventory_records.quantity_reserved'))),
      )
      .returningAll()
      .execute();
  }

  async insertMovements(db: Executor, movements: readonly NewStockMovement[]): Promise<StockMovement[]> {
    if (movements.length === 0) return [];
    return db.insertInto('stock_movements').values([...movements]).returningAll().execute();
  }

  async movementsOfProduct(db: Executor, tenantId: string, productId: string): Promise<StockMovement[]> {
    return db.selectFrom('stock_movements').selectAll().where('tenant_id', '=', tenantId).where('product_id', '=', productId).orderBy('id').execute();
  }

  /**
   * The records of `productIds` in every warehouse, default warehouse first, then by code. With `lock`, the
   * records stay locked until the transaction ends on PostgreSQL (SQLite writers take turns already).
   */
  async recordsOfProducts(db: Executor, tenantId: string, productIds: readonly string[], lock = false): Promise<StockRecordWithWarehouse[]> {
    if (productIds.length === 0) return [];
    const query = db
      .selectFrom('inventory_records')
      .innerJoin('warehouses', 'warehouses.id', 'inventory_records.warehouse_id')
      .selectAll('inventory_records')
      .select(['warehouses.code as warehouse_code', 'warehouses.name as warehouse_name', 'warehouses.is_default as warehouse_is_default'])
      .where('inventory_records.tenant_id', '=', tenantId)
      .where('inventory_records.product_id', 'in', [...productIds])
      .orderBy('warehouses.is_default', 'desc')
      .orderBy('warehouses.code')
      .orderBy('inventory_records.id');
    const rows = await (lock && engineOf(db) === 'postgres' ? query.forUpdate('inventory_records') : query).execute();
    // An aliased boolean escapes the SQLite value normalisation, which goes by column name.
    return rows.map((r) => ({ ...r, warehouse_is_default: r.warehouse_is_default === true || Number(r.warehouse_is_default) === 1 }));
  }
}
