// A product's availability through HTTP: stock per active warehouse, goods due on purchase orders placed with
// suppliers (by status, line warehouse and date), backordered demand of waiting sales orders, and available to
// promise per warehouse and in total; unknown products and other tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrderStatus } from '../../../src/db/schema.js';
import { newId } from '../../../src/lib/ids.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { insertOrder, insertShipment, reserveForLine } from '../../helpers/sales-fixtures.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { purchaseOps } from '../../purchasing/purchase-order-helpers.js';
import { stockOps } from '../stock-ops-helpers.js';

const URL = '/api/v1/operations/inventory/availability';

describe('availability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function fresh() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    return { ...stockOps(t, auth, tenant.tenantId), purchase: purchaseOps(t, auth, tenant.tenantId), tenant };
  }

  type Ops = Awaited<ReturnType<typeof fresh>>;

  /** An order of `quantity` of the product into `warehouseId` (or the order's), moved to `status` in its row. */
  async function purchaseOrder(
    s: Ops,
    productId: string,
    quantity: number,
    status: PurchaseOrderStatus,
    extra: {
      line_warehouse_id?: string;
      expected?: string;
      confirmed?: string;
      received?: number;
      cancelled?: number;
    } = {},
  ) {
    const res = await s.call('POST', '/api/v1/operations/purchase-orders', {
      supplier_id: await s.purchase.supplier(),
      warehouse_id: s.tenant.defaultWarehouseId,
      ...(extra.expected ? { expected_delivery_date: extra.expected } : {}),
      line_items: [
        {
          product_id: productId,
          quantity_ordered: quantity,
          unit_price: 1,
          warehouse_id: extra.line_warehouse_id ?? null,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { id: string; po_number: string };
    await s.db
      .updateTable('purchase_orders')
      .set({ status, confirmed_delivery_date: extra.confirmed ?? null })
      .where('id', '=', order.id)
      .execute();
    await s.db
      .updateTable('purchase_order_items')
      .set({ quantity_received: extra.received ?? 0, quantity_cancelled: extra.cancelled ?? 0 })
      .where('purchase_order_id', '=', order.id)
      .execute();
    return order;
  }

  it('answers stock per active warehouse, goods due, backorders and available to promise', async () => {
    const s = await fresh();
    const tenantId = s.tenant.tenantId;
    const main = s.tenant.defaultWarehouseId;
    const east = await s.warehouse('EAST');
    const closed = await s.warehouse('SHUT');
    await s.db.updateTable('warehouses').set({ allocation_rank: 1 }).where('id', '=', east).execute();
    const product = await s.product();
    await s.stock(product, 20, main);
    await s.stock(product, 5, east);
    await s.stock(product, 9, closed);
    await s.db.updateTable('warehouses').set({ is_active: false }).where('id', '=', closed).execute();

    // Placed orders count what is still due; drafts, fully received and cancelled orders do not.
    const sent = await purchaseOrder(s, product, 30, 'sent', { expected: '2026-12-20', received: 5, cancelled: 5 });
    const acknowledged = await purchaseOrder(s, product, 10, 'acknowledged', {
      expected: '2026-12-30',
      confirmed: '2026-12-10',
      line_warehouse_id: east,
    });
    const approved = await purchaseOrder(s, product, 4, 'approved');
    await purchaseOrder(s, product, 7, 'partially_received', { received: 7 });
    await purchaseOrder(s, product, 50, 'draft');
    await purchaseOrder(s, product, 50, 'pending_approval');
    await purchaseOrder(s, product, 50, 'received', { received: 50 });
    await purchaseOrder(s, product, 50, 'cancelled');
    await purchaseOrder(s, product, 3, 'sent', { line_warehouse_id: closed });

    // Waiting orders: 12 on one line, of which 8 reserved in main and 2 shipped (backordered 2); 6 on a held
    // order (all backordered); a draft, a cancelled and a completed order count nothing.
    const waiting = await insertOrder(s.db, tenantId, { lines: [{ product_id: product, quantity: 12 }] });
    await reserveForLine(s.db, t.services.stock, {
      tenantId,
      orderId: waiting.orderId,
      lineId: waiting.lineIds[0]!,
      productId: product,
      warehouseId: main,
      quantity: 8,
    });
    await insertShipment(s.db, tenantId, waiting.orderId, main, [
      { order_line_id: waiting.lineIds[0]!, product_id: product, quantity: 2 },
    ]);
    await insertOrder(s.db, tenantId, {
      status: 'on_hold',
      held_from_status: 'partially_shipped',
      lines: [{ product_id: product, quantity: 6 }],
    });
    for (const status of ['draft', 'cancelled', 'completed'] as const)
      await insertOrder(s.db, tenantId, { status, lines: [{ product_id: product, quantity: 100 }] });

    const res = await s.call('GET', `${URL}?product_id=${product}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    const sentLine = {
      purchase_order_id: sent.id,
      po_number: sent.po_number,
      status: 'sent',
      warehouse_id: main,
      quantity: 20,
      expected_date: '2026-12-20',
    };
    const acknowledgedLine = {
      purchase_order_id: acknowledged.id,
      po_number: acknowledged.po_number,
      status: 'acknowledged',
      warehouse_id: east,
      quantity: 10,
      expected_date: '2026-12-10',
    };
    const approvedLine = {
      purchase_order_id: approved.id,
      po_number: approved.po_number,
      status: 'approved',
      warehouse_id: main,
      quantity: 4,
      expected_date: null,
    };
    expect(body.incoming).toEqual([acknowledgedLine, sentLine, approvedLine]);
    // East ranks first: the 8 backordered units are counted against its 5 available + 10 due.
    expect(body.warehouses).toEqual([
      {
        warehouse_id: east,
        warehouse_code: 'EAST',
        warehouse_name: 'Warehouse EAST',
        quantity_on_hand: 5,
        quantity_reserved: 0,
        quantity_available: 5,
        quantity_incoming: 10,
        quantity_backordered: 8,
        available_to_promise: 7,
        incoming: [acknowledgedLine],
      },
      {
        warehouse_id: main,
        warehouse_code: expect.any(String),
        warehouse_name: 'Main Warehouse',
        quantity_on_hand: 20,
        quantity_reserved: 8,
        quantity_available: 12,
        quantity_incoming: 24,
        quantity_backordered: 0,
        available_to_promise: 36,
        incoming: [sentLine, approvedLine],
      },
    ]);
    expect(body.totals).toEqual({
      quantity_on_hand: 25,
      quantity_reserved: 8,
      quantity_available: 17,
      quantity_incoming: 34,
      quantity_backordered: 8,
      available_to_promise: 43,
    });
    expect(body).toMatchObject({ product_id: product, sku: expect.any(String), name: expect.any(String) });
  });

  it('lists every active warehouse with zeros and goes negative when backorders exceed supply', async () => {
    const s = await fresh();
    const east = await s.warehouse('EAST');
    const product = await s.product();
    await s.stock(product, 2);
    await insertOrder(s.db, s.tenant.tenantId, { lines: [{ product_id: product, quantity: 5 }] });
    const body = (await s.call('GET', `${URL}?product_id=${product}`)).json().data;
    expect(body.warehouses.map((w: { warehouse_id: string }) => w.warehouse_id)).toEqual([
      s.tenant.defaultWarehouseId,
      east,
    ]);
    expect(body.warehouses[1]).toMatchObject({ quantity_on_hand: 0, quantity_backordered: 0, available_to_promise: 0 });
    expect(body.warehouses[0]).toMatchObject({
      quantity_available: 2,
      quantity_backordered: 2,
      available_to_promise: 0,
    });
    expect(body.totals).toMatchObject({ quantity_backordered: 5, available_to_promise: -3 });
  });

  it("answers 404 for an unknown, deleted or other tenant's product and 422 without a valid product_id", async () => {
    const s = await fresh();
    const other = await fresh();
    const theirs = await other.product();
    const deleted = await s.product();
    await s.db
      .updateTable('products')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', deleted)
      .execute();
    for (const id of [newId(), theirs, deleted]) {
      const res = await s.call('GET', `${URL}?product_id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await s.call('GET', URL)).statusCode).toBe(422);
    expect((await s.call('GET', `${URL}?product_id=nope`)).statusCode).toBe(422);
    expect((await s.call('GET', `${URL}?product_id=${theirs}&extra=1`)).statusCode).toBe(422);
  });

  it("counts neither another tenant's sales orders nor its purchase orders", async () => {
    const s = await fresh();
    const product = await s.product();
    await s.stock(product, 4);
    const other = await fresh();
    // Rows of another tenant naming this product, written straight into the tables (the API refuses them).
    await insertOrder(other.db, other.tenant.tenantId, { lines: [{ product_id: product, quantity: 9 }] });
    const theirs = await other.product();
    const order = await purchaseOrder(other, theirs, 6, 'sent');
    await other.db
      .updateTable('purchase_order_items')
      .set({ product_id: product })
      .where('purchase_order_id', '=', order.id)
      .execute();
    const body = (await s.call('GET', `${URL}?product_id=${product}`)).json().data;
    expect(body.totals).toMatchObject({
      quantity_available: 4,
      quantity_incoming: 0,
      quantity_backordered: 0,
      available_to_promise: 4,
    });
    expect(body.incoming).toEqual([]);
  });
});
