// The shipments area's reads and the keys its cache uses: every key starts with 'shipments', so that a write
// can refresh everything the area shows with one invalidation.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../clients/typescript/src/openapi';
import { api, unwrap } from '../api/client';
import { lookupProduct } from '../products/api';
import type { Shipment, ShipmentStatus } from './status';

export type SalesOrder = components['schemas']['SalesOrder'];
export type SalesReturn = components['schemas']['SalesReturn'];

export const shipmentKeys = {
  all: ['shipments'] as const,
  list: (query: object) => ['shipments', 'list', query] as const,
  shipment: (id: string) => ['shipments', 'shipment', id] as const,
  order: (id: string) => ['shipments', 'order', id] as const,
  returns: (orderId: string) => ['shipments', 'returns', orderId] as const,
  lookup: (code: string) => ['shipments', 'lookup', code] as const,
};

export const PAGE_SIZE = 25;

export interface ShipmentListQuery {
  page: number;
  status?: ShipmentStatus;
  warehouse_id?: string;
  order_id?: string;
  sort_direction: 'asc' | 'desc';
}

export function useShipments(query: ShipmentListQuery) {
  return useQuery({
    queryKey: shipmentKeys.list(query),
    queryFn: () => unwrap(api.GET('/api/v1/sales/shipments', { params: { query: { ...query, per_page: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

export function useShipment(id: string) {
  return useQuery({
    queryKey: shipmentKeys.shipment(id),
    queryFn: async () => (await unwrap(api.GET('/api/v1/sales/shipments/{id}', { params: { path: { id } } }))).data,
  });
}

/** The sales order with its lines: what each line shipped and had returned, for a return. */
export function useSalesOrder(id: string, enabled = true) {
  return useQuery({
    queryKey: shipmentKeys.order(id),
    enabled,
    queryFn: async () => (await unwrap(api.GET('/api/v1/sales/orders/{id}', { params: { path: { id } } }))).data,
  });
}

/** The most returns the shipment screen lists of its order; past these it says how many there are in all. */
export const RETURNS_SHOWN = 100;

/** The order's returns, oldest first (returns are listed per order only: the API has no list of all returns). */
export function useOrderReturns(orderId: string, enabled = true) {
  return useQuery({
    queryKey: shipmentKeys.returns(orderId),
    enabled,
    queryFn: async () => {
      const page = await unwrap(
        api.GET('/api/v1/sales/orders/{id}/returns', {
          params: { path: { id: orderId }, query: { page: 1, per_page: RETURNS_SHOWN } },
        }),
      );
      return { returns: page.data, total: page.meta.total };
    },
  });
}

/** After a write: everything the area shows is read again. */
export function useRefreshShipments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
}

/**
 * The product a scanned code names (barcode or SKU, exactly; null when none), asked once per code: a worker
 * scans the same item again and again.
 */
export function useScanLookup() {
  const queryClient = useQueryClient();
  return (code: string) =>
    queryClient.fetchQuery({
      queryKey: shipmentKeys.lookup(code),
      queryFn: () => lookupProduct(code),
      staleTime: 300_000,
    });
}

export function packingSlipUrl(shipment: Pick<Shipment, 'id'>): string {
  return `/api/v1/sales/shipments/${encodeURIComponent(shipment.id)}/packing-slip`;
}

export function pickListUrl(shipment: Pick<Shipment, 'id'>): string {
  return `/api/v1/sales/shipments/${encodeURIComponent(shipment.id)}/pick-list`;
}

/** Sales orders matching what is typed in the list's order filter (number, external reference, customer). */
export function useOrderOptions(search: string) {
  return useQuery({
    queryKey: ['shipments', 'order-options', search] as const,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/v1/sales/orders', {
            params: { query: { page: 1, per_page: 20, search: search || undefined } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
