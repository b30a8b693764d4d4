// The product list's statements (product-list.ts reads the request into a ProductListFilter): one query over a
// tenant's live products on either engine, each common filter and sort served by an index of migration 0005. Tags
// and attribute values are read-joined here for the list; their modules own and write them.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { COUNT_LIMIT } from '../../../core/pagination.js';
import type { KeysetCursor, KeyValue } from '../../../core/keyset.js';
import { engineOf } from '../../../db/dialect.js';
import { keysetAfter, type SortKey } from '../../../db/keyset.js';
import { countUpToLimit } from '../../../db/paginate.js';
import type { DB, ProductStatus, ProductType } from '../../../db/schema.js';
import {
  beyondRankedPrefixes,
  isShortTerm,
  matchesSearch,
  searchRankConditions,
  searchesFullText,
  drivenBySearch,
  type SearchBreadth,
  type SearchIndex,
  type SearchRanking,
} from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';
import { productLowStockCondition } from '../../inventory/stock/low-stock.sql.js';
import type { ProductSort } from './product.schemas.js';

/** A product has an attribute value: exactly `value`, or (multiselect, `contains`) a selection holding the JSON token `value`. */
export interface AttributeMatch {
  attributeId: string;
  value: string;
  contains: boolean;
}

/** The list's filters, checked and in stored form (minor units, ids); absent: no filter. */
export interface ProductListFilter {
  updatedSince?: string;
  barcode?: string;
  /** Trimmed, not blank. */
  search?: string;
  /**
   * `broad` when the search's matches were counted past the bound: on SQLite the rows walked are tested one by one
   * (db/search.ts), and on both engines the prefix rank walks the list's order without the search's condition.
   */
  searchBreadth?: SearchBreadth;
  /**
   * Every product the search and the other filters match, collected once (`searchMatchesUpToLimit`, no more than
   * COUNT_LIMIT): the search's condition is then membership of this list, so that the search's index is not asked
   * again.
   */
  collectedMatches?: CollectedMatches;
  statuses: readonly ProductStatus[];
  type?: ProductType;
  brandId?: string;
  supplierId?: string;
  masterProductId?: string;
  isFeatured?: boolean;
  isVariant?: boolean;
  trackInventory?: boolean;
  /** Any of these tags. */
  tagIds: readonly string[];
  /** Priced in this currency; `orUnpriced`: also the rows without a currency (written before products had one). */
  currency?: { code: string; orUnpriced: boolean };
  minPrice?: number;
  maxPrice?: number;
  lowStock?: boolean;
  inStock?: boolean;
  /** All must match. */
  attributes: readonly AttributeMatch[];
  /** Of these categories, or of the department (root category) `rootId` through `category_root_id`. */
  category?: { ids: readonly string[] } | { rootId: string };
}

export interface ProductListOrder {
  sortBy: ProductSort;
  direction: 'asc' | 'desc';
  /**
   * A search's matches ranked (PRODUCT_RANKING) before this order: the client asked for no sort of its own. A
   * keyset walk never is.
   */
  ranked?: boolean;
}

type Eb = ExpressionBuilder<DB, 'products'>;
type Condition = (eb: Eb) => Expression<SqlBool>;

/**
 * `search`: a substring of the name, SKU, description or barcode, or a prefix of the name, SKU or barcode
 * (db/search.ts, migrations 0029 and 0031).
 */
export const PRODUCT_SEARCH: SearchIndex<DB, 'products'> = {
  columns: ['products.name', 'products.sku', 'products.description', 'products.barcode'],
  prefixColumns: ['products.name', 'products.sku', 'products.barcode'],
  sqlite: { table: 'products', alias: 'products', fts: 'products_search' },
};

/** A ranked search: the exact SKU or barcode first, then names and SKUs starting with the term, then the rest. */
export const PRODUCT_RANKING: SearchRanking = {
  exactFolded: ['products.sku'],
  exact: ['products.barcode'],
  prefix: ['products.name', 'products.sku'],
};

/** A short term's matches that no prefix rank holds: a barcode starting with it. */
const PRODUCT_SEARCH_BEYOND_PREFIXES = beyondRankedPrefixes(PRODUCT_SEARCH, PRODUCT_RANKING);

