// Master products SQL. Every query filters by tenant and, except inserts, by `deleted_at is null`.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { engineOf } from '../../../db/dialect.js';
import type { DB, MasterProductStatus, MasterProductsTable } from '../../../db/schema.js';
import { matchesSearch, type SearchIndex } from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';
import { paginate } from '../../../db/paginate.js';
import { isTaken } from '../../../db/taken.js';

export type MasterProduct = Selectable<MasterProductsTable>;
export type NewMasterProduct = Insertable<MasterProductsTable>;
export type MasterProductUpdate = Updateable<MasterProductsTable>;

/** The list's filters, already checked and converted (prices in minor units of `currency`). */
export interface MasterProductFilters {
  search?: string;
  statuses?: MasterProductStatus[];
  category_id?: string;
  supplier_id?: string;
  brand?: string;
  has_variants?: boolean;
  is_visible?: boolean;
  is_featured?: boolean;
  currency?: string;
  min_price?: number;
  max_price?: number;
  tags?: string[];
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
}

export interface MasterProductListOptions extends MasterProductFilters {
  sort_by: 'name' | 'base_price' | 'status' | 'created_at' | 'sort_order' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

type Eb = ExpressionBuilder<DB, 'master_products'>;

/** `search`: a substring of the name or slug, or a prefix of either (db/search.ts, migration 0031). */
export const MASTER_PRODUCT_SEARCH: SearchIndex<DB, 'master_products'> = {
  columns: ['master_products.name', 'master_products.slug'],
  prefixColumns: ['master_products.name', 'master_products.slug'],
  sqlite: { table: 'master_products', alias: 'master_products', fts: 'master_products_search' },
};

export class MasterProductRepository {
  live(db: Executor, tenantId: string) {
    return db
      .selectFrom('master_products')
      .where('master_products.tenant_id', '=', tenantId)
      .where('master_products.deleted_at', 'is', null);
  }

