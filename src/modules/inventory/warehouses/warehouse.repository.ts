import type { Page, PageRequest } from '../../../core/pagination.js';
import { engineOf } from '../../../db/dialect.js';
import { containsText } from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';
import type { NewWarehouse, Warehouse, WarehouseType, WarehouseUpdate } from '../../../db/schema.js';
import { paginate } from '../../../db/paginate.js';

export interface WarehouseFilters {
  search?: string;
  type?: WarehouseType;
  is_active?: boolean;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  sort_by: 'name' | 'code' | 'created_at' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

/** `use`: the warehouse must not be deleted before the transaction ends; `delete`: about to be deleted. */
export type WarehouseLock = 'use' | 'delete';

export class WarehouseRepository {
  private live(db: Executor, tenantId: string) {
    return db.selectFrom('warehouses').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  }

  /** The live warehouse with this code (codes are stored upper-case). */
  async idByCode(db: Executor, tenantId: string, code: string): Promise<string | undefined> {
    return (await this.live(db, tenantId).select('id').where('code', '=', code.toUpperCase()).executeTakeFirst())?.id;
  }

  async insert(db: Executor, warehouse: NewWarehouse): Promise<Warehouse> {
    return db.insertInto('warehouses').values(warehouse).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * With a lock inside a PostgreSQL transaction: `use` (key share) for a stock change, which conflicts only
   * with `delete` (for update), so a deletion waits for stock changes in flight and they wait for it (and
   * then find the warehouse gone). SQLite writers take turns already.
   */
  async findById(db: Executor, tenantId: string, id: string, lock?: WarehouseLock): Promise<Warehouse | undefined> {
    return this.locked(db, this.live(db, tenantId).selectAll().where('id', '=', id), lock).executeTakeFirst();
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[], lock?: WarehouseLock): Promise<Warehouse[]> {
    if (ids.length === 0) return [];
    return this.locked(
      db,
      this.live(db, tenantId)
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id'),
      lock,
    ).execute();
  }

  async findDefault(db: Executor, tenantId: string, lock?: WarehouseLock): Promise<Warehouse | undefined> {
    return this.locked(db, this.live(db, tenantId).selectAll().where('is_default', '=', true), lock).executeTakeFirst();
  }

  private locked<Q extends { forKeyShare(): Q; forUpdate(): Q }>(
    db: Executor,
    query: Q,
    lock: WarehouseLock | undefined,
  ): Q {
    if (!lock || !db.isTransaction || engineOf(db) !== 'postgres') return query;
    return lock === 'use' ? query.forKeyShare() : query.forUpdate();
  }

  async list(db: Executor, tenantId: string, filters: WarehouseFilters, page: PageRequest): Promise<Page<Warehouse>> {
    let query = this.live(db, tenantId);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['name', 'code'], term));
    }
    if (filters.type) query = query.where('type', '=', filters.type);
    if (filters.is_active !== undefined) query = query.where('is_active', '=', filters.is_active);
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);
    return paginate(
      db,
      query.selectAll().orderBy(filters.sort_by, filters.sort_direction).orderBy('id', filters.sort_direction),
      page,
    );
  }

  async update(db: Executor, tenantId: string, id: string, changes: WarehouseUpdate): Promise<Warehouse | undefined> {
    return updateLiveRow(db.updateTable('warehouses'), tenantId, id, changes);
  }

  /** Totals of stock on hand and reserved in a warehouse, over all its records. */
  async stockHeld(db: Executor, tenantId: string, id: string): Promise<{ on_hand: number; reserved: number }> {
    const row = await db
      .selectFrom('inventory_records')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('quantity_on_hand'), eb.lit(0)).as('on_hand'),
        eb.fn.coalesce(eb.fn.sum<number>('quantity_reserved'), eb.lit(0)).as('reserved'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('warehouse_id', '=', id)
      .executeTakeFirstOrThrow();
    return { on_hand: Number(row.on_hand), reserved: Number(row.reserved) };
  }

  /**
   * Soft-deletes a warehouse that is not the default and holds no stock, checked in the same statement so
   * that a check made earlier cannot go stale; false when nothing was deleted.
   */
  async softDeleteEmpty(db: Executor, tenantId: string, id: string, at: string): Promise<boolean> {
    const empty = db
      .updateTable('warehouses')
      .where('is_default', '=', false)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('inventory_records')
              .select('inventory_records.id')
              .where('inventory_records.tenant_id', '=', tenantId)
              .where('inventory_records.warehouse_id', '=', id)
              .where((inner) =>
                inner.or([
                  inner('inventory_records.quantity_on_hand', '>', 0),
                  inner('inventory_records.quantity_reserved', '>', 0),
                ]),
              ),
          ),
        ),
      );
    return (await softDeleteLiveRows(empty, tenantId, id, at)) > 0;
  }

  /** Clears the default flag of every other warehouse of the tenant. */
  async clearDefault(db: Executor, tenantId: string, exceptId: string | null, at: string): Promise<void> {
    let query = db
      .updateTable('warehouses')
      .set({ is_default: false, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('is_default', '=', true);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  }
}
