import { describe, expect, it } from 'vitest';
import { acceptsReturns, availableActions, statusFilter } from './status';

describe('sales order actions a user may take', () => {
  const confirmed = { allowed_actions: ['edit', 'edit-lines', 'allocate', 'ship', 'hold', 'close', 'cancel'] as const };

  it('keeps the actions whose ability the user holds, in the API order', () => {
    const sales = ['sales:view-orders', 'sales:edit-orders', 'sales:cancel-orders', 'sales:complete-orders'];
    expect(availableActions(confirmed, sales)).toEqual(['edit', 'edit-lines', 'allocate', 'hold', 'close', 'cancel']);
    expect(availableActions(confirmed, ['sales:view-orders', 'sales:ship-orders'])).toEqual(['ship']);
  });

  it('offers a viewer nothing', () => {
    expect(availableActions(confirmed, ['sales:view-orders'])).toEqual([]);
  });

  it('approves and rejects only with the approval ability', () => {
    const pending = { allowed_actions: ['approve', 'reject', 'cancel'] as const };
    expect(availableActions(pending, ['sales:edit-orders', 'sales:cancel-orders'])).toEqual(['cancel']);
    expect(availableActions(pending, ['sales:approve-orders'])).toEqual(['approve', 'reject']);
  });

  it('takes returns once goods are with the customer', () => {
    expect(acceptsReturns({ status: 'confirmed' })).toBe(false);
    expect(acceptsReturns({ status: 'partially_shipped' })).toBe(true);
    expect(acceptsReturns({ status: 'completed' })).toBe(true);
  });

  it("turns a tab into the API's status filter", () => {
    expect(statusFilter('to-ship')).toBe('confirmed,partially_shipped');
    expect(statusFilter('all')).toBeUndefined();
    expect(statusFilter('nonsense')).toBeUndefined();
  });
});
