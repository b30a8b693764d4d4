// Products SQL. Every query filters by tenant and, except inserts and the stock-total writes, by
// `deleted_at is null` (soft delete). Status and deletion change through conditional updates, so that
// concurrent requests cannot both win.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type Updateable,
} from 'kysely';
import { compiledStatement } from '../../../db/compiled.js';
import { engineOf, jsonFunctions, parsedJson } from '../../../db/dialect.js';
import type { DB, ProductStatus, ProductsTable } from '../../../db/schema.js';
import { isTaken } from '../../../db/taken.js';
import { categoryRootOf } from '../categories/category-path.sql.js';
import type { Executor } from '../../../db/transaction.js';
import { updateLiveRow } from '../../../db/live-rows.js';
import type { PresentedValue, ResourceLinks, VariantMaster } from './product-links.js';

const SLUG_LOCK_CLASS = 0x50524f44; // "PROD"

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
/** A product's stock totals after a change, for the status automation and low-stock detection, with its name and SKU. */
export type ProductStockTotals = Pick<
  Product,
  'stock_quantity' | 'reserved_quantity' | 'reorder_point' | 'name' | 'sku' | 'status' | 'track_inventory'
>;

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

/**
 * A live product with everything its resource shows besides its own row, in one statement: each link as a
 * JSON object or array from a correlated subquery, in the order the batch loaders answer them. Subqueries
 * rather than joins: on SQLite each left join made the statement several times slower (about 45 µs each,
 * measured), while a subquery by primary key costs next to nothing.
 */
const productWithLinksBy = (column: 'id' | 'barcode' | 'sku') =>
  compiledStatement((db: Executor, p: { tenantId: string; value: string }) => {
    const json = jsonFunctions(engineOf(db));
    const object = sql.raw(json.object);
    const arrayOf = sql.raw(json.arrayOf);
    const jsonColumn = sql.raw(json.column);
    return db
      .selectFrom('products as p')
      .selectAll('p')
      .select([
        sql<
          string | object | null
        >`(select ${object}('id', c.id, 'name', c.name, 'slug', c.slug) from product_categories c
          where c.tenant_id = p.tenant_id and c.id = p.category_id and c.deleted_at is null)`.as('category_link'),
        sql<string | object | null>`(select ${object}('id', b.id, 'name', b.name, 'slug', b.slug) from brands b
          where b.tenant_id = p.tenant_id and b.id = p.brand_id and b.deleted_at is null)`.as('brand_link'),
        sql<string | object | null>`(select ${object}('id', s.id, 'name', s.name, 'code', s.code) from suppliers s
          where s.tenant_id = p.tenant_id and s.id = p.supplier_id and s.deleted_at is null)`.as('supplier_link'),
        sql<
          string | object | null
        >`(select ${object}('id', m.id, 'currency', m.currency, 'base_price', m.base_price, 'base_cost_price', m.base_cost_price,
            'base_weight', m.base_weight, 'base_dimensions', ${jsonColumn}(m.base_dimensions), 'images', ${jsonColumn}(m.images), 'description', m.description,
            'short_description', m.short_description, 'variant_attributes', ${jsonColumn}(m.variant_attributes))
          from master_products m where m.tenant_id = p.tenant_id and m.id = p.master_product_id and m.deleted_at is null)`.as(
          'master_link',
        ),
        sql<
          string | object[]
        >`(select coalesce(${arrayOf}(${object}('id', t.id, 'name', t.name, 'slug', t.slug, 'color', t.color) order by t.name), '[]')
          from product_tags l join tags t on t.id = l.tag_id and t.tenant_id = l.tenant_id
          where l.tenant_id = p.tenant_id and l.product_id = p.id)`.as('tag_list'),
        // The flag as 1/0: inside JSON, SQLite's booleans are numbers and PostgreSQL's are not.
        sql<
          string | object[]
        >`(select coalesce(${arrayOf}(${object}('code', d.code, 'label', d.label, 'type', d.type, 'unit', d.unit, 'value', v.value,
            'visible', case when d.is_visible_on_frontend then 1 else 0 end) order by d.sort_order, d.code), '[]')
          from product_attribute_values v join attribute_definitions d on d.id = v.attribute_id and d.tenant_id = v.tenant_id and d.deleted_at is null
          where v.tenant_id = p.tenant_id and v.product_id = p.id)`.as('attribute_list'),
      ])
      .where('p.tenant_id', '=', p.tenantId)
      .where(`p.${column}` as const, '=', p.value)
      .where('p.deleted_at', 'is', null);
  });

