// Reads and small writes of counts and transfers: product and record look-ups with their summaries, the
// counted-at mark and the physical count rows. On-hand quantities change only through the stock service.
import type { Insertable, Selectable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { PhysicalCountsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

export type PhysicalCount = Selectable<PhysicalCountsTable>;

/** An inventory record with the product and warehouse summaries the API embeds. */
export interface InventoryView {
  id: string;
  product_id: string;
  warehouse_id: string;
  quantity_on_hand: number;
  quantity_reserved: number;
  reorder_point: number | null;
  reorder_quantity: number | null;
  last_counted_at: string | null;
  last_movement_at: string | null;
  created_at: string;
  updated_at: string;
  product_sku: string;
  product_name: string;
  warehouse_code: string;
  warehouse_name: string;
}

export interface ProductSummary {
  id: string;
  sku: string;
  name: string;
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));

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

  /** Creates the empty record of a product in a warehouse when missing (safe under concurrent callers). */
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

  /** The record's quantities; on PostgreSQL locked until the transaction ends, so a count or transfer sees what it changes. */
  async lockRecord(db: Executor, tenantId: string, productId: string, warehouseId: string) {
    const query = db
      .selectFrom('inventory_records')
      .select(['id', 'quantity_on_hand', 'quantity_reserved'])
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

  /** The record of a product in a warehouse with its summaries. */
  async findView(db: Executor, tenantId: string, productId: string, warehouseId: string): Promise<InventoryView | undefined> {
    const row = await db
      .selectFrom('inventory_records as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .innerJoin('warehouses as w', 'w.id', 'r.warehouse_id')
      .selectAll('r')
      .select(['p.sku as product_sku', 'p.name as product_name', 'w.code as warehouse_code', 'w.name as warehouse_name'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.product_id', '=', productId)
      .where('r.warehouse_id', '=', warehouseId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      product_id: row.product_id,
      warehouse_id: row.warehouse_id,
      quantity_on_hand: row.quantity_on_hand,
      quantity_reserved: row.quantity_reserved,
      reorder_point: row.reorder_point,
      reorder_quantity: row.reorder_quantity,
      last_counted_at: iso(row.last_counted_at),
      last_movement_at: iso(row.last_movement_at),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      product_sku: row.product_sku,
      product_name: row.product_name,
      warehouse_code: row.warehouse_code,
      warehouse_name: row.warehouse_name,
    };
  }
}

/** The interface's inventory record: quantities, available = on hand - reserved, and embedded summaries. */
export function inventoryResource(v: InventoryView) {
  return {
    id: v.id,
    product_id: v.product_id,
    warehouse_id: v.warehouse_id,
    quantity_on_hand: v.quantity_on_hand,
    quantity_reserved: v.quantity_reserved,
    quantity_available: v.quantity_on_hand - v.quantity_reserved,
    reorder_point: v.reorder_point,
    reorder_quantity: v.reorder_quantity,
    last_counted_at: v.last_counted_at,
    last_movement_at: v.last_movement_at,
    created_at: v.created_at,
    updated_at: v.updated_at,
    warehouse: { id: v.warehouse_id, name: v.warehouse_name, code: v.warehouse_code },
    product: { id: v.product_id, sku: v.product_sku, name: v.product_name },
  };
}
export type InventoryResource = ReturnType<typeof inventoryResource>;
