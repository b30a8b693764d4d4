// When an order is late, as the list's overdue filter counts it (docs/sales.md): its requested ship date is
// before today (UTC) and it has not shipped.
import type { SalesOrderStatus } from './status';

const UNSHIPPED: readonly SalesOrderStatus[] = [
  'draft',
  'pending_approval',
  'confirmed',
  'partially_shipped',
  'on_hold',
];

export function isOverdue(
  order: { status: SalesOrderStatus; requested_ship_date: string | null },
  now: Date = new Date(),
): boolean {
  if (!order.requested_ship_date || !UNSHIPPED.includes(order.status)) return false;
  return order.requested_ship_date.slice(0, 10) < now.toISOString().slice(0, 10);
}
