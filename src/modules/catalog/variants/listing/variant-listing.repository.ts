// Variant listing SQL: a master's live variants (products with is_variant), a page of them in generation
// order, their stock totals, and the price writes of bulk updates. Every query filters by tenant.
import { offsetOf, type PageRequest } from '../../../../core/pagination.js';
import type { ProductStatus } from '../../../../db/schema.js';
import { engineOf } from '../../../../db/dialect.js';
import type { Executor } from '../../../../db/transaction.js';
import type { Product } from '../../products/product.repository.js';

/** What the variant list selects among a master's live variants. */
export interface VariantFilter {
  statuses?: readonly ProductStatus[];
  barcode?: string;
  /** An inclusive bound on updated_at, in stored form. */
  updatedSince?: string;
}

export interface VariantSort {
  sort_by: 'created_at' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

export interface VariantTotals {
  total_variants: number;
  total_stock: number;
  total_reserved: number;
}

export class VariantListingRepository {
  private variantsOf(db: Executor, tenantId: string, masterId: string, filter: VariantFilter = {}) {
    let query = db
      .selectFrom('products')
      .where('products.tenant_id', '=', tenantId)
      .where('products.master_product_id', '=', masterId)
      .where('products.deleted_at', 'is', null)
      .where('products.is_variant', '=', true);
    if (filter.statuses && filter.statuses.length > 0)
      query = query.where('products.status', 'in', [...filter.statuses]);
    if (filter.barcode !== undefined) query = query.where('products.barcode', '=', filter.barcode);
    if (filter.updatedSince !== undefined) query = query.where('products.updated_at', '>=', filter.updatedSince);
    return query;
  }

  /** A page, by default in generation order: one generation shares created_at, and ULIDs keep its order. */
  async page(
    db: Executor,
    tenantId: string,
    masterId: string,
    filter: VariantFilter,
    sort: VariantSort,
    page: PageRequest,
  ): Promise<Product[]> {
    return this.variantsOf(db, tenantId, masterId, filter)
      .selectAll('products')
      .orderBy(`products.${sort.sort_by}`, sort.sort_direction)
      .orderBy('products.id', sort.sort_direction)
      .limit(page.per_page)
      .offset(offsetOf(page))
      .execute();
  }

  /** Count and stock sums in one statement, so that the numbers describe one moment. */
  async totals(db: Executor, tenantId: string, masterId: string, filter: VariantFilter): Promise<VariantTotals> {
    const row = await this.variantsOf(db, tenantId, masterId, filter)
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.sum('products.stock_quantity').as('stock'),
        eb.fn.sum('products.reserved_quantity').as('reserved'),
      ])
      .executeTakeFirstOrThrow();
    // count and sum answer bigint strings on PostgreSQL, and sum of no rows is null.
    return {
      total_variants: Number(row.n),
      total_stock: Number(row.stock ?? 0),
      total_reserved: Number(row.reserved ?? 0),
    };
  }

  /** Every live variant of the master in generation order; with `lock`, locked until the transaction ends on PostgreSQL. */
  async all(db: Executor, tenantId: string, masterId: string, lock = false): Promise<Product[]> {
    const query = this.variantsOf(db, tenantId, masterId)
      .selectAll('products')
      .orderBy('products.created_at')
      .orderBy('products.id');
    return (lock && engineOf(db) === 'postgres' ? query.forUpdate() : query).execute();
  }

  /** The selections of the master's live variants (for the available combinations). */
  async selections(db: Executor, tenantId: string, masterId: string): Promise<Array<Record<string, string> | null>> {
    const rows = await this.variantsOf(db, tenantId, masterId).select('products.variant_attributes').execute();
    return rows.map((r) => r.variant_attributes);
  }

  async setSellingPrice(
    db: Executor,
    tenantId: string,
    ids: readonly string[],
    minor: number,
    at: string,
  ): Promise<void> {
    await db
      .updateTable('products')
      .set({ selling_price: minor, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .execute();
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('products')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .where('deleted_at', 'is', null)
      .execute();
  }
}
