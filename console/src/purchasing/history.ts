// An order's status history as its record tells it: each step's time, who took it and what they noted. The
// API keeps no separate history for orders; the record's timestamps are it.
import type { PurchaseOrder } from './api';

export interface HistoryEntry {
  at: string;
  title: string;
  detail: string | null;
}

export function orderHistory(order: PurchaseOrder): HistoryEntry[] {
  const by = (person: { name: string } | null) => (person ? `by ${person.name}` : null);
  const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;
  const steps: (HistoryEntry | null)[] = [
    { at: order.created_at, title: 'Created', detail: by(order.created_by) },
    order.submitted_at ? { at: order.submitted_at, title: 'Submitted for approval', detail: null } : null,
    order.approved_at ? { at: order.approved_at, title: 'Approved', detail: join(by(order.approved_by), order.approval_notes) } : null,
    order.rejected_at ? { at: order.rejected_at, title: 'Rejected', detail: join(by(order.rejected_by), order.rejection_reason) } : null,
    order.sent_at ? { at: order.sent_at, title: 'Sent to the supplier', detail: order.sent_to ? `to ${order.sent_to}` : null } : null,
    order.acknowledged_at ? { at: order.acknowledged_at, title: 'Acknowledged by the supplier', detail: order.supplier_reference ? `reference ${order.supplier_reference}` : null } : null,
    order.received_at ? { at: order.received_at, title: 'Goods received in full', detail: null } : null,
    order.invoiced_at ? { at: order.invoiced_at, title: 'Invoice recorded', detail: order.invoice_number } : null,
    order.completed_at ? { at: order.completed_at, title: 'Completed', detail: null } : null,
    order.cancelled_at ? { at: order.cancelled_at, title: 'Cancelled', detail: join(by(order.cancelled_by), order.cancellation_reason) } : null,
  ];
  return steps.filter((step): step is HistoryEntry => step !== null).sort((a, b) => a.at.localeCompare(b.at));
}
