// Variants SQL: variants are product rows with `master_product_id`. Every query filters by tenant and, except
// inserts and the audit trail, by `deleted_at is null`. Batches are cut in chunks that stay well inside both
// engines' limits on bound parameters.
import { sql, type Insertable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { VariantDeletionsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { chunks } from '../../../lib/chunks.js';
import { categoryRootOf } from '../categories/category-path.sql.js';
import type { Product } from '../products/product.repository.js';
import type { NewProduct } from '../products/product.repository.js';

/** Rows per insert: about 40 columns each, so some 8,000 parameters per statement. */
const INSERT_CHUNK = 200;
/** Values per `in (…)` list. */
const LOOKUP_CHUNK = 500;

export class VariantRepository {
  private live(db: Executor, tenantId: string, masterId: string) {
    return db
      .selectFrom('products')
      .where('products.tenant_id', '=', tenantId)
      .where('products.master_product_id', '=', masterId)
      .where('products.deleted_at', 'is', null);
  }

  /** Combination keys of the master's live variants. */
  async liveKeys(db: Executor, tenantId: string, masterId: string): Promise<Set<string>> {
    const rows = await this.live(db, tenantId, masterId)
      .select('variant_key')
      .where('variant_key', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.variant_key!));
  }

  async findByKey(
    db: Executor,
    tenantId: string,
    masterId: string,
    key: string,
  ): Promise<Pick<Product, 'id' | 'sku'> | undefined> {
    return this.live(db, tenantId, masterId).select(['id', 'sku']).where('variant_key', '=', key).executeTakeFirst();
  }

  /** Which of `values` a live product of the tenant already has as its `column`. */
  async takenAmong(
    db: Executor,
    tenantId: string,
    column: 'sku' | 'slug',
    values: readonly string[],
  ): Promise<Set<string>> {
    const taken = new Set<string>();
    for (const part of chunks(values, LOOKUP_CHUNK)) {
      const rows = await db
        .selectFrom('products')
        .select(column)
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .where(column, 'in', part)
        .execute();
      for (const row of rows) taken.add(row[column]);
    }
    return taken;
  }

  async insertMany(db: Executor, rows: readonly NewProduct[]): Promise<void> {
    for (const part of chunks(rows, INSERT_CHUNK)) {
      await db
        .insertInto('products')
        .values(part.map((row) => ({ ...row, category_root_id: categoryRootOf(row.category_id ?? null) })))
        .execute();
    }
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Product[]> {
    const rows: Product[] = [];
    for (const part of chunks(ids, LOOKUP_CHUNK)) {
      rows.push(
        ...(await db
          .selectFrom('products')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', part)
          .execute()),
      );
    }
    return rows;
  }

  /** The master's live variants, oldest first. */
  async liveOf(db: Executor, tenantId: string, masterId: string): Promise<Product[]> {
    return this.live(db, tenantId, masterId).selectAll().orderBy('created_at').orderBy('id').execute();
  }

  async countByMasters(db: Executor, tenantId: string, masterIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const part of chunks(masterIds, LOOKUP_CHUNK)) {
      const rows = await db
        .selectFrom('products')
        .select(['master_product_id', sql<number | string>`count(*)`.as('count')])
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .where('master_product_id', 'in', part)
        .groupBy('master_product_id')
        .execute();
      for (const row of rows) counts.set(row.master_product_id!, Number(row.count));
    }
    return counts;
  }

  async anyHoldsInventory(db: Executor, tenantId: string, masterId: string): Promise<boolean> {
    const row = await this.live(db, tenantId, masterId)
      .select('id')
      .where((eb) => eb.or([eb('stock_quantity', '>', 0), eb('reserved_quantity', '>', 0)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The master's live variants with their stock, locked on PostgreSQL until the transaction ends, so that
   * their stock cannot change between the check and the deletion.
   */
  async lockLive(db: Executor, tenantId: string, masterId: string): Promise<Product[]> {
    const query = this.live(db, tenantId, masterId).selectAll().orderBy('id');
    return (engineOf(db) === 'postgres' ? query.forUpdate() : query).execute();
  }

  /** Soft-deletes the master's live variants that hold no stock; answers how many. */
  async softDeleteEmpty(db: Executor, tenantId: string, masterId: string, at: string): Promise<number> {
    const result = await db
      .updateTable('products')
      .set({ deleted_at: at, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('master_product_id', '=', masterId)
      .where('deleted_at', 'is', null)
      .where('stock_quantity', '=', 0)
      .where('reserved_quantity', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async insertDeletion(db: Executor, row: Insertable<VariantDeletionsTable>): Promise<void> {
    await db.insertInto('variant_deletions').values(row).execute();
  }

  /** The master's live variants with a price of their own kept in the master's currency (no currency of their own). */
  async ownPricedInMasterCurrency(
    db: Executor,
    tenantId: string,
    masterId: string,
  ): Promise<Array<Pick<Product, 'id' | 'selling_price' | 'cost_price'>>> {
    return this.live(db, tenantId, masterId)
      .select(['id', 'selling_price', 'cost_price'])
      .where('currency', 'is', null)
      .where((eb) => eb.or([eb('selling_price', 'is not', null), eb('cost_price', 'is not', null)]))
      .execute();
  }

  async setPrices(
    db: Executor,
    tenantId: string,
    id: string,
    prices: { selling_price: number | null; cost_price: number | null },
    at: string,
  ): Promise<void> {
    await db
      .updateTable('products')
      .set({ ...prices, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Copies the master's category and supplier to its live variants (they inherit both). */
  async inherit(
    db: Executor,
    tenantId: string,
    masterId: string,
    changes: { category_id: string | null; supplier_id: string | null },
    at: string,
  ): Promise<number> {
    const result = await db
      .updateTable('products')
      .set({ ...changes, category_root_id: categoryRootOf(changes.category_id), updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('master_product_id', '=', masterId)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('category_id', 'is distinct from', changes.category_id),
          eb('supplier_id', 'is distinct from', changes.supplier_id),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
