// SQL for product categories. Every query filters by tenant; soft-deleted rows are invisible.
import type { Page, PageRequest } from '../../../core/pagination.js';
import { containsText } from '../../../db/search.js';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { ProductCategoriesTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { softDeleteLiveRows, updateLiveRow } from '../../../db/live-rows.js';
import { paginate } from '../../../db/paginate.js';
import { isTaken } from '../../../db/taken.js';
import { chunks } from '../../../lib/chunks.js';
import { subtreeRange } from './category-path.js';

export type Category = Selectable<ProductCategoriesTable>;
export type NewCategory = Insertable<ProductCategoriesTable>;
export type CategoryUpdate = Updateable<ProductCategoriesTable>;

export interface CategoryFilters {
  search?: string;
  is_active?: boolean;
  is_featured?: boolean;
  /** A parent's id, or `null` for roots; undefined for any. */
  parent_id?: string | null;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  sort_by: 'name' | 'sort_order' | 'created_at' | 'depth_level' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

export interface Breadcrumb {
  id: string;
  name: string;
  slug: string;
  depth_level: number;
}

/** First key of the PostgreSQL advisory lock that serialises structural category writes per tenant. */
const TREE_LOCK_CLASS = 0x43415447; // "CATG"
/** SQLite's IN lists stay far below its variable limit. */
const CHUNK = 500;

export class CategoryRepository {
  private live(db: Executor, tenantId: string) {
    return db.selectFrom('product_categories').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null);
  }

  /**
   * Serialises structural writes (create, rename, move, delete) of one tenant's categories on
   * PostgreSQL, so two concurrent moves cannot build a cycle and generated slugs cannot collide.
   * SQLite transactions already hold the single write lock (BEGIN IMMEDIATE).
   */
  async lockTree(db: Executor, tenantId: string): Promise<void> {
    if (engineOf(db) === 'postgres')
      await sql`select pg_advisory_xact_lock(${TREE_LOCK_CLASS}, hashtext(${tenantId}))`.execute(db);
  }

  async insert(db: Executor, category: NewCategory): Promise<Category> {
    return db.insertInto('product_categories').values(category).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<Category | undefined> {
    return this.live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Category[]> {
    const rows: Category[] = [];
    for (const part of chunks(ids, CHUNK))
      rows.push(...(await this.live(db, tenantId).selectAll().where('id', 'in', part).execute()));
    return rows;
  }

  async findBySlug(db: Executor, tenantId: string, slug: string): Promise<Category | undefined> {
    return this.live(db, tenantId).selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** Live children of `parentId` (roots for null) named `name`, ignoring case; at most two (enough to tell it is ambiguous). */
  async findChildrenNamed(db: Executor, tenantId: string, parentId: string | null, name: string): Promise<Category[]> {
    return this.live(db, tenantId)
      .selectAll()
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .limit(2)
      .execute();
  }

  /** Whether a live category other than `exceptId` uses `slug`. */
  async slugTaken(db: Executor, tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
    return isTaken(this.live(db, tenantId).where('slug', '=', slug), exceptId);
  }

  async list(db: Executor, tenantId: string, filters: CategoryFilters, page: PageRequest): Promise<Page<Category>> {
    let query = this.live(db, tenantId);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['name', 'slug', 'description'], term));
    }
    if (filters.is_active !== undefined) query = query.where('is_active', '=', filters.is_active);
    if (filters.is_featured !== undefined) query = query.where('is_featured', '=', filters.is_featured);
    if (filters.parent_id === null) query = query.where('parent_id', 'is', null);
    else if (filters.parent_id !== undefined) query = query.where('parent_id', '=', filters.parent_id);
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);

    const direction = filters.sort_direction;
    let ordered = query.selectAll();
    // Names sort case-insensitively so that both engines (binary vs locale collation) agree.
    ordered =
      filters.sort_by === 'name'
        ? ordered.orderBy(sql`lower(name)`, direction)
        : ordered.orderBy(filters.sort_by, direction);
    // updated_at walks its index (incremental sync); the others meet ties by name.
    if (filters.sort_by !== 'name' && filters.sort_by !== 'updated_at')
      ordered = ordered.orderBy(sql`lower(name)`, direction);
    ordered = ordered.orderBy('id', direction);
    return paginate(db, ordered, page);
  }

  /** Every live category of the tenant, in sibling order (sort_order, then name, then id). */
  async all(db: Executor, tenantId: string): Promise<Category[]> {
    return this.live(db, tenantId)
      .selectAll()
      .orderBy('sort_order')
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /**
   * The category and all its live descendants (empty when the category is not a live one of the tenant): the
   * range of paths under the category's own, read from the path index.
   */
  async subtreeIds(db: Executor, tenantId: string, id: string): Promise<string[]> {
    const top = await this.findById(db, tenantId, id);
    if (!top) return [];
    const { from, to } = subtreeRange(top.path);
    const rows = await this.live(db, tenantId).select('id').where('path', '>=', from).where('path', '<', to).execute();
    return rows.map((r) => r.id);
  }

  /** The category and its ancestors, root first. */
  async ancestry(db: Executor, tenantId: string, id: string): Promise<Breadcrumb[]> {
    return db
      .withRecursive('chain(id, parent_id)', (qb) =>
        qb
          .selectFrom('product_categories')
          .select(['id', 'parent_id'])
          .where('tenant_id', '=', tenantId)
          .where('deleted_at', 'is', null)
          .where('id', '=', id)
          .union(
            qb
              .selectFrom('product_categories as c')
              .innerJoin('chain', 'chain.parent_id', 'c.id')
              .select(['c.id', 'c.parent_id'])
              .where('c.tenant_id', '=', tenantId),
          ),
      )
      .selectFrom('product_categories as p')
      .innerJoin('chain', 'chain.id', 'p.id')
      .select(['p.id', 'p.name', 'p.slug', 'p.depth_level'])
      .where('p.tenant_id', '=', tenantId)
      .orderBy('p.depth_level')
      .execute();
  }

  async update(db: Executor, tenantId: string, id: string, changes: CategoryUpdate): Promise<Category | undefined> {
    return updateLiveRow(db.updateTable('product_categories'), tenantId, id, changes);
  }

  async toggleFeatured(db: Executor, tenantId: string, id: string, at: string): Promise<Category | undefined> {
    return updateLiveRow(db.updateTable('product_categories'), tenantId, id, (eb) => ({
      is_featured: eb.not(eb.ref('is_featured')),
      updated_at: at,
    }));
  }

  /**
   * Gives the live categories of the subtree at `from` the paths under `to` instead (a move). updated_at
   * stays: the path is not part of the resource.
   */
  async rewritePaths(db: Executor, tenantId: string, from: string, to: string): Promise<void> {
    const range = subtreeRange(from);
    await db
      .updateTable('product_categories')
      .set({ path: sql<string>`cast(${to} as text) || substr(path, ${sql.lit(from.length + 1)})` })
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where('path', '>=', range.from)
      .where('path', '<', range.to)
      .execute();
  }

  /**
   * Sets the tree root that the products of the given categories keep (the product module owns the table;
   * a move that changes a subtree's root changes their copy), deleted products included, in case they return.
   */
  async setProductsRoot(db: Executor, tenantId: string, categoryIds: readonly string[], rootId: string): Promise<void> {
    for (const part of chunks(categoryIds, CHUNK)) {
      await db
        .updateTable('products')
        .set({ category_root_id: rootId })
        .where('tenant_id', '=', tenantId)
        .where('category_id', 'in', part)
        .execute();
    }
  }

  /** Adds `delta` to the depth of the given categories. */
  async shiftDepth(db: Executor, tenantId: string, ids: readonly string[], delta: number, at: string): Promise<void> {
    for (const part of chunks(ids, CHUNK)) {
      await db
        .updateTable('product_categories')
        .set((eb) => ({ depth_level: eb('depth_level', '+', delta), updated_at: at }))
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', part)
        .where('deleted_at', 'is', null)
        .execute();
    }
  }

  /** Sets `is_active` on the live categories among `ids`; answers the ids it changed. */
  async setActive(
    db: Executor,
    tenantId: string,
    ids: readonly string[],
    isActive: boolean,
    at: string,
  ): Promise<string[]> {
    const changed: string[] = [];
    for (const part of chunks(ids, CHUNK)) {
      const rows = await db
        .updateTable('product_categories')
        .set({ is_active: isActive, updated_at: at })
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', part)
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute();
      changed.push(...rows.map((r) => r.id));
    }
    return changed;
  }

  async countChildren(db: Executor, tenantId: string, id: string): Promise<number> {
    const row = await this.live(db, tenantId)
      .where('parent_id', '=', id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Live products linked to the category (the product module owns the table; this only counts). */
  async countProducts(db: Executor, tenantId: string, id: string): Promise<number> {
    const row = await db
      .selectFrom('products')
      .where('tenant_id', '=', tenantId)
      .where('category_id', '=', id)
      .where('deleted_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async softDelete(db: Executor, tenantId: string, id: string, at: string): Promise<boolean> {
    return (await softDeleteLiveRows(db.updateTable('product_categories'), tenantId, id, at)) > 0;
  }
}