function conditions(db: Executor, tenantId: string, filter: ProductListFilter): Condition[] {
  const where: Condition[] = [];
  const { updatedSince, barcode, search, statuses, type, currency, minPrice, maxPrice, lowStock, inStock, category } =
    filter;
  if (updatedSince !== undefined) where.push((eb) => eb('products.updated_at', '>=', updatedSince));
  if (barcode !== undefined) where.push((eb) => eb('products.barcode', '=', barcode));
  const collected = filter.collectedMatches;
  if (collected !== undefined) where.push(() => isCollected(collected));
  else if (search !== undefined)
    where.push((eb) => matchesSearch(eb, engineOf(db), PRODUCT_SEARCH, tenantId, search, filter.searchBreadth));
  if (statuses.length > 0)
    where.push((eb) =>
      statuses.length === 1 ? eb('products.status', '=', statuses[0]!) : eb('products.status', 'in', statuses),
    );
  if (type !== undefined) where.push((eb) => eb('products.type', '=', type));
  for (const [column, id] of [
    ['brand_id', filter.brandId],
    ['supplier_id', filter.supplierId],
    ['master_product_id', filter.masterProductId],
  ] as const) {
    if (id !== undefined) where.push((eb) => eb(`products.${column}`, '=', id));
  }
  for (const [column, flag] of [
    ['is_featured', filter.isFeatured],
    ['is_variant', filter.isVariant],
    ['track_inventory', filter.trackInventory],
  ] as const) {
    if (flag !== undefined) where.push((eb) => eb(`products.${column}`, '=', flag));
  }
  if (filter.tagIds.length > 0) {
    const tagIds = filter.tagIds;
    where.push((eb) =>
      eb(
        'products.id',
        'in',
        eb
          .selectFrom('product_tags')
          .select('product_tags.product_id')
          .where('product_tags.tenant_id', '=', tenantId)
          .where('product_tags.tag_id', 'in', tagIds),
      ),
    );
  }
  if (currency !== undefined) {
    where.push((eb) =>
      currency.orUnpriced
        ? eb.or([eb('products.currency', '=', currency.code), eb('products.currency', 'is', null)])
        : eb('products.currency', '=', currency.code),
    );
  }
  if (minPrice !== undefined) where.push((eb) => eb('products.selling_price', '>=', minPrice));
  if (maxPrice !== undefined) where.push((eb) => eb('products.selling_price', '<=', maxPrice));
  if (lowStock !== undefined) where.push((eb) => productLowStockCondition(eb, lowStock));
  if (inStock !== undefined) {
    where.push((eb) => {
      const available = sql<SqlBool>`${sql.ref('products.stock_quantity')} - ${sql.ref('products.reserved_quantity')} > 0`;
      return inStock
        ? eb.or([eb('products.track_inventory', '=', false), available])
        : eb.and([eb('products.track_inventory', '=', true), eb.not(available)]);
    });
  }
  const contains = engineOf(db) === 'postgres' ? 'strpos' : 'instr';
  for (const match of filter.attributes) {
    where.push((eb) =>
      eb(
        'products.id',
        'in',
        eb
          .selectFrom('product_attribute_values as v')
          .select('v.product_id')
          .where('v.tenant_id', '=', tenantId)
          .where('v.attribute_id', '=', match.attributeId)
          // A case-sensitive substring test on both engines (SQLite's LIKE ignores ASCII case).
          .where((sub) =>
            match.contains
              ? sub(sub.fn(contains, ['v.value', sub.val(match.value)]), '>', 0)
              : sub('v.value', '=', match.value),
          ),
      ),
    );
  }
  if (category !== undefined) {
    where.push((eb) => {
      if ('rootId' in category) return eb('products.category_root_id', '=', category.rootId);
      return category.ids.length === 1
        ? eb('products.category_id', '=', category.ids[0]!)
        : eb('products.category_id', 'in', category.ids);
    });
  }
  return where;
}

function filtered(db: Executor, tenantId: string, filter: ProductListFilter) {
  const live = db
    .selectFrom('products')
    .where('products.tenant_id', '=', tenantId)
    .where('products.deleted_at', 'is', null);
  const where = conditions(db, tenantId, filter);
  return where.length === 0 ? live : live.where((eb) => eb.and(where.map((c) => c(eb))));
}

/**
 * The keys of each sort before the tie-breaking id, the expressions `sorted` orders by: `name` and `sku`
 * case-insensitively, `status` by creation time within each status, `selling_price` within each currency, both
 * of which may be null.
 */
