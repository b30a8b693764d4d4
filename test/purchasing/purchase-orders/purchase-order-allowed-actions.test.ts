// The actions a purchase order answers as allowed, per status: exactly those the API then accepts, the same
// for every caller, and moving with the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrderStatus } from '../../../src/db/schema.js';
import { bearer, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

/** Written out here, not read from the code, so that the state machine is checked against it. */
const EXPECTED: Record<PurchaseOrderStatus, string[]> = {
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

/** A request each action accepts, from a status that allows it. */
const REQUESTS: Record<string, { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: Record<string, unknown> }> =
  {
    edit: { method: 'PATCH', path: '', body: { notes: 'Edited' } },
    delete: { method: 'DELETE', path: '' },
    'submit-for-approval': { method: 'POST', path: '/submit-for-approval', body: {} },
    approve: { method: 'POST', path: '/approve', body: {} },
    reject: { method: 'POST', path: '/reject', body: { reason: 'Over budget' } },
    send: { method: 'POST', path: '/send', body: {} },
    acknowledge: { method: 'POST', path: '/acknowledge', body: {} },
    receive: { method: 'POST', path: '/receive', body: {} },
    cancel: { method: 'POST', path: '/cancel', body: { reason: 'Not needed' } },
    'record-invoice': {
      method: 'POST',
      path: '/record-invoice',
      body: { invoice_number: 'INV-1', invoice_amount: 25 },
    },
    complete: { method: 'POST', path: '/complete' },
  };

describe('purchase order allowed actions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const orderIn = async (status: PurchaseOrderStatus) => {
    const o = purchaseOps(t);
    const order = await o.draft();
    await o.db.updateTable('purchase_orders').set({ status }).where('id', '=', order.id).execute();
    return order.id;
  };

  it.each(Object.keys(EXPECTED) as PurchaseOrderStatus[])(
    'a %s order answers the actions its status allows, each accepted',
    async (status) => {
      const o = purchaseOps(t);
      const id = await orderIn(status);
      const res = await o.call('GET', `${ORDERS}/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.allowed_actions).toEqual(EXPECTED[status]);
      for (const action of EXPECTED[status]) {
        const other = await orderIn(status);
        const { method, path, body } = REQUESTS[action]!;
        const done = await o.call(method, `${ORDERS}/${other}${path}`, body);
        expect(done.statusCode, `${action}: ${done.body}`).toBe(200);
      }
    },
  );

  it('answers the same actions to a viewer, whose role may take none of them', async () => {
    const id = await orderIn('pending_approval');
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:view-purchase-orders'],
    });
    const res = await t.app.inject({ method: 'GET', url: `${ORDERS}/${id}`, headers: bearer(token) });
    expect(res.json().data.allowed_actions).toEqual(['approve', 'reject', 'cancel']);
    const list = await t.app.inject({
      method: 'GET',
      url: `${ORDERS}?status=pending_approval&per_page=100`,
      headers: bearer(token),
    });
    const listed = (list.json().data as Array<{ id: string; allowed_actions: string[] }>).find(
      (order) => order.id === id,
    );
    expect(listed?.allowed_actions).toEqual(['approve', 'reject', 'cancel']);
  });

  it("answers the next status's actions after a transition", async () => {
    const o = purchaseOps(t);
    const order = await o.draft();
    const res = await o.call('POST', `${ORDERS}/${order.id}/submit-for-approval`, {});
    expect(res.json().data.allowed_actions).toEqual(['approve', 'reject', 'cancel']);
  });
});
