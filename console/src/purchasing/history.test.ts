import { describe, expect, it } from 'vitest';
import type { GoodsReceipt, PurchaseOrder } from './api';
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
  emailed_at: null,
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

  it('names where an e-mailed order went', () => {
    const entries = orderHistory({
      ...base,
      sent_at: '2026-11-21T09:00:00.000Z',
      sent_to: 'orders@acme.test',
      emailed_at: '2026-11-21T09:00:01.000Z',
    });
    expect(entries.at(-1)).toEqual({
      at: '2026-11-21T09:00:00.000Z',
      title: 'Sent to the supplier',
      detail: 'e-mailed to orders@acme.test',
    });
  });

  it('says an order sent without its e-mail leaving was only marked as sent', () => {
    const entries = orderHistory({
      ...base,
      sent_at: '2026-11-21T09:00:00.000Z',
      sent_to: 'orders@acme.test',
      emailed_at: null,
    });
    expect(entries.at(-1)).toEqual({
      at: '2026-11-21T09:00:00.000Z',
      title: 'Marked as sent to the supplier',
      detail: 'not e-mailed',
    });
  });

  it('lists every receipt, partial ones included, before the full receipt it completed', () => {
    const line = { quality_check_passed: true, quality_notes: null } as GoodsReceipt['lines'][number];
    const receipt = (at: string, units: number, lines: number, passed: boolean) =>
      ({
        created_at: at,
        received_by: { id: 'u3', name: 'Cy' },
        units_received: units,
        quality_check_passed: passed,
        lines: Array(lines).fill(line),
      }) as GoodsReceipt;
    const order = { ...base, sent_at: '2026-11-21T09:00:00.000Z', received_at: '2026-11-25T10:00:00.000Z' };
    const entries = orderHistory(order, [
      receipt('2026-11-25T10:00:00.000Z', 1, 1, true),
      receipt('2026-11-23T10:00:00.000Z', 15, 2, false),
    ]);
    expect(entries.slice(2)).toEqual([
      {
        at: '2026-11-23T10:00:00.000Z',
        title: 'Goods received',
        detail: 'by Cy · 15 units on 2 lines · quality check failed',
      },
      { at: '2026-11-25T10:00:00.000Z', title: 'Goods received', detail: 'by Cy · 1 unit on 1 line' },
      { at: '2026-11-25T10:00:00.000Z', title: 'Goods received in full', detail: null },
    ]);
  });
});
