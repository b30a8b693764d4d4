import type { Page, PageRequest } from '../../../core/pagination.js';
import { matchesSearch, type SearchIndex } from '../../../db/search.js';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { DB, SupplierRatingsTable, SupplierStatus, SuppliersTable, SupplierType } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';
import { paginate } from '../../../db/paginate.js';

export type Supplier = Selectable<SuppliersTable>;
export type NewSupplier = Insertable<SuppliersTable>;
export type SupplierUpdate = Updateable<SuppliersTable>;
export type NewSupplierRating = Insertable<SupplierRatingsTable>;

export interface SupplierFilters {
  status?: SupplierStatus;
  type?: SupplierType;
  is_approved?: boolean;
  is_preferred?: boolean;
  search?: string;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  sort_by: 'name' | 'rating' | 'created_at' | 'lead_time_days' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

/** `search`: a substring of the name, code or e-mail, or a prefix of the name or code (db/search.ts, migration 0031). */
export const SUPPLIER_SEARCH: SearchIndex<DB, 'suppliers'> = {
  columns: ['suppliers.name', 'suppliers.code', 'suppliers.email'],
  prefixColumns: ['suppliers.name', 'suppliers.code'],
  sqlite: { table: 'suppliers', alias: 'suppliers', fts: 'suppliers_search' },
};

export class SupplierRepository {
  private live(db: Executor, tenantId: string) {
    return db.selectFrom('suppliers').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  }

  async insert(db: Executor, supplier: NewSupplier): Promise<Supplier> {
    return db.insertInto('suppliers').values(supplier).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<Supplier | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The live supplier with this code (stored upper-case). */
  async findByCode(db: Executor, tenantId: string, code: string): Promise<Supplier | undefined> {
    return this.live(db, tenantId).selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();
  }

  /** Live suppliers named `name`, ignoring case (names are not unique). */
  async findByName(db: Executor, tenantId: string, name: string): Promise<Supplier[]> {
    return this.live(db, tenantId)
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .limit(2)
      .execute();
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Supplier[]> {
    if (ids.length === 0) return [];
    return this.live(db, tenantId).selectAll().where('id', 'in', ids).execute();
  }

  async list(db: Executor, tenantId: string, filters: SupplierFilters, page: PageRequest): Promise<Page<Supplier>> {
    let query = this.live(db, tenantId);
    const term = filters.search?.trim();
    if (term) query = query.where((eb) => matchesSearch(eb, engineOf(db), SUPPLIER_SEARCH, tenantId, term));
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.type) query = query.where('type', '=', filters.type);
    if (filters.is_approved !== undefined) query = query.where('is_approved', '=', filters.is_approved);
    if (filters.is_preferred !== undefined) query = query.where('is_preferred', '=', filters.is_preferred);
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);

    const direction = filters.sort_direction;
    let ordered = query.selectAll();
    if (filters.sort_by === 'name') {
      // Case-insensitive on both engines (SQLite compares bytes; PostgreSQL follows its collation).
      ordered = ordered.orderBy((eb) => eb.fn('lower', ['name']), direction);
    } else if (filters.sort_by === 'created_at' || filters.sort_by === 'updated_at') {
      ordered = ordered.orderBy(filters.sort_by, direction);
    } else {
      // Nulls last in both directions: the engines disagree on where NULL sorts by default.
      const column = filters.sort_by;
      ordered = ordered
        .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`, 'asc')
        .orderBy(column, direction);
    }
    return paginate(db, ordered.orderBy('id', direction), page);
  }

  async update(db: Executor, tenantId: string, id: string, changes: SupplierUpdate): Promise<Supplier | undefined> {
    return updateLiveRow(db.updateTable('suppliers'), tenantId, id, changes);
  }

  async softDelete(db: Executor, tenantId: string, id: string, at: string): Promise<void> {
    await softDeleteLiveRows(db.updateTable('suppliers'), tenantId, id, at);
  }

  /**
   * Moves a live supplier to `to` only when its current status is one of `from` (or any but `notFrom`), in
   * one conditional UPDATE: two concurrent transitions cannot both pass the check. Undefined when nothing
   * matched (missing, or in another status).
   */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    allowed: { from: readonly SupplierStatus[] } | { notFrom: readonly SupplierStatus[] },
    changes: SupplierUpdate,
  ): Promise<Supplier | undefined> {
    let query = db.updateTable('suppliers');
    // An empty list would be `in ()`, which PostgreSQL refuses: no `from` matches nothing, no `notFrom` anything.
    if ('from' in allowed)
      query =
        allowed.from.length > 0 ? query.where('status', 'in', [...allowed.from]) : query.where(sql<boolean>`1 = 0`);
    else if (allowed.notFrom.length > 0) query = query.where('status', 'not in', [...allowed.notFrom]);
    return updateLiveRow(query, tenantId, id, changes);
  }

  async insertRating(db: Executor, rating: NewSupplierRating): Promise<void> {
    await db.insertInto('supplier_ratings').values(rating).execute();
  }

  /**
   * Sets `rating` and `rating_count` from every stored rating in one UPDATE with subqueries, so the
   * average never comes from a stale read of the supplier row.
   */
  async refreshRating(db: Executor, tenantId: string, id: string, at: string): Promise<Supplier | undefined> {
    return updateLiveRow(db.updateTable('suppliers'), tenantId, id, (eb) => ({
      rating: eb
        .selectFrom('supplier_ratings')
        .select((r) => r.fn.avg<number>('supplier_ratings.rating').as('avg'))
        .where('supplier_ratings.tenant_id', '=', tenantId)
        .where('supplier_ratings.supplier_id', '=', id),
      rating_count: eb
        .selectFrom('supplier_ratings')
        .select((r) => r.fn.countAll<number>().as('n'))
        .where('supplier_ratings.tenant_id', '=', tenantId)
        .where('supplier_ratings.supplier_id', '=', id),
      updated_at: at,
    }));
  }
}
