// The purchasing area's reads and the keys its cache uses: every key starts with 'purchasing', so that a write
// can refresh everything the area shows with one invalidation.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';

export type PurchaseOrder = components['schemas']['PurchaseOrder'];
export type PurchaseOrderItem = components['schemas']['PurchaseOrderItem'];
export type GoodsReceipt = components['schemas']['GoodsReceipt'];
export type Product = components['schemas']['Product'];

export const purchasingKeys = {
  all: ['purchasing'] as const,
  list: (query: object) => ['purchasing', 'orders', query] as const,
  order: (id: string) => ['purchasing', 'order', id] as const,
  receipts: (id: string) => ['purchasing', 'receipts', id] as const,
  suppliers: (search: string) => ['purchasing', 'suppliers', search] as const,
  supplier: (id: string) => ['purchasing', 'supplier', id] as const,
  warehouses: ['purchasing', 'warehouses'] as const,
};

export type OrderSortColumn = 'po_number' | 'status' | 'total_amount' | 'expected_delivery_date' | 'created_at';

export interface OrderListQuery {
  page: number;
  status?: string;
  supplier_id?: string;
  search?: string;
  sort_by: OrderSortColumn;
  sort_direction: 'asc' | 'desc';
}

export const PAGE_SIZE = 20;

export function usePurchaseOrders(query: OrderListQuery) {
  return useQuery({
    queryKey: purchasingKeys.list(query),
    queryFn: () =>
      unwrap(api.GET('/api/v1/operations/purchase-orders', { params: { query: { ...query, per_page: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(id: string) {
  return useQuery({
    queryKey: purchasingKeys.order(id),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/operations/purchase-orders/{id}', { params: { path: { id } } }))).data,
  });
}

/** The most receipts the log shows; past these it says how many there are in all. */
export const RECEIPTS_SHOWN = 100;

/** The order's receipts, newest first, with the number of them in all. */
export function usePurchaseOrderReceipts(id: string) {
  return useQuery({
    queryKey: purchasingKeys.receipts(id),
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/api/v1/operations/purchase-orders/{id}/receipts', {
          params: { path: { id }, query: { page: 1, per_page: RECEIPTS_SHOWN } },
        }),
      );
      return { receipts: page.data, total: page.meta.total };
    },
  });
}

/** Suppliers matching what is typed in a picker (the first 50 by name). */
export function useSuppliers(search: string) {
  return useQuery({
    queryKey: purchasingKeys.suppliers(search),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/suppliers', {
            params: {
              query: { page: 1, per_page: 50, search: search || undefined, sort_by: 'name', sort_direction: 'asc' },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One supplier's name, for a picker whose chosen supplier is not among those listed (e.g. from the URL). */
export function useSupplierName(id: string | null) {
  return useQuery({
    queryKey: purchasingKeys.supplier(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/operations/suppliers/{id}', { params: { path: { id: id! } } }))).data.name,
    staleTime: 5 * 60_000,
  });
}

export function useWarehouses() {
  return useQuery({
    queryKey: purchasingKeys.warehouses,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/operations/warehouses', {
            params: { query: { page: 1, per_page: 100, sort_by: 'name', sort_direction: 'asc' } },
          }),
        )
      ).data,
    staleTime: 5 * 60_000,
  });
}

/** After a write: everything the area shows is read again. */
export function useRefreshPurchasing() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: purchasingKeys.all });
}

export function pdfUrl(id: string): string {
  return `/api/v1/operations/purchase-orders/${encodeURIComponent(id)}/pdf`;
}
