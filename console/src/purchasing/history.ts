// An order's history as its record and its receipts tell it: each step's time, who took it and what they noted.
// The API keeps no separate history for orders; the record's timestamps and the receipts are it.
import type { GoodsReceipt, PurchaseOrder } from './api';

export interface HistoryEntry {
  at: string;
  title: string;
  detail: string | null;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const by = (person: { name: string } | null) => (person ? `by ${person.name}` : null);
const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

/** Only an e-mail the mail server accepted counts as sent by e-mail (`emailed_at`); `sent_to` is just the address. */
function sendingEntry(order: PurchaseOrder): HistoryEntry | null {
  if (!order.sent_at) return null;
  if (order.emailed_at)
    return { at: order.sent_at, title: 'Sent to the supplier', detail: `e-mailed to ${order.sent_to}` };
  return { at: order.sent_at, title: 'Marked as sent to the supplier', detail: 'not e-mailed' };
}

export function receiptEntry(receipt: GoodsReceipt): HistoryEntry {
  return {
    at: receipt.created_at,
    title: 'Goods received',
    detail: join(
      by(receipt.received_by),
      `${plural(receipt.units_received, 'unit')} on ${plural(receipt.lines.length, 'line')}`,
      receipt.quality_check_passed ? null : 'quality check failed',
    ),
  };
}

/** Oldest first; a receipt comes before the "received in full" it brought about, which has the same time. */
export function orderHistory(order: PurchaseOrder, receipts: readonly GoodsReceipt[] = []): HistoryEntry[] {
  const steps: (HistoryEntry | null)[] = [
    { at: order.created_at, title: 'Created', detail: by(order.created_by) },
    order.submitted_at ? { at: order.submitted_at, title: 'Submitted for approval', detail: null } : null,
    order.approved_at
      ? { at: order.approved_at, title: 'Approved', detail: join(by(order.approved_by), order.approval_notes) }
      : null,
    order.rejected_at
      ? { at: order.rejected_at, title: 'Rejected', detail: join(by(order.rejected_by), order.rejection_reason) }
      : null,
    sendingEntry(order),
    order.acknowledged_at
      ? {
          at: order.acknowledged_at,
          title: 'Acknowledged by the supplier',
          detail: order.supplier_reference ? `reference ${order.supplier_reference}` : null,
        }
      : null,
    ...receipts.map(receiptEntry),
    order.received_at ? { at: order.received_at, title: 'Goods received in full', detail: null } : null,
    order.invoiced_at ? { at: order.invoiced_at, title: 'Invoice recorded', detail: order.invoice_number } : null,
    order.completed_at ? { at: order.completed_at, title: 'Completed', detail: null } : null,
    order.cancelled_at
      ? { at: order.cancelled_at, title: 'Cancelled', detail: join(by(order.cancelled_by), order.cancellation_reason) }
      : null,
  ];
  return steps.filter((step): step is HistoryEntry => step !== null).sort((a, b) => a.at.localeCompare(b.at));
}
