// Reads and small writes of counts and transfers: product and record look-ups with their summaries, the
// counted-at mark and the physical count rows. On-hand quantities change only through the stock ledger.
import type { Insertable, Selectable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { PhysicalCountsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

export type PhysicalCount = Selectable<PhysicalCountsTable>;

export interface ProductSummary {
  id: string;
  sku: string;
  name: string;
}

export class StockOperationsRepository {
  /** A live (not deleted) product of the tenant. */
  async findProduct(db: Executor, tenantId: string, productId: string): Promise<ProductSummary | undefined> {
    return db
      .selectFrom('products')
      .select(['id', 'sku', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The record's quantities; on PostgreSQL locked until the transaction ends, so a count or transfer sees what it changes. */
  async lockRecord(db: Executor, tenantId: string, productId: string, warehouseId: string) {
    const query = db
      .selectFrom('inventory_records')
      .select(['id', 'quantity_on_hand', 'quantity_reserved', 'last_counted_at'])
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId);
    return (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  /**
   * Locks the product's records in the given warehouses in one statement, in warehouse-id order on PostgreSQL,
   * so that two transfers in opposite directions wait for each other instead of deadlocking.
   */
  async lockRecords(db: Executor, tenantId: string, productId: string, warehouseIds: readonly string[]) {
    const query = db
      .selectFrom('inventory_records')
      .select(['id', 'warehouse_id', 'quantity_on_hand', 'quantity_reserved'])
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('warehouse_id', 'in', [...warehouseIds])
      .orderBy('warehouse_id');
    return (engineOf(db) === 'postgres' ? query.forUpdate() : query).execute();
  }

  async markCounted(db: Executor, tenantId: string, recordId: string, at: string): Promise<void> {
    await db
      .updateTable('inventory_records')
      .set({ last_counted_at: at, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
  }

  async insertCount(db: Executor, row: Insertable<PhysicalCountsTable>): Promise<PhysicalCount> {
    return db.insertInto('physical_counts').values(row).returningAll().executeTakeFirstOrThrow();
  }
}
