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

  it('sums the spend per month, supplier and currency of the orders placed, over a bounded range', async () => {
    const { o, alpha, beta, order } = await setUp();
    /** An order in `status` dated `orderDate`, in `currency` (set-up only). */
    async function placed(supplierId: string, status: PurchaseOrderStatus, orderDate: string, currency = 'USD') {
      const draft = await order(supplierId, status, null);
      await o.db
        .updateTable('purchase_orders')
        .set({ order_date: orderDate, currency })
        .where('id', '=', draft.id)
        .execute();
    }
    await placed(alpha, 'approved', '2026-01-31');
    await placed(alpha, 'received', '2026-01-01');
    await placed(alpha, 'sent', '2026-01-15', 'EUR');
    await placed(beta, 'completed', '2026-03-10');
    // Not spend: not placed yet, cancelled, rejected, deleted; and outside the range.
    await placed(beta, 'draft', '2026-02-01');
    await placed(beta, 'pending_approval', '2026-02-01');
    await placed(beta, 'cancelled', '2026-02-01');
    await placed(beta, 'rejected', '2026-02-01');
    await placed(beta, 'sent', '2025-12-31');
    await placed(beta, 'sent', '2026-04-01');
    const gone = await order(beta, 'draft', null);
    expect((await o.call('DELETE', `${ORDERS}/${gone.id}`)).statusCode).toBe(200);

    const res = await o.call('GET', `${ORDERS}/reports/spend?from=2026-01&to=2026-03`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body).toMatchObject({ from: '2026-01', to: '2026-03', months: ['2026-01', '2026-02', '2026-03'] });
    const rows = body.spend.map(
      (r: { month: string; supplier_id: string; currency: string; orders: number; total_amount: number }) => [
        r.month,
        r.supplier_id === alpha ? 'alpha' : 'beta',
        r.currency,
        r.orders,
        r.total_amount,
      ],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ['2026-01', 'alpha', 'EUR', 1, 25],
        ['2026-01', 'alpha', 'USD', 2, 50],
        ['2026-03', 'beta', 'USD', 1, 25],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(body.spend[0].supplier_name).toEqual(expect.any(String));

    // The default: the last 12 months, this one (March 2026) last.
    const standard = (await o.call('GET', `${ORDERS}/reports/spend`)).json().data;
    expect([standard.from, standard.to, standard.months.length]).toEqual(['2025-04', '2026-03', 12]);
    expect(standard.spend).toHaveLength(4);
    // Bounds: a malformed month, an inverted range, more than 36 months, an unknown parameter.
    for (const query of [
      'from=2026-13',
      'to=2026-1',
      'from=2026-03&to=2026-01',
      'from=2023-01&to=2026-01',
      'weeks=3',
    ]) {
      const refused = await o.call('GET', `${ORDERS}/reports/spend?${query}`);
      expect(refused.statusCode, query).toBe(422);
    }
    expect((await o.call('GET', `${ORDERS}/reports/spend?from=2023-02&to=2026-01`)).statusCode).toBe(200);
    // Another tenant sees none of it.
    const stranger = await makeTenantWithToken(t.services);
    const theirs = await purchaseOps(t, stranger.auth, stranger.tenant.tenantId).call(
      'GET',
      `${ORDERS}/reports/spend?from=2026-01&to=2026-03`,
    );
    expect(theirs.json().data.spend).toEqual([]);
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
