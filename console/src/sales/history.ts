// An order's history as the API tells it: the steps its record dates (created, submitted, approved or rejected,
// confirmed, shipped, closed, completed, cancelled), its shipments leaving and arriving, and its returns. Holds
// leave no date on the order; while it is held, the hold and its reason are shown on the page.
import type { SalesOrder, SalesReturn, Shipment } from './api';

export interface HistoryEntry {
  at: string;
  title: string;
  detail: string | null;
}

const by = (person: { name: string } | null) => (person ? `by ${person.name}` : null);
const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

/** Oldest first. */
export function orderHistory(
  order: SalesOrder,
  shipments: readonly Shipment[] = [],
  returns: readonly SalesReturn[] = [],
): HistoryEntry[] {
  const steps: (HistoryEntry | null)[] = [
    { at: order.created_at, title: 'Created', detail: by(order.created_by) },
    order.submitted_at ? { at: order.submitted_at, title: 'Submitted for approval', detail: null } : null,
    order.rejected_at
      ? { at: order.rejected_at, title: 'Rejected', detail: join(by(order.rejected_by), order.rejection_reason) }
      : null,
    order.approved_at
      ? { at: order.approved_at, title: 'Approved', detail: join(by(order.approved_by), order.approval_notes) }
      : null,
    order.confirmed_at ? { at: order.confirmed_at, title: 'Confirmed and allocated', detail: null } : null,
    ...shipments.flatMap((shipment) => [
      shipment.shipped_at
        ? {
            at: shipment.shipped_at,
            title: `Shipment ${shipment.shipment_number} shipped`,
            detail: join(shipment.warehouse_name, shipment.carrier),
          }
        : null,
      shipment.delivered_at
        ? { at: shipment.delivered_at, title: `Shipment ${shipment.shipment_number} delivered`, detail: null }
        : null,
    ]),
    order.shipped_at ? { at: order.shipped_at, title: 'Shipped in full', detail: null } : null,
    ...returns.map((entry) => ({
      at: entry.created_at,
      title: `Return ${entry.return_number}`,
      detail: join(`${entry.total_quantity} back, ${entry.restocked_quantity} restocked`, entry.reason),
    })),
    order.closed_at ? { at: order.closed_at, title: 'Closed', detail: order.close_reason } : null,
    order.completed_at ? { at: order.completed_at, title: 'Completed', detail: null } : null,
    order.cancelled_at
      ? { at: order.cancelled_at, title: 'Cancelled', detail: join(by(order.cancelled_by), order.cancellation_reason) }
      : null,
  ];
  return steps.filter((step): step is HistoryEntry => step !== null).sort((a, b) => a.at.localeCompare(b.at));
}
