import { describe, expect, it } from 'vitest';
import { bulkActionsFor, bulkSummary, mayActInBulk, runEach } from './bulk';

const draft = { allowed_actions: ['edit', 'confirm', 'submit-for-approval', 'hold', 'cancel', 'delete'] as const };
const shipped = { allowed_actions: ['complete'] as const };
const everything = ['sales:edit-orders', 'sales:cancel-orders', 'sales:complete-orders'];

describe('sales order bulk actions', () => {
  it('offers what some selected order allows and the user may do', () => {
    expect(bulkActionsFor([draft, shipped], everything)).toEqual(['confirm', 'hold', 'cancel']);
    expect(bulkActionsFor([draft], ['sales:cancel-orders'])).toEqual(['cancel']);
    expect(bulkActionsFor([shipped], everything)).toEqual([]);
    expect(bulkActionsFor([], everything)).toEqual([]);
  });

  it('offers no selection to a role that may take none', () => {
    expect(mayActInBulk(['sales:view-orders'])).toBe(false);
    expect(mayActInBulk(['sales:view-orders', 'sales:cancel-orders'])).toBe(true);
  });

  it('runs each order on its own and keeps the refusals', async () => {
    const orders = [
      { id: 'a', order_number: 'SO-1' },
      { id: 'b', order_number: 'SO-2' },
      { id: 'c', order_number: 'SO-3' },
    ];
    const outcomes = await runEach(
      orders,
      async (order) => {
        if (order.id === 'b') throw new Error('Already confirmed.');
      },
      (error) => (error as Error).message,
    );
    expect(outcomes).toEqual([
      { id: 'a', order_number: 'SO-1', refusal: null },
      { id: 'b', order_number: 'SO-2', refusal: 'Already confirmed.' },
      { id: 'c', order_number: 'SO-3', refusal: null },
    ]);
    expect(bulkSummary('confirm', outcomes)).toBe('2 orders confirmed, 1 refused.');
    expect(bulkSummary('hold', [outcomes[0]!])).toBe('1 order put on hold.');
  });
});
