// The backordered quantity of an order line (docs/sales.md, derived line quantities): what is still to ship and
// holds no reservation, counted only while the order waits to ship.
import type { SalesOrderStatus } from '../../../db/schema.js';

/** Statuses in which an order's lines wait for stock; on_hold counts when it was held from one of them. */
export const WAITING_STATUSES: readonly SalesOrderStatus[] = ['confirmed', 'partially_shipped'];

export function isWaiting(status: SalesOrderStatus, heldFrom: SalesOrderStatus | null): boolean {
  return (
    WAITING_STATUSES.includes(status) ||
    (status === 'on_hold' && heldFrom !== null && WAITING_STATUSES.includes(heldFrom))
  );
}

export interface LineQuantities {
  quantity: number;
  cancelled: number;
  shipped: number;
  allocated: number;
}

/** open (ordered - cancelled - shipped) less what is allocated, never below 0. */
export function backorderedOf(line: LineQuantities): number {
  return Math.max(line.quantity - line.cancelled - line.shipped - line.allocated, 0);
}
