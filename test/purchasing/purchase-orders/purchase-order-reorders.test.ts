// Auto-reorder generation over HTTP: one draft per supplier for stock at or below its reorder point, with
// quantities, prices, dates and notes; products without an orderable supplier or already on order are skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { makeProduct, makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

const GENERATE = `${ORDERS}/generate-reorders`;
const SETTINGS = '/api/v1/operations/inventory/reorder-settings';

/**
 * Makes a product of `supplierId` with a reorder point on the default warehouse and `onHand` units there (its
 * record's quantity set directly, as the ledger is not what these tests are about).
 */
function stocker(o: ReturnType<typeof purchaseOps>, tenantId: string) {
  return async (
    supplierId: string | null,
    onHand: number,
    point: number,
    quantity: number | null,
    cost: number | null = null,
  ) => {
    const id = await makeProduct(o.db, tenantId, { supplier_id: supplierId });
    await o.db.updateTable('products').set({ cost_price: cost, currency: 'USD' }).where('id', '=', id).execute();
    const res = await o.call('PUT', SETTINGS, { product_id: id, reorder_point: point, reorder_quantity: quantity });
    expect(res.statusCode, res.body).toBe(200);
    await o.db
      .updateTable('inventory_records')
      .set({ quantity_on_hand: onHand })
      .where('product_id', '=', id)
      .execute();
    return id;
  };
}