export function sortKeys(sortBy: ProductSort): SortKey[] {
  const key = (expression: Expression<unknown>, nullable = false, computed = false): SortKey => ({
    expression,
    nullable,
    computed,
  });
  switch (sortBy) {
    case 'name':
    case 'sku':
      return [key(sql`lower(${sql.ref(`products.${sortBy}`)})`, false, true)];
    case 'status':
      return [key(sql.ref('products.status')), key(sql.ref('products.created_at'))];
    case 'selling_price':
      return [key(sql.ref('products.currency'), true), key(sql.ref('products.selling_price'), true)];
    default:
      return [key(sql.ref(`products.${sortBy}`))];
  }
}

/** `query` in list order: every key of the sort, then the id, all in the one direction. */
function sorted<O>(
  db: Executor,
  query: SelectQueryBuilder<DB, 'products', O>,
  filter: ProductListFilter,
  order: ProductListOrder,
): SelectQueryBuilder<DB, 'products', O> {
  const { sortBy, direction } = order;
  // SQLite without statistics serves a price sort of a category's products by walking the tenant's whole
  // price index and testing each row (40 ms at 100k); a unary plus, which changes no value, hides that
  // index from the sort, so it reads the category's matches from their own index and sorts only those.
  // The department index serves the order itself, so it keeps the plain key.
  const byCategories = filter.category !== undefined && 'ids' in filter.category;
  const priceOrderHint = byCategories && engineOf(db) === 'sqlite' ? sql.raw('+') : sql.raw('');
  // Same direction on every key, nulls as the lowest values on both engines: the sort indexes serve it.
  const nulls = direction === 'asc' ? sql`nulls first` : sql`nulls last`;
  let ordered = query;
  for (const [i, key] of sortKeys(sortBy).entries()) {
    const hint = sortBy === 'selling_price' && i === 0 ? priceOrderHint : sql.raw('');
    ordered = key.nullable
      ? ordered.orderBy(sql`${hint}${key.expression} ${sql.raw(direction)} ${nulls}`)
      : ordered.orderBy(key.expression, direction);
  }
  return ordered.orderBy('products.id', direction);
}

/**
 * A search's matches as `searchMatchesUpToLimit` collects them: their rowids on SQLite (read by them as fast as
 * by a rowid range), their ids on PostgreSQL.
 */
export type CollectedMatches = { rowids: readonly number[] } | { ids: readonly string[] };

export function collectedCount(collected: CollectedMatches): number {
  return 'rowids' in collected ? collected.rowids.length : collected.ids.length;
}

/** The product is one of the collected matches. */
function isCollected(collected: CollectedMatches): RawBuilder<SqlBool> {
  return 'rowids' in collected
    ? sql<SqlBool>`products.rowid in (select value from json_each(${JSON.stringify(collected.rowids)}))`
    : sql<SqlBool>`products.id in (select jsonb_array_elements_text(${JSON.stringify(collected.ids)}::jsonb))`;
}

/**
 * The most collected matches a ranked page is ordered from in memory (`rankedMatches`): reading each by id costs
 * less than asking the search's index again for each rank when they are few (two words at 1,000,000 products on
 * PostgreSQL: 2,787 matches, 34 ms against some 250), more when they are many and dense in the list's order, where
 * each rank's query stops after the page (a common word in 10,000 products: 5,000 matches, 435 ms p50 at 10
 * connections against 208).
 */
export const RANKED_IN_MEMORY_LIMIT = 3_000;

/** A collected match with what orders a ranked page of them (`rankedMatches`). */
export interface RankedMatch {
  id: string;
  createdAt: string;
  /** PRODUCT_RANKING's: 0 an exact SKU or barcode, 1 a name or SKU starting with the term, 2 the rest. */
  rank: number;
}

/**
 * `limit` of the matches from `offset` in the ranked list's order (`rankedPageIds`'): by rank, then newest first,
 * then by id, descending (ids are lower-case ULIDs, in the same order in every collation).
 */
export function rankCollected(matches: readonly RankedMatch[], limit: number, offset: number): string[] {
  const later = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return [...matches]
    .sort((a, b) => a.rank - b.rank || later(a.createdAt, b.createdAt) || later(a.id, b.id))
    .slice(offset, offset + limit)
    .map((match) => match.id);
}

