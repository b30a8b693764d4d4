// The product list: its query string, read and checked into a filter that product-list.repository.ts runs as one
// query on either engine, and the total counted only when needed.
import { Type, type Static } from 'typebox';
import { readEnumList, type EnumList } from '../../../core/enum-list.js';
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { decodeCursor, keysetPage, type KeyKind, type KeysetOrder, type KeysetPage } from '../../../core/keyset.js';
import { COUNT_LIMIT, offsetOf, pageTotal, type Page, type PageRequest } from '../../../core/pagination.js';
import { updatedSinceBound } from '../../../core/updated-since.js';
import type { Executor } from '../../../db/transaction.js';
import { Defaulted, Ulid } from '../../../http/common-schemas.js';
import { afterQuery, pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';
import { isUlid } from '../../../lib/ids.js';
import { DEFAULT_CURRENCY, isCurrency, toMinorUnits } from '../../../lib/money.js';
import type { TenantDefaults } from '../../tenancy/tenant.service.js';
import { normaliseValue } from '../attributes/attribute-values.js';
import type { AttributeDefinition } from '../attributes/attribute.repository.js';
import type { AttributeService } from '../attributes/attribute.service.js';
import type { CategoryService } from '../categories/category.service.js';
import {
  collectedCount,
  rankCollected,
  RANKED_IN_MEMORY_LIMIT,
  type AttributeMatch,
  type CollectedMatches,
  type ProductListFilter,
  type ProductListRepository,
} from './product-list.repository.js';
import type { Product, ProductRepository } from './product.repository.js';
import { MAX_PRICE, PRODUCT_SORTS, PRODUCT_STATUSES, type ProductSort } from './product.schemas.js';
import { MAX_BARCODE_LENGTH } from './barcode.js';
import { PRODUCT_TYPES } from './product-types.js';
import { commaList } from '../../../lib/comma-list.js';

const MAX_LISTED_TAGS = 100;
const STATUS_FILTER: EnumList<(typeof PRODUCT_STATUSES)[number]> = {
  field: 'status',
  allowed: PRODUCT_STATUSES,
  invalid: (unknown, allowed) => `The selected status is invalid: ${unknown}. Allowed: ${allowed}.`,
};
/** `attributes[<code>]` as Fastify's query parser hands it over: a flat key with the brackets in it. */
const ATTRIBUTE_KEY_PATTERN = '^attributes\\[([^\\]]+)\\]$';
const ATTRIBUTE_KEY = new RegExp(ATTRIBUTE_KEY_PATTERN);
/** The attribute filters are read by hand (attributeFiltersOf); the schema names their keys so that they are known parameters. */
const ATTRIBUTE_FILTERS = { patternProperties: { [ATTRIBUTE_KEY_PATTERN]: Type.Unknown() } };

const price = (description: string) =>
  Type.Number({
    minimum: 0,
    maximum: MAX_PRICE,
    description: `${description} In units of \`currency\` (default: the tenant's default_currency); only products priced in that currency match.`,
  });

export const ProductListQuery = Type.Object(
  {
    ...pageQuery(15),
    ...afterQuery,
    search: Type.Optional(
      Type.String({
        maxLength: 255,
        description:
          'Case-insensitive substring of the name, SKU, description or barcode; one or two characters: the start of the name, SKU or barcode. Without sort_by and sort_direction the matches are ranked: the exact SKU (any case) or barcode first, then names and SKUs starting with the term, then the rest, newest first within each. Blank: no filter.',
      }),
    ),
    status: Type.Optional(
      Type.String({
        maxLength: 255,
        description: `One status or a comma list (any match) of: ${PRODUCT_STATUSES.join(', ')}. Blank: no filter.`,
      }),
    ),
    type: Type.Optional(Type.Enum(PRODUCT_TYPES, { description: 'Product type.' })),
    category_id: Type.Optional({ ...Ulid, description: 'Products of this category (ULID); see include_descendants.' }),
    include_descendants: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'With category_id: also products of every category below it. Default false.',
      }),
    ),
    brand_id: Type.Optional({ ...Ulid, description: 'Products of this brand (ULID).' }),
    supplier_id: Type.Optional({ ...Ulid, description: 'Products of this supplier (ULID).' }),
    tag_id: Type.Optional({
      ...Ulid,
      description: 'Products carrying this tag (ULID). Combines with `tags`: any listed tag matches.',
    }),
    tags: Type.Optional(
      Type.String({
        maxLength: 2700,
        description: `Comma list of tag ULIDs (at most ${MAX_LISTED_TAGS}): products carrying any of them.`,
      }),
    ),
    is_featured: Type.Optional(Type.Boolean()),
    is_variant: Type.Optional(Type.Boolean({ description: 'true: only variants; false: simple and master products.' })),
    master_product_id: Type.Optional({ ...Ulid, description: 'Variants of this master product (ULID).' }),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        description:
          "ISO 4217 code: only products priced in this currency. min_price and max_price are read in it; with either of them it defaults to the tenant's default_currency.",
      }),
    ),
    min_price: Type.Optional(price('Selling price at least this.')),
    max_price: Type.Optional(price('Selling price at most this.')),
    low_stock: Type.Optional(
      Type.Boolean({
        description:
          'true: tracked products with a reorder point and available quantity (stock - reserved) at or below it; false: the others.',
      }),
    ),
    in_stock: Type.Optional(
      Type.Boolean({
        description:
          'true: available quantity above 0, or inventory not tracked (always sellable); false: tracked with nothing available.',
      }),
    ),
    track_inventory: Type.Optional(Type.Boolean()),
    barcode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_BARCODE_LENGTH,
        description: 'The product (or variant) with exactly this barcode: at most one.',
      }),
    ),
    ...updatedSinceQuery,
    sort_by: Defaulted(
      Type.Enum(PRODUCT_SORTS, {
        default: 'created_at',
        description:
          'Default created_at. name and sku sort case-insensitively; status sorts by creation time within each status. selling_price sorts within each currency (currency codes in the same direction); products without a price count as the lowest. updated_at, ascending, is the order of incremental sync. Ties break on id.',
      }),
    ),
    sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'desc', description: 'Default desc.' })),
  },
  ATTRIBUTE_FILTERS,
);
export type ProductListQuery = Static<typeof ProductListQuery>;

