// The products list's URL state as listProducts' query.
import type { operations } from '../../../clients/typescript/src/openapi';
import { sortParts, type ListState, type ListStateShape } from '../lib/url-state';
import { PRODUCT_STATUSES, PRODUCT_TYPES, type ProductSortColumn } from './model';

const PRODUCT_FILTERS = ['search', 'status', 'type', 'category', 'brand', 'supplier', 'low_stock', 'in_stock'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

/** The page sizes the list offers, the default first. */
export const PRODUCT_PAGE_SIZES = [25, 50, 100] as const;

export const PRODUCT_LIST_SHAPE: ListStateShape<ProductFilter> = {
  filters: PRODUCT_FILTERS,
  defaultSort: '-created_at',
  pageSizes: PRODUCT_PAGE_SIZES,
};

const SORT_COLUMNS: readonly ProductSortColumn[] = [
  'name',
  'sku',
  'selling_price',
  'stock_quantity',
  'created_at',
  'updated_at',
  'status',
];

type ProductListQuery = NonNullable<operations['listProducts']['parameters']['query']>;

/** What the API is asked; values a hand-edited URL got wrong are left out rather than sent to a 422. */
export function productListQuery(state: ListState<ProductFilter>): ProductListQuery {
  const { column, direction } = sortParts(state.sort);
  const sortable = SORT_COLUMNS.find((name) => name === column);
  const { search, status, type, category, brand, supplier, low_stock, in_stock } = state.filters;
  const query: ProductListQuery = {
    page: state.page,
    per_page: state.perPage ?? PRODUCT_PAGE_SIZES[0],
    sort_by: sortable ?? 'created_at',
    sort_direction: sortable ? direction : 'desc',
  };
  if (search) query.search = search;
  if (status && PRODUCT_STATUSES.some((known) => known === status)) query.status = status;
  const knownType = PRODUCT_TYPES.find((known) => known === type);
  if (knownType) query.type = knownType;
  if (category) query.category_id = category;
  if (brand) query.brand_id = brand;
  if (supplier) query.supplier_id = supplier;
  if (low_stock === 'true') query.low_stock = true;
  // Out of stock: tracked with nothing available (the home page's count links here).
  if (in_stock === 'false') query.in_stock = false;
  return query;
}