/** By each column that names one live product of a tenant. */
const productWithLinks = {
  id: productWithLinksBy('id'),
  barcode: productWithLinksBy('barcode'),
  sku: productWithLinksBy('sku'),
};

type ProductKey = { tenantId: string; id: string };

const live = (db: Executor, tenantId: string) =>
  db.selectFrom('products').where('products.tenant_id', '=', tenantId).where('products.deleted_at', 'is', null);

const findByIdStatement = compiledStatement((db: Executor, p: ProductKey) =>
  live(db, p.tenantId).selectAll().where('id', '=', p.id),
);

const findForUpdateStatement = compiledStatement((db: Executor, p: ProductKey) => {
  const query = live(db, p.tenantId).selectAll().where('id', '=', p.id);
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
});

const changeStockTotalsStatement = compiledStatement(
  (db: Executor, p: ProductKey & { onHand: number; reserved: number; at: string }) =>
    db
      .updateTable('products')
      .set((eb) => ({
        stock_quantity: eb('stock_quantity', '+', p.onHand),
        reserved_quantity: eb('reserved_quantity', '+', p.reserved),
        updated_at: p.at,
        ...stockStatusSet(eb, eb('stock_quantity', '+', p.onHand), p.at),
      }))
      .where('tenant_id', '=', p.tenantId)
      .where('id', '=', p.id)
      .returning(['stock_quantity', 'reserved_quantity', 'reorder_point', 'name', 'sku', 'status', 'track_inventory']),
);

/** A change of reserved stock alone, which never moves the status. */
const changeReservedTotalStatement = compiledStatement(
  (db: Executor, p: ProductKey & { reserved: number; at: string }) =>
    db
      .updateTable('products')
      .set((eb) => ({ reserved_quantity: eb('reserved_quantity', '+', p.reserved), updated_at: p.at }))
      .where('tenant_id', '=', p.tenantId)
      .where('id', '=', p.id)
      .returning(['stock_quantity', 'reserved_quantity', 'reorder_point', 'name', 'sku', 'status', 'track_inventory']),
);

export class ProductRepository {
  live(db: Executor, tenantId: string) {
    return live(db, tenantId);
  }

  /**
   * On PostgreSQL, makes the transactions that generate a slug from the same base (in one tenant) wait for
   * each other until commit, so that each sees the slugs the others took and picks the next suffix instead
   * of failing on the unique index. SQLite runs one write transaction at a time already. The locks are taken
   * in one order (by their hash), so that two transactions taking several cannot deadlock.
   */
  async lockSlugBases(db: Executor, tenantId: string, bases: readonly string[]): Promise<void> {
    if (engineOf(db) !== 'postgres' || bases.length === 0) return;
    const keys = [...new Set(bases)].map((base) => `${tenantId}/${base}`);
    await sql`select pg_advisory_xact_lock(${SLUG_LOCK_CLASS}, h) from (select distinct hashtext(k) as h from unnest(array[${sql.join(keys)}]::text[]) as k order by h) as locks`.execute(
      db,
    );
  }

