// The product list: filters and sorts over a tenant's live products as one query on either engine, each
// common filter and sort served by an index of migration 0005, and the total counted only when needed.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { Type, type Static } from 'typebox';
import { readEnumList, type EnumList } from '../../../core/enum-list.js';
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { offsetOf, type Page, type PageRequest } from '../../../core/pagination.js';
import { updatedSinceBound } from '../../../core/updated-since.js';
import { engineOf } from '../../../db/dialect.js';
import type { DB } from '../../../db/schema.js';
import { containsText } from '../../../db/search.js';
import type { Executor } from '../../../db/transaction.js';
import { Defaulted, Ulid } from '../../../http/common-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';
import { isUlid } from '../../../lib/ids.js';
import { DEFAULT_CURRENCY, isCurrency, toMinorUnits } from '../../../lib/money.js';
import type { TenantDefaults } from '../../tenancy/tenant.service.js';
import { normaliseValue } from '../attributes/attribute-values.js';
import type { AttributeDefinition } from '../attributes/attribute.repository.js';
import type { AttributeService } from '../attributes/attribute.service.js';
import type { CategoryService } from '../categories/category.service.js';
import type { Product, ProductRepository } from './product.repository.js';
import { MAX_PRICE, PRODUCT_STATUSES } from './product.schemas.js';
import { MAX_BARCODE_LENGTH } from './barcode.js';
import { PRODUCT_TYPES } from './product-types.js';
import { commaList } from '../../../lib/comma-list.js';
import { productLowStockCondition } from '../../inventory/stock/low-stock.js';

export const PRODUCT_SORTS = ['name', 'sku', 'selling_price', 'stock_quantity', 'created_at', 'updated_at', 'status'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

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
  Type.Number({ minimum: 0, maximum: MAX_PRICE, description: `${description} In units of \`currency\` (default: the tenant's default_currency); only products priced in that currency match.` });

export const ProductListQuery = Type.Object({
  ...pageQuery(15),
  search: Type.Optional(Type.String({ maxLength: 255, description: 'Case-insensitive substring of the name, SKU or description. Blank: no filter.' })),
  status: Type.Optional(
    Type.String({ maxLength: 255, description: `One status or a comma list (any match) of: ${PRODUCT_STATUSES.join(', ')}. Blank: no filter.` }),
  ),
  type: Type.Optional(Type.Enum(PRODUCT_TYPES, { description: 'Product type.' })),
  category_id: Type.Optional({ ...Ulid, description: 'Products of this category (ULID); see include_descendants.' }),
  include_descendants: Type.Optional(
    Type.Boolean({ default: false, description: 'With category_id: also products of every category below it. Default false.' }),
  ),
  brand_id: Type.Optional({ ...Ulid, description: 'Products of this brand (ULID).' }),
  supplier_id: Type.Optional({ ...Ulid, description: 'Products of this supplier (ULID).' }),
  tag_id: Type.Optional({ ...Ulid, description: 'Products carrying this tag (ULID). Combines with `tags`: any listed tag matches.' }),
  tags: Type.Optional(
    Type.String({ maxLength: 2700, description: `Comma list of tag ULIDs (at most ${MAX_LISTED_TAGS}): products carrying any of them.` }),
  ),
  is_featured: Type.Optional(Type.Boolean()),
  is_variant: Type.Optional(Type.Boolean({ description: 'true: only variants; false: simple and master products.' })),
  master_product_id: Type.Optional({ ...Ulid, description: 'Variants of this master product (ULID).' }),
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Z]{3}$',
      description: 'ISO 4217 code: only products priced in this currency. min_price and max_price are read in it; with either of them it defaults to the tenant\'s default_currency.',
    }),
  ),
  min_price: Type.Optional(price('Selling price at least this.')),
  max_price: Type.Optional(price('Selling price at most this.')),
  low_stock: Type.Optional(
    Type.Boolean({ description: 'true: tracked products with a reorder point and available quantity (stock - reserved) at or below it; false: the others.' }),
  ),
  in_stock: Type.Optional(
    Type.Boolean({ description: 'true: available quantity above 0, or inventory not tracked (always sellable); false: tracked with nothing available.' }),
  ),
  track_inventory: Type.Optional(Type.Boolean()),
  barcode: Type.Optional(
    Type.String({ minLength: 1, maxLength: MAX_BARCODE_LENGTH, description: 'The product (or variant) with exactly this barcode: at most one.' }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(Type.Enum(PRODUCT_SORTS, {
    default: 'created_at',
    description:
      'Default created_at. name and sku sort case-insensitively; status sorts by creation time within each status. selling_price sorts within each currency (currency codes in the same direction); products without a price count as the lowest. updated_at, ascending, is the order of incremental sync. Ties break on id.',
  })),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'desc', description: 'Default desc.' })),
}, ATTRIBUTE_FILTERS);
export type ProductListQuery = Static<typeof ProductListQuery>;