  async insert(db: Executor, master: NewMasterProduct): Promise<MasterProduct> {
    return db.insertInto('master_products').values(master).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<MasterProduct | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The live master, locked until the transaction ends on PostgreSQL, so that a configuration change and
   * work on its variants take turns (SQLite writers take turns already).
   */
  /** The live master product whose SKU (any case) or slug is `text`. */
  async findBySkuOrSlug(db: Executor, tenantId: string, text: string): Promise<MasterProduct | undefined> {
    return db
      .selectFrom('master_products')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb(eb.fn('upper', ['sku']), '=', text.toUpperCase()), eb('slug', '=', text)]))
      .executeTakeFirst();
  }

  async findForUpdate(db: Executor, tenantId: string, id: string): Promise<MasterProduct | undefined> {
    const query = this.live(db, tenantId).selectAll().where('id', '=', id);
    return (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<MasterProduct[]> {
    if (ids.length === 0) return [];
    return this.live(db, tenantId)
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** How each master of the tenant, deleted ones too, is named and configured: what a variant's row refers to. */
  async keysOfTenant(
    db: Executor,
    tenantId: string,
  ): Promise<Array<Pick<MasterProduct, 'id' | 'sku' | 'slug' | 'variant_attributes'>>> {
    return db
      .selectFrom('master_products')
      .select(['id', 'sku', 'slug', 'variant_attributes'])
      .where('tenant_id', '=', tenantId)
      .execute();
  }

  async slugTaken(db: Executor, tenantId: string, slug: string, exceptId: string | null = null): Promise<boolean> {
    return isTaken(this.live(db, tenantId).where('slug', '=', slug), exceptId);
  }

  async update(
    db: Executor,
    tenantId: string,
    id: string,
    changes: MasterProductUpdate,
  ): Promise<MasterProduct | undefined> {
    return updateLiveRow(db.updateTable('master_products'), tenantId, id, changes);
  }

  async softDelete(db: Executor, tenantId: string, id: string, at: string): Promise<boolean> {
    return (await softDeleteLiveRows(db.updateTable('master_products'), tenantId, id, at)) > 0;
  }

  async list(
    db: Executor,
    tenantId: string,
    options: MasterProductListOptions,
    page: PageRequest,
  ): Promise<Page<MasterProduct>> {
    const { sort_by, sort_direction: direction, ...filters } = options;
    const where = this.conditions(db, tenantId, filters);
    const base = this.live(db, tenantId);
    const filtered = where.length === 0 ? base : base.where((eb) => eb.and(where.map((c) => c(eb))));
    const nulls = direction === 'asc' ? sql`nulls first` : sql`nulls last`;
    const sorted = (() => {
      switch (sort_by) {
        case 'name':
          return filtered.orderBy(sql`lower(${sql.ref('master_products.name')})`, direction);
        case 'status':
          return filtered.orderBy('master_products.status', direction).orderBy('master_products.created_at', direction);
        case 'base_price':
          // Amounts compare only within one currency; unpriced masters count as the lowest on both engines.
          return filtered
            .orderBy('master_products.currency', direction)
            .orderBy(sql`${sql.ref('master_products.base_price')} ${sql.raw(direction)} ${nulls}`);
        default:
          return filtered.orderBy(`master_products.${sort_by}`, direction);
      }
    })();
    return paginate(db, sorted.orderBy('master_products.id', direction).selectAll('master_products'), page);
  }

  private conditions(
    db: Executor,
    tenantId: string,
    filters: MasterProductFilters,
  ): Array<(eb: Eb) => Expression<SqlBool>> {
    const where: Array<(eb: Eb) => Expression<SqlBool>> = [];
    const { search, statuses, brand, tags, currency, min_price, max_price } = filters;
    const term = search?.trim();
    if (term) where.push((eb) => matchesSearch(eb, engineOf(db), MASTER_PRODUCT_SEARCH, tenantId, term));
    const since = filters.updated_since;
    if (since !== undefined) where.push((eb) => eb('master_products.updated_at', '>=', since));
    if (statuses && statuses.length > 0) where.push((eb) => eb('master_products.status', 'in', statuses));
    for (const key of ['category_id', 'supplier_id'] as const) {
      const id = filters[key];
      if (id !== undefined) where.push((eb) => eb(`master_products.${key}`, '=', id));
    }
    for (const key of ['is_visible', 'is_featured'] as const) {
      const flag = filters[key];
      if (flag !== undefined) where.push((eb) => eb(`master_products.${key}`, '=', flag));
    }
    if (brand !== undefined)
      where.push((eb) =>
        eb(eb.fn('lower', ['master_products.brand']), '=', eb.fn('lower', [eb.cast(eb.val(brand), 'text')])),
      );
    if (currency !== undefined) where.push((eb) => eb('master_products.currency', '=', currency));
    if (min_price !== undefined) where.push((eb) => eb('master_products.base_price', '>=', min_price));
    if (max_price !== undefined) where.push((eb) => eb('master_products.base_price', '<=', max_price));
    if (filters.has_variants !== undefined) {
      const has = filters.has_variants;
      // A filter inside the paged query, so it reads variant rows here; products_count comes from the variants module.
      where.push((eb) => {
        const exists = eb.exists(
          eb
            .selectFrom('products')
            .select('products.id')
            .whereRef('products.master_product_id', '=', 'master_products.id')
            .where('products.tenant_id', '=', tenantId)
            .where('products.is_variant', '=', true)
            .where('products.deleted_at', 'is', null),
        );
        return has ? exists : eb.not(exists);
      });
    }
    if (tags && tags.length > 0) {
      // Elements of the JSON array, both sides lower-cased by the engine, as the text search does.
      const elements =
        engineOf(db) === 'postgres'
          ? sql`select 1 from jsonb_array_elements_text(${sql.ref('master_products.tags')}) as t(value)`
          : sql`select 1 from json_each(${sql.ref('master_products.tags')}) as t`;
      const list = sql.join(tags.map((tag) => sql`lower(cast(${tag} as text))`));
      where.push(() => sql<SqlBool>`exists (${elements} where lower(t.value) in (${list}))`);
    }
    return where;
  }
}
