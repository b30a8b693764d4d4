// Allocation of sales orders to stock, on orders written by the fixture (test/helpers/sales-fixtures.ts) and stock
// moved through the inventory endpoints: each strategy's choice, a line split across warehouses, parallel
// allocations that never oversell, releases that give back exactly what was held, and stock arriving (adjustment,
// count, transfer, purchase receipt) going to waiting lines in priority order in the transaction that adds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import type { AllocationOutcome } from '../../src/modules/sales/allocation/order-allocation.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { makeProduct } from '../helpers/factories.js';
import {
  insertConfirmedOrder,
  rankWarehouse,
  setAllocationSettings,
  type FixtureLine,
} from '../helpers/sales-fixtures.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';

const INVENTORY = '/api/v1/operations/inventory';

describe('sales order allocation', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let build: ReturnType<typeof apiBuilders>;
  let customerId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    build = apiBuilders(t.app, t.auth);
    customerId = (await build.customer()).id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const tenantId = () => t.tenant.tenantId;
  const allocator = () => t.services.sales.allocation;

  const adjust = async (product_id: string, quantity: number, warehouse_id?: string) => {
    const res = await call('POST', `${INVENTORY}/adjust`, { product_id, quantity, warehouse_id, reason: 'Test stock' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { quantity_on_hand: number; quantity_reserved: number };
  };
  const order = (lines: FixtureLine[], options?: Parameters<typeof insertConfirmedOrder>[4]) =>
    insertConfirmedOrder(db(), tenantId(), customerId, lines, options);
  const allocate = (orderId: string, lineIds?: string[]) =>
    inTransaction(db(), (trx) => allocator().allocate(trx, { tenantId: tenantId(), orderId, userId: null, lineIds }));
  const release = (orderId: string, extra: { lineId?: string; quantity?: number } = {}) =>
    inTransaction(db(), (trx) => allocator().release(trx, { tenantId: tenantId(), orderId, userId: null, ...extra }));
  /** Where an outcome reserved, as `warehouse:quantity` per line, in the order it reserved. */
  const where = (outcome: AllocationOutcome) => outcome.allocations.map((a) => `${a.warehouse_id}:${a.quantity}`);

  /** The active reservations of a line, per warehouse. */
  const held = async (lineId: string) => {
    const rows = await db()
      .selectFrom('stock_reservations')
      .select(['warehouse_id', 'quantity'])
      .where('order_line_id', '=', lineId)
      .where('status', '=', 'active')
      .execute();
    const per: Record<string, number> = {};
    for (const r of rows) per[r.warehouse_id] = (per[r.warehouse_id] ?? 0) + r.quantity;
    return per;
  };
  const totalHeld = async (lineId: string) => Object.values(await held(lineId)).reduce((s, q) => s + q, 0);
  const reconciled = async () => {
    const res = await call('GET', `${INVENTORY}/reconcile`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  };

  /** Two more ranked warehouses: first (rank 1), second (rank 2); the default warehouse stays unranked. */
  async function rankedWarehouses() {
    const first = await build.warehouse({ name: 'Zulu first' });
    const second = await build.warehouse({ name: 'Alpha second' });
    await rankWarehouse(db(), first.id, 1);
    await rankWarehouse(db(), second.id, 2);
    return { first: first.id, second: second.id, unranked: t.tenant.defaultWarehouseId };
  }

  it('reserves a line in one warehouse and answers what it reserved and what remains backordered', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: false });
    const [p, q] = [await makeProduct(db(), tenantId()), await makeProduct(db(), tenantId())];
    await adjust(p, 5);
    const o = await order([
      { productId: p, quantity: 3 },
      { productId: q, quantity: 2 },
    ]);
    const outcome = await allocate(o.orderId);
    expect(outcome.allocations).toEqual([
      {
        order_line_id: o.lineIds[0],
        product_id: p,
        warehouse_id: t.tenant.defaultWarehouseId,
        quantity: 3,
        reservation_id: expect.any(String),
      },
    ]);
    expect(outcome.backordered).toEqual([{ order_line_id: o.lineIds[1], product_id: q, quantity: 2 }]);
    const reservation = await db()
      .selectFrom('stock_reservations')
      .selectAll()
      .where('id', '=', outcome.allocations[0]!.reservation_id)
      .executeTakeFirstOrThrow();
    expect(reservation).toMatchObject({
      order_line_id: o.lineIds[0],
      reference_type: 'sales_order',
      reference_id: o.orderId,
      status: 'active',
      quantity: 3,
    });
    // A second allocation reserves nothing more for the served line: never more than its open demand.
    const again = await allocate(o.orderId);
    expect(again.allocations).toEqual([]);
    expect(again.backordered).toEqual([{ order_line_id: o.lineIds[1], product_id: q, quantity: 2 }]);
    expect(await totalHeld(o.lineIds[0]!)).toBe(3);
    await reconciled();
  });

  it('reserves only the open quantity: ordered less cancelled, and only the lines asked for', async () => {
    const p = await makeProduct(db(), tenantId());
    await adjust(p, 50);
    const o = await order([
      { productId: p, quantity: 10, cancelled: 4 },
      { productId: p, quantity: 5 },
    ]);
    const outcome = await allocate(o.orderId, [o.lineIds[0]!]);
    expect(outcome.allocations.map((a) => [a.order_line_id, a.quantity])).toEqual([[o.lineIds[0], 6]]);
    expect(outcome.backordered).toEqual([]);
    expect(await totalHeld(o.lineIds[1]!)).toBe(0);
  });

  it('gives back what a line holds beyond its open quantity when its quantity was cut', async () => {
    const p = await makeProduct(db(), tenantId());
    await adjust(p, 10);
    const o = await order([{ productId: p, quantity: 8 }]);
    await allocate(o.orderId);
    await db()
      .updateTable('sales_order_lines')
      .set({ cancelled_quantity: 5 })
      .where('id', '=', o.lineIds[0]!)
      .execute();
    const outcome = await allocate(o.orderId);
    expect([outcome.allocations, outcome.backordered]).toEqual([[], []]);
    expect(await totalHeld(o.lineIds[0]!)).toBe(3);
    await reconciled();
  });

  it('refuses an unknown order or another tenant’s as not found', async () => {
    await expect(allocate('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ resource: 'Sales order' });
    await expect(release('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ resource: 'Sales order' });
  });

  it('warehouse_priority: splits a line across warehouses by rank, unranked last', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority' });
    const w = await rankedWarehouses();
    const p = await makeProduct(db(), tenantId());
    await adjust(p, 100, w.unranked);
    await adjust(p, 4, w.second);
    await adjust(p, 3, w.first);
    const o = await order([{ productId: p, quantity: 9 }]);
    const outcome = await allocate(o.orderId);
    expect(outcome.backordered).toEqual([]);
    expect(await held(o.lineIds[0]!)).toEqual({ [w.first]: 3, [w.second]: 4, [w.unranked]: 2 });
    await reconciled();
  });

  it('most_stock: takes the warehouse with the most available first', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'most_stock' });
    const w = await rankedWarehouses();
    const p = await makeProduct(db(), tenantId());
    await adjust(p, 2, w.first);
    await adjust(p, 8, w.second);
    const o = await order([{ productId: p, quantity: 5 }]);
    expect(where(await allocate(o.orderId))).toEqual([`${w.second}:5`]);
  });

  it('fewest_shipments: one warehouse for the whole order over a better ranked one that has part', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'fewest_shipments' });
    const w = await rankedWarehouses();
    const [p, q] = [await makeProduct(db(), tenantId()), await makeProduct(db(), tenantId())];
    await adjust(p, 10, w.first);
    await adjust(p, 2, w.second);
    await adjust(q, 2, w.second);
    const o = await order([
      { productId: p, quantity: 2 },
      { productId: q, quantity: 2 },
    ]);
    const outcome = await allocate(o.orderId);
    expect(new Set(outcome.allocations.map((a) => a.warehouse_id))).toEqual(new Set([w.second]));
    expect(outcome.backordered).toEqual([]);
  });

  it('skips inactive warehouses', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority' });
    const w = await rankedWarehouses();
    const p = await makeProduct(db(), tenantId());
    await adjust(p, 5, w.first);
    await adjust(p, 5, w.second);
    await db().updateTable('warehouses').set({ is_active: false }).where('id', '=', w.first).execute();
    const o = await order([{ productId: p, quantity: 3 }]);
    expect(where(await allocate(o.orderId))).toEqual([`${w.second}:3`]);
  });

  it('50 parallel allocations of 1 unit against 20 available reserve exactly 20 and backorder 30', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: false });
    const p = await makeProduct(db(), tenantId());
    await adjust(p, 20);
    const orders = [];
    for (let i = 0; i < 50; i += 1) orders.push(await order([{ productId: p, quantity: 1 }]));
    const outcomes = await Promise.all(orders.map((o) => allocate(o.orderId)));
    const reserved = outcomes.reduce((s, o) => s + o.allocations.reduce((n, a) => n + a.quantity, 0), 0);
    const backordered = outcomes.reduce((s, o) => s + o.backordered.reduce((n, b) => n + b.quantity, 0), 0);
    expect([reserved, backordered]).toEqual([20, 30]);
    let held20 = 0;
    for (const o of orders) held20 += await totalHeld(o.lineIds[0]!);
    expect(held20).toBe(20);
    const record = await call('GET', `${INVENTORY}?product_id=${p}`);
    expect(record.json().data[0]).toMatchObject({ quantity_on_hand: 20, quantity_reserved: 20 });
    await reconciled();
  });

  it('release gives back exactly what the order held, newest first for a part of a line', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: false });
    const w = await rankedWarehouses();
    const [p, q] = [await makeProduct(db(), tenantId()), await makeProduct(db(), tenantId())];
    await adjust(p, 2, w.first);
    await adjust(p, 5, w.second);
    await adjust(q, 4, w.first);
    const o = await order([
      { productId: p, quantity: 6 },
      { productId: q, quantity: 3 },
    ]);
    await allocate(o.orderId);
    expect(await held(o.lineIds[0]!)).toEqual({ [w.first]: 2, [w.second]: 4 });
    // Part of the line: its newest reservations first (both were made together; the later in warehouse order).
    expect(await release(o.orderId, { lineId: o.lineIds[0], quantity: 3 })).toBe(3);
    expect(await totalHeld(o.lineIds[0]!)).toBe(3);
    expect(await release(o.orderId)).toBe(6);
    expect(await totalHeld(o.lineIds[0]!)).toBe(0);
    expect(await totalHeld(o.lineIds[1]!)).toBe(0);
    expect(await release(o.orderId)).toBe(0);
    const movements = await db()
      .selectFrom('stock_movements')
      .select(['type', 'quantity', 'reference_type', 'reference_id'])
      .where('product_id', 'in', [p, q])
      .where('type', 'in', ['reservation', 'release'])
      .execute();
    expect(movements.reduce((s, m) => s + m.quantity, 0)).toBe(0);
    expect(movements.every((m) => m.reference_type === 'sales_order' && m.reference_id === o.orderId)).toBe(true);
    for (const id of [p, q]) {
      const records = (await call('GET', `${INVENTORY}?product_id=${id}`)).json().data as Array<{
        quantity_reserved: number;
      }>;
      expect(records.every((r) => r.quantity_reserved === 0)).toBe(true);
    }
    await reconciled();
  });

  it('the manual release endpoint refuses an order line’s reservation', async () => {
    const p = await makeProduct(db(), tenantId());
    await adjust(p, 2);
    const o = await order([{ productId: p, quantity: 2 }]);
    const [allocation] = (await allocate(o.orderId)).allocations;
    const res = await call('POST', `${INVENTORY}/release`, {
      product_id: p,
      quantity: 1,
      reservation_id: allocation!.reservation_id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reservation_held_by_order');
  });

  describe('stock arriving', () => {
    it('an adjustment allocates to waiting lines by priority, then confirmation, in its transaction', async () => {
      await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: true });
      const p = await makeProduct(db(), tenantId());
      const early = await order([{ productId: p, quantity: 2 }], { confirmedAt: '2026-01-01T00:00:00.000Z' });
      const late = await order([{ productId: p, quantity: 2 }], { confirmedAt: '2026-01-02T00:00:00.000Z' });
      const urgent = await order([{ productId: p, quantity: 2 }], {
        priority: 5,
        confirmedAt: '2026-01-03T00:00:00.000Z',
      });
      const held = await order([{ productId: p, quantity: 2 }], {
        status: 'on_hold',
        priority: 9,
        confirmedAt: '2025-12-01T00:00:00.000Z',
      });
      const draft = await order([{ productId: p, quantity: 2 }], { status: 'draft', priority: 9 });
      const record = await adjust(p, 3);
      // The answer already shows what the arrival reserved.
      expect(record).toMatchObject({ quantity_on_hand: 3, quantity_reserved: 3 });
      expect([
        await totalHeld(urgent.lineIds[0]!),
        await totalHeld(early.lineIds[0]!),
        await totalHeld(late.lineIds[0]!),
        await totalHeld(held.lineIds[0]!),
        await totalHeld(draft.lineIds[0]!),
      ]).toEqual([2, 1, 0, 0, 0]);
      await adjust(p, 10);
      expect([await totalHeld(early.lineIds[0]!), await totalHeld(late.lineIds[0]!)]).toEqual([2, 2]);
      const after = (await call('GET', `${INVENTORY}?product_id=${p}`)).json().data[0];
      expect(after).toMatchObject({ quantity_on_hand: 13, quantity_reserved: 6 });
      await reconciled();
    });

    it('a count up, a transfer in and a purchase receipt allocate too; a removal does not', async () => {
      await setAllocationSettings(db(), tenantId(), { autoAllocate: true });
      const w = await rankedWarehouses();
      const p = await makeProduct(db(), tenantId());
      const o = await order([{ productId: p, quantity: 10 }]);
      const count = await call('POST', `${INVENTORY}/physical-count`, {
        product_id: p,
        warehouse_id: w.first,
        counted_quantity: 2,
      });
      expect(count.statusCode, count.body).toBe(200);
      expect(await held(o.lineIds[0]!)).toEqual({ [w.first]: 2 });

      // Stock that is not available (held by the order) moves nowhere; new stock at second moves to first.
      await setAllocationSettings(db(), tenantId(), { autoAllocate: false });
      await adjust(p, 3, w.second);
      await setAllocationSettings(db(), tenantId(), { autoAllocate: true });
      const transfer = await call('POST', `${INVENTORY}/transfer`, {
        product_id: p,
        from_warehouse_id: w.second,
        to_warehouse_id: w.first,
        quantity: 3,
      });
      expect(transfer.statusCode, transfer.body).toBe(200);
      expect(await held(o.lineIds[0]!)).toEqual({ [w.first]: 5 });

      const supplier = await build.activeSupplier();
      const po = await call('POST', '/api/v1/operations/purchase-orders', {
        supplier_id: supplier.id,
        warehouse_id: w.second,
        items: [{ product_id: p, quantity: 20, unit_price: 1 }],
      });
      expect(po.statusCode, po.body).toBe(201);
      const poId = po.json().data.id as string;
      await db().updateTable('purchase_orders').set({ status: 'sent' }).where('id', '=', poId).execute();
      const receipt = await call('POST', `/api/v1/operations/purchase-orders/${poId}/receive`, {
        received_items: [{ product_id: p, quantity_received: 20 }],
      });
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(await held(o.lineIds[0]!)).toEqual({ [w.first]: 5, [w.second]: 5 });
      const second = (await call('GET', `${INVENTORY}?product_id=${p}&warehouse_id=${w.second}`)).json().data[0];
      expect(second).toMatchObject({ quantity_on_hand: 20, quantity_reserved: 5 });
      await reconciled();
    });

    it('reserves nothing when the tenant does not allocate backorders', async () => {
      await setAllocationSettings(db(), tenantId(), { autoAllocate: false });
      const p = await makeProduct(db(), tenantId());
      const o = await order([{ productId: p, quantity: 2 }]);
      expect(await adjust(p, 5)).toMatchObject({ quantity_reserved: 0 });
      expect(await totalHeld(o.lineIds[0]!)).toBe(0);
      await setAllocationSettings(db(), tenantId(), { autoAllocate: true });
    });

    it('parallel arrivals and allocations reserve no line beyond its open quantity', async () => {
      await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: true });
      const p = await makeProduct(db(), tenantId());
      const orders = [];
      for (let i = 0; i < 10; i += 1) orders.push(await order([{ productId: p, quantity: 3 }]));
      // The record exists before the race: an allocation that finds none has nothing to wait for.
      await adjust(p, 2);
      await Promise.all([...Array.from({ length: 9 }, () => adjust(p, 2)), ...orders.map((o) => allocate(o.orderId))]);
      let total = 0;
      for (const o of orders) {
        const h = await totalHeld(o.lineIds[0]!);
        expect(h).toBeLessThanOrEqual(3);
        total += h;
      }
      // 20 arrived for 30 wanted: every unit went to a line.
      expect(total).toBe(20);
      await reconciled();
    });
  });
});