/** The list's filters and sort; `attributes` holds `attributes[<code>]` query values by code. */
export type ProductListOptions = Omit<ProductListQuery, 'page' | 'per_page'> & { attributes?: Record<string, unknown> };

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

type Eb = ExpressionBuilder<DB, 'products'>;
type Condition = (eb: Eb) => Expression<SqlBool>;
/** The category filter, and whether it is the department's (`category_root_id`) rather than a list of categories. */
interface CategoryFilter {
  condition: Condition;
  department: boolean;
}

interface AttributeMatch {
  attributeId: string;
  /** Exact stored value, or (multiselect) the JSON string token that the stored array must contain. */
  value: string;
  contains: boolean;
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
  return result.ok ? { match: { attributeId: definition.id, value: result.stored, contains: false } } : { message: result.message };
}

/**
 * The product list query. `productLister(...)(db, tenantId, options, page)` answers a page of live
 * products of the tenant and the total that match.
 * @throws ValidationError: unknown status, malformed tag ids, unknown currency, min_price above max_price,
 * and attribute filters (`attributes.<code>`: unknown, not filterable, or a value the attribute cannot hold).
 */
export function productLister(products: ProductRepository, links: ProductListLinks) {
  /**
   * The products of the category, or of its whole subtree; null when the subtree has no live category. A root's
   * subtree sorted by price is its products' `category_root_id`: with a status, one range of the department
   * index in price order (no sort). Other subtrees and sorts list the subtree's categories, whose own indexes
   * (category with status, or with the sort key) serve them a range each.
   */
  async function categoryFilter(db: Executor, tenantId: string, categoryId: string, options: ProductListOptions): Promise<CategoryFilter | null> {
    if (!options.include_descendants) return { condition: (eb) => eb('products.category_id', '=', categoryId), department: false };
    if (options.sort_by === 'selling_price') {
      const category = await links.categories.find(tenantId, categoryId, db);
      if (!category) return null;
      if (category.parent_id === null) return { condition: (eb) => eb('products.category_root_id', '=', categoryId), department: true };
    }
    const ids = await links.categories.descendantIds(tenantId, categoryId, db);
    if (ids.length === 0) return null;
    return { condition: (eb) => (ids.length === 1 ? eb('products.category_id', '=', ids[0]!) : eb('products.category_id', 'in', ids)), department: false };
  }

  async function conditions(db: Executor, tenantId: string, options: ProductListOptions): Promise<{ where: Condition[]; category?: CategoryFilter } | null> {
    const errors: FieldErrors = {};
    const where: Condition[] = [];

    const since = updatedSinceBound(options.updated_since);
    if (since !== undefined) where.push((eb) => eb('products.updated_at', '>=', since));
    if (options.barcode !== undefined) {
      const barcode = options.barcode;
      where.push((eb) => eb('products.barcode', '=', barcode));
    }

    const search = options.search?.trim();
    if (search) where.push((eb) => containsText(eb, ['products.name', 'products.sku', 'products.description'], search));

    const statuses = readEnumList(STATUS_FILTER, options.status);
    if (statuses.error !== null) {
      errors.status = [statuses.error];
    } else if (statuses.values.length > 0) {
      const list = statuses.values;
      where.push((eb) => (list.length === 1 ? eb('products.status', '=', list[0]!) : eb('products.status', 'in', list)));
    }

    if (options.type !== undefined) where.push((eb) => eb('products.type', '=', options.type!));
    for (const key of ['brand_id', 'supplier_id', 'master_product_id'] as const) {
      const id = options[key];
      if (id !== undefined) where.push((eb) => eb(`products.${key}`, '=', id));
    }
    for (const key of ['is_featured', 'is_variant', 'track_inventory'] as const) {
      const flag = options[key];
      if (flag !== undefined) where.push((eb) => eb(`products.${key}`, '=', flag));
    }

    const tagIds = [...new Set([...(options.tag_id ? [options.tag_id] : []), ...commaList(options.tags)])];
    const badTags = commaList(options.tags).filter((id) => !isUlid(id));
    if (badTags.length > 0) errors.tags = [`The tags field must be a comma list of tag ids (ULIDs); invalid: ${badTags.slice(0, 5).join(', ')}.`];
    else if (tagIds.length > MAX_LISTED_TAGS) errors.tags = [`The tags field must not list more than ${MAX_LISTED_TAGS} tags.`];
    else if (tagIds.length > 0) {
      where.push((eb) =>
        eb(
          'products.id',
          'in',
          eb.selectFrom('product_tags').select('product_tags.product_id').where('product_tags.tenant_id', '=', tenantId).where('product_tags.tag_id', 'in', tagIds),
        ),
      );
    }

    const priced = options.min_price !== undefined || options.max_price !== undefined;
    const currency = options.currency ?? (priced ? await links.tenants.defaultCurrency(tenantId, db) : undefined);
    if (currency !== undefined && !isCurrency(currency)) {
      errors.currency = [`The currency ${currency} is not an ISO 4217 currency code.`];
    } else if (currency !== undefined) {
      // Rows written before products carried a currency are priced in USD, whatever the tenant's default is now.
      where.push((eb) =>
        currency === DEFAULT_CURRENCY ? eb.or([eb('products.currency', '=', currency), eb('products.currency', 'is', null)]) : eb('products.currency', '=', currency),
      );
      if (options.min_price !== undefined && options.max_price !== undefined && options.min_price > options.max_price) {
        errors.max_price = ['The max price must be at least the min price.'];
      }
      if (options.min_price !== undefined) {
        const min = toMinorUnits(options.min_price, currency);
        where.push((eb) => eb('products.selling_price', '>=', min));
      }
      if (options.max_price !== undefined) {
        const max = toMinorUnits(options.max_price, currency);
        where.push((eb) => eb('products.selling_price', '<=', max));
      }
    }

    if (options.low_stock !== undefined) {
      const low = options.low_stock;
      where.push((eb) => productLowStockCondition(eb, low));
    }
    if (options.in_stock !== undefined) {
      const inStock = options.in_stock;
      where.push((eb) => {
        const available = sql<SqlBool>`${sql.ref('products.stock_quantity')} - ${sql.ref('products.reserved_quantity')} > 0`;
        return inStock
          ? eb.or([eb('products.track_inventory', '=', false), available])
          : eb.and([eb('products.track_inventory', '=', true), eb.not(available)]);
      });
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
    const contains = engineOf(db) === 'postgres' ? 'strpos' : 'instr';
    for (const match of matches) {
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
            .where((sub) => (match.contains ? sub(sub.fn(contains, ['v.value', sub.val(match.value)]), '>', 0) : sub('v.value', '=', match.value))),
        ),
      );
    }

    if (Object.keys(errors).length > 0) throw new ValidationError(errors);

    if (options.category_id === undefined) return { where };
    const category = await categoryFilter(db, tenantId, options.category_id, options);
    if (category === null) return null;
    return { where: [...where, category.condition], category };
  }

  return async (db: Executor, tenantId: string, options: ProductListOptions, page: PageRequest): Promise<Page<Product>> => {
    const filters = await conditions(db, tenantId, options);
    if (filters === null) return { items: [], total: 0 };
    const { where, category } = filters;
    const filtered = where.length === 0 ? products.live(db, tenantId) : products.live(db, tenantId).where((eb) => eb.and(where.map((c) => c(eb))));
    const direction = options.sort_direction;
    // SQLite without statistics serves a price sort of a category's products by walking the tenant's whole
    // price index and testing each row (40 ms at 100k); a unary plus, which changes no value, hides that
    // index from the sort, so it reads the category's matches from their own index and sorts only those.
    // The department index serves the order itself, so it keeps the plain key.
    const priceOrderHint = category !== undefined && !category.department && engineOf(db) === 'sqlite' ? sql.raw('+') : sql.raw('');
    // Same direction on every key, nulls as the lowest values on both engines: the sort indexes serve it.
    const nulls = direction === 'asc' ? sql`nulls first` : sql`nulls last`;
    const sorted = (() => {
      switch (options.sort_by) {
        case 'name':
        case 'sku':
          return filtered.orderBy(sql`lower(${sql.ref(`products.${options.sort_by}`)})`, direction);
        case 'status':
          // Few distinct values: newest first (or oldest, ascending) within each status.
          return filtered.orderBy('products.status', direction).orderBy('products.created_at', direction);
        case 'selling_price':
          return filtered
            .orderBy(sql`${priceOrderHint}${sql.ref('products.currency')} ${sql.raw(direction)} ${nulls}`)
            .orderBy(sql`${sql.ref('products.selling_price')} ${sql.raw(direction)} ${nulls}`);
        default:
          return filtered.orderBy(`products.${options.sort_by}`, direction);
      }
    })();
    const offset = offsetOf(page);
    // A deferred join: the sort and the offset run over ids alone, which the filter's index usually holds
    // (no row is read to be sorted and thrown away), then the page's rows are read by primary key.
    const pageIds = (await sorted.orderBy('products.id', direction).select('products.id').limit(page.per_page).offset(offset).execute()).map((r) => r.id);
    const items = await products.findManyInOrder(db, tenantId, pageIds);
    // A page that is not full and not past the end already tells the total: no count needed.
    if (items.length < page.per_page && (items.length > 0 || offset === 0)) return { items, total: offset + items.length };
    // Text search must read whole rows. Without a hint SQLite reads them through its narrowest tenant index,
    // in random order; an always-true range on created_at makes it walk them in insertion order (3x faster).
    const counted = options.search?.trim() && engineOf(db) === 'sqlite' ? filtered.where('products.created_at', '>', '') : filtered;
    const count = await counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { items, total: Number(count.n) };
  };
}
