// The products area's reads and writes: query keys (all under 'products') and the calls, so that pages share
// one cache entry per answer and a write knows what to invalidate.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { operations } from '../../../clients/typescript/src/openapi';
import { numberedPage } from '../../../clients/typescript/src/pagination';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import type { EntitySource } from './entity-options';
import type { LifecycleAction } from './lifecycle';
import type { Attribute, Product } from './model';

export const productKeys = {
  lists: () => ['products', 'list'] as const,
  list: (query: object) => ['products', 'list', query] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  /** Everything shown about one product (its stock, documents, activity): refreshed after any change to it. */
  about: (id: string) => ['products', 'about', id] as const,
  attributes: () => ['products', 'attributes'] as const,
  options: (source: string, term: string) => ['products', 'options', source, term] as const,
  option: (source: string, id: string) => ['products', 'option', source, id] as const,
  /** The products an order line's search offers for what is typed (ProductSearch). */
  search: (text: string) => ['products', 'search', text] as const,
  /** The product a scanned or typed code names (`lookupProduct`). */
  lookup: (code: string) => ['products', 'lookup', code] as const,
};

type ProductListQuery = NonNullable<operations['listProducts']['parameters']['query']>;

/** The most stock movements the product's stock tab lists. */
const RECENT_MOVEMENTS = 20;
/** Entries of the product's activity read at a time. */
const ACTIVITY_PAGE = 25;

export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: async () => numberedPage(await unwrap(api.GET('/api/v1/operations/products', { params: { query } }))),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: async () => (await unwrap(api.GET('/api/v1/operations/products/{id}', { params: { path: { id } } }))).data,
  });
}

/** Every attribute definition, in the API's order (sort_order, then code). */
async function fetchAttributes(): Promise<Attribute[]> {
  const attributes: Attribute[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await unwrap(
      api.GET('/api/v1/operations/attributes', {
        params: { query: { page, per_page: 100, sort_by: 'sort_order', sort_direction: 'asc' } },
      }),
    );
    attributes.push(...answer.data);
    if (page >= answer.meta.last_page) return attributes;
  }
}

export function useAttributeDefinitions() {
  return useQuery({ queryKey: productKeys.attributes(), queryFn: fetchAttributes, staleTime: 5 * 60_000 });
}

/** The product's stock in each warehouse (one record per warehouse, the API's largest page holds them). */
export function useProductStock(productId: string) {
  return useQuery({
    queryKey: [...productKeys.about(productId), 'inventory'],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/operations/inventory', {
          params: {
            query: { page: 1, per_page: 100, product_id: productId, sort_by: 'product_name', sort_direction: 'asc' },
          },
        }),
      ),
  });
}

export function useProductMovements(productId: string) {
  return useQuery({
    queryKey: [...productKeys.about(productId), 'movements'],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/operations/stock-movements/product/{productId}/history', {
          params: { path: { productId }, query: { limit: RECENT_MOVEMENTS } },
        }),
      ),
  });
}

/** The product's on-hand stock at the end of each of the last `days` days, per warehouse and in total. */
export function useProductLevels(productId: string, days: number) {
  return useQuery({
    queryKey: [...productKeys.about(productId), 'levels', days],
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/stock-movements/product/{productId}/levels', {
            params: { path: { productId }, query: { days } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** What the audit log recorded of the product, newest first, a page at a time. */
export function useProductActivity(productId: string) {
  return useInfiniteQuery({
    queryKey: [...productKeys.about(productId), 'activity'],
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/v1/audit-log', {
          params: {
            query: {
              per_page: ACTIVITY_PAGE,
              entity_type: 'product',
              entity_id: productId,
              ...(pageParam ? { before: pageParam } : {}),
            },
          },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.meta.has_more && last.meta.cursor ? last.meta.cursor : undefined),
  });
}

export function useProductDocuments(productId: string) {
  return useQuery({
    queryKey: [...productKeys.about(productId), 'documents'],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/operations/products/{id}/documents', {
          params: { path: { id: productId }, query: { page: 1, per_page: 100, include_archived: false } },
        }),
      ),
  });
}

/** The first records of a picker's source that match what is typed. */
export function useEntityOptions(source: EntitySource, term: string) {
  return useQuery({
    queryKey: productKeys.options(source.name, term),
    queryFn: () => source.search(term),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The record a picker holds, by its id, to name it when the matches leave it out. */
export function useEntityOption(source: EntitySource, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.option(source.name, id ?? ''),
    queryFn: () => source.get(id!),
    enabled: id !== null && enabled,
    staleTime: 5 * 60_000,
  });
}

export async function runLifecycleAction(id: string, action: LifecycleAction, reason: string | null): Promise<Product> {
  const params = { path: { id } };
  const body = { reason };
  switch (action) {
    case 'activate':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/activate', { params }))).data;
    case 'submit-for-review':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/submit-for-review', { params }))).data;
    case 'approve':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/approve', { params }))).data;
    case 'revise':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/revise', { params }))).data;
    case 'deactivate':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/deactivate', { params, body }))).data;
    case 'discontinue':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/discontinue', { params, body }))).data;
    case 'decline':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/decline', { params, body }))).data;
    case 'return-for-revisions':
      return (await unwrap(api.POST('/api/v1/operations/products/{id}/return-for-revisions', { params, body }))).data;
  }
}

/** The live product with exactly this barcode or SKU (what a scanner types), or null when none has it. */
/**
 * Products for an order line: the exact barcode or SKU match first (what a scanner types), then the products whose
 * name, SKU or description contain the text. Both requests go out together.
 */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: productKeys.search(search),
    enabled: search.trim().length > 0,
    queryFn: async () => {
      const code = search.trim();
      const [exact, matching] = await Promise.all([
        lookupProduct(code),
        unwrap(
          api.GET('/api/v1/operations/products', {
            params: { query: { page: 1, per_page: 10, search: code, sort_by: 'name', sort_direction: 'asc' } },
          }),
        ),
      ]);
      const rest = matching.data.filter((product) => product.id !== exact?.id);
      return { exact, products: exact ? [exact, ...rest] : rest };
    },
    placeholderData: keepPreviousData,
  });
}

export async function lookupProduct(code: string): Promise<Product | null> {
  try {
    return (await unwrap(api.GET('/api/v1/operations/products/lookup', { params: { query: { code } } }))).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
