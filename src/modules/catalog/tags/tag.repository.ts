// Tags and their product links. Every query filters by tenant; "linked products" means live (not
// soft-deleted) products only.
import type { Page, PageRequest } from '../../../core/pagination.js';
import { containsText } from '../../../db/search.js';
import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { DB, ProductTagsTable, TagsTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { updateTenantRow } from '../../../db/live-rows.js';
import { paginate } from '../../../db/paginate.js';
import { chunks } from '../../../lib/chunks.js';
import { isTaken } from '../../../db/taken.js';

export type Tag = Selectable<TagsTable>;
export type NewTag = Insertable<TagsTable>;
export type TagUpdate = Updateable<TagsTable>;
export type TagWithCount = Tag & { products_count: number };
type NewProductTag = Insertable<ProductTagsTable>;

export interface TagFilters {
  search?: string;
  is_active?: boolean;
  has_products?: boolean;
  /** `#RRGGBB`, any case. */
  color?: string;
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  sort_by: 'name' | 'created_at' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

export interface TagStatistics {
  total: number;
  active: number;
  inactive: number;
  with_products: number;
  without_products: number;
}

/** Rows per multi-row INSERT: 4 parameters each, well under either engine's parameter limit. */
const INSERT_CHUNK = 500;

export class TagRepository {
  private scoped(db: Executor, tenantId: string) {
    return db.selectFrom('tags').where('tags.tenant_id', '=', tenantId);
  }

  /** The links of a tag to live products of the tenant (correlated on the outer `tags` row). */
  private liveLinks(eb: ExpressionBuilder<DB, 'tags'>, tenantId: string) {
    return eb
      .selectFrom('product_tags')
      .innerJoin('products', 'products.id', 'product_tags.product_id')
      .whereRef('product_tags.tag_id', '=', 'tags.id')
      .where('product_tags.tenant_id', '=', tenantId)
      .where('products.tenant_id', '=', tenantId)
      .where('products.deleted_at', 'is', null);
  }

  private withCount(db: Executor, tenantId: string) {
    return this.scoped(db, tenantId)
      .selectAll('tags')
      .select((eb) =>
        this.liveLinks(eb, tenantId)
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .as('products_count'),
      );
  }

  private static counted(row: Tag & { products_count: number | string | null }): TagWithCount {
    return { ...row, products_count: Number(row.products_count ?? 0) };
  }

  async insert(db: Executor, tag: NewTag): Promise<Tag> {
    return db.insertInto('tags').values(tag).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<TagWithCount | undefined> {
    const row = await this.withCount(db, tenantId).where('tags.id', '=', id).executeTakeFirst();
    return row && TagRepository.counted(row);
  }

  /** The tag `text` names: the one with this slug, else the one with this name in any case (names are unique). */
  async idNamed(db: Executor, tenantId: string, text: string): Promise<string | undefined> {
    const bySlug = await this.scoped(db, tenantId).select('tags.id').where('tags.slug', '=', text).executeTakeFirst();
    if (bySlug) return bySlug.id;
    return (
      await this.scoped(db, tenantId)
        .select('tags.id')
        .where((eb) => eb(eb.fn('lower', ['tags.name']), '=', text.toLowerCase()))
        .executeTakeFirst()
    )?.id;
  }

  /** The tags of the tenant among `ids` (missing ids are simply absent). */
  async findByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<Tag[]> {
    if (ids.length === 0) return [];
    return this.scoped(db, tenantId)
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The tags of the tenant among `ids` with their live-product counts (missing ids are simply absent). */
  async findByIdsWithCount(db: Executor, tenantId: string, ids: readonly string[]): Promise<TagWithCount[]> {
    if (ids.length === 0) return [];
    return (
      await this.withCount(db, tenantId)
        .where('tags.id', 'in', [...ids])
        .execute()
    ).map(TagRepository.counted);
  }

  /** Whether another tag of the tenant has this name, compared case-insensitively. */
  async nameTaken(db: Executor, tenantId: string, name: string, exceptId?: string): Promise<boolean> {
    return isTaken(
      this.scoped(db, tenantId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase())),
      exceptId,
    );
  }

  async slugTaken(db: Executor, tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
    return isTaken(this.scoped(db, tenantId).where('slug', '=', slug), exceptId);
  }

  async list(db: Executor, tenantId: string, filters: TagFilters, page: PageRequest): Promise<Page<TagWithCount>> {
    let query = this.scoped(db, tenantId);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['name', 'slug', 'description'], term));
    }
    if (filters.is_active !== undefined) query = query.where('is_active', '=', filters.is_active);
    if (filters.color) query = query.where('color', '=', filters.color.toUpperCase());
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);
    if (filters.has_products !== undefined) {
      const linked = filters.has_products;
      query = query.where((eb) => {
        const exists = eb.exists(this.liveLinks(eb, tenantId).select('product_tags.product_id'));
        return linked ? exists : eb.not(exists);
      });
    }
    const direction = filters.sort_direction;
    let ordered = query.selectAll('tags').select((eb) =>
      this.liveLinks(eb, tenantId)
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .as('products_count'),
    );
    ordered =
      filters.sort_by === 'name'
        ? ordered.orderBy((eb) => eb.fn('lower', ['name']), direction)
        : ordered.orderBy(filters.sort_by, direction);
    const listed = await paginate(db, ordered.orderBy('id', direction), page);
    return { ...listed, items: listed.items.map(TagRepository.counted) };
  }

  /** Every tag of the tenant with its count, by name: the export. */
  async all(db: Executor, tenantId: string): Promise<TagWithCount[]> {
    const rows = await this.withCount(db, tenantId)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    return rows.map(TagRepository.counted);
  }

  async update(db: Executor, tenantId: string, id: string, changes: TagUpdate): Promise<Tag | undefined> {
    return updateTenantRow(db.updateTable('tags'), tenantId, id, changes);
  }

  /** Sets `is_active` on those of `ids` that are not already in that state; returns how many changed. */
  async setActive(
    db: Executor,
    tenantId: string,
    ids: readonly string[],
    isActive: boolean,
    at: string,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .updateTable('tags')
      .set({ is_active: isActive, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .where('is_active', '=', !isActive)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes the tags and every product link they have (call inside a transaction). */
  async deleteWithLinks(db: Executor, tenantId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    await db
      .deleteFrom('product_tags')
      .where('tenant_id', '=', tenantId)
      .where('tag_id', 'in', [...ids])
      .execute();
    const result = await db
      .deleteFrom('tags')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Product ids linked to any of `tagIds` (live or not: links follow the tag, whatever the product's state). */
  async linkedProductIds(db: Executor, tenantId: string, tagIds: readonly string[]): Promise<string[]> {
    if (tagIds.length === 0) return [];
    const rows = await db
      .selectFrom('product_tags')
      .select('product_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('tag_id', 'in', [...tagIds])
      .execute();
    return rows.map((r) => r.product_id);
  }

  /** The tags linked to each of `productIds`, by name. */
  async tagsOfProducts(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
  ): Promise<Array<Tag & { product_id: string }>> {
    if (productIds.length === 0) return [];
    return db
      .selectFrom('product_tags as l')
      .innerJoin('tags', (join) => join.onRef('tags.id', '=', 'l.tag_id').on('tags.tenant_id', '=', tenantId))
      .where('l.tenant_id', '=', tenantId)
      .where('l.product_id', 'in', [...productIds])
      .selectAll('tags')
      .select('l.product_id')
      .orderBy('tags.name')
      .execute();
  }

  /** The tag ids a product is linked to. */
  async tagIdsOfProduct(db: Executor, tenantId: string, productId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('product_tags')
      .select('tag_id')
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .execute();
    return rows.map((r) => r.tag_id);
  }

  async insertLinks(db: Executor, links: readonly NewProductTag[]): Promise<void> {
    for (const part of chunks(links, INSERT_CHUNK)) await db.insertInto('product_tags').values(part).execute();
  }

  async deleteProductLinks(
    db: Executor,
    tenantId: string,
    productId: string,
    tagIds: readonly string[],
  ): Promise<void> {
    if (tagIds.length === 0) return;
    await db
      .deleteFrom('product_tags')
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .where('tag_id', 'in', [...tagIds])
      .execute();
  }

  async statistics(db: Executor, tenantId: string): Promise<TagStatistics> {
    const row = await this.scoped(db, tenantId)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('is_active', '=', true).then(1).else(0).end()).as('active'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.exists(this.liveLinks(eb, tenantId).select('product_tags.product_id')))
              .then(1)
              .else(0)
              .end(),
          )
          .as('with_products'),
      ])
      .executeTakeFirstOrThrow();
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