/** The list's filters and sort; `attributes` holds `attributes[<code>]` query values by code. */
export type ProductListOptions = Omit<ProductListQuery, 'page' | 'per_page' | 'after'> & {
  attributes?: Record<string, unknown>;
  /** Rank a search's matches (exact SKU or barcode, then prefixes, then the rest): the client sent no sort. */
  rankSearch?: boolean;
};

/** Documentation of the filters the query schema cannot describe (bracketed keys). */
export const ATTRIBUTE_FILTER_DOC =
  'Attribute filters: `attributes[<code>]=<value>` for each filterable attribute (all must match). The value is read as a product value of ' +
  'that attribute is (so `true` matches a boolean stored as 1, `12.50` a number stored as 12.5) and matched exactly; a multiselect ' +
  'attribute matches when its selection contains the value. An unknown or non-filterable code, or a value the attribute cannot hold: 422 ' +
  'keyed `attributes.<code>`.';

/** The `attributes[<code>]` entries of a parsed query string, by code. */
export function attributeFiltersOf(query: object): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const code = ATTRIBUTE_KEY.exec(key)?.[1];
    if (code !== undefined) filters[code] = value;
  }
  return filters;
}

export interface ProductListLinks {
  categories: Pick<CategoryService, 'find' | 'descendantIds'>;
  attributes: Pick<AttributeService, 'listForTenant'>;
  /** The currency of price filters sent without one: read only for such a request. */
  tenants: TenantDefaults;
}

/** The stored form a filter value must equal, or the JSON token a multiselect selection must contain. */
function attributeMatch(definition: AttributeDefinition, raw: string): { match: AttributeMatch } | { message: string } {
  if (definition.type === 'multiselect') {
    const result = normaliseValue(definition, [raw]);
    if (!result.ok) return { message: result.message };
    const [option] = JSON.parse(result.stored) as string[];
    return { match: { attributeId: definition.id, value: JSON.stringify(option), contains: true } };
  }
  let input: unknown = raw;
  if (definition.type === 'json') {
    try {
      input = JSON.parse(raw);
    } catch {
      input = raw;
    }
  }
  const result = normaliseValue(definition, input);
  return result.ok
    ? { match: { attributeId: definition.id, value: result.stored, contains: false } }
    : { message: result.message };
}

/**
 * The product list query. `productLister(...)(db, tenantId, options, page)` answers a page of live
 * products of the tenant and the total that match; `.walk(…)` a page of a walk by cursor.
 * @throws ValidationError: unknown status, malformed tag ids, unknown currency, min_price above max_price,
 * and attribute filters (`attributes.<code>`: unknown, not filterable, or a value the attribute cannot hold).
 */
