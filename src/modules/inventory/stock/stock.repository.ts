// Inventory records and the movement ledger. Quantities change only through single conditional
// statements, so that concurrent requests on any number of processes cannot lose or invent stock.
import type { Insertable, Selectable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { InventoryRecordsTable, StockMovementsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

export type InventoryRecord = Selectable<InventoryRecordsTable>;
export type StockMovement = Selectable<StockMovementsTable>;
export type NewStockMovement = Insertable<StockMovementsTable>;
/** A record with the warehouse it is kept in. */
export type StockRecordWithWarehouse = InventoryRecord & { warehouse_code: string; warehouse_name: string; warehouse_is_default: boolean };

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
      .set((eb) => ({ quantity_on_hand: eb('quantity_on_hand', '+', quantity), updated_at: at }))
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .where((eb) => eb(eb('quantity_on_hand', '+', quantity), '>=', eb.ref('quantity_reserved')))
      .returningAll()
      .executeTakeFirst();
  }

  /** Keeps the product's stock totals equal to the sums of its records. */
  async changeProductTotals(db: Executor, tenantId: string, productId: string, change: { onHand: number; reserved: number }, at: string): Promise<void> {
    await db
      .updateTable('products')
      .set((eb) => ({
        stock_quantity: eb('stock_quantity', '+', change.onHand),
        reserved_quantity: eb('reserved_quantity', '+', change.reserved),
        updated_at: at,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', productId)
      .execute();
  }

  async insertMovement(db: Executor, movement: NewStockMovement): Promise<StockMovement> {
    return db.insertInto('stock_movements').values(movement).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Adds each row's quantity to on-hand stock of its product in its warehouse, creating the records that are
   * missing, in one statement; answers the records' on-hand quantities after the change. Products are distinct
   * and quantities positive, so no record can fall below what it reserves.
   */
  async addOnHandMany(
    db: Executor,
    rows: ReadonlyArray<{ id: string; tenant_id: string; product_id: string; warehouse_id: string; quantity: number }>,
    at: string,
  ): Promise<Array<{ product_id: string; quantity_on_hand: number }>> {
    if (rows.length === 0) return [];
    return db
      .insertInto('inventory_records')
      .values(rows.map(({ quantity, ...r }) => ({ ...r, quantity_on_hand: quantity, quantity_reserved: 0, created_at: at, updated_at: at })))
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'product_id', 'warehouse_id']).doUpdateSet((eb) => ({
          quantity_on_hand: eb('inventory_records.quantity_on_hand', '+', eb.ref('excluded.quantity_on_hand')),
          updated_at: at,
        })),
      )
      .returning(['product_id', 'quantity_on_hand'])
      .execute();
  }

  /** Adds `onHand` to the stock totals of many products at once. */
  async addProductStockMany(db: Executor, tenantId: string, productIds: readonly string[], onHand: number, at: string): Promise<void> {
    if (productIds.length === 0) return;
    await db
      .updateTable('products')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', onHand), updated_at: at }))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...productIds])
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
