// Allocation across two server processes on one database. 50 confirmations of 1 unit against 20 available, spread
// over both processes, reserve exactly 20 and backorder 30. And 50 order lines of 1 unit waiting for a product
// while 20 units arrive one at a time through adjustments spread over both: each arrival hands its unit to a
// waiting line in the transaction that adds it. Either way no line holds more than it ordered, and the ledger
// matches its movements and reservations.
import { afterEach, describe, expect, it } from 'vitest';
import { inTransaction, type Executor } from '../../src/db/transaction.js';
import { makeProduct } from '../helpers/factories.js';
import { customerBody } from '../helpers/request-bodies.js';
import { setAllocationSettings } from '../helpers/sales-fixtures.js';
import type { TestDatabaseLocation } from '../helpers/test-database.js';
import { killAll } from '../process/processes.js';
import { startTwoServers } from '../process/two-servers.js';

/** What the order endpoints answer, as far as these tests read it. */
interface ConfirmedOrder {
  id: string;
  order: { lines: Array<{ quantity_allocated: number; quantity_backordered: number }> };
}

/** 20 on hand and 20 reserved, one unit per order line, matching the movements and the product's totals. */
async function expectAllocatedOnce(db: Executor, tenantId: string, productId: string) {
  const held = await db
    .selectFrom('stock_reservations')
    .select(['order_line_id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .execute();
  expect(held).toHaveLength(20);
  expect(held.every((r) => r.quantity === 1 && r.order_line_id !== null)).toBe(true);
  expect(new Set(held.map((r) => r.order_line_id)).size).toBe(20);
  const record = await db
    .selectFrom('inventory_records')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  expect([record.quantity_on_hand, record.quantity_reserved]).toEqual([20, 20]);
  const movements = await db
    .selectFrom('stock_movements')
    .select(['type', 'quantity'])
    .where('product_id', '=', productId)
    .execute();
  const sum = (types: string[]) => movements.filter((m) => types.includes(m.type)).reduce((s, m) => s + m.quantity, 0);
  expect([sum(['adjustment']), sum(['reservation', 'release'])]).toEqual([20, 20]);
  const product = await db
    .selectFrom('products')
    .select(['stock_quantity', 'reserved_quantity'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  expect([product.stock_quantity, product.reserved_quantity]).toEqual([20, 20]);
}

describe('allocation across two server processes', () => {
  let location: TestDatabaseLocation | undefined;
  afterEach(async () => {
    await killAll();
    await location?.drop();
    location = undefined;
  });

  it('50 confirmations of 1 unit against 20 available through two processes reserve 20 and backorder 30', async () => {
    const servers = await startTwoServers(async ({ services, db, tenantId }) => {
      const productId = await makeProduct(db, tenantId);
      const customerId = (await services.crm.customers.service.create(tenantId, customerBody())).id;
      await inTransaction(db, (trx) =>
        services.stock.changeOnHand(trx, { tenantId, productId, quantity: 20, type: 'adjustment', reason: 'Setup' }),
      );
      return { productId, customerId };
    });
    location = servers.location;
    const { productId, customerId } = servers.prepared;
    const post = (i: number, path: string, body?: object) =>
      servers.post<{ data: ConfirmedOrder }>(i, `/sales/orders${path}`, body);
    const orderIds: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const created = await post(i, '', {
        customer_id: customerId,
        lines: [{ product_id: productId, quantity: 1, unit_price: 1 }],
      });
      expect(created.status).toBe(201);
      orderIds.push(created.body.data.id);
    }
    const confirmed = await Promise.all(orderIds.map((id, i) => post(i, `/${id}/confirm`)));
    expect(confirmed.map((r) => r.status)).toEqual(orderIds.map(() => 200));
    const lines = confirmed.map((r) => r.body.data.order.lines[0]!);
    expect(lines.reduce((s, l) => s + l.quantity_allocated, 0)).toBe(20);
    expect(lines.reduce((s, l) => s + l.quantity_backordered, 0)).toBe(30);
    await servers.inspect((db) => expectAllocatedOnce(db, servers.tenantId, productId));
  }, 120_000);

  it('20 units arriving through two processes go to exactly 20 of 50 waiting lines', async () => {
    const servers = await startTwoServers(async ({ services, db, tenantId }) => {
      const productId = await makeProduct(db, tenantId);
      await setAllocationSettings(db, tenantId, { autoAllocate: true });
      const customer = await services.crm.customers.service.create(tenantId, customerBody());
      const lineIds: string[] = [];
      for (let i = 0; i < 50; i += 1) {
        const draft = await services.sales.orders.service.create(tenantId, null, {
          customer_id: customer.id,
          lines: [{ product_id: productId, quantity: 1, unit_price: 1 }],
        });
        const { order } = await services.sales.orders.service.confirm(tenantId, draft.id, null);
        lineIds.push(order.lines![0]!.id);
      }
      // The record exists before the race (stock in, then out again while nothing waits would allocate it).
      await setAllocationSettings(db, tenantId, { autoAllocate: false });
      for (const quantity of [1, -1])
        await inTransaction(db, (trx) =>
          services.stock.changeOnHand(trx, { tenantId, productId, quantity, type: 'adjustment', reason: 'Setup' }),
        );
      await setAllocationSettings(db, tenantId, { autoAllocate: true });
      return { productId, lineIds };
    });
    location = servers.location;
    const { productId, lineIds } = servers.prepared;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        servers.post(i, '/operations/inventory/adjust', { product_id: productId, quantity: 1, reason: 'Arrival' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    await servers.inspect(async (db) => {
      const held = await db
        .selectFrom('stock_reservations')
        .select(['order_line_id', 'quantity'])
        .where('tenant_id', '=', servers.tenantId)
        .where('status', '=', 'active')
        .execute();
      expect(held).toHaveLength(20);
      expect(held.every((r) => r.quantity === 1 && lineIds.includes(r.order_line_id!))).toBe(true);
      expect(new Set(held.map((r) => r.order_line_id)).size).toBe(20);
      await expectAllocatedOnce(db, servers.tenantId, productId);
    });
  }, 90_000);
});
