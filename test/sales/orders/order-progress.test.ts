// What shipping does to an order's status (order-progress.ts), and what an order that shipped allows: the shipments
// part calls recordShipmentProgress in its shipping transaction; here the shipments are written straight into their
// tables, as a shipment that shipped leaves them, and the progress is recorded as that transaction would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/transaction.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { makeTenantWithToken, type TenantFixture } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const ORDERS = '/api/v1/sales/orders';
const NOW = '2026-12-02T09:14:00.000Z';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as loosely as the JSON they are
type Json = Record<string, any>;

describe('sales order shipping progress', () => {
  let t: TestApp;
  let tenant: TenantFixture;
  let call: ReturnType<typeof jsonCaller>;
  let build: ReturnType<typeof apiBuilders>;
  let sequence = 0;

  beforeAll(async () => {
    t = await buildTestApp({ clock: new FixedClock(new Date(NOW)) });
    const own = await makeTenantWithToken(t.services);
    tenant = own.tenant;
    call = jsonCaller(t.app, own.auth);
    build = apiBuilders(t.app, own.auth);
  });
  afterAll(() => t.close());

  const act = async (id: string, action: string, body: Json = {}) => {
    const res = await call('POST', `${ORDERS}/${id}/${action}`, body);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    return res.json().data as Json;
  };
  const read = async (id: string) => (await call('GET', `${ORDERS}/${id}`)).json().data as Json;

  /** A confirmed order of two lines, 3 and 2 units. */
  async function confirmedOrder() {
    const [a, b] = [await build.product(), await build.product()];
    const order = await build.salesOrder({
      lines: [
        { product_id: a.id, quantity: 3, unit_price: 1 },
        { product_id: b.id, quantity: 2, unit_price: 1 },
      ],
    });
    await act(order.id, 'confirm');
    return { id: order.id, lines: order.lines! };
  }

  /** A shipment of the order in `status` with `quantities` by line, then the progress its shipping records. */
  async function ship(orderId: string, quantities: Array<[Json, number]>, status: 'shipped' | 'packed' = 'shipped') {
    return inTransaction(t.database.db, async (trx) => {
      const shipmentId = newId();
      await trx
        .insertInto('shipments')
        .values({
          id: shipmentId,
          tenant_id: tenant.tenantId,
          shipment_number: `SH-TEST-${++sequence}`,
          order_id: orderId,
          warehouse_id: tenant.defaultWarehouseId,
          status,
          carrier: null,
          service: null,
          tracking_numbers: null,
          notes: null,
          picked_at: null,
          packed_at: null,
          shipped_at: status === 'shipped' ? NOW : null,
          delivered_at: null,
          cancelled_at: null,
          cancellation_reason: null,
          created_by: null,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
      await trx
        .insertInto('shipment_lines')
        .values(
          quantities.map(([line, quantity], position) => ({
            id: newId(),
            tenant_id: tenant.tenantId,
            shipment_id: shipmentId,
            order_line_id: line.id as string,
            product_id: line.product_id as string,
            position,
            quantity,
          })),
        )
        .execute();
      return t.services.sales.orders.progress.recordShipmentProgress(trx, tenant.tenantId, orderId, tenant.adminId);
    });
  }

  const statusEvents = async (id: string) =>
    (
      await t.database.db
        .selectFrom('event_outbox')
        .select('payload')
        .where('entity_id', '=', id)
        .where('event_type', '=', 'order.status_changed')
        .orderBy('id')
        .execute()
    ).map((e) => [(e.payload as Json).from, (e.payload as Json).to]);

  it('moves a confirmed order to partially_shipped, then to shipped when nothing is open', async () => {
    const order = await confirmedOrder();
    const [a, b] = order.lines;
    expect(await ship(order.id, [[a!, 1]])).toBe('partially_shipped');
    let current = await read(order.id);
    expect(current).toMatchObject({ status: 'partially_shipped', shipped_at: null });
    expect(current.lines.map((l: Json) => [l.quantity_shipped, l.quantity_backordered])).toEqual([
      [1, 2],
      [0, 2],
    ]);
    // A shipment that has not left changes nothing.
    expect(await ship(order.id, [[b!, 2]], 'packed')).toBe('partially_shipped');
    expect(await ship(order.id, [[a!, 2]])).toBe('partially_shipped');
    expect(await ship(order.id, [[b!, 2]])).toBe('shipped');
    current = await read(order.id);
    expect(current).toMatchObject({ status: 'shipped', shipped_at: NOW, allowed_actions: ['complete'] });
    expect(await statusEvents(order.id)).toEqual([
      ['draft', 'confirmed'],
      ['confirmed', 'partially_shipped'],
      ['partially_shipped', 'shipped'],
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(audit.map((e) => e.action)).toContain('sales_order.partially_shipped');
    expect(audit.map((e) => e.action)).toContain('sales_order.shipped');
    expect((await act(order.id, 'complete')).status).toBe('completed');
  });

  it('refuses to cancel an order that shipped goods; close cuts what remains and leaves it shipped', async () => {
    const order = await confirmedOrder();
    const [a] = order.lines;
    await ship(order.id, [[a!, 1]]);
    const refused = await call('POST', `${ORDERS}/${order.id}/cancel`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'invalid_transition',
      message:
        'Cannot cancel a sales order whose status is partially_shipped; only draft, pending_approval, confirmed, on_hold sales orders can be cancelled.',
    });
    const closed = await act(order.id, 'close', { reason: 'Rest discontinued' });
    expect(closed).toMatchObject({ status: 'shipped', shipped_at: NOW, close_reason: 'Rest discontinued' });
    expect(closed.lines.map((l: Json) => [l.quantity_shipped, l.quantity_cancelled, l.quantity_backordered])).toEqual([
      [1, 2, 0],
      [0, 2, 0],
    ]);
  });

  it('refuses to cancel an order held after shipping, naming why', async () => {
    const order = await confirmedOrder();
    await ship(order.id, [[order.lines[0]!, 1]]);
    await act(order.id, 'hold');
    const refused = await call('POST', `${ORDERS}/${order.id}/cancel`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Cannot cancel a sales order that has shipped goods; close it instead to cut what remains.',
    );
  });

  it('keeps a shipped line: it may not go below what shipped, nor be removed', async () => {
    const order = await confirmedOrder();
    const [a, b] = order.lines;
    await ship(order.id, [[a!, 2]]);
    const below = await call('PATCH', `${ORDERS}/${order.id}`, {
      lines: [
        { id: a!.id, product_id: a!.product_id, quantity: 1, unit_price: 1 },
        { id: b!.id, product_id: b!.product_id, quantity: 2, unit_price: 1 },
      ],
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({
      'lines.0.quantity': [
        `The quantity of line 1 (${a!.product_name}) may not be below the 2 already shipped or cancelled.`,
      ],
    });
    const removed = await call('PATCH', `${ORDERS}/${order.id}`, {
      lines: [{ id: b!.id, product_id: b!.product_id, quantity: 2, unit_price: 1 }],
    });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().errors).toEqual({
      lines: [`Line 1 (${a!.product_name}) is on a shipment and cannot be removed; send it with its id.`],
    });
    // Cutting the shipped line to what it shipped and removing the other leaves nothing open: shipped.
    const cut = await call('PATCH', `${ORDERS}/${order.id}`, {
      lines: [{ id: a!.id, product_id: a!.product_id, quantity: 2, unit_price: 1 }],
    });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json().data).toMatchObject({ status: 'shipped', subtotal: 2 });
  });
});
