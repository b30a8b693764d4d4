import { describe, expect, it } from 'vitest';
import { availableActions, isWithSupplier, statusFilter, type PurchaseOrderAction } from './status';

const EVERYTHING = [
  'operations:view-purchase-orders',
  'operations:create-purchase-orders',
  'operations:edit-purchase-orders',
  'operations:delete-purchase-orders',
  'operations:approve-purchase-orders',
  'operations:send-purchase-orders',
  'operations:receive-goods-purchase-orders',
];
const MANAGER = EVERYTHING.filter((ability) => ability !== 'operations:approve-purchase-orders');
const VIEWER = ['operations:view-purchase-orders'];
/** The warehouse role's purchase-order abilities (docs/abilities.md): it reads and receives. */
const WAREHOUSE = ['operations:view-purchase-orders', 'operations:receive-goods-purchase-orders'];

describe('availableActions', () => {
  const order = (allowed: PurchaseOrderAction[]) => ({ allowed_actions: allowed });

  it("offers every action the API allows to a user holding every ability, in the API's order", () => {
    expect(availableActions(order(['edit', 'submit-for-approval', 'cancel', 'delete']), EVERYTHING)).toEqual([
      'edit',
      'submit-for-approval',
      'cancel',
      'delete',
    ]);
    expect(availableActions(order([]), EVERYTHING)).toEqual([]);
  });

  it('leaves out what the role lacks: a manager cannot approve or reject', () => {
    expect(availableActions(order(['approve', 'reject', 'cancel']), MANAGER)).toEqual(['cancel']);
    expect(availableActions(order(['send', 'cancel']), MANAGER)).toEqual(['send', 'cancel']);
  });

  it('gives a viewer no action', () => {
    expect(
      availableActions(
        order(['edit', 'submit-for-approval', 'approve', 'receive', 'complete', 'cancel', 'delete']),
        VIEWER,
      ),
    ).toEqual([]);
  });

  it('offers the warehouse role receiving only', () => {
    expect(availableActions(order(['acknowledge', 'receive', 'record-invoice', 'cancel']), WAREHOUSE)).toEqual([
      'receive',
    ]);
    expect(availableActions(order(['edit', 'submit-for-approval', 'cancel', 'delete']), WAREHOUSE)).toEqual([]);
  });

  it('needs the receive ability to receive, and the send ability to send', () => {
    const withoutReceive = EVERYTHING.filter((ability) => ability !== 'operations:receive-goods-purchase-orders');
    expect(availableActions(order(['acknowledge', 'receive', 'cancel']), withoutReceive)).toEqual([
      'acknowledge',
      'cancel',
    ]);
    const withoutSend = EVERYTHING.filter((ability) => ability !== 'operations:send-purchase-orders');
    expect(availableActions(order(['send', 'cancel']), withoutSend)).toEqual(['cancel']);
  });
});

describe('isWithSupplier', () => {
  it('holds while the API allows receiving goods', () => {
    expect(isWithSupplier({ allowed_actions: ['acknowledge', 'receive', 'cancel'] })).toBe(true);
    expect(isWithSupplier({ allowed_actions: ['send', 'cancel'] })).toBe(false);
  });
});

describe('statusFilter', () => {
  it('maps a tab to the statuses the API filters by', () => {
    expect(statusFilter('with-supplier')).toBe('sent,acknowledged,partially_received');
    expect(statusFilter('draft')).toBe('draft');
    expect(statusFilter('all')).toBeUndefined();
    expect(statusFilter(undefined)).toBeUndefined();
    expect(statusFilter('nonsense')).toBeUndefined();
  });
});
