// Products SQL. Every query filters by tenant and, except inserts and the stock-total writes, by
// `deleted_at is null` (soft delete). Status and deletion change through conditional updates, so that
// concurrent requests cannot both win.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { ProductStatus, ProductsTable } from '../../../db/schema.js';
import { isTaken } from '../../../db/taken.js';
import { categoryRootOf } from '../categories/category-path.js';
import type { Executor } from '../../../db/transaction.js';

const SLUG_LOCK_CLASS = 0x50524f44; // "PROD"

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
/** A product's stock totals after a change, for the status automation and low-stock detection. */
export type ProductStockTotals = Pick<Product, 'stock_quantity' | 'reserved_quantity' | 'reorder_point'>;

/** What a product resource shows of its category, brand or supplier. */
export interface LinkSummary {
  kind: 'category' | 'brand' | 'supplier';
  id: string;
  name: string;
  /** Categories and brands. */
  slug: string | null;
  /** Suppliers. */
  code: string | null;
}

export class ProductRepository {
  live(db: Executor, tenantId: string) {
    return db.selectFrom('products').where('products.tenant_id', '=', tenantId).where('products.deleted_at', 'is', null);
  }

  /**
   * On PostgreSQL, makes the transactions that generate a slug from the same base (in one tenant) wait for
   * each other until commit, so that each sees the slugs the others took and picks the next suffix instead
   * of failing on the unique index. SQLite runs one write transaction at a time already.
   */
  async lockSlugBase(db: Executor, tenantId: string, base: string): Promise<void> {
    if (engineOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(${SLUG_LOCK_CLASS}, hashtext(${`${tenantId}/${base}`}))`.execute(db);
  }

  async insert(db: Executor, product: NewProduct): Promise<Product> {
    return db
      .insertInto('products')
      .values({ ...product, category_root_id: categoryRootOf(product.category_id ?? null) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The live categories, brands and suppliers among the ids, in one statement (a product response needs all
   * three kinds; three lookups were three round trips).
   */
  async linkSummaries(
    db: Executor,
    tenantId: string,
    ids: { category: readonly string[]; brand: readonly string[]; supplier: readonly string[] },
  ): Promise<LinkSummary[]> {
    const branch = (kind: LinkSummary['kind'], table: string, slug: string, code: string, list: readonly string[]) =>
      sql`select ${sql.lit(kind)} as kind, id, name, ${sql.raw(slug)} as slug, ${sql.raw(code)} as code from ${sql.table(table)}
          where tenant_id = ${tenantId} and deleted_at is null and id in (${sql.join(list)})`;
    const branches = [
      ids.category.length > 0 && branch('category', 'product_categories', 'slug', 'null', ids.category),
      ids.brand.length > 0 && branch('brand', 'brands', 'slug', 'null', ids.brand),
      ids.supplier.length > 0 && branch('supplier', 'suppliers', 'null', 'code', ids.supplier),
    ].filter((query) => query !== false);
    if (branches.length === 0) return [];
    return (await sql<LinkSummary>`${sql.join(branches, sql` union all `)}`.execute(db)).rows;
  }

  /** The live products among `ids`, in the order of `ids`. */
  async findManyInOrder(db: Executor, tenantId: string, ids: readonly string[]): Promise<Product[]> {
    const rows = new Map((await this.findByIds(db, tenantId, ids)).map((row) => [row.id, row]));
    return ids.map((id) => rows.get(id)).filter((row) => row !== undefined);
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<Product | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The live product, locked until the transaction ends on PostgreSQL, so that concurrent updates of one
   * product take turns and each sees the state the previous one left (SQLite writers take turns already).
   */
  async findForUpdate(db: Executor, tenantId: string, id: string): Promise<Product | undefined> {
    const query = this.live(db, tenantId).selectAll().where('id', '=', id);
    return (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    return this.live(db, tenantId).selectAll().where('id', 'in', [...ids]).execute();
  }

  /** Which of `slugs` live products of the tenant use. */
  async takenSlugs(db: Executor, tenantId: string, slugs: readonly string[]): Promise<Set<string>> {
    const rows = await this.live(db, tenantId).select('slug').where('slug', 'in', slugs).execute();
    return new Set(rows.map((row) => row.slug));
  }

  async taken(db: Executor, tenantId: string, column: 'sku' | 'slug', value: string, exceptId?: string): Promise<boolean> {
    return isTaken(this.live(db, tenantId).where(column, '=', value), exceptId);
  }

  /** The live product, other than `exceptId`, that holds `barcode`. */
  async barcodeHolder(db: Executor, tenantId: string, barcode: string, exceptId?: string): Promise<Pick<Product, 'id' | 'sku'> | undefined> {
    let query = this.live(db, tenantId).select(['id', 'sku']).where('barcode', '=', barcode);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  /** The live product whose `column` is exactly `code` (each is unique among live products). */
  async findBy(db: Executor, tenantId: string, column: 'sku' | 'barcode', code: string): Promise<Product | undefined> {
    return this.live(db, tenantId).selectAll().where(column, '=', code).executeTakeFirst();
  }

  private updating(db: Executor, tenantId: string, id: string) {
    return db.updateTable('products').where('tenant_id', '=', tenantId).where('id', '=', id).where('deleted_at', 'is', null);
  }

  async update(db: Executor, tenantId: string, id: string, changes: ProductUpdate): Promise<Product | undefined> {
    const rooted = changes.category_id === undefined ? changes : { ...changes, category_root_id: categoryRootOf(changes.category_id) };
    return this.updating(db, tenantId, id).set(rooted).returningAll().executeTakeFirst();
  }

  /** Moves the status only while it is one of `from`; undefined when it was not (or the product is gone). */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    from: readonly ProductStatus[],
    changes: { status: ProductStatus; status_reason: string | null; status_changed_at: string; updated_at: string },
  ): Promise<Product | undefined> {
    return this.updating(db, tenantId, id).set(changes).where('status', 'in', [...from]).returningAll().executeTakeFirst();
  }

  /** Soft-deletes the product only while it holds no stock, on hand or reserved; answers the deleted row. */
  async softDeleteWithoutStock(db: Executor, tenantId: string, id: string, at: string): Promise<Product | undefined> {
    return this.updating(db, tenantId, id)
      .set({ deleted_at: at, updated_at: at })
      .where('stock_quantity', '=', 0)
      .where('reserved_quantity', '=', 0)
      .returningAll()
      .executeTakeFirst();
  }

  // Stock totals: the sums of the product's inventory records, written by the inventory's stock changes in
  // their transaction (the inventory holds these through its ProductStock dependency).

  /** Keeps the product's stock totals equal to the sums of its records; answers the totals after the change. */
  async changeStockTotals(db: Executor, tenantId: string, productId: string, change: { onHand: number; reserved: number }, at: string): Promise<ProductStockTotals | undefined> {
    return db
      .updateTable('products')
      .set((eb) => ({
        stock_quantity: eb('stock_quantity', '+', change.onHand),
        reserved_quantity: eb('reserved_quantity', '+', change.reserved),
        updated_at: at,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', productId)
      .returning(['stock_quantity', 'reserved_quantity', 'reorder_point'])
      .executeTakeFirst();
  }

  /**
   * Moves a tracked product between `active` and `out_of_stock` when its total on hand says so; conditional,
   * so a concurrent status change (discontinue, deactivate) is never overwritten. Answers whether it changed.
   */
  async applyStockStatus(db: Executor, tenantId: string, productId: string, at: string): Promise<ProductStatus | undefined> {
    // One statement for both directions: a tracked active product with nothing on hand, or an out-of-stock
    // product with stock again.
    const changed = await db
      .updateTable('products')
      .set((eb) => ({
        status: eb.case().when('stock_quantity', '>', 0).then(sql.lit<ProductStatus>('active')).else(sql.lit<ProductStatus>('out_of_stock')).end(),
        status_changed_at: at,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', productId)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'active'), eb('track_inventory', '=', true), eb('stock_quantity', '<=', 0)]),
          eb.and([eb('status', '=', 'out_of_stock'), eb('stock_quantity', '>', 0)]),
        ]),
      )
      .returning('status')
      .executeTakeFirst();
    return changed?.status;
  }

  /** Adds `onHand` to the stock totals of many products at once. */
  async addStockToMany(db: Executor, tenantId: string, productIds: readonly string[], onHand: number, at: string): Promise<void> {
    if (productIds.length === 0) return;
    await db
      .updateTable('products')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', onHand), updated_at: at }))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...productIds])
      .execute();
  }
}

export type ProductsQuery = ReturnType<ProductRepository['live']>;
