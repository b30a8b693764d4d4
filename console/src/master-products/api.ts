// Master product and variant calls, and the keys their reads are cached under. These endpoints take bearer
// tokens only: every call to them goes through integrationApi, which carries the console session token
// (docs/decisions/console.md, Console). The pickers of the master's form read the catalog on the session.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { integrationApi } from '../api/integration-client';

export type MasterProduct = components['schemas']['MasterProduct'];
export type Variant = components['schemas']['Variant'];
export type MasterProductBody = NonNullable<
  operations['createMasterProduct']['requestBody']
>['content']['application/json'];
export type MasterProductChanges = NonNullable<
  operations['updateMasterProduct']['requestBody']
>['content']['application/json'];
export type BulkPriceBody = NonNullable<
  operations['bulkUpdateVariantPrices']['requestBody']
>['content']['application/json'];
export type BulkStockBody = NonNullable<
  operations['bulkUpdateVariantStock']['requestBody']
>['content']['application/json'];
export type GenerateBody = NonNullable<operations['generateVariants']['requestBody']>['content']['application/json'];

export const MASTER_SORTS = ['name', 'base_price', 'status', 'created_at', 'updated_at'] as const;
export const VARIANTS_PER_PAGE = 100;

export const masterKeys = {
  all: ['master-products'] as const,
  list: (query: object) => ['master-products', 'list', query] as const,
  one: (id: string) => ['master-products', id] as const,
  variants: (id: string, page: number) => ['master-products', id, 'variants', page] as const,
  available: (id: string) => ['master-products', id, 'available'] as const,
  categoryOptions: ['master-products', 'category-options'] as const,
  supplierOptions: ['master-products', 'supplier-options'] as const,
};

export interface MasterListParams {
  page: number;
  search?: string;
  status?: string;
  sort: string;
}

export function useMasterProducts(params: MasterListParams) {
  return useQuery({
    queryKey: masterKeys.list(params),
    queryFn: () => listMasters(params),
    placeholderData: keepPreviousData,
    // The page as every other list answers it: this endpoint nests its page meta under `pagination`.
    select: (answer) => ({ data: answer.data, meta: answer.meta.pagination }),
  });
}

/** The list's query as the API takes it, from the screen's state. */
export function masterListQuery({ page, search, status, sort }: MasterListParams) {
  const descending = sort.startsWith('-');
  const sortBy = (descending ? sort.slice(1) : sort) as (typeof MASTER_SORTS)[number];
  return {
    page,
    per_page: 15,
    search,
    status,
    sort_by: MASTER_SORTS.includes(sortBy) ? sortBy : 'created_at',
    sort_direction: descending ? ('desc' as const) : ('asc' as const),
  };
}

function listMasters(params: MasterListParams) {
  return unwrap(
    integrationApi.GET('/api/v1/operations/master-products', { params: { query: masterListQuery(params) } }),
  );
}

export function useMasterProduct(id: string) {
  return useQuery({
    queryKey: masterKeys.one(id),
    queryFn: async () =>
      (await unwrap(integrationApi.GET('/api/v1/operations/master-products/{id}', { params: { path: { id } } }))).data,
  });
}

export async function createMaster(body: MasterProductBody): Promise<MasterProduct> {
  return (await unwrap(integrationApi.POST('/api/v1/operations/master-products', { body }))).data;
}

export async function updateMaster(id: string, body: MasterProductChanges): Promise<MasterProduct> {
  return (
    await unwrap(integrationApi.PATCH('/api/v1/operations/master-products/{id}', { params: { path: { id } }, body }))
  ).data;
}

export async function deleteMaster(id: string): Promise<void> {
  await unwrap(integrationApi.DELETE('/api/v1/operations/master-products/{id}', { params: { path: { id } } }));
}

export function useVariants(master: string, page: number) {
  return useQuery({
    queryKey: masterKeys.variants(master, page),
    queryFn: () =>
      unwrap(
        integrationApi.GET('/api/v1/operations/master-products/{master}/variants', {
          params: {
            path: { master },
            query: { page, per_page: VARIANTS_PER_PAGE, sort_by: 'created_at', sort_direction: 'asc' },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The attribute values the master's variants may take, with how many combinations they make. */
export function useAvailableValues(master: string) {
  return useQuery({
    queryKey: masterKeys.available(master),
    queryFn: () =>
      unwrap(
        integrationApi.GET('/api/v1/operations/master-products/{master}/variants/available', {
          params: { path: { master } },
        }),
      ),
  });
}

/** The first categories by name (the API's largest page), for the master's form. */
export function useCategoryOptions(enabled: boolean) {
  return useQuery({
    queryKey: masterKeys.categoryOptions,
    enabled,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/product-categories', {
            params: { query: { page: 1, per_page: 100, sort_by: 'name', sort_direction: 'asc' } },
          }),
        )
      ).data.map((c) => ({
        value: c.id,
        label: c.name,
      })),
  });
}

/** The first suppliers by name (the API's largest page), for the master's form. */
export function useSupplierOptions(enabled: boolean) {
  return useQuery({
    queryKey: masterKeys.supplierOptions,
    enabled,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/suppliers', {
            params: { query: { page: 1, per_page: 100, sort_by: 'name', sort_direction: 'asc' } },
          }),
        )
      ).data.map((s) => ({
        value: s.id,
        label: s.name,
      })),
  });
}

export function generateVariants(master: string, body: GenerateBody) {
  return unwrap(
    integrationApi.POST('/api/v1/operations/master-products/{master}/variants/generate', {
      params: { path: { master } },
      body,
    }),
  );
}

export async function bulkUpdatePrices(master: string, body: BulkPriceBody) {
  return (
    await unwrap(
      integrationApi.POST('/api/v1/operations/master-products/{master}/variants/bulk-update-prices', {
        params: { path: { master } },
        body,
      }),
    )
  ).data;
}

export async function bulkUpdateStock(master: string, body: BulkStockBody) {
  return (
    await unwrap(
      integrationApi.POST('/api/v1/operations/master-products/{master}/variants/bulk-update-stock', {
        params: { path: { master } },
        body,
      }),
    )
  ).data;
}
