// Availability reads: the product, and its stock in each active warehouse of the tenant (0 where it has no record).
import type { Executor } from '../../../db/transaction.js';

export interface WarehouseStockRow {
  warehouse_id: string;
  warehouse_code: string;
  warehouse_name: string;
  allocation_rank: number | null;
  quantity_on_hand: number;
  quantity_reserved: number;
}

export class AvailabilityRepository {
  /** The tenant's live product, with what the answer names it by. */
  async product(db: Executor, tenantId: string, productId: string) {
    return db
      .selectFrom('products')
      .select(['id', 'sku', 'name', 'track_inventory'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * The product's stock in every active, live warehouse of the tenant, in allocation order (allocation_rank,
   * unranked last, then name and id).
   */
  async stockByWarehouse(db: Executor, tenantId: string, productId: string): Promise<WarehouseStockRow[]> {
    const rows = await db
      .selectFrom('warehouses as w')
      .leftJoin('inventory_records as r', (join) =>
        join.onRef('r.warehouse_id', '=', 'w.id').on('r.tenant_id', '=', tenantId).on('r.product_id', '=', productId),
      )
      .select((eb) => [
        'w.id as warehouse_id',
        'w.code as warehouse_code',
        'w.name as warehouse_name',
        'w.allocation_rank',
        eb.fn.coalesce('r.quantity_on_hand', eb.lit(0)).as('quantity_on_hand'),
        eb.fn.coalesce('r.quantity_reserved', eb.lit(0)).as('quantity_reserved'),
      ])
      .where('w.tenant_id', '=', tenantId)
      .where('w.is_active', '=', true)
      .where('w.deleted_at', 'is', null)
      .orderBy((eb) => eb.case().when('w.allocation_rank', 'is', null).then(1).else(0).end())
      .orderBy('w.allocation_rank')
      .orderBy('w.name')
      .orderBy('w.id')
      .execute();
    return rows.map((r) => ({
      ...r,
      quantity_on_hand: Number(r.quantity_on_hand),
      quantity_reserved: Number(r.quantity_reserved),
    }));
  }
}
