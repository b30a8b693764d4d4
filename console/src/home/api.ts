// The Home area's reads and the keys they are cached under: every key starts with 'home', as the dashboard
// counts and lists what other areas own, in the few rows its cards need.
import { useQuery } from '@tanstack/react-query';
import { numberedPage } from '../../../clients/typescript/src/pagination';
import { api, unwrap } from '../api/client';
import { useCan } from '../auth/session';
import { activitySentence, recordLabels } from './activity';
import { DASHBOARD_LIMIT } from './dashboard';

export const homeKeys = {
  inventorySummary: ['home', 'inventory-summary'] as const,
  awaitingApproval: ['home', 'purchase-orders', 'pending_approval'] as const,
  overdue: ['home', 'purchase-orders', 'overdue'] as const,
  salesOrderCount: (filter: object) => ['home', 'sales-orders', filter] as const,
  auditActivity: (namesUsers: boolean) => ['home', 'activity', 'audit-log', namesUsers] as const,
  movementActivity: ['home', 'activity', 'stock-movements'] as const,
  shippingSummary: ['home', 'sales-orders', 'summary'] as const,
  purchaseSpend: ['home', 'purchase-orders', 'spend'] as const,
  stockFlow: ['home', 'stock-movements', 'weekly-flow'] as const,
};

/** Ship dates the dashboard names one by one: today and the next 4 days, as many as fit under a half-width chart. */
const SHIPPING_DAYS = 5;

/** The orders to ship and backordered by requested ship date: overdue, the next days, later, none. */
export function useShippingSummary(enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.shippingSummary,
    enabled,
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/sales/orders/summary', { params: { query: { days: SHIPPING_DAYS } } }))).data,
  });
}

/** What was ordered from suppliers per month over the last 12 months, per supplier and currency. */
export function usePurchaseSpend() {
  return useQuery({
    queryKey: homeKeys.purchaseSpend,
    queryFn: async () => (await unwrap(api.GET('/api/v1/operations/purchase-orders/reports/spend'))).data,
  });
}

/** Units in and out of on-hand stock over every warehouse in each of the last 12 weeks. */
export function useStockFlow(enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.stockFlow,
    enabled,
    queryFn: async () => (await unwrap(api.GET('/api/v1/operations/stock-movements/weekly-flow'))).data,
  });
}

/** Stock value, low stock and out of stock: one request for the three. */
export function useInventorySummary() {
  return useQuery({
    queryKey: homeKeys.inventorySummary,
    queryFn: async () => (await unwrap(api.GET('/api/v1/operations/inventory/summary'))).data,
  });
}

/** The purchase orders awaiting approval: one row is enough, the number is the list's total. */
export function useAwaitingApproval() {
  return useQuery({
    queryKey: homeKeys.awaitingApproval,
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/operations/purchase-orders', {
          params: {
            query: { page: 1, per_page: 1, status: 'pending_approval', sort_by: 'created_at', sort_direction: 'desc' },
          },
        }),
      ),
  });
}

/** How many sales orders a filter of their list finds: one row is read, the number is the list's total. */
export function useSalesOrderCount(filter: { status?: string; backordered?: boolean }) {
  return useQuery({
    queryKey: homeKeys.salesOrderCount(filter),
    queryFn: async () =>
      numberedPage(
        await unwrap(
          api.GET('/api/v1/sales/orders', {
            params: { query: { page: 1, per_page: 1, ...filter, sort_by: 'created_at', sort_direction: 'desc' } },
          }),
        ),
      ).meta.total,
  });
}

export function useOverduePurchaseOrders() {
  return useQuery({
    queryKey: homeKeys.overdue,
    queryFn: async () => (await unwrap(api.GET('/api/v1/operations/purchase-orders/reports/overdue'))).data,
  });
}

export interface ActivityRow {
  id: string;
  at: string;
  what: string;
}

/** Users by id, to name them as they are called now (an entry keeps their e-mail at the time). */
async function userNames(): Promise<Map<string, string>> {
  const users = await unwrap(
    api.GET('/api/v1/users', { params: { query: { page: 1, per_page: 100, sort_by: 'name', sort_direction: 'asc' } } }),
  );
  return new Map(users.data.map((user) => [user.id, user.name]));
}

/** The latest entries of the audit log as sentences; users named as they are called now where one may list them. */
export function useAuditActivity(enabled: boolean) {
  const can = useCan();
  const mayReadUsers = can('system:view-users');
  return useQuery({
    queryKey: homeKeys.auditActivity(mayReadUsers),
    enabled,
    queryFn: async (): Promise<ActivityRow[]> => {
      const [entries, names] = await Promise.all([
        unwrap(api.GET('/api/v1/audit-log', { params: { query: { per_page: DASHBOARD_LIMIT } } })),
        mayReadUsers ? userNames() : new Map<string, string>(),
      ]);
      const labels = recordLabels(entries.data);
      return entries.data.map((entry) => ({
        id: entry.id,
        at: entry.occurred_at,
        what: activitySentence(entry, names, labels),
      }));
    },
  });
}

/** The latest stock movements as sentences, for those who may not read the audit log. */
export function useMovementActivity(enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.movementActivity,
    enabled,
    queryFn: async (): Promise<ActivityRow[]> =>
      (
        await unwrap(
          api.GET('/api/v1/operations/stock-movements', { params: { query: { page: 1, per_page: DASHBOARD_LIMIT } } }),
        )
      ).data.map((movement) => ({
        id: movement.id,
        at: movement.created_at,
        what: `${movement.creator?.name ?? 'The system'}: ${movement.movement_type.label.toLowerCase()} of ${movement.quantity > 0 ? '+' : ''}${movement.quantity} ${movement.product?.name ?? 'a deleted product'}${movement.warehouse ? ` at ${movement.warehouse.code}` : ''}`,
      })),
  });
}
