// Shipments through HTTP: created from what the order holds reserved in a warehouse, the steps, shipping (the
// reservations it consumes, the stock it takes out, its movements, the order's status, events, audit), the
// refusals, the lists, and the ledger reconciled after each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/lib/ids.js';
import { apiBuilders, type ApiBuilders } from '../../helpers/api-builders.js';
import { makeProduct, makeTenantWithToken } from '../../helpers/factories.js';
import { makeSalesOrder, type ReservedLine } from '../../helpers/sales-fixtures.js';
import { buildTestApp, jsonCaller, type HttpMethod, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1';
const SHIP = { carrier: 'DHL', service: 'Express', tracking_numbers: ['JD0146000062'] };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('shipments', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let build: ApiBuilders;
  let main: string;
  let second: string;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    build = apiBuilders(t.app, t.auth);
    main = t.tenant.defaultWarehouseId;
    second = (await build.warehouse()).id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const tenantId = () => t.tenant.tenantId;

  const ok = async (method: HttpMethod, url: string, payload?: unknown, status = method === 'POST' ? 200 : 200) => {
    const res = await call(method, `${API}${url}`, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json().data as Json;
  };
  const refused = async (method: HttpMethod, url: string, payload: unknown, status: number) => {
    const res = await call(method, `${API}${url}`, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as Json;
  };
  /** A product with `onHand` in each warehouse named. */
  const stocked = async (onHand: Record<string, number>) => {
    const id = await makeProduct(db(), tenantId());
    for (const [warehouse_id, quantity] of Object.entries(onHand))
      await ok('POST', '/operations/inventory/adjust', { product_id: id, warehouse_id, quantity, reason: 'Opening' });
    return id;
  };
  const order = (lines: ReservedLine[], status?: 'confirmed' | 'on_hold') =>
    makeSalesOrder(t.services, tenantId(), lines, { status, shipTo: { street: '3 Dock Road', city: 'Hull' } });
  const createShipment = (orderId: string, body: Json) => ok('POST', `/sales/orders/${orderId}/shipments`, body, 201);
  const record = (productId: string, warehouseId: string) =>
    db()
      .selectFrom('inventory_records')
      .select(['quantity_on_hand', 'quantity_reserved'])
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirstOrThrow();
  const reservations = (productId: string) =>
    db()
      .selectFrom('stock_reservations')
      .select(['order_line_id', 'warehouse_id', 'quantity', 'consumed_quantity', 'status'])
      .where('product_id', '=', productId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const orderStatus = async (orderId: string) =>
    (await db().selectFrom('sales_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
  const reconciled = async () => expect(await ok('GET', '/operations/inventory/reconcile')).toEqual([]);
  const events = (entityId: string) =>
    db()
      .selectFrom('event_outbox')
      .select(['event_type', 'payload'])
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  describe('create', () => {
    it('takes everything the order holds reserved in the warehouse: a draft numbered SH-<yyyymm>-<seq>', async () => {
      const p1 = await stocked({ [main]: 10 });
      const p2 = await stocked({ [main]: 10 });
      const o = await order([
        { productId: p1, quantity: 3, reserve: [{ warehouseId: main, quantity: 3 }] },
        { productId: p2, quantity: 5, reserve: [{ warehouseId: main, quantity: 2 }] },
      ]);
      const res = await call('POST', `${API}/sales/orders/${o.orderId}/shipments`, {
        warehouse_id: main,
        notes: 'Fragile',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers.etag).toBeTruthy();
      const shipment = res.json().data;
      expect(shipment).toMatchObject({
        order_id: o.orderId,
        order_number: o.orderNumber,
        warehouse_id: main,
        status: 'draft',
        notes: 'Fragile',
        tracking_numbers: [],
        total_quantity: 5,
        allowed_actions: ['pick', 'pack', 'ship', 'cancel'],
      });
      expect(shipment.shipment_number).toMatch(/^SH-\d{6}-\d{4}$/);
      expect(shipment.lines.map((l: Json) => [l.order_line_id, l.product_id, l.quantity])).toEqual([
        [o.lineIds[0], p1, 3],
        [o.lineIds[1], p2, 2],
      ]);
      expect((await events(shipment.id)).map((e) => e.event_type)).toEqual(['shipment.created']);
      // Nothing moves before it ships.
      expect(await record(p1, main)).toEqual({ quantity_on_hand: 10, quantity_reserved: 3 });
      // What an open shipment holds cannot go into a second one.
      const again = await refused('POST', `/sales/orders/${o.orderId}/shipments`, { warehouse_id: main }, 422);
      expect(again.errors.warehouse_id[0]).toContain('remains to ship');
    });

    it('takes chosen lines and quantities, refusing more than is reserved there and not in an open shipment', async () => {
      const p1 = await stocked({ [main]: 10 });
      const o = await order([{ productId: p1, quantity: 6, reserve: [{ warehouseId: main, quantity: 6 }] }]);
      const line = o.lineIds[0]!;
      const first = await createShipment(o.orderId, {
        warehouse_id: main,
        lines: [{ order_line_id: line, quantity: 4 }],
      });
      expect(first.total_quantity).toBe(4);
      const over = await refused(
        'POST',
        `/sales/orders/${o.orderId}/shipments`,
        { warehouse_id: main, lines: [{ order_line_id: line, quantity: 3 }] },
        422,
      );
      expect(over.errors['lines.0.quantity'][0]).toBe(
        `Line 1 (${first.lines[0].product_sku}): at most 2 can be shipped from warehouse ${first.warehouse_code}, reserved there and not in another open shipment; requested 3.`,
      );
      // A line named twice counts with both quantities.
      const twice = await refused(
        'POST',
        `/sales/orders/${o.orderId}/shipments`,
        {
          warehouse_id: main,
          lines: [
            { order_line_id: line, quantity: 1 },
            { order_line_id: line, quantity: 2 },
          ],
        },
        422,
      );
      expect(Object.keys(twice.errors)).toEqual(['lines.1.quantity']);
      // Nothing is reserved in the other warehouse.
      const elsewhere = await refused(
        'POST',
        `/sales/orders/${o.orderId}/shipments`,
        { warehouse_id: second, lines: [{ order_line_id: line, quantity: 1 }] },
        422,
      );
      expect(elsewhere.errors['lines.0.quantity'][0]).toContain('at most 0');
      const unknownLine = await refused(
        'POST',
        `/sales/orders/${o.orderId}/shipments`,
        { warehouse_id: main, lines: [{ order_line_id: newId(), quantity: 1 }] },
        422,
      );
      expect(unknownLine.errors['lines.0.order_line_id']).toEqual(['The selected order line id is invalid.']);
      const unknownWarehouse = await refused(
        'POST',
        `/sales/orders/${o.orderId}/shipments`,
        { warehouse_id: newId() },
        422,
      );
      expect(unknownWarehouse.errors.warehouse_id).toEqual(['The selected warehouse id is invalid.']);
      // A cancelled shipment gives its quantities back.
      await ok('POST', `/sales/shipments/${first.id}/cancel`, { reason: 'Collected in person' });
      expect(
        (await createShipment(o.orderId, { warehouse_id: main, lines: [{ order_line_id: line, quantity: 6 }] }))
          .total_quantity,
      ).toBe(6);
    });

    it('refuses an order on hold (422 invalid_transition), an unknown or another tenant’s order (404)', async () => {
      const p1 = await stocked({ [main]: 5 });
      const held = await order(
        [{ productId: p1, quantity: 1, reserve: [{ warehouseId: main, quantity: 1 }] }],
        'on_hold',
      );
      const res = await refused('POST', `/sales/orders/${held.orderId}/shipments`, { warehouse_id: main }, 422);
      expect(res).toMatchObject({
        code: 'invalid_transition',
        message:
          'Cannot create a shipment for a sales order whose status is on_hold; only confirmed, partially_shipped orders can ship.',
      });
      await refused('POST', `/sales/orders/${newId()}/shipments`, { warehouse_id: main }, 404);
      const other = await makeTenantWithToken(t.services);
      const theirs = await makeSalesOrder(t.services, other.tenant.tenantId, [
        { productId: await makeProduct(db(), other.tenant.tenantId), quantity: 1 },
      ]);
      await refused('POST', `/sales/orders/${theirs.orderId}/shipments`, { warehouse_id: main }, 404);
      await refused('GET', `/sales/orders/${theirs.orderId}/shipments`, undefined, 404);
    });
  });

  describe('ship', () => {
    it('consumes the reservations, lowers on hand and reserved, writes one movement per line, moves the order', async () => {
      const p1 = await stocked({ [main]: 10 });
      const p2 = await stocked({ [main]: 10 });
      const o = await order([
        { productId: p1, quantity: 4, reserve: [{ warehouseId: main, quantity: 4 }] },
        { productId: p2, quantity: 2, reserve: [{ warehouseId: main, quantity: 2 }] },
      ]);
      const first = await createShipment(o.orderId, {
        warehouse_id: main,
        lines: [{ order_line_id: o.lineIds[0], quantity: 3 }],
      });
      expect((await ok('POST', `/sales/shipments/${first.id}/pick`, {})).status).toBe('picking');
      expect((await ok('POST', `/sales/shipments/${first.id}/pack`, { notes: 'One carton' })).status).toBe('packed');
      const shipped = await ok('POST', `/sales/shipments/${first.id}/ship`, {
        ...SHIP,
        shipped_at: '2026-12-02T15:30:00.000Z',
      });
      expect(shipped).toMatchObject({
        status: 'shipped',
        carrier: 'DHL',
        service: 'Express',
        tracking_numbers: ['JD0146000062'],
        shipped_at: '2026-12-02T15:30:00.000Z',
        notes: 'One carton',
        allowed_actions: ['deliver'],
      });
      expect(await record(p1, main)).toEqual({ quantity_on_hand: 7, quantity_reserved: 1 });
      // One reservation partly consumed keeps the rest active.
      expect(await reservations(p1)).toEqual([
        { order_line_id: o.lineIds[0], warehouse_id: main, quantity: 1, consumed_quantity: 3, status: 'active' },
      ]);
      expect(await orderStatus(o.orderId)).toBe('partially_shipped');
      const movements = await db()
        .selectFrom('stock_movements')
        .select(['type', 'quantity', 'quantity_before', 'quantity_after', 'reference_type', 'reference_id'])
        .where('product_id', '=', p1)
        .where('type', '=', 'shipment')
        .execute();
      expect(movements).toEqual([
        {
          type: 'shipment',
          quantity: -3,
          quantity_before: 10,
          quantity_after: 7,
          reference_type: 'shipment',
          reference_id: first.id,
        },
      ]);
      await reconciled();

      const rest = await createShipment(o.orderId, { warehouse_id: main });
      expect(rest.lines.map((l: Json) => l.quantity)).toEqual([1, 2]);
      await ok('POST', `/sales/shipments/${rest.id}/ship`, { carrier: 'UPS' });
      expect(await reservations(p1)).toEqual([
        { order_line_id: o.lineIds[0], warehouse_id: main, quantity: 0, consumed_quantity: 4, status: 'consumed' },
      ]);
      expect(await record(p2, main)).toEqual({ quantity_on_hand: 8, quantity_reserved: 0 });
      expect(await orderStatus(o.orderId)).toBe('shipped');
      const orderEvents = await events(o.orderId);
      expect(orderEvents.map((e) => [e.event_type, e.payload?.from, e.payload?.to])).toEqual([
        ['order.status_changed', 'confirmed', 'partially_shipped'],
        ['order.status_changed', 'partially_shipped', 'shipped'],
      ]);
      expect((await events(rest.id)).map((e) => e.event_type)).toEqual(['shipment.created', 'shipment.shipped']);
      const audit = await ok('GET', `/audit-log?entity_id=${first.id}`);
      expect(audit.map((e: Json) => e.action).sort()).toEqual([
        'shipment.created',
        'shipment.packed',
        'shipment.picked',
        'shipment.shipped',
      ]);
      const delivered = await ok('POST', `/sales/shipments/${rest.id}/deliver`, {});
      expect(delivered).toMatchObject({ status: 'delivered', allowed_actions: [] });
      expect(delivered.delivered_at).toBeTruthy();
      await reconciled();
    });

    it('consumes only its own reservations: another order’s and manual ones stay', async () => {
      const p1 = await stocked({ [main]: 20 });
      await ok('POST', '/operations/inventory/reserve', { product_id: p1, quantity: 2, reference_type: 'manual' });
      const theirs = await order([{ productId: p1, quantity: 5, reserve: [{ warehouseId: main, quantity: 5 }] }]);
      const mine = await order([{ productId: p1, quantity: 3, reserve: [{ warehouseId: main, quantity: 3 }] }]);
      const shipment = await createShipment(mine.orderId, { warehouse_id: main });
      await ok('POST', `/sales/shipments/${shipment.id}/ship`, SHIP);
      expect(await record(p1, main)).toEqual({ quantity_on_hand: 17, quantity_reserved: 7 });
      expect((await reservations(p1)).map((r) => [r.order_line_id, r.quantity, r.status])).toEqual([
        [null, 2, 'active'],
        [theirs.lineIds[0], 5, 'active'],
        [mine.lineIds[0], 0, 'consumed'],
      ]);
      await reconciled();
    });

    it('ships a line reserved in two warehouses from both, one shipment each', async () => {
      const p1 = await stocked({ [main]: 4, [second]: 6 });
      const o = await order([
        {
          productId: p1,
          quantity: 7,
          reserve: [
            { warehouseId: main, quantity: 4 },
            { warehouseId: second, quantity: 3 },
          ],
        },
      ]);
      const fromMain = await createShipment(o.orderId, { warehouse_id: main });
      const fromSecond = await createShipment(o.orderId, { warehouse_id: second });
      expect([fromMain.total_quantity, fromSecond.total_quantity]).toEqual([4, 3]);
      await ok('POST', `/sales/shipments/${fromSecond.id}/ship`, SHIP);
      expect(await orderStatus(o.orderId)).toBe('partially_shipped');
      await ok('POST', `/sales/shipments/${fromMain.id}/ship`, SHIP);
      expect(await record(p1, main)).toEqual({ quantity_on_hand: 0, quantity_reserved: 0 });
      expect(await record(p1, second)).toEqual({ quantity_on_hand: 3, quantity_reserved: 0 });
      expect(await orderStatus(o.orderId)).toBe('shipped');
      // The record in main reached 0: its out-of-stock event; each shipment movement its own event.
      const mainRecord = await db()
        .selectFrom('inventory_records')
        .select('id')
        .where('product_id', '=', p1)
        .where('warehouse_id', '=', main)
        .executeTakeFirstOrThrow();
      const recordEvents = await events(mainRecord.id);
      expect(recordEvents.map((e) => e.event_type)).toContain('inventory.out_of_stock');
      expect(recordEvents.find((e) => e.event_type === 'inventory.out_of_stock')?.payload).toMatchObject({
        quantity_on_hand: 0,
        movement: { type: 'shipment', quantity: -4, reference_id: fromMain.id },
      });
      const shipped = await db()
        .selectFrom('stock_movements')
        .select('id')
        .where('product_id', '=', p1)
        .where('type', '=', 'shipment')
        .execute();
      expect(shipped).toHaveLength(2);
      for (const m of shipped)
        expect((await events(m.id)).map((e) => e.event_type)).toEqual(['stock_movement.recorded']);
      await reconciled();
    });

    it('aggregates the lines of one product: one conditional update, one movement per line', async () => {
      const p1 = await stocked({ [main]: 10 });
      const o = await order([
        { productId: p1, quantity: 3, reserve: [{ warehouseId: main, quantity: 3 }] },
        { productId: p1, quantity: 4, reserve: [{ warehouseId: main, quantity: 4 }] },
      ]);
      const shipment = await createShipment(o.orderId, { warehouse_id: main });
      await ok('POST', `/sales/shipments/${shipment.id}/ship`, SHIP);
      expect(await record(p1, main)).toEqual({ quantity_on_hand: 3, quantity_reserved: 0 });
      const movements = await db()
        .selectFrom('stock_movements')
        .select(['quantity', 'quantity_before', 'quantity_after'])
        .where('product_id', '=', p1)
        .where('type', '=', 'shipment')
        .orderBy('id')
        .execute();
      expect(movements).toEqual([
        { quantity: -3, quantity_before: 10, quantity_after: 7 },
        { quantity: -4, quantity_before: 7, quantity_after: 3 },
      ]);
      await reconciled();
    });

    it('refuses a line that holds too little reserved in the warehouse (409), taking nothing from elsewhere', async () => {
      const p1 = await stocked({ [main]: 10, [second]: 10 });
      // The record in main holds another order's reservation, enough for the update of the record alone.
      await order([{ productId: p1, quantity: 5, reserve: [{ warehouseId: main, quantity: 5 }] }]);
      const o = await order([{ productId: p1, quantity: 2, reserve: [{ warehouseId: second, quantity: 2 }] }]);
      const shipment = await createShipment(o.orderId, { warehouse_id: second });
      // The shipment is moved to a warehouse where the line holds nothing.
      await db().updateTable('shipments').set({ warehouse_id: main }).where('id', '=', shipment.id).execute();
      const res = await refused('POST', `/sales/shipments/${shipment.id}/ship`, SHIP, 409);
      expect(res.code).toBe('reservation_location_mismatch');
      expect(res.message).toContain(`Order line ${o.lineIds[0]} holds 0 reserved in warehouse`);
      expect(await record(p1, main)).toEqual({ quantity_on_hand: 10, quantity_reserved: 5 });
      expect(await record(p1, second)).toEqual({ quantity_on_hand: 10, quantity_reserved: 2 });
      expect((await ok('GET', `/sales/shipments/${shipment.id}`)).status).toBe('draft');
      expect(await orderStatus(o.orderId)).toBe('confirmed');
      // The same where the record itself holds too little reserved.
      const p2 = await stocked({ [main]: 10, [second]: 10 });
      const o2 = await order([{ productId: p2, quantity: 2, reserve: [{ warehouseId: second, quantity: 2 }] }]);
      const s2 = await createShipment(o2.orderId, { warehouse_id: second });
      await db().updateTable('shipments').set({ warehouse_id: main }).where('id', '=', s2.id).execute();
      expect((await refused('POST', `/sales/shipments/${s2.id}/ship`, SHIP, 409)).code).toBe(
        'reservation_location_mismatch',
      );
      await reconciled();
    });

    it('refuses an order on hold or cancelled, and a shipment already shipped or cancelled (422 invalid_transition)', async () => {
      const p1 = await stocked({ [main]: 10 });
      const o = await order([{ productId: p1, quantity: 2, reserve: [{ warehouseId: main, quantity: 2 }] }]);
      const shipment = await createShipment(o.orderId, { warehouse_id: main });
      for (const status of ['on_hold', 'cancelled'] as const) {
        await db().updateTable('sales_orders').set({ status }).where('id', '=', o.orderId).execute();
        expect(await refused('POST', `/sales/shipments/${shipment.id}/ship`, SHIP, 422)).toMatchObject({
          code: 'invalid_transition',
          message: `Cannot ship a sales order whose status is ${status}; only confirmed, partially_shipped orders can ship.`,
        });
      }
      await db().updateTable('sales_orders').set({ status: 'confirmed' }).where('id', '=', o.orderId).execute();
      await ok('POST', `/sales/shipments/${shipment.id}/ship`, SHIP);
      expect(await refused('POST', `/sales/shipments/${shipment.id}/ship`, SHIP, 422)).toMatchObject({
        code: 'invalid_transition',
        message:
          'Cannot ship a shipment whose status is shipped; only draft, picking, packed shipments can be shipped.',
      });
      expect((await refused('POST', `/sales/shipments/${shipment.id}/cancel`, {}, 422)).code).toBe(
        'invalid_transition',
      );
      expect((await refused('POST', `/sales/shipments/${shipment.id}/pick`, {}, 422)).code).toBe('invalid_transition');
      await refused('POST', `/sales/shipments/${newId()}/ship`, SHIP, 404);
      await refused('POST', `/sales/shipments/${shipment.id}/ship`, { carrier: '' }, 422);
    });

    it('ships a shipment once when two requests race for it', async () => {
      const p1 = await stocked({ [main]: 10 });
      const o = await order([{ productId: p1, quantity: 2, reserve: [{ warehouseId: main, quantity: 2 }] }]);
      const shipment = await createShipment(o.orderId, { warehouse_id: main });
      const answers = await Promise.all(
        [1, 2].map(() => call('POST', `${API}/sales/shipments/${shipment.id}/ship`, SHIP)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
      expect(await record(p1, main)).toEqual({ quantity_on_hand: 8, quantity_reserved: 0 });
      await reconciled();
    });
  });

  describe('the order’s cancellation', () => {
    it('closing the order cancels its open shipments in its transaction and leaves shipped ones', async () => {
      const p1 = await stocked({ [main]: 10 });
      const o = await order([{ productId: p1, quantity: 4, reserve: [{ warehouseId: main, quantity: 4 }] }]);
      const line = o.lineIds[0]!;
      const shipped = await createShipment(o.orderId, {
        warehouse_id: main,
        lines: [{ order_line_id: line, quantity: 1 }],
      });
      await ok('POST', `/sales/shipments/${shipped.id}/ship`, SHIP);
      const picking = await createShipment(o.orderId, {
        warehouse_id: main,
        lines: [{ order_line_id: line, quantity: 2 }],
      });
      await ok('POST', `/sales/shipments/${picking.id}/pick`, {});
      const draft = await createShipment(o.orderId, { warehouse_id: main });
      await ok('POST', `/sales/orders/${o.orderId}/close`, { reason: 'Order closed' });
      const after = await ok('GET', `/sales/orders/${o.orderId}/shipments?sort_direction=asc`);
      expect(after.map((s: Json) => [s.id, s.status, s.cancellation_reason])).toEqual([
        [shipped.id, 'shipped', null],
        [picking.id, 'cancelled', 'Order closed'],
        [draft.id, 'cancelled', 'Order closed'],
      ]);
      const audit = await ok('GET', `/audit-log?entity_id=${picking.id}&action=shipment.cancelled`);
      expect(audit[0].changes.status).toEqual({ before: 'picking', after: 'cancelled' });
      expect((await events(draft.id)).map((e) => e.event_type)).toEqual(['shipment.created', 'shipment.cancelled']);
    });
  });

  describe('lists', () => {
    it('lists shipments by order, warehouse and status, and an order’s shipments', async () => {
      const p1 = await stocked({ [main]: 10, [second]: 10 });
      const o = await order([
        {
          productId: p1,
          quantity: 4,
          reserve: [
            { warehouseId: main, quantity: 2 },
            { warehouseId: second, quantity: 2 },
          ],
        },
      ]);
      const a = await createShipment(o.orderId, { warehouse_id: main });
      const b = await createShipment(o.orderId, { warehouse_id: second });
      await ok('POST', `/sales/shipments/${b.id}/ship`, SHIP);
      const all = await call('GET', `${API}/sales/shipments?order_id=${o.orderId}`);
      expect(all.json().data.map((s: Json) => s.id)).toEqual([b.id, a.id]);
      expect(all.json().meta).toMatchObject({ total: 2 });
      const shipped = await ok('GET', `/sales/shipments?order_id=${o.orderId}&status=shipped`);
      expect(shipped.map((s: Json) => s.id)).toEqual([b.id]);
      const inSecond = await ok('GET', `/sales/shipments?order_id=${o.orderId}&warehouse_id=${second}`);
      expect(inSecond.map((s: Json) => s.id)).toEqual([b.id]);
      const page = await call('GET', `${API}/sales/orders/${o.orderId}/shipments?per_page=1&sort_direction=asc`);
      expect(page.json().data.map((s: Json) => s.id)).toEqual([a.id]);
      expect(page.json().meta).toMatchObject({ total: 2, per_page: 1 });
      expect((await ok('GET', `/sales/shipments/${a.id}`)).lines).toHaveLength(1);
      await refused('GET', `/sales/shipments?status=lost`, undefined, 422);
      await refused('GET', `/sales/shipments?colour=red`, undefined, 422);
      const other = await makeTenantWithToken(t.services);
      const res = await jsonCaller(t.app, other.auth)('GET', `${API}/sales/shipments/${a.id}`);
      expect(res.statusCode).toBe(404);
    });
  });
});
