// Returns of shipped goods through HTTP: numbering, restocked lines as `return` movements and the others recorded
// only, order.returned and the list; refusals (status, quantities above shipped - returned naming the line, lines
// and warehouses not of the order or tenant) that write nothing; parallel returns never passing what shipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOrderStatus, ShipmentStatus } from '../../../src/db/schema.js';
import { newId } from '../../../src/lib/ids.js';
import { makeTenantWithToken, makeToken, bearer } from '../../helpers/factories.js';
import { insertOrder, insertShipment } from '../../helpers/sales-fixtures.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../../inventory/stock-ops-helpers.js';

describe('sales returns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function fresh() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    return { ...stockOps(t, auth, tenant.tenantId), tenant, auth };
  }
  type Ops = Awaited<ReturnType<typeof fresh>>;

  const returnsOf = (orderId: string) => `/api/v1/sales/orders/${orderId}/returns`;

  /** An order of the given lines, with one shipment from the default warehouse of `shipped` of each line. */
  async function shippedOrder(
    s: Ops,
    lines: Array<{ product_id: string; quantity: number; shipped: number }>,
    status: SalesOrderStatus = 'shipped',
    shipmentStatus: ShipmentStatus = 'shipped',
  ) {
    const order = await insertOrder(s.db, s.tenant.tenantId, { status, lines });
    const shipped = lines
      .map((l, i) => ({ order_line_id: order.lineIds[i]!, product_id: l.product_id, quantity: l.shipped }))
      .filter((l) => l.quantity > 0);
    if (shipped.length > 0)
      await insertShipment(
        s.db,
        s.tenant.tenantId,
        order.orderId,
        s.tenant.defaultWarehouseId,
        shipped,
        shipmentStatus,
      );
    return order;
  }

  const onHand = async (s: Ops, productId: string, warehouseId: string) =>
    (await s.record(productId, warehouseId))?.quantity_on_hand ?? 0;

  const period = () => t.services.clock.now().toISOString().slice(0, 7).replace('-', '');

  it('records a return, restocking only the lines that say so, with its event and in the list', async () => {
    const s = await fresh();
    const east = await s.warehouse('EAST');
    const a = await s.product();
    const b = await s.product();
    const order = await shippedOrder(s, [
      { product_id: a, quantity: 5, shipped: 5 },
      { product_id: b, quantity: 3, shipped: 3 },
    ]);
    const res = await s.call('POST', returnsOf(order.orderId), {
      warehouse_id: east,
      reason: 'Damaged in transit ',
      notes: 'Box crushed',
      lines: [
        { order_line_id: order.lineIds[0], quantity: 2, restock: true },
        { order_line_id: order.lineIds[0], quantity: 1, restock: false },
        { order_line_id: order.lineIds[1], quantity: 3, restock: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBeTruthy();
    const created = res.json().data;
    expect(created).toMatchObject({
      return_number: `RT-${period()}-0001`,
      order_id: order.orderId,
      warehouse_id: east,
      reason: 'Damaged in transit',
      notes: 'Box crushed',
      total_quantity: 6,
      restocked_quantity: 5,
      created_by: s.tenant.adminId,
    });
    expect(created.lines).toEqual([
      expect.objectContaining({
        order_line_id: order.lineIds[0],
        product_id: a,
        position: 1,
        quantity: 2,
        restock: true,
      }),
      expect.objectContaining({
        order_line_id: order.lineIds[0],
        product_id: a,
        position: 2,
        quantity: 1,
        restock: false,
      }),
      expect.objectContaining({
        order_line_id: order.lineIds[1],
        product_id: b,
        position: 3,
        quantity: 3,
        restock: true,
      }),
    ]);

    // Stock back in the return's warehouse: one `return` movement per restocked line, naming the return.
    expect(await onHand(s, a, east)).toBe(2);
    expect(await onHand(s, b, east)).toBe(3);
    const movements = [...(await s.movements(a)), ...(await s.movements(b))].filter((m) => m.type === 'return');
    expect(movements.map((m) => [m.product_id, m.warehouse_id, m.quantity])).toEqual([
      [a, east, 2],
      [b, east, 3],
    ]);
    for (const m of movements)
      expect(m).toMatchObject({
        reference_type: 'sales_return',
        reference_id: created.id,
        created_by: s.tenant.adminId,
      });
    expect(await s.movements(a)).toHaveLength(1);

    const events = await s.events('order.returned', order.orderId);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      order: { id: order.orderId, order_number: order.orderNumber, status: 'shipped' },
      return: { id: created.id, return_number: created.return_number, total_quantity: 6 },
      lines: created.lines,
    });

    const second = await s.call('POST', returnsOf(order.orderId), {
      warehouse_id: s.tenant.defaultWarehouseId,
      reason: 'Changed mind',
      lines: [{ order_line_id: order.lineIds[0], quantity: 2, restock: false }],
    });
    expect(second.json().data.return_number).toBe(`RT-${period()}-0002`);
    const list = await s.call('GET', returnsOf(order.orderId));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([created.id, second.json().data.id]);
    expect(list.json().data[0]).toEqual(created);
    expect(list.json().meta.total).toBe(2);
  });

  it('refuses more than shipped - returned, naming the line, and writes nothing', async () => {
    const s = await fresh();
    const a = await s.product();
    const b = await s.product();
    const order = await shippedOrder(
      s,
      [
        { product_id: a, quantity: 5, shipped: 3 },
        { product_id: b, quantity: 2, shipped: 2 },
      ],
      'partially_shipped',
    );
    // A shipment not yet shipped does not count.
    await insertShipment(
      s.db,
      s.tenant.tenantId,
      order.orderId,
      s.tenant.defaultWarehouseId,
      [{ order_line_id: order.lineIds[0]!, product_id: a, quantity: 2 }],
      'packed',
    );
    const first = await s.call('POST', returnsOf(order.orderId), {
      warehouse_id: s.tenant.defaultWarehouseId,
      reason: 'Faulty',
      lines: [{ order_line_id: order.lineIds[0], quantity: 2, restock: true }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const product = (await s.db.selectFrom('products').select('sku').where('id', '=', a).executeTakeFirstOrThrow()).sku;

    const refused = await s.call('POST', returnsOf(order.orderId), {
      warehouse_id: s.tenant.defaultWarehouseId,
      reason: 'Faulty',
      lines: [
        { order_line_id: order.lineIds[1], quantity: 1, restock: true },
        { order_line_id: order.lineIds[0], quantity: 2, restock: true },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'lines.1.quantity': [`Cannot return 2 of line 1 (${product}): 3 shipped, 2 returned, 1 returnable.`],
    });
    const other = await shippedOrder(s, [{ product_id: a, quantity: 1, shipped: 1 }]);
    const foreignLine = await s.call('POST', returnsOf(order.orderId), {
      warehouse_id: s.tenant.defaultWarehouseId,
      reason: 'Faulty',
      lines: [{ order_line_id: other.lineIds[0], quantity: 1, restock: true }],
    });
    expect(foreignLine.json().errors).toEqual({
      'lines.0.order_line_id': ['The selected order line id is not a line of this order.'],
    });
    expect(
      await s.db.selectFrom('sales_returns').select('id').where('order_id', '=', order.orderId).execute(),
    ).toHaveLength(1);
    expect(await onHand(s, b, s.tenant.defaultWarehouseId)).toBe(0);
    expect((await s.movements(a)).filter((m) => m.type === 'return')).toHaveLength(1);
    expect(await s.events('order.returned', order.orderId)).toHaveLength(1);
  });

  it('refuses an order that has shipped nothing yet, naming its status and the allowed ones', async () => {
    const s = await fresh();
    const a = await s.product();
    for (const status of ['draft', 'pending_approval', 'confirmed', 'on_hold', 'cancelled'] as const) {
      const order = await insertOrder(s.db, s.tenant.tenantId, { status, lines: [{ product_id: a, quantity: 1 }] });
      const res = await s.call('POST', returnsOf(order.orderId), {
        warehouse_id: s.tenant.defaultWarehouseId,
        reason: 'Faulty',
        lines: [{ order_line_id: order.lineIds[0], quantity: 1, restock: true }],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'invalid_transition',
        message: `Cannot return goods of a sales order whose status is ${status}; only partially_shipped, shipped, completed sales orders can have returns.`,
      });
    }
    const completed = await shippedOrder(s, [{ product_id: a, quantity: 1, shipped: 1 }], 'completed');
    const res = await s.call('POST', returnsOf(completed.orderId), {
      warehouse_id: s.tenant.defaultWarehouseId,
      reason: 'Faulty',
      lines: [{ order_line_id: completed.lineIds[0], quantity: 1, restock: false }],
    });
    expect(res.statusCode).toBe(201);
  });

  it("answers 404 for an unknown or other tenant's order and 422 for bad input", async () => {
    const s = await fresh();
    const other = await fresh();
    const a = await other.product();
    const theirs = await shippedOrder(other, [{ product_id: a, quantity: 2, shipped: 2 }]);
    const body = {
      warehouse_id: s.tenant.defaultWarehouseId,
      reason: 'Faulty',
      lines: [{ order_line_id: theirs.lineIds[0], quantity: 1, restock: true }],
    };
    for (const id of [theirs.orderId, newId(), 'nope']) {
      expect((await s.call('POST', returnsOf(id), body)).statusCode).toBe(404);
      expect((await s.call('GET', returnsOf(id))).statusCode).toBe(404);
    }
    const mine = await shippedOrder(s, [{ product_id: await s.product(), quantity: 2, shipped: 2 }]);
    const line = { order_line_id: mine.lineIds[0], quantity: 1, restock: true };
    const warehouse = await s.call('POST', returnsOf(mine.orderId), {
      ...body,
      warehouse_id: other.tenant.defaultWarehouseId,
      lines: [line],
    });
    expect(warehouse.statusCode).toBe(422);
    expect(warehouse.json().errors).toEqual({ warehouse_id: ['The selected warehouse id is invalid.'] });
    for (const bad of [
      { ...body, lines: [] },
      { ...body, lines: [{ ...line, quantity: 0 }] },
      { ...body, lines: [{ order_line_id: line.order_line_id, quantity: 1 }] },
      { ...body, reason: '  ', lines: [line] },
      { warehouse_id: s.tenant.defaultWarehouseId, lines: [line] },
    ]) {
      const res = await s.call('POST', returnsOf(mine.orderId), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect(await s.db.selectFrom('sales_returns').select('id').where('order_id', '=', mine.orderId).execute()).toEqual(
      [],
    );
  });

  it('opens the list to sales:view-orders and the return to sales:edit-orders', async () => {
    const s = await fresh();
    const order = await shippedOrder(s, [{ product_id: await s.product(), quantity: 1, shipped: 1 }]);
    const viewer = bearer(
      await makeToken(t.services, s.tenant.tenantId, s.tenant.adminId, { abilities: ['sales:view-orders'] }),
    );
    expect((await s.call('GET', returnsOf(order.orderId), undefined, viewer)).statusCode).toBe(200);
    const body = {
      warehouse_id: s.tenant.defaultWarehouseId,
      reason: 'Faulty',
      lines: [{ order_line_id: order.lineIds[0], quantity: 1, restock: true }],
    };
    expect((await s.call('POST', returnsOf(order.orderId), body, viewer)).statusCode).toBe(403);
  });

  it('parallel returns of one line never pass what shipped', async () => {
    const s = await fresh();
    const a = await s.product();
    const order = await shippedOrder(s, [{ product_id: a, quantity: 5, shipped: 5 }]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.call('POST', returnsOf(order.orderId), {
          warehouse_id: s.tenant.defaultWarehouseId,
          reason: 'Recall',
          lines: [{ order_line_id: order.lineIds[0], quantity: 2, restock: true }],
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 422, 422, 422, 422]);
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json().data.return_number);
    expect(new Set(numbers).size).toBe(2);
    expect(await onHand(s, a, s.tenant.defaultWarehouseId)).toBe(4);
    const lines = await s.db
      .selectFrom('sales_return_lines')
      .select('quantity')
      .where('order_line_id', '=', order.lineIds[0]!)
      .execute();
    expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(4);
  });
});
