// The sales area's reads and the keys its cache uses: every key starts with 'sales', so that a write can refresh
// everything the area shows (orders, their shipments and returns, customers) with one invalidation. The order
// commands live here too: the list's bulk actions and the order's page send the same ones.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../clients/typescript/src/openapi';
import { numberedPage } from '../../../clients/typescript/src/pagination';
import { api, unwrap } from '../api/client';

export type SalesOrder = components['schemas']['SalesOrder'];
export type SalesOrderLine = components['schemas']['SalesOrderLine'];
export type Customer = components['schemas']['Customer'];
export type Shipment = components['schemas']['Shipment'];
export type SalesReturn = components['schemas']['SalesReturn'];
export type CustomerBody = operations['createCustomer']['requestBody']['content']['application/json'];
export type SalesOrderListQuery = NonNullable<operations['listSalesOrders']['parameters']['query']>;
export type CustomerListQuery = NonNullable<operations['listCustomers']['parameters']['query']>;

export const salesKeys = {
  all: ['sales'] as const,
  orders: (query: object) => ['sales', 'orders', query] as const,
  order: (id: string) => ['sales', 'order', id] as const,
  shipments: (orderId: string) => ['sales', 'shipments', orderId] as const,
  returns: (orderId: string) => ['sales', 'returns', orderId] as const,
  customers: (query: object) => ['sales', 'customers', query] as const,
  customer: (id: string) => ['sales', 'customer', id] as const,
  warehouses: ['sales', 'warehouses'] as const,
  count: (query: object) => ['sales', 'count', query] as const,
};

export function useSalesOrders(query: SalesOrderListQuery) {
  return useQuery({
    queryKey: salesKeys.orders(query),
    queryFn: async () => numberedPage(await unwrap(api.GET('/api/v1/sales/orders', { params: { query } }))),
    placeholderData: keepPreviousData,
  });
}

export function useSalesOrder(id: string) {
  return useQuery({
    queryKey: salesKeys.order(id),
    queryFn: async () => (await unwrap(api.GET('/api/v1/sales/orders/{id}', { params: { path: { id } } }))).data,
  });
}

/** The order's shipments, newest first (an order has few: the API's largest page holds them). */
export function useOrderShipments(orderId: string) {
  return useQuery({
    queryKey: salesKeys.shipments(orderId),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/sales/orders/{id}/shipments', {
            params: { path: { id: orderId }, query: { page: 1, per_page: 100 } },
          }),
        )
      ).data,
  });
}

/** The order's returns, oldest first. */
export function useOrderReturns(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: salesKeys.returns(orderId),
    enabled,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/sales/orders/{id}/returns', {
            params: { path: { id: orderId }, query: { page: 1, per_page: 100 } },
          }),
        )
      ).data,
  });
}

export function useCustomers(query: CustomerListQuery) {
  return useQuery({
    queryKey: salesKeys.customers(query),
    queryFn: async () => numberedPage(await unwrap(api.GET('/api/v1/crm/customers', { params: { query } }))),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string | null) {
  return useQuery({
    queryKey: salesKeys.customer(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => (await unwrap(api.GET('/api/v1/crm/customers/{id}', { params: { path: { id: id! } } }))).data,
  });
}

/** The tenant's warehouses by id, for naming where stock is allocated and choosing where to ship or restock. */
export function useWarehouses() {
  return useQuery({
    queryKey: salesKeys.warehouses,
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

/**
 * After a write: everything the area shows is read again. After a deletion, `{ now: false }` only marks it stale,
 * to be read when next shown: the page of the deleted record, still drawn while the next one loads, is not read.
 */
export function useRefreshSales() {
  const queryClient = useQueryClient();
  return ({ now = true }: { now?: boolean } = {}) =>
    queryClient.invalidateQueries({ queryKey: salesKeys.all, refetchType: now ? 'active' : 'none' });
}

/** The order commands without a body of their own or with an optional or required reason. */
export type OrderCommand =
  | 'confirm'
  | 'allocate'
  | 'hold'
  | 'release-hold'
  | 'submit-for-approval'
  | 'approve'
  | 'reject'
  | 'cancel'
  | 'close'
  | 'complete';

/** Sends one command to one order; resolves to the order as it is after it. */
export async function runOrderCommand(
  id: string,
  command: OrderCommand,
  body: { reason?: string; notes?: string } = {},
): Promise<SalesOrder> {
  const path = { params: { path: { id } } };
  switch (command) {
    case 'confirm':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/confirm', path))).data.order;
    case 'allocate':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/allocate', path))).data.order;
    case 'approve':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/approve', { ...path, body }))).data.order;
    case 'hold':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/hold', { ...path, body }))).data;
    case 'release-hold':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/release-hold', path))).data;
    case 'submit-for-approval':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/submit-for-approval', path))).data;
    case 'reject':
      return (
        await unwrap(api.POST('/api/v1/sales/orders/{id}/reject', { ...path, body: { reason: body.reason ?? '' } }))
      ).data;
    case 'cancel':
      return (
        await unwrap(api.POST('/api/v1/sales/orders/{id}/cancel', { ...path, body: { reason: body.reason ?? '' } }))
      ).data;
    case 'close':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/close', { ...path, body }))).data;
    case 'complete':
      return (await unwrap(api.POST('/api/v1/sales/orders/{id}/complete', path))).data;
  }
}
