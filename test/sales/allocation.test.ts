// Allocation of sales orders to stock through the HTTP API: orders created and confirmed, stock moved through the
// inventory endpoints. Each strategy's choice, a line split across warehouses, parallel confirmations that never
// oversell, line edits that keep what a line holds, cancel and close giving back exactly what was held, and stock
// arriving (adjustment, count, transfer, purchase receipt) going to waiting lines in priority order in the
// transaction that adds it. The tenant's strategy and the warehouses' ranks are set in their rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationOutcome } from '../../src/modules/sales/allocation/order-allocation.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { makeProduct, makeTenantWithToken } from '../helpers/factories.js';
import { insertOrder, rankWarehouse, setAllocationSettings } from '../helpers/sales-fixtures.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';

const INVENTORY = '/api/v1/operations/inventory';
const ORDERS = '/api/v1/sales/orders';

interface Line {
  id: string;
  product_id: string;
  quantity: number;
  quantity_allocated: number;
  quantity_backordered: number;
  quantity_cancelled: number;
  allocations: Array<{ warehouse_id: string; quantity: number }>;
}
interface Order {
  id: string;
  status: string;
  lines: Line[];
}

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
  const product = () => makeProduct(db(), tenantId());

  const adjust = async (product_id: string, quantity: number, warehouse_id?: string) => {
    const res = await call('POST', `${INVENTORY}/adjust`, { product_id, quantity, warehouse_id, reason: 'Test stock' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { quantity_on_hand: number; quantity_reserved: number };
  };
  /** A draft order of `lines` (`[product, quantity]`). */
  const draft = async (lines: Array<[string, number]>, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', ORDERS, {
      customer_id: customerId,
      lines: lines.map(([product_id, quantity]) => ({ product_id, quantity, unit_price: 1 })),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Order;
  };
  const confirm = async (id: string) => {
    const res = await call('POST', `${ORDERS}/${id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { order: Order; allocation: AllocationOutcome };
  };
  const ordered = async (lines: Array<[string, number]>, extra: Record<string, unknown> = {}) =>
    confirm((await draft(lines, extra)).id);
  const get = async (id: string) => (await call('GET', `${ORDERS}/${id}`)).json().data as Order;
  /** Where each line of the order holds stock: `warehouse:quantity`, by line. */
  const held = async (id: string) =>
    (await get(id)).lines.map((l) =>
      Object.fromEntries(l.allocations.map((a) => [a.warehouse_id, a.quantity] as const)),
    );
  const allocated = async (id: string) => (await get(id)).lines.map((l) => l.quantity_allocated);
  const reconciled = async () => {
    const res = await call('GET', `${INVENTORY}/reconcile`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  };
  const record = async (productId: string, warehouseId = t.tenant.defaultWarehouseId) =>
    (await call('GET', `${INVENTORY}?product_id=${productId}&warehouse_id=${warehouseId}`)).json().data[0] as {
      quantity_on_hand: number;
      quantity_reserved: number;
    };

  /** Two more ranked warehouses: first (rank 1), second (rank 2); the default warehouse stays unranked. */
  async function rankedWarehouses() {
    const first = await build.warehouse({ name: 'Zulu first' });
    const second = await build.warehouse({ name: 'Alpha second' });
    await rankWarehouse(db(), first.id, 1);
    await rankWarehouse(db(), second.id, 2);
    return { first: first.id, second: second.id, unranked: t.tenant.defaultWarehouseId };
  }

  it('confirm reserves what is available and answers what it reserved and what is backordered', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: false });
    const [p, q] = [await product(), await product()];
    await adjust(p, 5);
    const { order, allocation } = await ordered([
      [p, 3],
      [q, 2],
    ]);
    const [lineP, lineQ] = order.lines;
    expect(allocation.allocations).toEqual([
      {
        order_line_id: lineP!.id,
        product_id: p,
        warehouse_id: t.tenant.defaultWarehouseId,
        quantity: 3,
        reservation_id: expect.any(String),
      },
    ]);
    expect(allocation.backordered).toEqual([{ order_line_id: lineQ!.id, product_id: q, quantity: 2 }]);
    expect(order.lines.map((l) => [l.quantity_allocated, l.quantity_backordered])).toEqual([
      [3, 0],
      [0, 2],
    ]);
    const reservations = (await call('GET', `/api/v1/operations/reservations?product_id=${p}`)).json().data;
    expect(reservations).toEqual([
      expect.objectContaining({ order_line_id: lineP!.id, quantity: 3, status: 'active' }),
    ]);
    // Allocating again reserves nothing more for the served line: never more than its open quantity.
    const again = await call('POST', `${ORDERS}/${order.id}/allocate`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.allocation).toEqual({
      allocations: [],
      backordered: [{ order_line_id: lineQ!.id, product_id: q, quantity: 2 }],
    });
    expect(await allocated(order.id)).toEqual([3, 0]);
    // Stock for the backordered line, then allocate: it is served.
    await adjust(q, 2);
    const served = (await call('POST', `${ORDERS}/${order.id}/allocate`)).json().data;
    expect(served.allocation.backordered).toEqual([]);
    expect(await allocated(order.id)).toEqual([3, 2]);
    await reconciled();
  });

  it('allocate answers 404 for an unknown order or another tenant’s', async () => {
    const { order } = await ordered([[await product(), 1]]);
    expect((await call('POST', `${ORDERS}/01jd8w0m1n2p3q4r5s6t7v8w9x/allocate`)).statusCode).toBe(404);
    const stranger = await makeTenantWithToken(t.services);
    expect((await call('POST', `${ORDERS}/${order.id}/allocate`, undefined, stranger.auth)).statusCode).toBe(404);
  });

  it('warehouse_priority: splits a line across warehouses by rank, unranked last', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority' });
    const w = await rankedWarehouses();
    const p = await product();
    await adjust(p, 100, w.unranked);
    await adjust(p, 4, w.second);
    await adjust(p, 3, w.first);
    const { order, allocation } = await ordered([[p, 9]]);
    expect(allocation.backordered).toEqual([]);
    expect(await held(order.id)).toEqual([{ [w.first]: 3, [w.second]: 4, [w.unranked]: 2 }]);
    await reconciled();
  });

  it('most_stock: takes the warehouse with the most available first', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'most_stock' });
    const w = await rankedWarehouses();
    const p = await product();
    await adjust(p, 2, w.first);
    await adjust(p, 8, w.second);
    const { order } = await ordered([[p, 5]]);
    expect(await held(order.id)).toEqual([{ [w.second]: 5 }]);
  });

  it('fewest_shipments: one warehouse for the whole order over a better ranked one that has part', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'fewest_shipments' });
    const w = await rankedWarehouses();
    const [p, q] = [await product(), await product()];
    await adjust(p, 10, w.first);
    await adjust(p, 2, w.second);
    await adjust(q, 2, w.second);
    const { order } = await ordered([
      [p, 2],
      [q, 2],
    ]);
    expect(await held(order.id)).toEqual([{ [w.second]: 2 }, { [w.second]: 2 }]);
  });

  it('skips inactive warehouses', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority' });
    const w = await rankedWarehouses();
    const p = await product();
    await adjust(p, 5, w.first);
    await adjust(p, 5, w.second);
    await db().updateTable('warehouses').set({ is_active: false }).where('id', '=', w.first).execute();
    const { order } = await ordered([[p, 3]]);
    expect(await held(order.id)).toEqual([{ [w.second]: 3 }]);
  });

  it('50 parallel confirmations of 1 unit against 20 available reserve exactly 20 and backorder 30', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: false });
    const p = await product();
    await adjust(p, 20);
    const drafts: Order[] = [];
    for (let i = 0; i < 50; i += 1) drafts.push(await draft([[p, 1]]));
    const results = await Promise.all(drafts.map((o) => call('POST', `${ORDERS}/${o.id}/confirm`)));
    expect(results.map((r) => r.statusCode)).toEqual(drafts.map(() => 200));
    const lines = results.map((r) => (r.json().data.order as Order).lines[0]!);
    expect(lines.reduce((s, l) => s + l.quantity_allocated, 0)).toBe(20);
    expect(lines.reduce((s, l) => s + l.quantity_backordered, 0)).toBe(30);
    expect(await record(p)).toMatchObject({ quantity_on_hand: 20, quantity_reserved: 20 });
    await reconciled();
  });

  it('a line edited after confirmation keeps what it holds and reserves only what it gained', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: false });
    const p = await product();
    await adjust(p, 6);
    const { order } = await ordered([[p, 4]]);
    const line = order.lines[0]!;
    const up = await call('PATCH', `${ORDERS}/${order.id}`, {
      lines: [{ id: line.id, product_id: p, quantity: 5, unit_price: 1 }],
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await allocated(order.id)).toEqual([5]);
    const down = await call('PATCH', `${ORDERS}/${order.id}`, {
      lines: [{ id: line.id, product_id: p, quantity: 2, unit_price: 1 }],
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(await allocated(order.id)).toEqual([2]);
    expect(await record(p)).toMatchObject({ quantity_reserved: 2 });
    await reconciled();
  });

  it('cancel and close give back exactly what the order held', async () => {
    await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: false });
    const w = await rankedWarehouses();
    const [p, q] = [await product(), await product()];
    await adjust(p, 2, w.first);
    await adjust(p, 5, w.second);
    await adjust(q, 4, w.first);
    // Manual reservations beside the orders' stay as they are.
    expect(
      (await call('POST', `${INVENTORY}/reserve`, { product_id: p, warehouse_id: w.second, quantity: 1 })).statusCode,
    ).toBe(200);
    const cancelled = (
      await ordered([
        [p, 3],
        [q, 1],
      ])
    ).order;
    const closed = (
      await ordered([
        [p, 6],
        [q, 3],
      ])
    ).order;
    expect(await held(cancelled.id)).toEqual([{ [w.first]: 2, [w.second]: 1 }, { [w.first]: 1 }]);
    expect(await held(closed.id)).toEqual([{ [w.second]: 3 }, { [w.first]: 3 }]);

    const cancel = await call('POST', `${ORDERS}/${cancelled.id}/cancel`, { reason: 'Ordered twice' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await allocated(cancelled.id)).toEqual([0, 0]);
    expect(await record(p, w.first)).toMatchObject({ quantity_reserved: 0 });
    expect(await record(p, w.second)).toMatchObject({ quantity_reserved: 4 });

    const close = await call('POST', `${ORDERS}/${closed.id}/close`, { reason: 'Customer took what was there' });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data.status).toBe('cancelled');
    expect(await allocated(closed.id)).toEqual([0, 0]);
    expect(await record(p, w.second)).toMatchObject({ quantity_reserved: 1 });
    expect(await record(q, w.first)).toMatchObject({ quantity_reserved: 0 });
    const movements = await db()
      .selectFrom('stock_movements')
      .select(['type', 'quantity', 'reference_type', 'reference_id'])
      .where('product_id', 'in', [p, q])
      .where('reference_type', '=', 'sales_order')
      .execute();
    for (const id of [cancelled.id, closed.id])
      expect(movements.filter((m) => m.reference_id === id).reduce((s, m) => s + m.quantity, 0)).toBe(0);
    await reconciled();
  });

  describe('stock arriving', () => {
    it('an adjustment allocates to waiting lines by priority, then confirmation, in its transaction', async () => {
      await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: true });
      const p = await product();
      const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
      const early = (await ordered([[p, 2]])).order;
      await pause();
      const late = (await ordered([[p, 2]])).order;
      await pause();
      const urgent = (await ordered([[p, 2]], { priority: 5 })).order;
      const onHold = (await ordered([[p, 2]], { priority: 9 })).order;
      expect((await call('POST', `${ORDERS}/${onHold.id}/hold`, { reason: 'Credit check' })).statusCode).toBe(200);
      const waitingDraft = await draft([[p, 2]], { priority: 9 });
      const answer = await adjust(p, 3);
      // The answer already shows what the arrival reserved.
      expect(answer).toMatchObject({ quantity_on_hand: 3, quantity_reserved: 3 });
      const allocatedOf = async (o: { id: string }) => (await allocated(o.id))[0];
      expect([
        await allocatedOf(urgent),
        await allocatedOf(early),
        await allocatedOf(late),
        await allocatedOf(onHold),
        await allocatedOf(waitingDraft),
      ]).toEqual([2, 1, 0, 0, 0]);
      await adjust(p, 10);
      expect([await allocatedOf(early), await allocatedOf(late)]).toEqual([2, 2]);
      expect(await record(p)).toMatchObject({ quantity_on_hand: 13, quantity_reserved: 6 });
      await reconciled();
    });

    it('a count up, a transfer in and a purchase receipt allocate too', async () => {
      await setAllocationSettings(db(), tenantId(), { autoAllocate: true });
      const w = await rankedWarehouses();
      const p = await product();
      const { order } = await ordered([[p, 10]]);
      const count = await call('POST', `${INVENTORY}/physical-count`, {
        product_id: p,
        warehouse_id: w.first,
        counted_quantity: 2,
      });
      expect(count.statusCode, count.body).toBe(200);
      expect(await held(order.id)).toEqual([{ [w.first]: 2 }]);

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
      expect(await held(order.id)).toEqual([{ [w.first]: 5 }]);

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
      expect(await held(order.id)).toEqual([{ [w.first]: 5, [w.second]: 5 }]);
      expect(await record(p, w.second)).toMatchObject({ quantity_on_hand: 20, quantity_reserved: 5 });
      await reconciled();
    });

    it('reserves nothing when the tenant does not allocate backorders', async () => {
      await setAllocationSettings(db(), tenantId(), { autoAllocate: false });
      const p = await product();
      const { order } = await ordered([[p, 2]]);
      expect(await adjust(p, 5)).toMatchObject({ quantity_reserved: 0 });
      expect(await allocated(order.id)).toEqual([0]);
      await setAllocationSettings(db(), tenantId(), { autoAllocate: true });
    });

    it('stock for more waiting lines than one batch holds gives each line its reservation, movement and events', async () => {
      await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: true });
      const p = await product();
      await db().updateTable('products').set({ reorder_point: 10 }).where('id', '=', p).execute();
      const waiting: string[] = [];
      for (let i = 0; i < 300; i += 1) {
        const order = await insertOrder(db(), tenantId(), {
          customer_id: customerId,
          lines: [{ product_id: p, quantity: 1 }],
        });
        waiting.push(order.lineIds[0]!);
      }
      expect(await adjust(p, 260)).toMatchObject({ quantity_on_hand: 260, quantity_reserved: 260 });

      const movements = await db()
        .selectFrom('stock_movements')
        .selectAll()
        .where('product_id', '=', p)
        .where('type', '=', 'reservation')
        .orderBy('quantity_after')
        .execute();
      // One movement per line, each one unit on from the one before: the ledger's running quantity.
      expect(movements.map((m) => [m.quantity, m.quantity_before, m.quantity_after])).toEqual(
        Array.from({ length: 260 }, (_, i) => [1, i, i + 1]),
      );
      expect(new Set(movements.map((m) => m.reference_id)).size).toBe(260);
      const reservations = await db()
        .selectFrom('stock_reservations')
        .selectAll()
        .where('product_id', '=', p)
        .where('status', '=', 'active')
        .execute();
      expect(reservations).toHaveLength(260);
      expect(reservations.every((r) => r.quantity === 1 && waiting.includes(r.order_line_id!))).toBe(true);
      expect(new Set(reservations.map((r) => r.order_line_id)).size).toBe(260);

      const recordId = (await call('GET', `${INVENTORY}?product_id=${p}`)).json().data[0].id as string;
      const events = await db()
        .selectFrom('event_outbox')
        .select(['event_type', 'payload'])
        .where('entity_id', '=', recordId)
        .execute();
      const ofType = (type: string) => events.filter((e) => e.event_type === type);
      expect(ofType('inventory.reserved')).toHaveLength(260);
      // Available fell from 260 to 0 past the reorder point 10: one crossing, at the reservation that made it 10.
      const low = ofType('inventory.low_stock');
      expect(low).toHaveLength(1);
      const lowPayload = (typeof low[0]!.payload === 'string' ? JSON.parse(low[0]!.payload) : low[0]!.payload) as {
        quantity_available: number;
      };
      expect(lowPayload.quantity_available).toBe(10);
      await reconciled();
    });

    it('parallel arrivals and confirmations reserve no line beyond its open quantity', async () => {
      await setAllocationSettings(db(), tenantId(), { strategy: 'warehouse_priority', autoAllocate: true });
      const p = await product();
      // The record exists before the race: an allocation that finds none has nothing to wait for.
      await adjust(p, 2);
      const drafts: Order[] = [];
      for (let i = 0; i < 10; i += 1) drafts.push(await draft([[p, 3]]));
      await Promise.all([
        ...Array.from({ length: 9 }, () => adjust(p, 2)),
        ...drafts.map((o) => call('POST', `${ORDERS}/${o.id}/confirm`)),
      ]);
      let total = 0;
      for (const o of drafts) {
        const [h] = await allocated(o.id);
        expect(h).toBeLessThanOrEqual(3);
        total += h!;
      }
      // 20 arrived for 30 wanted: every unit went to a line.
      expect(total).toBe(20);
      await reconciled();
    });
  });
});