  /** Inserts the products in one statement, answering them in the same order. */
  async insertMany(db: Executor, products: readonly NewProduct[]): Promise<Product[]> {
    if (products.length === 0) return [];
    const rows = await db
      .insertInto('products')
      .values(
        products.map((product) => ({ ...product, category_root_id: categoryRootOf(product.category_id ?? null) })),
      )
      .returningAll()
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return products.map((product) => byId.get(product.id)!);
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

  /** Up to `limit` live products with an id above `after`, by id: a walk over the whole catalog a page at a time. */
  async livePageAfter(db: Executor, tenantId: string, after: string, limit: number): Promise<Product[]> {
    return live(db, tenantId).selectAll().where('id', '>', after).orderBy('id').limit(limit).execute();
  }

  /** The live products among `ids`, in the order of `ids`. */
  async findManyInOrder(db: Executor, tenantId: string, ids: readonly string[]): Promise<Product[]> {
    const rows = new Map((await this.findByIds(db, tenantId, ids)).map((row) => [row.id, row]));
    return ids.map((id) => rows.get(id)).filter((row) => row !== undefined);
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<Product | undefined> {
    return findByIdStatement.executeTakeFirst(db, { tenantId, id });
  }

  /** The live product whose `column` is `value`, with what its resource shows of its links (`productWithLinksBy`). */
  async findWithLinks(
    db: Executor,
    tenantId: string,
    column: keyof typeof productWithLinks,
    value: string,
  ): Promise<{ product: Product; links: ResourceLinks } | undefined> {
    const row = await productWithLinks[column].executeTakeFirst(db, { tenantId, value });
    if (!row) return undefined;
    const { category_link, brand_link, supplier_link, master_link, tag_list, attribute_list, ...product } = row;
    const values =
      parsedJson<Array<Omit<PresentedValue, 'is_visible_on_frontend'> & { visible: number }>>(attribute_list);
    return {
      product,
      links: {
        category: parsedJson(category_link),
        brand: parsedJson(brand_link),
        supplier: parsedJson(supplier_link),
        tags: parsedJson(tag_list),
        values: values.map(({ visible, ...value }) => ({ ...value, is_visible_on_frontend: visible === 1 })),
        master: parsedJson<VariantMaster | null>(master_link) ?? undefined,
      },
    };
  }

  /**
   * The live product, locked until the transaction ends on PostgreSQL, so that concurrent updates of one
   * product take turns and each sees the state the previous one left (SQLite writers take turns already).
   */
  async findForUpdate(db: Executor, tenantId: string, id: string): Promise<Product | undefined> {
    return findForUpdateStatement.executeTakeFirst(db, { tenantId, id });
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Product[]> {
    if (ids.length === 0) return [];
    return this.live(db, tenantId)
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async taken(
    db: Executor,
    tenantId: string,
    column: 'sku' | 'slug',
    value: string,
    exceptId?: string,
  ): Promise<boolean> {
    return isTaken(this.live(db, tenantId).where(column, '=', value), exceptId);
  }

  /** The id of the live product (or variant) with exactly this SKU. */
  async idBySku(db: Executor, tenantId: string, sku: string): Promise<string | undefined> {
    return (await this.live(db, tenantId).select('id').where('sku', '=', sku).executeTakeFirst())?.id;
  }

  /** Which of `values` live products of the tenant hold in `column`. */
  async takenAmong(
    db: Executor,
    tenantId: string,
    column: 'sku' | 'slug',
    values: readonly string[],
  ): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    const rows = await this.live(db, tenantId)
      .select(column)
      .where(column, 'in', [...new Set(values)])
      .execute();
    return new Set(rows.map((row) => (column === 'sku' ? row.sku : row.slug)));
  }

  /** The live products that hold any of `barcodes`, by barcode. */
  async barcodeHolders(
    db: Executor,
    tenantId: string,
    barcodes: readonly string[],
  ): Promise<Map<string, Pick<Product, 'id' | 'sku'>>> {
    if (barcodes.length === 0) return new Map();
    const rows = await this.live(db, tenantId)
      .select(['id', 'sku', 'barcode'])
      .where('barcode', 'in', [...new Set(barcodes)])
      .execute();
    return new Map(rows.map(({ barcode, ...holder }) => [barcode!, holder]));
  }

  /** The live product, other than `exceptId`, that holds `barcode`. */
  async barcodeHolder(
    db: Executor,
    tenantId: string,
    barcode: string,
    exceptId?: string,
  ): Promise<Pick<Product, 'id' | 'sku'> | undefined> {
    let query = this.live(db, tenantId).select(['id', 'sku']).where('barcode', '=', barcode);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return query.executeTakeFirst();
  }

  async update(db: Executor, tenantId: string, id: string, changes: ProductUpdate): Promise<Product | undefined> {
    const rooted =
      changes.category_id === undefined
        ? changes
        : { ...changes, category_root_id: categoryRootOf(changes.category_id) };
    return updateLiveRow(db.updateTable('products'), tenantId, id, rooted);
  }

  /** Moves the status only while it is one of `from`; undefined when it was not (or the product is gone). */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    from: readonly ProductStatus[],
    changes: { status: ProductStatus; status_reason: string | null; status_changed_at: string; updated_at: string },
  ): Promise<Product | undefined> {
    return updateLiveRow(db.updateTable('products').where('status', 'in', [...from]), tenantId, id, changes);
  }

  /** Soft-deletes the product only while it holds no stock, on hand or reserved; answers the deleted row. */
  async softDeleteWithoutStock(db: Executor, tenantId: string, id: string, at: string): Promise<Product | undefined> {
    const withoutStock = db.updateTable('products').where('stock_quantity', '=', 0).where('reserved_quantity', '=', 0);
    return updateLiveRow(withoutStock, tenantId, id, { deleted_at: at, updated_at: at });
  }

  // Stock totals: the sums of the product's inventory records, written by the inventory's stock changes in
  // their transaction (the inventory holds these through its ProductStock dependency).

  /**
   * Keeps the product's stock totals equal to the sums of its records; answers the totals after the change.
   * A change of on-hand stock also moves the status as the new total says (`stockStatusSet`), in the same
   * statement.
   */
  async changeStockTotals(
    db: Executor,
    tenantId: string,
    productId: string,
    change: { onHand: number; reserved: number },
    at: string,
  ): Promise<ProductStockTotals | undefined> {
    const statement = change.onHand === 0 ? changeReservedTotalStatement : changeStockTotalsStatement;
    return statement.executeTakeFirst(db, { tenantId, id: productId, ...change, at });
  }

  /**
   * Adds on-hand stock to many products in one statement, moving each one's status as `changeStockTotals`
   * does. Products are distinct.
   */
  async addStockTotals(
    db: Executor,
    tenantId: string,
    additions: ReadonlyArray<{ productId: string; onHand: number }>,
    at: string,
  ): Promise<void> {
    if (additions.length === 0) return;
    // One CASE arm per product; the cast gives PostgreSQL the parameter's type, which a CASE alone does not.
    const added = sql<number>`case ${sql.ref('id')} ${sql.join(
      additions.map((a) => sql`when ${a.productId} then cast(${a.onHand} as integer)`),
      sql` `,
    )} end`;
    await db
      .updateTable('products')
      .set((eb) => ({
        stock_quantity: eb('stock_quantity', '+', added),
        updated_at: at,
        ...stockStatusSet(eb, eb('stock_quantity', '+', added), at),
      }))
      .where('tenant_id', '=', tenantId)
      .where(
        'id',
        'in',
        additions.map((a) => a.productId),
      )
      .execute();
  }

  /** Adds `onHand` to the stock totals of many products at once. */
  async addStockToMany(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
    onHand: number,
    at: string,
  ): Promise<void> {
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

/**
 * The stock automation as SET expressions of an UPDATE that changes the total on hand to `stock`: a tracked
 * active product with nothing on hand becomes out_of_stock, an out-of-stock product with stock again becomes
 * active; any other status (discontinued, inactive…) is never overwritten. Expressions of one UPDATE read the
 * row as it was, hence the new total passed in.
 */
function stockStatusSet(eb: ExpressionBuilder<DB, 'products'>, stock: Expression<number>, at: string) {
  const moves = eb.or([
    eb.and([eb('status', '=', 'active'), eb('track_inventory', '=', true), eb(stock, '<=', 0)]),
    eb.and([eb('status', '=', 'out_of_stock'), eb(stock, '>', 0)]),
  ]);
  const next = eb
    .case()
    .when(stock, '>', 0)
    .then(sql.lit<ProductStatus>('active'))
    .else(sql.lit<ProductStatus>('out_of_stock'))
    .end();
  return {
    status: eb.case().when(moves).then(next).else(eb.ref('status')).end(),
    status_changed_at: eb.case().when(moves).then(at).else(eb.ref('status_changed_at')).end(),
  };
}