export class ProductListRepository {
  /**
   * The ids of a page of matching products in list order. A deferred join: the sort and the offset run over ids
   * alone, which the filter's index usually holds (no row is read to be sorted and thrown away); the caller then
   * reads the page's rows by primary key.
   */
  async pageIds(
    db: Executor,
    tenantId: string,
    filter: ProductListFilter,
    order: ProductListOrder,
    limit: number,
    offset: number,
  ): Promise<string[]> {
    if (order.ranked && filter.search !== undefined)
      return this.rankedPageIds(db, tenantId, filter, filter.search, limit, offset);
    const rows = await sorted(db, filtered(db, tenantId, filter), filter, order)
      .select('products.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The ids and sort key values (`keys`, in order, as the database computes them: `lower(name)` is SQLite's
   * ASCII-only lowering there) of up to `limit` matching products after `after` in list order, from the first
   * without it. The sort's index is read in list order from the cursor on (db/keyset.ts: a null in the way, or a
   * descending price walk, reads it from the tenant's first entry instead).
   */
  async keysetRows(
    db: Executor,
    tenantId: string,
    filter: ProductListFilter,
    order: ProductListOrder,
    after: KeysetCursor | null,
    limit: number,
  ): Promise<Array<{ id: string; keys: KeyValue[] }>> {
    const width = sortKeys(order.sortBy).length;
    const rows = await this.keysetQuery(db, tenantId, filter, order, after, limit).execute();
    return rows.map((row) => {
      const values = row as unknown as Record<string, KeyValue>;
      return { id: row.id, keys: Array.from({ length: width }, (_, i) => values[`k${i}`] ?? null) };
    });
  }

  /** The statement of `keysetRows`, whose plan test/db/keyset-plans.test.ts reads. */
  keysetQuery(
    db: Executor,
    tenantId: string,
    filter: ProductListFilter,
    order: ProductListOrder,
    after: KeysetCursor | null,
    limit: number,
  ) {
    const keys = sortKeys(order.sortBy);
    let query = filtered(db, tenantId, filter);
    if (after !== null) query = query.where(keysetAfter(keys, sql.ref('products.id'), after, order.direction));
    return sorted(db, query, filter, order)
      .select('products.id')
      .select(keys.map((key, i) => sql<KeyValue>`${key.expression}`.as(`k${i}`)))
      .limit(limit);
  }

  /**
   * A page of a search's matches ranked (PRODUCT_RANKING), newest first within each rank: the list's default
   * order. Each rank is its own query, limited to the rows up to the page's end, and the page is taken from
   * their union: no rank is read past what the page needs. Written so (and not as one sort by a rank
   * expression, which would rank every match before the first page), PostgreSQL can serve the rank of a common
   * word by walking the creation index newest first and stopping at the page's end, and that of a rare one from
   * the trigram indexes (it weighs them by the statistics of migration 0031). The ranks exclude each other, so
   * no product is listed twice.
   */
  private async rankedPageIds(
    db: Executor,
    tenantId: string,
    filter: ProductListFilter,
    term: string,
    limit: number,
    offset: number,
  ): Promise<string[]> {
    const engine = engineOf(db);
    const { exact, exactEach, prefix } = searchRankConditions(engine, PRODUCT_RANKING, term);
    const unranked = sql<SqlBool>`not coalesce(${exact} or ${prefix}, false)`;
    const short = isShortTerm(term);
    // An exact SKU or barcode holds the term: the first rank is one query per code, each read from that code's
    // btree index alone, not the search's index (on SQLite one FTS5 scan of every match per query); asked as one
    // OR, SQLite reads a tenant's whole index range, and as `id in (…)` PostgreSQL without statistics (a catalog
    // just imported) joined every product of the tenant to every other. The prefix rank of a narrow search asks
    // the search's index: without it, SQLite would test the start of every name of the tenant. That of a broad
    // one (SearchBreadth) walks the creation index and tests the start of each name, which implies a match: the
    // search's own test would only repeat it.
    const unsearched = { ...filter, search: undefined };
    const prefixFilter = filter.searchBreadth === 'broad' ? unsearched : filter;
    const ranks: Array<[rank: number, filter: ProductListFilter, condition: Condition]> = [
      ...exactEach.map((condition): [number, ProductListFilter, Condition] => [0, unsearched, () => condition]),
      [1, prefixFilter, () => sql<SqlBool>`${prefix} and not coalesce(${exact}, false)`],
      [
        2,
        filter,
        (eb) =>
          short
            ? eb.and([matchesSearch(eb, engine, PRODUCT_SEARCH_BEYOND_PREFIXES, tenantId, term), unranked])
            : unranked,
      ],
    ];
    const [first, ...rest] = ranks.map(([rank, rankFilter, condition]) => {
      const matches = filtered(db, tenantId, rankFilter)
        .where(condition)
        .select([sql.lit(rank).as('rank'), 'products.created_at', 'products.id']);
      // The SKU and the barcode are each unique among a tenant's live products: each code's query holds a row at
      // most, read from its index. Sorted for a page, SQLite would walk the tenant's creation index instead.
      const ranked =
        rank === 0
          ? matches
          : matches
              .orderBy('products.created_at', 'desc')
              .orderBy('products.id', 'desc')
              .limit(offset + limit);
      return db.selectFrom(ranked.as(`rank_${rank}`)).selectAll();
    });
    // A product whose SKU and barcode both equal the term is in the first rank twice: `union` lists it once.
    const union = rest.reduce((all, next) => all.union(next), first!);
    const rows = await db
      .selectFrom(union.as('ranked'))
      .select('ranked.id')
      .orderBy('ranked.rank')
      .orderBy('ranked.created_at', 'desc')
      .orderBy('ranked.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The products a search matches with the other filters, up to COUNT_LIMIT + 1, in one statement that asks the
   * search's index once: their number is the search's count, and up to the limit the page is read from them
   * (`rankedMatches`, `collectedMatches`), which would otherwise ask the index again, once for each rank. On SQLite
   * a full-text term drives the statement from the FTS5 table, which stops at the limit instead of collecting
   * every match first.
   */
  async searchMatchesUpToLimit(
    db: Executor,
    tenantId: string,
    filter: ProductListFilter & { search: string },
  ): Promise<CollectedMatches> {
    if (engineOf(db) === 'postgres') {
      const rows = await filtered(db, tenantId, filter)
        .select('products.id')
        .limit(COUNT_LIMIT + 1)
        .execute();
      return { ids: rows.map((row) => row.id) };
    }
    const rowid = sql<number>`products.rowid`.as('rowid');
    const query = searchesFullText('sqlite', filter.search)
      ? drivenBySearch(
          filtered(db, tenantId, { ...filter, search: undefined }).select(rowid),
          PRODUCT_SEARCH,
          filter.search,
        )
      : filtered(db, tenantId, filter).select(rowid);
    const rows = await query.limit(COUNT_LIMIT + 1).execute();
    return { rowids: rows.map((row) => row.rowid) };
  }

  /**
   * The collected matches of `term`, each with its rank (PRODUCT_RANKING) and creation time, read by rowid or
   * id: `rankCollected` orders a page of them. Ranked here rather than while collecting, where a broad term's
   * 10,001 rows, past the count bound and never ranked, would pay for it (SQLite's `fold_case` is a JavaScript
   * function, called twice a row).
   */
  async rankedMatches(
    db: Executor,
    tenantId: string,
    term: string,
    collected: CollectedMatches,
  ): Promise<RankedMatch[]> {
    const { exact, prefix } = searchRankConditions(engineOf(db), PRODUCT_RANKING, term);
    const rows = await db
      .selectFrom('products')
      .where('products.tenant_id', '=', tenantId)
      .where(() => isCollected(collected))
      .select([
        'products.id',
        'products.created_at',
        sql<number>`case when coalesce(${exact}, false) then 0 when coalesce(${prefix}, false) then 1 else 2 end`.as(
          'rank',
        ),
      ])
      .execute();
    return rows.map((row) => ({ id: row.id, createdAt: row.created_at, rank: Number(row.rank) }));
  }

  /**
   * The products the filter matches, counted up to COUNT_LIMIT + 1 (db/paginate.ts). A search counts the matches
   * it collects (`searchMatchesUpToLimit`).
   */
  async countUpToLimit(db: Executor, tenantId: string, filter: ProductListFilter): Promise<number> {
    const { search } = filter;
    if (search !== undefined)
      return collectedCount(await this.searchMatchesUpToLimit(db, tenantId, { ...filter, search }));
    return countUpToLimit(db, filtered(db, tenantId, filter).select('products.id'));
  }
}
