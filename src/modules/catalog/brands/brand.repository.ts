// Brands SQL. Every query filters by tenant and, except inserts, by `deleted_at is null` (soft delete).
// A product counts as linked while it is live (its own `deleted_at` is null).
import type { Page, PageRequest } from '../../../core/pagination.js';
import { containsText } from '../../../db/search.js';
import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { BrandsTable, DB } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { paginate } from '../../../db/paginate.js';
import { isTaken } from '../../../db/taken.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';

export type Brand = Selectable<BrandsTable>;
export type NewBrand = Insertable<BrandsTable>;
export type BrandUpdate = Updateable<BrandsTable>;
/** A brand with the number of live products linked to it. */
export type BrandWithCount = Brand & { products_count: number };

export interface BrandFilters {
  search?: string;
  is_active?: boolean;
  has_products?: boolean;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
}

export interface BrandListOptions extends BrandFilters {
  /** `name` sorts case-insensitively (lower(name)), the same on both engines. */
  sort_by: 'name' | 'created_at' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

export interface BrandStatistics {
  total: number;
  active: number;
  inactive: number;
  with_products: number;
  without_products: number;
}

type BrandsEb = ExpressionBuilder<DB, 'brands'>;

function linkedProducts(eb: BrandsEb, tenantId: string) {
  return eb
    .selectFrom('products')
    .whereRef('products.brand_id', '=', 'brands.id')
    .where('products.tenant_id', '=', tenantId)
    .where('products.deleted_at', 'is', null);
}

function withCount<T extends { products_count: unknown }>(
  row: T,
): Omit<T, 'products_count'> & { products_count: number } {
  // PostgreSQL answers count(*) as a bigint string.
  return { ...row, products_count: Number(row.products_count) };
}

export class BrandRepository {
  private live(db: Executor, tenantId: string) {
    return db.selectFrom('brands').where('brands.tenant_id', '=', tenantId).where('brands.deleted_at', 'is', null);
  }

  private filtered(db: Executor, tenantId: string, filters: BrandFilters) {
    let query = this.live(db, tenantId);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['brands.name', 'brands.slug', 'brands.description'], term));
    }
    if (filters.is_active !== undefined) query = query.where('brands.is_active', '=', filters.is_active);
    if (filters.updated_since !== undefined) query = query.where('brands.updated_at', '>=', filters.updated_since);
    if (filters.has_products !== undefined) {
      const has = filters.has_products;
      query = query.where((eb) => {
        const exists = eb.exists(linkedProducts(eb, tenantId).select('products.id'));
        return has ? exists : eb.not(exists);
      });
    }
    return query;
  }

  private withProductsCount(db: Executor, tenantId: string, filters: BrandFilters = {}) {
    return this.filtered(db, tenantId, filters)
      .selectAll('brands')
      .select((eb) =>
        linkedProducts(eb, tenantId)
          .select((sub) => sub.fn.countAll().as('n'))
          .as('products_count'),
      );
  }

  async insert(db: Executor, brand: NewBrand): Promise<Brand> {
    return db.insertInto('brands').values(brand).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<BrandWithCount | undefined> {
    const row = await this.withProductsCount(db, tenantId).where('brands.id', '=', id).executeTakeFirst();
    return row && withCount(row);
  }

  async list(
    db: Executor,
    tenantId: string,
    options: BrandListOptions,
    page: PageRequest,
  ): Promise<Page<BrandWithCount>> {
    const { sort_by, sort_direction, ...filters } = options;
    const listed = await paginate(
      db,
      this.withProductsCount(db, tenantId, filters)
        .orderBy(
          (eb) => (sort_by === 'name' ? eb.fn('lower', ['brands.name']) : eb.ref(`brands.${sort_by}`)),
          sort_direction,
        )
        .orderBy('brands.id', sort_direction),
      page,
    );
    return { ...listed, items: listed.items.map(withCount) };
  }

  /** Every matching brand, by name: for exports. */
  async all(db: Executor, tenantId: string, filters: BrandFilters): Promise<BrandWithCount[]> {
    const rows = await this.withProductsCount(db, tenantId, filters)
      .orderBy((eb) => eb.fn('lower', ['brands.name']), 'asc')
      .orderBy('brands.id', 'asc')
      .execute();
    return rows.map(withCount);
  }

  async slugTaken(db: Executor, tenantId: string, slug: string, exceptId: string | null = null): Promise<boolean> {
    return isTaken(this.live(db, tenantId).where('brands.slug', '=', slug), exceptId, 'brands.id');
  }

  async update(db: Executor, tenantId: string, id: string, changes: BrandUpdate): Promise<Brand | undefined> {
    return updateLiveRow(db.updateTable('brands'), tenantId, id, changes);
  }

  /** The live brands `text` names: the one with this slug, else those with this name in any case (at most two). */
  async idsNamed(db: Executor, tenantId: string, text: string): Promise<string[]> {
    const bySlug = await this.live(db, tenantId).select('brands.id').where('brands.slug', '=', text).executeTakeFirst();
    if (bySlug) return [bySlug.id];
    const named = await this.live(db, tenantId)
      .select('brands.id')
      .where((eb) => eb(eb.fn('lower', ['brands.name']), '=', text.toLowerCase()))
      .limit(2)
      .execute();
    return named.map((row) => row.id);
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Brand[]> {
    if (ids.length === 0) return [];
    return this.live(db, tenantId).selectAll('brands').where('brands.id', 'in', ids).execute();
  }

  /** Sets `is_active` on those of `ids` that are live and not already in that state. */
  async setActive(
    db: Executor,
    tenantId: string,
    ids: readonly string[],
    isActive: boolean,
    at: string,
  ): Promise<void> {
    await db
      .updateTable('brands')
      .set({ is_active: isActive, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .where('is_active', '!=', isActive)
      .execute();
  }

  /** Live products linked per brand, for those of `ids` that have any. */
  async linkedProductCounts(db: Executor, tenantId: string, ids: readonly string[]): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('products')
      .select((eb) => ['products.brand_id', eb.fn.countAll().as('n')])
      .where('products.tenant_id', '=', tenantId)
      .where('products.deleted_at', 'is', null)
      .where('products.brand_id', 'in', ids)
      .groupBy('products.brand_id')
      .execute();
    return new Map(rows.map((r) => [r.brand_id as string, Number(r.n)]));
  }

  async softDelete(db: Executor, tenantId: string, ids: readonly string[], at: string): Promise<void> {
    await softDeleteLiveRows(db.updateTable('brands'), tenantId, ids, at);
  }

  /** One query, so the five numbers describe the same moment. */
  async statistics(db: Executor, tenantId: string): Promise<BrandStatistics> {
    const row = await this.live(db, tenantId)
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum(eb.case().when('brands.is_active', '=', true).then(1).else(0).end()).as('active'),
        eb.fn
          .sum(
            eb
              .case()
              .when(eb.exists(linkedProducts(eb, tenantId).select('products.id')))
              .then(1)
              .else(0)
              .end(),
          )
          .as('with_products'),
      ])
      .executeTakeFirstOrThrow();
    // count and sum come back as bigint strings on PostgreSQL, and sum of no rows is null.
    const total = Number(row.total);
    const active = Number(row.active ?? 0);
    const withProducts = Number(row.with_products ?? 0);
    return {
      total,
      active,
      inactive: total - active,
      with_products: withProducts,
      without_products: total - withProducts,
    };
  }
}
