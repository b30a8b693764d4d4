// The catalog area's reads and the keys they are cached under: every key starts with 'catalog' and the
// resource, so that a write invalidates the resource's lists and records at once.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';

/** Rows per page of the catalog's lists. */
export const PER_PAGE = 25;

export const catalogKeys = {
  categories: ['catalog', 'categories'] as const,
  categoryTree: ['catalog', 'categories', 'tree'] as const,
  brands: ['catalog', 'brands'] as const,
  brandList: (query: object) => ['catalog', 'brands', 'list', query] as const,
  tags: ['catalog', 'tags'] as const,
  tagList: (query: object) => ['catalog', 'tags', 'list', query] as const,
  mergeTargets: (search: string) => ['catalog', 'tags', 'merge-targets', search] as const,
  suppliers: ['catalog', 'suppliers'] as const,
  supplierList: (query: object) => ['catalog', 'suppliers', 'list', query] as const,
  supplier: (id: string) => ['catalog', 'suppliers', 'detail', id] as const,
  supplierPerformance: (id: string) => ['catalog', 'suppliers', 'performance', id] as const,
  supplierDocuments: (id: string) => ['catalog', 'suppliers', 'documents', id] as const,
};

type BrandListQuery = NonNullable<operations['listBrands']['parameters']['query']>;
type TagListQuery = NonNullable<operations['listTags']['parameters']['query']>;
type SupplierListQuery = NonNullable<operations['listSuppliers']['parameters']['query']>;

export function useCategoryTree() {
  return useQuery({
    queryKey: catalogKeys.categoryTree,
    queryFn: async () => (await unwrap(api.GET('/api/v1/operations/product-categories/tree'))).data,
  });
}

export function useBrands(query: BrandListQuery) {
  return useQuery({
    queryKey: catalogKeys.brandList(query),
    queryFn: () => unwrap(api.GET('/api/v1/operations/brands', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useTags(query: TagListQuery) {
  return useQuery({
    queryKey: catalogKeys.tagList(query),
    queryFn: () => unwrap(api.GET('/api/v1/operations/tags', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** The first tags by name that contain `search`, for a picker. */
export function useTagSearch(search: string) {
  return useQuery({
    queryKey: catalogKeys.mergeTargets(search),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/tags', {
            params: {
              query: { page: 1, per_page: 20, search: search || undefined, sort_by: 'name', sort_direction: 'asc' },
            },
          }),
        )
      ).data,
  });
}

export function useSuppliers(query: SupplierListQuery) {
  return useQuery({
    queryKey: catalogKeys.supplierList(query),
    queryFn: () => unwrap(api.GET('/api/v1/operations/suppliers', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useSupplier(id: string) {
  return useQuery({
    queryKey: catalogKeys.supplier(id),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/operations/suppliers/{id}', { params: { path: { id } } }))).data,
  });
}

export function useSupplierPerformance(id: string) {
  return useQuery({
    queryKey: catalogKeys.supplierPerformance(id),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/operations/suppliers/{id}/performance', { params: { path: { id } } }))).data,
  });
}

/** The supplier's documents in use, newest first (a supplier has a few, the API's largest page holds them). */
export function useSupplierDocuments(id: string) {
  return useQuery({
    queryKey: catalogKeys.supplierDocuments(id),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/suppliers/{id}/documents', {
            params: {
              path: { id },
              query: { page: 1, per_page: 100, include_archived: false, sort_by: 'created_at', sort_direction: 'desc' },
            },
          }),
        )
      ).data,
  });
}
