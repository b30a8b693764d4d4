// The Inventory area's reads and the keys they are cached under. Every key starts with 'inventory', so that a
// stock change can refresh the records, the ledger and the reports at once.
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../clients/typescript/src/openapi';
import { numberedPage } from '../../../clients/typescript/src/pagination';
import { api, unwrap } from '../api/client';

export type InventoryRecord = components['schemas']['InventoryRecord'];
export type StockMovement = components['schemas']['StockMovement'];
export type Warehouse = components['schemas']['Warehouse'];
export type WarehouseType = Warehouse['type'];
export type MovementType = StockMovement['movement_type']['value'];

export const PER_PAGE = 25;

export const inventoryKeys = {
  all: ['inventory'] as const,
  records: (query: object) => ['inventory', 'records', query] as const,
  movements: (query: object) => ['inventory', 'movements', query] as const,
  movement: (id: string) => ['inventory', 'movement', id] as const,
  warehouses: (query: object) => ['inventory', 'warehouses', query] as const,
  warehouseOptions: ['inventory', 'warehouses', 'options'] as const,
  reorder: (query: object) => ['inventory', 'reorder-report', query] as const,
  lowStock: (page: number) => ['inventory', 'low-stock', page] as const,
  productSearch: (search: string) => ['inventory', 'product-search', search] as const,
};

type WarehouseListQuery = NonNullable<operations['listWarehouses']['parameters']['query']>;

export function useWarehouses(query: WarehouseListQuery) {
  return useQuery({
    queryKey: inventoryKeys.warehouses(query),
    queryFn: () => unwrap(api.GET('/api/v1/operations/warehouses', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** Every warehouse (the API's largest page), for pickers and filters; a tenant has a handful. */
export function useWarehouseOptions() {
  return useQuery({
    queryKey: inventoryKeys.warehouseOptions,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/warehouses', {
            params: { query: { page: 1, per_page: 100, sort_by: 'name', sort_direction: 'asc' } },
          }),
        )
      ).data,
    staleTime: 60_000,
  });
}

export interface RecordsQuery {
  page: number;
  warehouse_id?: string;
  product_id?: string;
  low_stock?: boolean;
  sort_by: 'product_name' | 'updated_at';
  sort_direction: 'asc' | 'desc';
}

export function useInventoryRecords(query: RecordsQuery, enabled = true) {
  return useQuery({
    queryKey: inventoryKeys.records(query),
    queryFn: () =>
      unwrap(api.GET('/api/v1/operations/inventory', { params: { query: { per_page: PER_PAGE, ...query } } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface MovementsQuery {
  page: number;
  movement_type?: string;
  warehouse_id?: string;
  product_id?: string;
  from?: string;
  to?: string;
}

export function useStockMovements(query: MovementsQuery) {
  return useQuery({
    queryKey: inventoryKeys.movements(query),
    queryFn: async () =>
      numberedPage(
        await unwrap(
          api.GET('/api/v1/operations/stock-movements', { params: { query: { per_page: PER_PAGE, ...query } } }),
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One movement as the API has it now, e.g. to show in full what a ledger row lists. */
export function useStockMovement(id: string) {
  return useQuery({
    queryKey: inventoryKeys.movement(id),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/operations/stock-movements/{id}', { params: { path: { id } } }))).data,
  });
}

/** The on-hand quantity of each product in the warehouse, read in parallel (0 where it has no record). */
export function useOnHand(warehouseId: string | null, productIds: string[]) {
  const results = useQueries({
    queries: productIds.map((productId) => ({
      queryKey: inventoryKeys.records({ page: 1, warehouse_id: warehouseId, product_id: productId, for: 'count' }),
      queryFn: () =>
        unwrap(
          api.GET('/api/v1/operations/inventory', {
            params: {
              query: {
                page: 1,
                per_page: 1,
                warehouse_id: warehouseId!,
                product_id: productId,
                sort_by: 'product_name',
                sort_direction: 'asc',
              },
            },
          }),
        ),
      enabled: warehouseId !== null,
    })),
  });
  const onHand = new Map<string, number>();
  results.forEach((result, index) => {
    if (result.data) onHand.set(productIds[index]!, result.data.data[0]?.quantity_on_hand ?? 0);
  });
  return {
    onHand,
    loading: results.some((result) => result.isPending && warehouseId !== null),
    error: results.find((result) => result.isError)?.error,
  };
}

/** Lines per page of the reorder report and of the low-stock list, both paged by the API. */
export const REORDER_PER_PAGE = 50;

/** A page of the reorder report; its summary covers every line. */
export function useReorderReport(page: number, filters: { warehouse_id?: string; supplier_id?: string }) {
  const query = { page, per_page: REORDER_PER_PAGE, ...filters };
  return useQuery({
    queryKey: inventoryKeys.reorder(query),
    queryFn: () => unwrap(api.GET('/api/v1/operations/inventory/reorder-report', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** A page of the low-stock list, most urgent first. */
export function useLowStock(page: number) {
  return useQuery({
    queryKey: inventoryKeys.lowStock(page),
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/operations/inventory/low-stock', {
          params: { query: { page, per_page: REORDER_PER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Products whose name or SKU contains `search`, for the pickers. */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: inventoryKeys.productSearch(search),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/products', {
            params: {
              query: { page: 1, per_page: 20, search: search || undefined, sort_by: 'name', sort_direction: 'asc' },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** After any stock or warehouse change: the records, the ledger, the reports and the pickers read again. */
export function useRefreshInventory() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
}

/** One product, e.g. the one a list is filtered by, to name it in the picker after a reload. */
export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: ['inventory', 'product', id],
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/operations/products/{id}', { params: { path: { id: id! } } }))).data,
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}