export function productLister(products: ProductRepository, list: ProductListRepository, links: ProductListLinks) {
  /**
   * The products of the category, or of its whole subtree; null when the subtree has no live category. A root's
   * subtree sorted by price is its products' `category_root_id`: with a status, one range of the department
   * index in price order (no sort). Other subtrees and sorts list the subtree's categories, whose own indexes
   * (category with status, or with the sort key) serve them a range each.
   */
  async function categoryFilter(
    db: Executor,
    tenantId: string,
    categoryId: string,
    options: ProductListOptions,
  ): Promise<ProductListFilter['category'] | null> {
    if (!options.include_descendants) return { ids: [categoryId] };
    if (options.sort_by === 'selling_price') {
      const category = await links.categories.find(tenantId, categoryId, db);
      if (!category) return null;
      if (category.parent_id === null) return { rootId: categoryId };
    }
    const ids = await links.categories.descendantIds(tenantId, categoryId, db);
    return ids.length === 0 ? null : { ids };
  }

  /** The filter the options ask for; null when nothing can match. */
  async function filterOf(
    db: Executor,
    tenantId: string,
    options: ProductListOptions,
  ): Promise<ProductListFilter | null> {
    const errors: FieldErrors = {};
    const filter: ProductListFilter = {
      updatedSince: updatedSinceBound(options.updated_since),
      barcode: options.barcode,
      search: options.search?.trim() || undefined,
      statuses: [],
      type: options.type,
      brandId: options.brand_id,
      supplierId: options.supplier_id,
      masterProductId: options.master_product_id,
      isFeatured: options.is_featured,
      isVariant: options.is_variant,
      trackInventory: options.track_inventory,
      tagIds: [],
      lowStock: options.low_stock,
      inStock: options.in_stock,
      attributes: [],
    };

    const statuses = readEnumList(STATUS_FILTER, options.status);
    if (statuses.error !== null) errors.status = [statuses.error];
    else filter.statuses = statuses.values;

    const tagIds = [...new Set([...(options.tag_id ? [options.tag_id] : []), ...commaList(options.tags)])];
    const badTags = commaList(options.tags).filter((id) => !isUlid(id));
    if (badTags.length > 0)
      errors.tags = [
        `The tags field must be a comma list of tag ids (ULIDs); invalid: ${badTags.slice(0, 5).join(', ')}.`,
      ];
    else if (tagIds.length > MAX_LISTED_TAGS)
      errors.tags = [`The tags field must not list more than ${MAX_LISTED_TAGS} tags.`];
    else filter.tagIds = tagIds;

    const priced = options.min_price !== undefined || options.max_price !== undefined;
    const currency = options.currency ?? (priced ? await links.tenants.defaultCurrency(tenantId, db) : undefined);
    if (currency !== undefined && !isCurrency(currency)) {
      errors.currency = [`The currency ${currency} is not an ISO 4217 currency code.`];
    } else if (currency !== undefined) {
      // Rows written before products carried a currency are priced in USD, whatever the tenant's default is now.
      filter.currency = { code: currency, orUnpriced: currency === DEFAULT_CURRENCY };
      if (options.min_price !== undefined && options.max_price !== undefined && options.min_price > options.max_price) {
        errors.max_price = ['The max price must be at least the min price.'];
      }
      if (options.min_price !== undefined) filter.minPrice = toMinorUnits(options.min_price, currency);
      if (options.max_price !== undefined) filter.maxPrice = toMinorUnits(options.max_price, currency);
    }

    const attributeFilters = Object.entries(options.attributes ?? {});
    const matches: AttributeMatch[] = [];
    if (attributeFilters.length > 0) {
      const definitions = new Map((await links.attributes.listForTenant(tenantId, db)).map((d) => [d.code, d]));
      for (const [code, raw] of attributeFilters) {
        const definition = definitions.get(code);
        const key = `attributes.${code}`;
        if (!definition) errors[key] = [`The attribute ${code} does not exist.`];
        else if (!definition.is_filterable) errors[key] = [`The ${definition.label} attribute is not filterable.`];
        else if (typeof raw !== 'string') errors[key] = [`The ${definition.label} filter takes one value.`];
        else {
          const result = attributeMatch(definition, raw);
          if ('message' in result) errors[key] = [result.message];
          else matches.push(result.match);
        }
      }
    }
    filter.attributes = matches;

    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    if (options.category_id === undefined) return filter;
    const category = await categoryFilter(db, tenantId, options.category_id, options);
    return category === null ? null : { ...filter, category };
  }

  async function numberedPage(
    db: Executor,
    tenantId: string,
    options: ProductListOptions,
    page: PageRequest,
  ): Promise<Page<Product>> {
    const found = await filterOf(db, tenantId, options);
    if (found === null) return { items: [], total: 0 };
    // A search collects its matches first, up to the count bound (searchMatchesUpToLimit): their number is its
    // count. A few thousand are ranked in memory; more, up to the bound, are read by the page's own query (through
    // their rowids on SQLite); past it, the page walks the list's order and tests each row (SearchBreadth).
    const collected =
      found.search !== undefined
        ? await list.searchMatchesUpToLimit(db, tenantId, { ...found, search: found.search })
        : undefined;
    const counted = collected === undefined ? undefined : collectedCount(collected);
    const ranked = options.rankSearch === true;
    const offset = offsetOf(page);
    // One id more than the page: whether another page follows, which a capped count cannot tell.
    const fetchedIds =
      collected !== undefined && counted! <= RANKED_IN_MEMORY_LIMIT && ranked
        ? rankCollected(await list.rankedMatches(db, tenantId, found.search!, collected), page.per_page + 1, offset)
        : await list.pageIds(
            db,
            tenantId,
            searchPageFilter(found, collected),
            { sortBy: options.sort_by, direction: options.sort_direction, ranked },
            page.per_page + 1,
            offset,
          );
    const more = fetchedIds.length > page.per_page;
    const items = await products.findManyInOrder(db, tenantId, fetchedIds.slice(0, page.per_page));
    // A page that is not full and not past the end already tells the total: no count needed.
    if (!more && (items.length > 0 || offset === 0)) return { items, total: offset + items.length };
    const total = counted ?? (await list.countUpToLimit(db, tenantId, found));
    return { items, ...pageTotal(page, total, items.length, more) };
  }

  /**
   * A page of a walk through the list in its order, after the request's cursor (keyset: no offset, no count).
   * @throws ValidationError as `page`, and on `after` for a cursor made for another sort or direction.
   */
  async function walk(
    db: Executor,
    tenantId: string,
    options: ProductListOptions,
    after: string,
    perPage: number,
  ): Promise<KeysetPage<Product>> {
    const order = productListOrder(options.sort_by, options.sort_direction);
    const cursor = decodeCursor(order, after);
    const filter = await filterOf(db, tenantId, options);
    if (filter === null) return { items: [], next: null };
    const fetched = await list.keysetRows(
      db,
      tenantId,
      filter,
      { sortBy: options.sort_by, direction: options.sort_direction },
      cursor,
      perPage + 1,
    );
    const { rows, next } = keysetPage(order, fetched, perPage, (row) => row.keys);
    return {
      items: await products.findManyInOrder(
        db,
        tenantId,
        rows.map((row) => row.id),
      ),
      next,
    };
  }

  // Called as the page-numbered list, as before; `walk` beside it.
  return Object.assign(numberedPage, { walk });
}

