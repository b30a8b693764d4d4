// What the order events say (docs/events.md): order.created carries the order as GET answers it;
// order.status_changed the order as it is after the change, with the status it left and the one it reached.
import type { SalesOrderStatus } from '../../../db/schema.js';
import type { OrderResource } from './order.presenter.js';

/** The payload of order.status_changed. */
export function statusChangedPayload(
  order: OrderResource,
  from: SalesOrderStatus,
  to: SalesOrderStatus,
): Record<string, unknown> {
  return { ...order, from, to };
}
