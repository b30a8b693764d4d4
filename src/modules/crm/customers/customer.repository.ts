// Customers SQL. Every query filters by tenant and, except inserts, by `deleted_at is null` (soft delete).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';
import { paginate } from '../../../db/paginate.js';
import { engineOf } from '../../../db/dialect.js';
import type { CustomersTable, DB } from '../../../db/schema.js';
import { matchesSearch, type SearchIndex } from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';

export type Customer = Selectable<CustomersTable>;
export type NewCustomer = Insertable<CustomersTable>;
export type CustomerUpdate = Updateable<CustomersTable>;

export interface CustomerFilters {
  search?: string;
  is_active?: boolean;
  external_id?: string;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  /** `name` sorts case-insensitively (lower(name)), the same on both engines. */
  sort_by: 'name' | 'created_at' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

/**
 * `search`: a substring of the name, e-mail, company or external id (db/search.ts, migration 0031). A term of one
 * or two characters is a substring too, read from every live customer of the tenant: external ids are codes
 * (`shop_77`) whose middle a client searches (`?search=_`).
 */
export const CUSTOMER_SEARCH: SearchIndex<DB, 'customers'> = {
  columns: ['customers.name', 'customers.email', 'customers.company', 'customers.external_id'],
  prefixColumns: ['customers.name'],
  sqlite: { table: 'customers', alias: 'customers', fts: 'customers_search' },
  shortTerms: 'substring',
};

export class CustomerRepository {
  private live(db: Executor, tenantId: string) {
    return db.selectFrom('customers').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  }

  async insert(db: Executor, customer: NewCustomer): Promise<Customer> {
    return db.insertInto('customers').values(customer).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<Customer | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Customer[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('customers').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  async findByExternalId(db: Executor, tenantId: string, externalId: string): Promise<Customer | undefined> {
    return this.live(db, tenantId).selectAll().where('external_id', '=', externalId).executeTakeFirst();
  }

  async list(db: Executor, tenantId: string, filters: CustomerFilters, page: PageRequest): Promise<Page<Customer>> {
    let query = this.live(db, tenantId);
    const term = filters.search?.trim();
    if (term) query = query.where((eb) => matchesSearch(eb, engineOf(db), CUSTOMER_SEARCH, tenantId, term));
    if (filters.is_active !== undefined) query = query.where('is_active', '=', filters.is_active);
    if (filters.external_id !== undefined) query = query.where('external_id', '=', filters.external_id);
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);
    const { sort_by, sort_direction } = filters;
    return paginate(
      db,
      query
        .selectAll()
        .orderBy((eb) => (sort_by === 'name' ? eb.fn('lower', ['name']) : eb.ref(sort_by)), sort_direction)
        .orderBy('id', sort_direction),
      page,
    );
  }

  async update(db: Executor, tenantId: string, id: string, changes: CustomerUpdate): Promise<Customer | undefined> {
    return updateLiveRow(db.updateTable('customers'), tenantId, id, changes);
  }

  async softDelete(db: Executor, tenantId: string, id: string, at: string): Promise<void> {
    await softDeleteLiveRows(db.updateTable('customers'), tenantId, id, at);
  }
}
