import { describe, expect, it } from 'vitest';
import {
  OPEN_STATUSES,
  PLACED_STATUSES,
  PURCHASE_ORDER_STATES,
  PURCHASE_ORDER_STATUSES,
  RECEIVABLE_STATUSES,
  TRANSITIONS,
  WITH_SUPPLIER_STATUSES,
  allowedActions,
  refusalMessage,
} from './purchase-order.states.js';

describe('purchase-order state machine', () => {
  it('moves only between known statuses', () => {
    for (const rule of Object.values(TRANSITIONS)) {
      for (const status of [...rule.from, ...rule.to]) expect(PURCHASE_ORDER_STATUSES).toContain(status);
    }
  });

  it('leaves completed, cancelled and rejected orders where they are', () => {
    const starts = new Set(Object.values(TRANSITIONS).flatMap((rule) => rule.from));
    for (const terminal of ['completed', 'cancelled', 'rejected'] as const) expect(starts.has(terminal)).toBe(false);
  });

  it('receives goods while the supplier holds the order, and cancels while goods are still expected', () => {
    expect(RECEIVABLE_STATUSES).toEqual(WITH_SUPPLIER_STATUSES);
    expect(TRANSITIONS['receive goods for'].from).toEqual(RECEIVABLE_STATUSES);
    expect(TRANSITIONS.cancel.from).toEqual(OPEN_STATUSES);
    for (const status of WITH_SUPPLIER_STATUSES) {
      expect(OPEN_STATUSES).toContain(status);
      expect(PLACED_STATUSES).toContain(status);
    }
    expect(PLACED_STATUSES).not.toContain('cancelled');
    expect(PLACED_STATUSES).not.toContain('rejected');
  });

  it('answers whether a verb starts from a status', () => {
    expect(PURCHASE_ORDER_STATES.can('pending_approval', 'approve')).toBe(true);
    expect(PURCHASE_ORDER_STATES.can('draft', 'approve')).toBe(false);
  });

  it('refuses a verb from a status it does not start from with invalid_transition and its message', () => {
    expect(() => PURCHASE_ORDER_STATES.assertCan('sent', 'edit')).toThrow(
      expect.objectContaining({ code: 'invalid_transition', message: refusalMessage('edit', 'sent') }),
    );
  });

  it('words a refusal with the current and the allowed statuses', () => {
    expect(refusalMessage('edit', 'sent')).toBe(
      'Cannot edit a purchase order whose status is sent; only draft purchase orders can be edited.',
    );
    expect(refusalMessage('receive goods for', 'draft')).toBe(
      'Cannot receive goods for a purchase order whose status is draft; only sent, acknowledged, partially_received purchase orders can be received.',
    );
  });

  it("lists the actions each status allows, next step first, by the verbs' own rules", () => {
    const expected: Record<(typeof PURCHASE_ORDER_STATUSES)[number], string[]> = {
      draft: ['edit', 'submit-for-approval', 'cancel', 'delete'],
      pending_approval: ['approve', 'reject', 'cancel'],
      approved: ['send', 'cancel'],
      sent: ['acknowledge', 'receive', 'cancel'],
      acknowledged: ['receive', 'cancel'],
      partially_received: ['receive', 'cancel'],
      received: ['record-invoice', 'complete'],
      invoiced: ['complete'],
      completed: [],
      cancelled: [],
      rejected: [],
    };
    for (const status of PURCHASE_ORDER_STATUSES) expect(allowedActions(status), status).toEqual(expected[status]);
  });
});