/**
 * The filter a sorted page of the list reads a search's matches through, once `collected` (up to COUNT_LIMIT +
 * 1): past the bound a broad search (SearchBreadth); below it, on SQLite, membership of the collected rowids, so
 * that the FTS5 table is not asked again; on PostgreSQL the search itself, which its planner weighs against the
 * sort (membership of a list of ids, it may walk the sort's index testing each row, all of them when few match).
 */
function searchPageFilter(found: ProductListFilter, collected: CollectedMatches | undefined): ProductListFilter {
  if (collected === undefined) return found;
  if (collectedCount(collected) > COUNT_LIMIT) return { ...found, searchBreadth: 'broad' };
  return 'rowids' in collected ? { ...found, collectedMatches: collected } : found;
}

/** What each sort's keys hold, before the id (the order of product-list.repository.ts' `sortKeys`). */
const SORT_KEY_KINDS: Readonly<Record<ProductSort, readonly KeyKind[]>> = {
  name: [{ type: 'string', nullable: false }],
  sku: [{ type: 'string', nullable: false }],
  status: [
    { type: 'string', nullable: false },
    { type: 'string', nullable: false },
  ],
  selling_price: [
    { type: 'string', nullable: true },
    { type: 'number', nullable: true },
  ],
  stock_quantity: [{ type: 'number', nullable: false }],
  created_at: [{ type: 'string', nullable: false }],
  updated_at: [{ type: 'string', nullable: false }],
};

/** The list's order as its cursors name it: a cursor continues only the sort and direction it was made in. */
export function productListOrder(sortBy: ProductSort, direction: 'asc' | 'desc'): KeysetOrder {
  return { name: `products:${sortBy}:${direction}`, keys: SORT_KEY_KINDS[sortBy] };
}
