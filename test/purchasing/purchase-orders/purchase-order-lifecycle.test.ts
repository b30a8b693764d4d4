// The purchase order state table over HTTP: each transition from every status (allowed or refused with the
// current status named), side fields, events, approver rules, cancellation of remaining lines, and the
// notifier seam that the mailer is built into.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrderStatus } from '../../../src/db/schema.js';
import { FixedClock } from '../../../src/lib/clock.js';
import type { PurchaseOrderNotifier } from '../../../src/modules/purchasing/purchase-orders/purchase-order.notifier.js';
import { PurchaseOrderRepository } from '../../../src/modules/purchasing/purchase-orders/purchase-order.repository.js';
import { PurchaseOrderService } from '../../../src/modules/purchasing/purchase-orders/purchase-order.service.js';
import { PURCHASE_ORDER_STATUSES } from '../../../src/modules/purchasing/purchase-orders/purchase-order.schemas.js';
import { makeTenantWithToken, makeUser } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

const NOW = '2026-04-02T09:00:00.000Z';

/** Each action, its body, and the statuses it is allowed from. */
const ACTIONS: Array<{ action: string; body: object; from: PurchaseOrderStatus[]; to: PurchaseOrderStatus }> = [
  { action: 'submit-for-approval', body: {}, from: ['draft'], to: 'pending_approval' },
  { action: 'approve', body: { notes: 'ok' }, from: ['pending_approval'], to: 'approved' },
  { action: 'reject', body: { reason: 'too dear' }, from: ['pending_approval'], to: 'rejected' },
  { action: 'send', body: {}, from: ['approved'], to: 'sent' },
  { action: 'acknowledge', body: { supplier_reference: 'SO-1' }, from: ['sent'], to: 'acknowledged' },
  {
    action: 'cancel',
    body: { reason: 'no longer needed' },
    from: ['draft', 'pending_approval', 'approved', 'sent', 'acknowledged', 'partially_received'],
    to: 'cancelled',
  },
  {
    action: 'record-invoice',
    body: { invoice_number: 'INV-9', invoice_amount: 25 },
    from: ['received'],
    to: 'invoiced',
  },
  { action: 'complete', body: {}, from: ['received', 'invoiced'], to: 'completed' },
];

