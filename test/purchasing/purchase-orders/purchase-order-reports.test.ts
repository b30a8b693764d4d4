// Purchase order reports over HTTP: overdue orders (awaiting delivery, past the expected date) and the summary
// by status and supplier; static report paths are not taken for order ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrderStatus } from '../../../src/db/schema.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

describe('purchase order reports', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  async function setUp() {
    const other = await makeTenantWithToken(t.services);
    const o = purchaseOps(t, other.auth, other.tenant.tenantId);
    const [alpha, beta] = [await o.supplier(), await o.supplier()];
    const warehouse_id = other.tenant.defaultWarehouseId;
    /** A draft of 10 x 2.50, then moved straight to `status` with `expected` (set-up only). */
    async function order(supplierId: string, status: PurchaseOrderStatus, expected: string | null) {
      const draft = await o.draft({ supplier_id: supplierId, warehouse_id });
      await o.db
        .updateTable('purchase_orders')
        .set({ status, expected_delivery_date: expected })
        .where('id', '=', draft.id)
        .execute();
      return draft;
    }
    return { o, alpha, beta, order, warehouse_id };
  }

  it('lists orders awaiting delivery whose expected date has passed, oldest first, with days overdue', async () => {
    const { o, alpha, beta, order } = await setUp();
    const late = await order(alpha, 'sent', '2026-03-01');
    const later = await order(beta, 'partially_received', '2026-03-09');
    await order(alpha, 'acknowledged', '2026-03-10'); // due today: not overdue
    await order(alpha, 'approved', '2026-02-01'); // not with the supplier yet
    await order(alpha, 'received', '2026-02-01'); // delivered
    await order(beta, 'sent', null); // no expected date

    const res = await o.call('GET', `${ORDERS}/reports/overdue`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: late.id,
        po_number: late.po_number,
        status: 'sent',
        expected_delivery_date: '2026-03-01',
        days_overdue: 9,
        total_amount: 25,
        currency: 'USD',
        supplier: { id: alpha, name: expect.any(String) },
      }),
      expect.objectContaining({ id: later.id, status: 'partially_received', days_overdue: 1 }),
    ]);
  });

  it('sums counts and totals by status and by supplier, per currency', async () => {
    const { o, alpha, beta, order, warehouse_id } = await setUp();
    await order(alpha, 'draft', null);
    await order(alpha, 'draft', null);
    await order(beta, 'sent', null);
    const deleted = await o.draft({ supplier_id: beta, warehouse_id });
    expect((await o.call('DELETE', `${ORDERS}/${deleted.id}`)).statusCode).toBe(200);

    const res = await o.call('GET', `${ORDERS}/reports/summary`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json().data;
    expect(summary.total_orders).toBe(3);
    expect(summary.by_status).toEqual([
      { status: 'draft', currency: 'USD', count: 2, total_amount: 50 },
      { status: 'sent', currency: 'USD', count: 1, total_amount: 25 },
    ]);
    expect(summary.by_supplier).toHaveLength(2);
    expect(summary.by_supplier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ supplier_id: alpha, currency: 'USD', count: 2, total_amount: 50 }),
        expect.objectContaining({ supplier_id: beta, currency: 'USD', count: 1, total_amount: 25 }),
      ]),
    );
  });

  it('keeps report paths apart from order ids, and other tenants see nothing of ours', async () => {
    const { o, alpha, order } = await setUp();
    await order(alpha, 'sent', '2026-01-01');
    const stranger = await makeTenantWithToken(t.services);
    const theirs = await purchaseOps(t, stranger.auth, stranger.tenant.tenantId).call(
      'GET',
      `${ORDERS}/reports/overdue`,
    );
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ data: [], count: 0 });
    const anonymous = await t.app.inject({ method: 'GET', url: `${ORDERS}/reports/summary` });
    expect(anonymous.statusCode).toBe(401);
    expect((await o.call('GET', `${ORDERS}/reports`)).statusCode).toBe(404);
  });
});
