// What the dashboard shows a user: each card needs the ability to read what it counts, and the recent
// activity comes from the audit log where the user may read it, else from the stock movements.

export const DASHBOARD_LIMIT = 6;

export interface DashboardCards {
  stock: boolean;
  purchaseOrders: boolean;
  salesOrders: boolean;
  activity: 'audit-log' | 'stock-movements' | null;
}

export function dashboardCards(abilities: readonly string[]): DashboardCards {
  const holds = (ability: string) => abilities.includes(ability);
  return {
    stock: holds('operations:view-inventory'),
    purchaseOrders: holds('operations:view-purchase-orders'),
    salesOrders: holds('sales:view-orders'),
    activity: holds('system:view-audit-logs')
      ? 'audit-log'
      : holds('operations:view-inventory')
        ? 'stock-movements'
        : null,
  };
}

/** Where each number leads: the list it counts, filtered as that list's own filters say. */
export const DASHBOARD_LINKS = {
  stockValue: '/inventory',
  lowStock: '/inventory?level=low',
  outOfStock: '/products?in_stock=false',
  awaitingApproval: '/purchase-orders?status=pending_approval',
  purchaseOrder: (id: string) => `/purchase-orders/${id}`,
  ordersToShip: '/sales/orders?status=to-ship',
  backorders: '/sales/orders?backordered=true',
  auditLog: '/settings/audit-log',
  stockMovements: '/inventory/movements',
} as const;

/**
 * The stock value as the card shows it: each currency's total, the tenant's own first; a currency with nothing
 * in it is left out unless nothing is priced at all, so that no total is a zero standing for another currency's.
 */
export function stockValueTotals(
  values: readonly { currency: string; value: number }[],
): { currency: string; value: number }[] {
  const held = values.filter((entry) => entry.value !== 0);
  return held.length > 0 ? held : values.slice(0, 1);
}