describe('purchase order lifecycle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: new FixedClock(new Date(NOW)) });
  });
  afterAll(() => t.close());

  const ops = () => purchaseOps(t);
  const setStatus = (id: string, status: PurchaseOrderStatus) =>
    t.database.db.updateTable('purchase_orders').set({ status }).where('id', '=', id).execute();

  for (const { action, body, from, to } of ACTIONS) {
    it(`${action}: allowed from ${from.join(', ')} only, refusals name the current status`, async () => {
      const o = ops();
      for (const status of PURCHASE_ORDER_STATUSES) {
        const order = await o.draft();
        await setStatus(order.id, status);
        const res = await o.call('POST', `${ORDERS}/${order.id}/${action}`, body);
        if (from.includes(status)) {
          expect(res.statusCode, `${action} from ${status}: ${res.body}`).toBe(200);
          expect(res.json().data.status).toBe(to);
        } else {
          expect(res.statusCode, `${action} from ${status}`).toBe(422);
          expect(res.json().message).toMatch(
            new RegExp(`whose status is ${status}; only ${from.join(', ')} purchase orders can be`),
          );
          expect(res.json().code).toBe('invalid_transition');
          const stored = await o.db
            .selectFrom('purchase_orders')
            .select('status')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow();
          expect(stored.status).toBe(status);
        }
      }
    });
  }

  it('walks draft -> pending -> approved -> sent -> acknowledged recording every side field and event', async () => {
    const o = ops();
    const supplierId = await o.supplier('approved', 'buyer@northwind.test');
    const order = await o.draft({ supplier_id: supplierId });
    const url = `${ORDERS}/${order.id}`;

    const submitted = await o.call('POST', `${url}/submit-for-approval`, {
      approver_id: t.tenant.adminId,
      notes: 'please',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({
      status: 'pending_approval',
      approver_id: t.tenant.adminId,
      submitted_at: NOW,
      internal_notes: 'please',
    });

    const approved = await o.call('POST', `${url}/approve`, { approval_notes: 'fine' });
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      approved_at: NOW,
      approval_notes: 'fine',
      approved_by: { id: t.tenant.adminId, name: expect.any(String) },
    });

    const sent = await o.call('POST', `${url}/send`, { send_email: true, cc_emails: ['cc@example.test'] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      status: 'sent',
      sent_at: NOW,
      sent_to: 'buyer@northwind.test',
      email_sent: false,
    });

    const acknowledged = await o.call('POST', `${url}/acknowledge`, {
      confirmed_delivery_date: '2026-04-20',
      supplier_reference: 'SO-77',
      notes: 'on it',
    });
    expect(acknowledged.json().data).toMatchObject({
      status: 'acknowledged',
      acknowledged_at: NOW,
      confirmed_delivery_date: '2026-04-20',
      supplier_reference: 'SO-77',
      internal_notes: 'please\non it',
    });

    const events = await o.events(order.id);
    expect(events.map((e) => e.event_type)).toEqual([
      'purchase_order.created',
      'purchase_order.approved',
      'purchase_order.sent',
    ]);
    expect(events[2]!.payload).toMatchObject({ id: order.id, status: 'sent', sent_to: 'buyer@northwind.test' });
  });

  it('records no e-mail on an order sent with send_email while no mail server is configured, and says e-mail is off', async () => {
    const o = ops();
    const order = await o.draft({ status: 'pending_approval' });
    const url = `${ORDERS}/${order.id}`;
    expect((await o.call('POST', `${url}/approve`, {})).statusCode).toBe(200);
    const sent = await o.call('POST', `${url}/send`, { send_email: true });
    expect(sent.json().data).toMatchObject({
      status: 'sent',
      sent_to: 'orders@acme.test',
      email_sent: false,
      emailed_at: null,
    });
    expect((await o.call('GET', url)).json().data).toMatchObject({
      sent_at: NOW,
      sent_to: 'orders@acme.test',
      emailed_at: null,
    });
    expect((await o.call('GET', '/api/v1/auth/me')).json().data.email_enabled).toBe(false);
  });

  it('refuses direct approval of a draft with the message of docs/decisions/purchase-orders.md (Purchase orders)', async () => {
    const o = ops();
    const order = await o.draft();
    const res = await o.call('POST', `${ORDERS}/${order.id}/approve`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Cannot approve a purchase order whose status is draft; only pending_approval purchase orders can be approved.',
    );
  });

  it('accepts as approver only an active user of the tenant whose role may approve', async () => {
    const o = ops();
    const manager = await makeUser(t.services, t.tenant.tenantId, 'manager');
    const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
    const other = await makeTenantWithToken(t.services);
    const admin = await makeUser(t.services, t.tenant.tenantId, 'admin');
    const order = await o.draft();
    const submit = (approver_id: string) =>
      o.call('POST', `${ORDERS}/${order.id}/submit-for-approval`, { approver_id });
    for (const id of [manager.id, viewer.id]) {
      const res = await submit(id);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        approver_id: ['The selected approver is not allowed to approve purchase orders.'],
      });
    }
    const foreign = await submit(other.tenant.adminId);
    expect(foreign.json().errors).toEqual({ approver_id: ['The selected approver id is invalid.'] });
    expect((await submit(admin.id)).statusCode).toBe(200);
  });

  it('rejects with a reason and records who and when; a blank reason is refused', async () => {
    const o = ops();
    const order = await o.draft({ status: 'pending_approval' });
    expect((await o.call('POST', `${ORDERS}/${order.id}/reject`, {})).statusCode).toBe(422);
    const blank = await o.call('POST', `${ORDERS}/${order.id}/reject`, { reason: '   ' });
    expect(blank.json().errors).toEqual({ reason: ['The reason field is required.'] });
    const res = await o.call('POST', `${ORDERS}/${order.id}/reject`, { reason: 'Over budget' });
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Over budget',
      rejected_at: NOW,
      rejected_by: { id: t.tenant.adminId },
    });
  });

  it('cancels remaining quantities, records reason, user and time, and requires a reason', async () => {
    const o = ops();
    const order = await o.draft();
    await setStatus(order.id, 'partially_received');
    await o.db
      .updateTable('purchase_order_items')
      .set({ quantity_received: 4 })
      .where('purchase_order_id', '=', order.id)
      .execute();
    const missing = await o.call('POST', `${ORDERS}/${order.id}/cancel`, { notify_supplier: true });
    expect(missing.json().errors).toEqual({ reason: ['The reason field is required.'] });
    const res = await o.call('POST', `${ORDERS}/${order.id}/cancel`, { cancellation_reason: 'Supplier out of stock' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'Supplier out of stock',
      cancelled_at: NOW,
      cancelled_by: { id: t.tenant.adminId },
      supplier_notified: false,
    });
    expect(res.json().data.items[0]).toMatchObject({
      quantity_ordered: 10,
      quantity_received: 4,
      quantity_cancelled: 6,
      quantity_remaining: 0,
    });
    expect((await o.events(order.id)).map((e) => e.event_type)).toEqual([
      'purchase_order.created',
      'purchase_order.cancelled',
    ]);
  });

  it('records an invoice in the order currency and completes', async () => {
    const o = ops();
    const order = await o.draft();
    await setStatus(order.id, 'received');
    const invoiced = await o.call('POST', `${ORDERS}/${order.id}/record-invoice`, {
      invoice_number: ' INV-2026-01 ',
      invoice_amount: 25.005,
    });
    expect(invoiced.json().data).toMatchObject({
      status: 'invoiced',
      invoice_number: 'INV-2026-01',
      invoice_amount: 25.01,
      invoice_date: '2026-04-02',
      invoiced_at: NOW,
    });
    expect((await o.call('POST', `${ORDERS}/${order.id}/record-invoice`, { invoice_number: 'X' })).statusCode).toBe(
      422,
    );
    const done = await o.call('POST', `${ORDERS}/${order.id}/complete`);
    expect(done.json().data).toMatchObject({ status: 'completed', completed_at: NOW });
  });

  it('mails through the notifier it is built with, and notifies the supplier of a cancellation after sending', async () => {
    const o = ops();
    const calls: string[] = [];
    const notifier: PurchaseOrderNotifier = {
      sendOrder: async (_tenant, order, supplier, options) => {
        calls.push(`send ${order.po_number} to ${supplier.email} cc ${(options.cc_emails ?? []).join(',')}`);
        return true;
      },
      notifyCancellation: async (_tenant, order, supplier) => {
        calls.push(`cancel ${order.po_number} to ${supplier.email}`);
        return true;
      },
    };
    // The app's service, except for its notifier.
    const { services } = t;
    const service = new PurchaseOrderService({
      db: services.db,
      repository: new PurchaseOrderRepository(),
      suppliers: services.catalog.suppliers.service,
      warehouses: services.warehouses,
      products: services.catalog.products.service,
      users: services.users,
      tenants: services.tenants,
      events: services.events,
      audit: services.audit.service,
      clock: services.clock,
      newId: services.newId,
      notifier,
    });
    const { tenantId, adminId } = t.tenant;
    const order = await o.draft({ status: 'pending_approval' });
    await o.call('POST', `${ORDERS}/${order.id}/approve`, {});
    const quiet = await service.send(tenantId, order.id, { send_email: false });
    expect(quiet.email_sent).toBe(false);
    await setStatus(order.id, 'approved');
    const sent = await service.send(tenantId, order.id, { send_email: true, cc_emails: ['a@b.test'] });
    expect(sent.email_sent).toBe(true);
    const cancelled = await service.cancel(tenantId, order.id, adminId, { reason: 'changed plans' });
    expect(cancelled.supplier_notified).toBe(true);
    expect(calls).toEqual([
      `send ${order.po_number} to orders@acme.test cc a@b.test`,
      `cancel ${order.po_number} to orders@acme.test`,
    ]);

    const draft = await o.draft();
    const silent = await service.cancel(tenantId, draft.id, adminId, { reason: 'never sent' });
    expect(silent.supplier_notified).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('lets only one of two concurrent approvals win', async () => {
    const o = ops();
    const order = await o.draft({ status: 'pending_approval' });
    const [a, b] = await Promise.all([
      o.call('POST', `${ORDERS}/${order.id}/approve`, {}),
      o.call('POST', `${ORDERS}/${order.id}/reject`, { reason: 'no' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const events = await o.events(order.id);
    expect(events.filter((e) => e.event_type === 'purchase_order.approved').length).toBe(a.statusCode === 200 ? 1 : 0);
  });
});
