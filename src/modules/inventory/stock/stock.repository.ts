// Inventory records and the movement ledger. Quantities change only through single conditional
// statements, so that concurrent requests on any number of processes cannot lose or invent stock.
import type { Insertable, Selectable } from 'kysely';
import type { InventoryRecordsTable, StockMovementsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

export type InventoryRecord = Selectable<InventoryRecordsTable>;
export type StockMovement = Selectable<StockMovementsTable>;
export type NewStockMovement = Insertable<StockMovementsTable>;

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

  async movementsOfProduct(db: Executor, tenantId: string, productId: string): Promise<StockMovement[]> {
    return db.selectFrom('stock_movements').selectAll().where('tenant_id', '=', tenantId).where('product_id', '=', productId).orderBy('id').execute();
  }
}