describe('generate reorders', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  it('drafts one order per supplier and skips covered, supplier-less, unorderable and already ordered products', async () => {
    const other = await makeTenantWithToken(t.services);
    const tenantId = other.tenant.tenantId;
    const o = purchaseOps(t, other.auth, tenantId);
    const db = o.db;
    const [alpha, beta, suspended] = [
      await o.supplier('active', 'alpha@s.test'),
      await o.supplier('preferred', 'beta@s.test'),
      await o.supplier('suspended'),
    ];
    await db.updateTable('suppliers').set({ lead_time_days: 7 }).where('id', '=', alpha).execute();

    const stocked = stocker(o, tenantId);
    const fixed = await stocked(alpha, 0, 10, 25, 250); // reorder_quantity 25 at cost 2.50
    const deficit = await stocked(alpha, 2, 5, null); // deficit 3, no cost -> 0
    await stocked(alpha, 20, 5, 10); // above its point
    const forBeta = await stocked(beta, 4, 4, 12, 1999); // at the point counts
    await stocked(null, 0, 5, 5); // no supplier
    await stocked(suspended, 0, 5, 5); // supplier cannot take orders
    const ordered = await stocked(beta, 0, 5, 5);
    const open = await o.call('POST', ORDERS, {
      supplier_id: beta,
      warehouse_id: other.tenant.defaultWarehouseId,
      items: [{ product_id: ordered, quantity: 5, unit_price: 1 }],
    });
    expect(open.statusCode).toBe(201);

    const res = await o.call('POST', GENERATE);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, count: 2 });
    expect(body.data).toHaveLength(2);
    const bySupplier = new Map(body.data.map((order: { supplier_id: string }) => [order.supplier_id, order]));

    expect(bySupplier.get(alpha)).toMatchObject({
      status: 'draft',
      po_number: expect.stringMatching(/^PO-202603-\d{4}$/),
      warehouse_id: other.tenant.defaultWarehouseId,
      order_date: '2026-03-10',
      expected_delivery_date: '2026-03-17',
      currency: 'USD',
      internal_notes: expect.stringContaining('Auto-generated reorder'),
      subtotal: 62.5,
      total_amount: 62.5,
    });
    const alphaLines = (
      bySupplier.get(alpha) as { items: Array<{ product_id: string; quantity_ordered: number; unit_price: number }> }
    ).items;
    expect(alphaLines.map((l) => [l.product_id, l.quantity_ordered, l.unit_price]).sort()).toEqual(
      [
        [fixed, 25, 2.5],
        [deficit, 3, 0],
      ].sort(),
    );
    expect(bySupplier.get(beta)).toMatchObject({ expected_delivery_date: null, subtotal: 239.88 });
    const betaLines = (bySupplier.get(beta) as { items: Array<{ product_id: string; quantity_ordered: number }> })
      .items;
    expect(betaLines.map((l) => [l.product_id, l.quantity_ordered])).toEqual([[forBeta, 12]]);

    const events = await o.events((bySupplier.get(alpha) as { id: string }).id);
    expect(events.map((e) => e.event_type)).toEqual(['purchase_order.created']);

    // Everything short is now on an open order: nothing more to draft.
    const again = await o.call('POST', GENERATE);
    expect(again.json()).toMatchObject({ success: true, data: [], count: 0 });
  });

  it('drafts the chosen lines at the chosen quantities, or refuses the lines it cannot order and drafts nothing', async () => {
    const other = await makeTenantWithToken(t.services);
    const tenantId = other.tenant.tenantId;
    const warehouse = other.tenant.defaultWarehouseId;
    const o = purchaseOps(t, other.auth, tenantId);
    const stocked = stocker(o, tenantId);
    const [alpha, beta, suspended] = [
      await o.supplier('active', 'alpha@s.test'),
      await o.supplier('preferred', 'beta@s.test'),
      await o.supplier('suspended'),
    ];
    const first = await stocked(alpha, 0, 10, 25, 250);
    const second = await stocked(beta, 1, 5, null);
    const skipped = await stocked(alpha, 0, 10, 25);
    const covered = await stocked(alpha, 20, 5, 10);
    const orphan = await stocked(null, 0, 5, 5);
    const unorderable = await stocked(suspended, 0, 5, 5);
    // Already on an open order: the automatic run would skip it, the buyer's choice does not.
    const open = await o.call('POST', ORDERS, {
      supplier_id: beta,
      warehouse_id: warehouse,
      items: [{ product_id: second, quantity: 5, unit_price: 1 }],
    });
    expect(open.statusCode).toBe(201);
    const count = async () =>
      Number(
        (
          await o.db
            .selectFrom('purchase_orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();

    const refused = await o.call('POST', GENERATE, {
      lines: [
        { product_id: first, warehouse_id: warehouse, quantity: 30 },
        { product_id: covered, warehouse_id: warehouse, quantity: 1 },
        { product_id: orphan, warehouse_id: warehouse, quantity: 1 },
        { product_id: first, warehouse_id: warehouse, quantity: 2 },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['lines.1', 'lines.2.product_id', 'lines.3']);
    const unorderableRefused = await o.call('POST', GENERATE, {
      lines: [
        { product_id: first, warehouse_id: warehouse, quantity: 30 },
        { product_id: unorderable, warehouse_id: warehouse, quantity: 1 },
      ],
    });
    expect(unorderableRefused.statusCode, unorderableRefused.body).toBe(422);
    expect(Object.keys(unorderableRefused.json().errors)).toEqual(['lines.1.product_id']);
    expect(await count()).toBe(before);
    for (const bad of [{ lines: [] }, { lines: [{ product_id: first, warehouse_id: warehouse, quantity: 0 }] }]) {
      expect((await o.call('POST', GENERATE, bad)).statusCode).toBe(422);
    }

    const res = await o.call('POST', GENERATE, {
      lines: [
        { product_id: first, warehouse_id: warehouse, quantity: 30 },
        { product_id: second, warehouse_id: warehouse, quantity: 7 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const orders = res.json().data as Array<{
      supplier_id: string;
      status: string;
      items: Array<{ product_id: string; quantity_ordered: number }>;
    }>;
    const lines = (supplierId: string) =>
      orders.find((order) => order.supplier_id === supplierId)!.items.map((l) => [l.product_id, l.quantity_ordered]);
    expect(orders.map((order) => order.status)).toEqual(['draft', 'draft']);
    expect(lines(alpha)).toEqual([[first, 30]]);
    expect(lines(beta)).toEqual([[second, 7]]);
    expect(orders.flatMap((order) => order.items.map((l) => l.product_id))).not.toContain(skipped);
  });

  it('answers 401 without credentials and an empty list when nothing is short', async () => {
    const other = await makeTenantWithToken(t.services);
    const res = await t.app.inject({ method: 'POST', url: GENERATE });
    expect(res.statusCode).toBe(401);
    const empty = await purchaseOps(t, other.auth, other.tenant.tenantId).call('POST', GENERATE);
    expect(empty.json()).toMatchObject({ success: true, count: 0, data: [] });
  });
});
