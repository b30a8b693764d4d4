import { describe, expect, it } from 'vitest';
import { availableActions, statusFilter, STATUS_LABELS, type PurchaseOrderStatus } from './status';

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

describe('availableActions', () => {
  it('follows the API state machine for a user holding every ability', () => {
    const expected: Record<PurchaseOrderStatus, string[]> = {
      draft: ['edit', 'submit', 'cancel', 'delete'],
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
    for (const status of Object.keys(STATUS_LABELS) as PurchaseOrderStatus[]) {
      expect(availableActions(status, EVERYTHING), status).toEqual(expected[status]);
    }
  });

  it('leaves out what the role lacks: a manager cannot approve or reject', () => {
    expect(availableActions('pending_approval', MANAGER)).toEqual(['cancel']);
    expect(availableActions('approved', MANAGER)).toEqual(['send', 'cancel']);
  });

  it('gives a viewer no action in any status', () => {
    for (const status of Object.keys(STATUS_LABELS) as PurchaseOrderStatus[]) {
      expect(availableActions(status, VIEWER)).toEqual([]);
    }
  });

  it('needs the receive ability to receive, and the send ability to send', () => {
    const withoutReceive = EVERYTHING.filter((ability) => ability !== 'operations:receive-goods-purchase-orders');
    expect(availableActions('sent', withoutReceive)).toEqual(['acknowledge', 'cancel']);
    const withoutSend = EVERYTHING.filter((ability) => ability !== 'operations:send-purchase-orders');
    expect(availableActions('approved', withoutSend)).toEqual(['cancel']);
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
