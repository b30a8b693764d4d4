import { describe, expect, it } from 'vitest';
import type { PurchaseOrder } from './api';
import { orderHistory } from './history';

const base = {
  created_at: '2026-11-20T08:00:00.000Z',
  created_by: { id: 'u1', name: 'Ada' },
  submitted_at: null,
  approved_at: null,
  approved_by: null,
  approval_notes: null,
  rejected_at: null,
  rejected_by: null,
  rejection_reason: null,
  sent_at: null,
  sent_to: null,
  acknowledged_at: null,
  supplier_reference: null,
  received_at: null,
  invoiced_at: null,
  invoice_number: null,
  completed_at: null,
  cancelled_at: null,
  cancelled_by: null,
  cancellation_reason: null,
} as unknown as PurchaseOrder;

describe('orderHistory', () => {
  it('lists the steps the record holds, oldest first, with who and why', () => {
    const order = {
      ...base,
      approved_at: '2026-11-21T09:00:00.000Z',
      approved_by: { id: 'u2', name: 'Bo' },
      approval_notes: 'Within budget.',
      submitted_at: '2026-11-20T10:00:00.000Z',
      cancelled_at: '2026-11-22T10:00:00.000Z',
      cancelled_by: { id: 'u2', name: 'Bo' },
      cancellation_reason: 'Found cheaper.',
    };
    expect(orderHistory(order)).toEqual([
      { at: '2026-11-20T08:00:00.000Z', title: 'Created', detail: 'by Ada' },
      { at: '2026-11-20T10:00:00.000Z', title: 'Submitted for approval', detail: null },
      { at: '2026-11-21T09:00:00.000Z', title: 'Approved', detail: 'by Bo · Within budget.' },
      { at: '2026-11-22T10:00:00.000Z', title: 'Cancelled', detail: 'by Bo · Found cheaper.' },
    ]);
  });

  it('names where a sent order went', () => {
    const entries = orderHistory({ ...base, sent_at: '2026-11-21T09:00:00.000Z', sent_to: 'orders@acme.test' });
    expect(entries.at(-1)).toEqual({ at: '2026-11-21T09:00:00.000Z', title: 'Sent to the supplier', detail: 'to orders@acme.test' });
  });
});
