// Receiving goods over HTTP: both request forms, partial then full receipts, every refusal and its message,
// quality rules, stock movements and product totals, concurrent receipts, abilities and tenant isolation; and the
// receipt log that reads them back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrderStatus } from '../../../src/db/schema.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { PURCHASE_ORDER_STATUSES } from '../../../src/modules/purchasing/purchase-orders/purchase-order.schemas.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

const NOW = '2026-04-02T09:00:00.000Z';
const RECEIVABLE = ['sent', 'acknowledged', 'partially_received'];

describe('purchase order receiving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: new FixedClock(new Date(NOW)) });
  });
  afterAll(() => t.close());

  const ops = () => purchaseOps(t);
  const setStatus = (id: string, status: PurchaseOrderStatus) =>
    t.database.db.updateTable('purchase_orders').set({ status }).where('id', '=', id).execute();

  /** A sent order of two products: 10 of the first, 4 of the second. */
  async function sentOrder() {
    const o = ops();
    const [a, b] = [await o.product(), await o.product()];
    const res = await o.call('POST', ORDERS, {
      supplier_id: await o.supplier(),
      warehouse_id: t.tenant.defaultWarehouseId,
      items: [
        { product_id: a, quantity: 10, unit_price: 2 },
        { product_id: b, quantity: 4, unit_price: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as {
      id: string;
      po_number: string;
      items: Array<{ id: string; product_id: string }>;
    };
    await setStatus(order.id, 'sent');
    return { ...order, a, b, lineA: order.items[0]!.id, lineB: order.items[1]!.id };
  }

  const receive = (id: string, body: object) => ops().call('POST', `${ORDERS}/${id}/receive`, body);
  const onHand = async (productId: string) => {
    const row = await t.database.db
      .selectFrom('products')
      .select('stock_quantity')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return Number(row.stock_quantity);
  };
  const movements = (orderId: string) =>
    t.database.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('reference_id', '=', orderId)
      .orderBy('product_id')
      .execute();

  it('receives part by product, then the rest by order line, moving partially_received -> received', async () => {
    const order = await sentOrder();
    const first = await receive(order.id, {
      received_items: [{ product_id: order.a, quantity_received: 6, notes: 'pallet 1' }],
      notes: 'first truck',
      received_date: '2026-04-01',
    });
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({
      status: 'partially_received',
      inventory_updated: true,
      awaiting_items: 2,
      total_received_percentage: 42.86,
      internal_notes: 'first truck',
      received_at: null,
      actual_delivery_date: null,
    });
    expect(data.items).toEqual([
      expect.objectContaining({
        product_id: order.a,
        quantity_ordered: 10,
        quantity_received: 6,
        quantity_remaining: 4,
        received_percentage: 60,
      }),
      expect.objectContaining({
        product_id: order.b,
        quantity_ordered: 4,
        quantity_received: 0,
        quantity_remaining: 4,
        received_percentage: 0,
      }),
    ]);
    expect(await onHand(order.a)).toBe(6);

    const second = await receive(order.id, {
      items: [
        { purchase_order_item_id: order.lineA, quantity_received: 4, bin_location: 'A-01' },
        { purchase_order_item_id: order.lineB, quantity_received: 4 },
      ],
      received_by: t.tenant.adminId,
      notes: 'second truck',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({
      status: 'received',
      received_at: NOW,
      actual_delivery_date: '2026-04-02',
      awaiting_items: 0,
      total_received_percentage: 100,
      internal_notes: 'first truck\nsecond truck',
    });
    expect(await onHand(order.a)).toBe(10);
    expect(await onHand(order.b)).toBe(4);

    const moves = await movements(order.id);
    expect(moves).toHaveLength(3);
    for (const m of moves) {
      expect(m).toMatchObject({
        type: 'purchase_receipt',
        reference_type: 'purchase_order',
        reference_id: order.id,
        warehouse_id: t.tenant.defaultWarehouseId,
        created_by: t.tenant.adminId,
      });
      expect(m.reason).toBe(`Received on purchase order ${order.po_number}`);
    }
    const receipts = await t.database.db
      .selectFrom('purchase_order_receipts')
      .selectAll()
      .where('purchase_order_id', '=', order.id)
      .orderBy('received_date')
      .execute();
    expect(receipts.map((r) => r.received_date)).toEqual(['2026-04-01', '2026-04-02']);
    const lines = await t.database.db
      .selectFrom('purchase_order_receipt_lines')
      .selectAll()
      .where('receipt_id', '=', receipts[1]!.id)
      .execute();
    expect(lines.find((l) => l.purchase_order_item_id === order.lineA)).toMatchObject({
      quantity_received: 4,
      bin_location: 'A-01',
    });
    expect(lines.every((l) => l.stock_movement_id !== null)).toBe(true);

    const events = (await ops().events(order.id)).map((e) => e.event_type);
    expect(events.filter((e) => e === 'purchase_order.received')).toHaveLength(1);
  });

  it('receives every pending quantity when no lines are sent', async () => {
    const order = await sentOrder();
    await receive(order.id, { received_items: [{ product_id: order.b, quantity_received: 1 }] });
    const res = await receive(order.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'received', awaiting_items: 0, total_received_percentage: 100 });
    expect(await onHand(order.a)).toBe(10);
    expect(await onHand(order.b)).toBe(4);
    const moves = await movements(order.id);
    expect(moves.map((m) => m.quantity).sort((x, y) => x - y)).toEqual([1, 3, 10]);
  });

  it('receives an order of more lines than one batch of stock changes takes, each line with its movement and event in order', async () => {
    const o = ops();
    const products: string[] = [];
    for (let i = 0; i < 300; i++) products.push(await o.product());
    const res = await o.call('POST', ORDERS, {
      supplier_id: await o.supplier(),
      warehouse_id: t.tenant.defaultWarehouseId,
      items: products.map((product_id, i) => ({ product_id, quantity: i + 1, unit_price: 1 })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { id: string; items: Array<{ id: string }> };
    await setStatus(order.id, 'sent');

    const received = await receive(order.id, {});
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({
      status: 'received',
      awaiting_items: 0,
      total_received_percentage: 100,
    });
    expect(await onHand(products[0]!)).toBe(1);
    expect(await onHand(products[299]!)).toBe(300);
    const moves = await t.database.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('reference_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => [m.product_id, m.quantity, m.quantity_before, m.quantity_after])).toEqual(
      products.map((p, i) => [p, i + 1, 0, i + 1]),
    );
    const recorded = await t.database.db
      .selectFrom('event_outbox')
      .select('entity_id')
      .where('event_type', '=', 'stock_movement.recorded')
      .where(
        'entity_id',
        'in',
        moves.map((m) => m.id),
      )
      .orderBy('id')
      .execute();
    expect(recorded.map((e) => e.entity_id)).toEqual(moves.map((m) => m.id));
    const lines = await t.database.db
      .selectFrom('purchase_order_receipt_lines')
      .select(['purchase_order_item_id', 'stock_movement_id'])
      .where('tenant_id', '=', t.tenant.tenantId)
      .where(
        'stock_movement_id',
        'in',
        moves.map((m) => m.id),
      )
      .execute();
    expect(new Map(lines.map((l) => [l.purchase_order_item_id, l.stock_movement_id]))).toEqual(
      new Map(order.items.map((item, i) => [item.id, moves[i]!.id])),
    );
  });

  it('stocks a line in the warehouse it names, and accepts a request without a body', async () => {
    const order = await sentOrder();
    const created = await ops().call('POST', '/api/v1/operations/warehouses', {
      name: 'Overflow',
      code: `OVF-${order.po_number}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const overflow = created.json().data.id as string;
    const res = await receive(order.id, {
      received_items: [{ product_id: order.a, quantity_received: 2, warehouse_id: overflow }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = await t.database.db
      .selectFrom('inventory_records')
      .select('quantity_on_hand')
      .where('product_id', '=', order.a)
      .where('warehouse_id', '=', overflow)
      .executeTakeFirstOrThrow();
    expect(Number(record.quantity_on_hand)).toBe(2);

    const bare = await ops().call('POST', `${ORDERS}/${order.id}/receive`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data.status).toBe('received');
    const moves = await movements(order.id);
    expect(moves.map((m) => [m.warehouse_id, m.quantity])).toEqual(
      expect.arrayContaining([
        [overflow, 2],
        [t.tenant.defaultWarehouseId, 8],
        [t.tenant.defaultWarehouseId, 4],
      ]),
    );
    expect(await onHand(order.a)).toBe(10);
  });

  it('is allowed from sent, acknowledged and partially_received only, naming the status otherwise', async () => {
    for (const status of PURCHASE_ORDER_STATUSES) {
      const order = await sentOrder();
      await setStatus(order.id, status);
      const res = await receive(order.id, { received_items: [{ product_id: order.a, quantity_received: 1 }] });
      if (RECEIVABLE.includes(status)) {
        expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
        expect(res.json().data.status).toBe('partially_received');
      } else {
        expect(res.statusCode, status).toBe(422);
        expect(res.json().message).toBe(
          `Cannot receive goods for a purchase order whose status is ${status}; only sent, acknowledged, partially_received purchase orders can be received.`,
        );
        expect(res.json().code).toBe('invalid_transition');
        expect(await onHand(order.a)).toBe(0);
      }
    }
  });

  it('refuses more than pending with the quantities named, and changes nothing', async () => {
    const order = await sentOrder();
    await receive(order.id, { received_items: [{ product_id: order.a, quantity_received: 3 }] });
    const res = await receive(order.id, { received_items: [{ product_id: order.a, quantity_received: 8 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Cannot receive 8 units. Only 7 units pending (ordered: 10, received: 3)');
    expect(res.json().errors['received_items.0.quantity_received']).toEqual([
      'Cannot receive 8 units. Only 7 units pending (ordered: 10, received: 3)',
    ]);
    expect(await onHand(order.a)).toBe(3);
  });

  it('refuses products and lines not on the order, unknown warehouses, both forms, and bad quantities', async () => {
    const order = await sentOrder();
    const other = await ops().product();
    const cases: Array<[object, string]> = [
      [{ received_items: [{ product_id: other, quantity_received: 1 }] }, 'received_items.0.product_id'],
      [{ items: [{ purchase_order_item_id: other, quantity_received: 1 }] }, 'items.0.purchase_order_item_id'],
      [
        { received_items: [{ product_id: order.a, quantity_received: 1, warehouse_id: other }] },
        'received_items.0.warehouse_id',
      ],
      [
        {
          received_items: [
            { product_id: order.a, quantity_received: 1 },
            { product_id: order.a, quantity_received: 1 },
          ],
        },
        'received_items.1.product_id',
      ],
      [
        {
          received_items: [{ product_id: order.a, quantity_received: 1 }],
          items: [{ purchase_order_item_id: order.lineA, quantity_received: 1 }],
        },
        'items',
      ],
      [{ received_items: [{ product_id: order.a, quantity_received: 0 }] }, 'received_items.0.quantity_received'],
      [
        { received_items: [{ product_id: order.a, quantity_received: 1_000_001 }] },
        'received_items.0.quantity_received',
      ],
      [
        { received_items: [{ product_id: order.a, quantity_received: 1, notes: 'x'.repeat(501) }] },
        'received_items.0.notes',
      ],
      [{ notes: 'x'.repeat(2001) }, 'notes'],
      [{ received_by: other }, 'received_by'],
    ];
    for (const [body, field] of cases) {
      const res = await receive(order.id, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(field);
    }
    expect(await onHand(order.a)).toBe(0);
  });

  it('refuses a received date in the future', async () => {
    const order = await sentOrder();
    const res = await receive(order.id, { received_date: '2026-04-03' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.received_date).toEqual(['The received date may not be in the future.']);
    const bad = await receive(order.id, { received_date: '02/04/2026' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('received_date');
  });

  it('requires quality notes for a failed check: on the line, or overall when no line has notes', async () => {
    const order = await sentOrder();
    const failedLine = { product_id: order.a, quantity_received: 1, quality_check_passed: false };
    const missing = await receive(order.id, { received_items: [failedLine] });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['quality_notes']);

    const onOtherLine = await receive(order.id, {
      received_items: [failedLine, { product_id: order.b, quantity_received: 1, quality_notes: 'fine' }],
      quality_notes: 'overall',
    });
    expect(onOtherLine.statusCode).toBe(422);
    expect(Object.keys(onOtherLine.json().errors)).toEqual(['received_items.0.quality_notes']);

    const overallFailed = await receive(order.id, { quality_check_passed: false });
    expect(overallFailed.statusCode).toBe(422);
    expect(Object.keys(overallFailed.json().errors)).toEqual(['quality_notes']);

    const withOverall = await receive(order.id, { received_items: [failedLine], quality_notes: 'crushed boxes' });
    expect(withOverall.statusCode, withOverall.body).toBe(200);
    const withLine = await receive(order.id, { received_items: [{ ...failedLine, quality_notes: 'wet' }] });
    expect(withLine.statusCode, withLine.body).toBe(200);

    const lines = await t.database.db
      .selectFrom('purchase_order_receipt_lines as l')
      .innerJoin('purchase_order_receipts as r', 'r.id', 'l.receipt_id')
      .select(['l.quality_check_passed', 'l.quality_notes', 'r.quality_check_passed as receipt_passed'])
      .where('r.purchase_order_id', '=', order.id)
      .execute();
    expect(
      lines.map((l) => [Boolean(l.quality_check_passed), l.quality_notes, Boolean(l.receipt_passed)]).sort(),
    ).toEqual([
      [false, 'crushed boxes', false],
      [false, 'wet', false],
    ]);
  });

  it('lets exactly the pending units through ten parallel receipts of one unit', async () => {
    const order = await sentOrder();
    await receive(order.id, { received_items: [{ product_id: order.a, quantity_received: 5 }] });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        receive(order.id, { received_items: [{ product_id: order.a, quantity_received: 1 }] }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 200),
      results.map((r) => r.body).join('\n'),
    ).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    const item = await t.database.db
      .selectFrom('purchase_order_items')
      .select('quantity_received')
      .where('id', '=', order.lineA)
      .executeTakeFirstOrThrow();
    expect(item.quantity_received).toBe(10);
    expect(await onHand(order.a)).toBe(10);
    expect(await movements(order.id)).toHaveLength(6);
  });

  it('answers 403 naming the ability, and 404 for another tenant', async () => {
    const order = await sentOrder();
    const viewer = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
        abilities: ['operations:view-purchase-orders'],
      }),
    );
    const denied = await ops().call('POST', `${ORDERS}/${order.id}/receive`, {}, viewer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('This action requires the ability operations:receive-goods-purchase-orders.');

    const other = await makeTenantWithToken(t.services);
    const foreign = await jsonCaller(t.app, other.auth)('POST', `${ORDERS}/${order.id}/receive`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Purchase order not found.');
    expect(await onHand(order.a)).toBe(0);
  });

  describe('the receipt log', () => {
    const receipts = (id: string, query = '', auth?: Record<string, string>) =>
      ops().call('GET', `${ORDERS}/${id}/receipts${query}`, undefined, auth);

    it('lists every receipt, partial ones included, newest first: who, when, which lines, how many, quality and notes', async () => {
      const order = await sentOrder();
      const clerk = await makeUser(t.services, t.tenant.tenantId, 'manager');
      expect(
        (
          await receive(order.id, {
            items: [
              { purchase_order_item_id: order.lineA, quantity_received: 6, bin_location: 'A-1', notes: 'pallet 1' },
            ],
            received_by: clerk.id,
            notes: 'first truck',
            received_date: '2026-04-01',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await receive(order.id, {
            items: [
              {
                purchase_order_item_id: order.lineB,
                quantity_received: 4,
                quality_check_passed: false,
                quality_notes: 'Two cases dented.',
              },
              { purchase_order_item_id: order.lineA, quantity_received: 1 },
            ],
          })
        ).statusCode,
      ).toBe(200);

      const res = await receipts(order.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.meta).toMatchObject({ total: 2, current_page: 1, per_page: 25 });
      expect(body.data).toEqual([
        {
          id: expect.any(String),
          purchase_order_id: order.id,
          received_date: NOW.slice(0, 10),
          created_at: NOW,
          received_by: { id: t.tenant.adminId, name: 'Administrator' },
          notes: null,
          quality_check_passed: false,
          quality_notes: null,
          units_received: 5,
          lines: [
            expect.objectContaining({
              purchase_order_item_id: order.lineA,
              product_id: order.a,
              quantity_received: 1,
              quality_check_passed: true,
              quality_notes: null,
            }),
            expect.objectContaining({
              purchase_order_item_id: order.lineB,
              product_id: order.b,
              quantity_received: 4,
              quality_check_passed: false,
              quality_notes: 'Two cases dented.',
            }),
          ],
        },
        {
          id: expect.any(String),
          purchase_order_id: order.id,
          received_date: '2026-04-01',
          created_at: NOW,
          received_by: { id: clerk.id, name: clerk.name },
          notes: 'first truck',
          quality_check_passed: true,
          quality_notes: null,
          units_received: 6,
          lines: [
            {
              id: expect.any(String),
              purchase_order_item_id: order.lineA,
              product_id: order.a,
              product_name: expect.any(String),
              product_sku: expect.anything(),
              warehouse_id: t.tenant.defaultWarehouseId,
              quantity_received: 6,
              bin_location: 'A-1',
              notes: 'pallet 1',
              quality_check_passed: true,
              quality_notes: null,
              stock_movement_id: expect.any(String),
            },
          ],
        },
      ]);

      const second = await receipts(order.id, '?per_page=1&page=2');
      expect(second.json().data.map((r: { notes: string | null }) => r.notes)).toEqual(['first truck']);
    });

    it('answers an order without receipts with an empty list, a bad page with 422 naming it, another tenant with 404', async () => {
      const order = await sentOrder();
      expect((await receipts(order.id)).json()).toMatchObject({ data: [], meta: { total: 0 } });
      const bad = await receipts(order.id, '?per_page=0');
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['per_page']);

      const other = await makeTenantWithToken(t.services);
      const foreign = await jsonCaller(t.app, other.auth)('GET', `${ORDERS}/${order.id}/receipts`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Purchase order not found.');
    });

    it('needs operations:view-purchase-orders', async () => {
      const order = await sentOrder();
      const viewer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
          abilities: ['operations:view-purchase-orders'],
        }),
      );
      expect((await receipts(order.id, '', viewer)).statusCode).toBe(200);
      const blind = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-products'] }),
      );
      const denied = await receipts(order.id, '', blind);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('This action requires the ability operations:view-purchase-orders.');
    });
  });
});
