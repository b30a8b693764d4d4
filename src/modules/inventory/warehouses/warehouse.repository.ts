import { containsText } from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';
import type { NewWarehouse, Warehouse, WarehouseType, WarehouseUpdate } from '../../../db/schema.js';
import { offsetOf, type Page, type PageRequest } from '../../../http/pagination.js';

export interface WarehouseFilters {
  search?: string;
  type?: WarehouseType;
  is_active?: boolean;
  sort_by: 'name' | 'code' | 'created_at';
  sort_direction: 'asc' | 'desc';
}

export class WarehouseRepository {
  private live(db: Executor, tenantId: string) {
    return db.selectFrom('warehouses').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  }

  async insert(db: Executor, warehouse: NewWarehouse): Promise<Warehouse> {
    return db.insertInto('warehouses').values(warehouse).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<Warehouse | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findDefault(db: Executor, tenantId: string): Promise<Warehouse | undefined> {
    return this.live(db, tenantId).selectAll().where('is_default', '=', true).executeTakeFirst();
  }

  async list(db: Executor, tenantId: string, filters: WarehouseFilters, page: PageRequest): Promise<Page<Warehouse>> {
    let query = this.live(db, tenantId);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['name', 'code'], term));
    }
    if (filters.type) query = query.where('type', '=', filters.type);
    if (filters.is_active !== undefined) query = query.where('is_active', '=', filters.is_active);
    const [items, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(filters.sort_by, filters.sort_direction)
        .orderBy('id', filters.sort_direction)
        .limit(page.per_page)
        .offset(offsetOf(page))
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n) };
  }

  async update(db: Executor, tenantId: string, id: string, changes: WarehouseUpdate): Promise<Warehouse | undefined> {
    return db
      .updateTable('warehouses')
      .set(changes)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** Clears the default flag of every other warehouse of the tenant. */
  async clearDefault(db: Executor, tenantId: string, exceptId: string | null, at: string): Promise<void> {
    let query = db.updateTable('warehouses').set({ is_default: false, updated_at: at }).where('tenant_id', '=', tenantId).where('is_default', '=', true);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  }
}
