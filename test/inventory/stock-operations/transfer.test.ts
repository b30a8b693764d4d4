// Transfers: an atomic transfer_out/transfer_in pair with one instant and creator, reasons naming the other
// warehouse, only available stock moves, equal or unknown warehouses refused, the event, abilities, tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const URL = '/api/v1/operations/inventory/transfer';
const NOW = new Date('2026-04-02T08:30:00.000Z');

describe('transfer', () => {
  let t: TestApp;
  let s: ReturnType<typeof stockOps>;
  let main: string;
  let east: string;
  let west: string;
  beforeAll(async () => {
    t = await buildTestApp({ clock: new FixedClock(NOW) });
    s = stockOps(t);
    main = t.tenant.defaultWarehouseId;
    east = await s.warehouse('EAST');
    west = await s.warehouse('WEST');
  });
  afterAll(() => t.close());

  it('moves stock with a transfer_out and a transfer_in of the same instant and creator', async () => {
    const id = await s.product();
    await s.stock(id, 20);
    const res = await s.call('POST', URL, {
      product_id: id,
      from_warehouse_id: null,
      to_warehouse_id: east,
      quantity: 7,
      reason: 'Rebalance',
      reference_number: 'TR-1',
      notes: 'pallet 3',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Stock transferred successfully');
    expect(body.data.from).toMatchObject({
      warehouse_id: main,
      quantity_on_hand: 13,
      quantity_available: 13,
      warehouse: { code: 'MAIN' },
    });
    expect(body.data.to).toMatchObject({ warehouse_id: east, quantity_on_hand: 7, warehouse: { code: 'EAST' } });
    const [, out, into] = await s.movements(id);
    expect(out).toMatchObject({
      type: 'transfer_out',
      warehouse_id: main,
      quantity: -7,
      quantity_before: 20,
      quantity_after: 13,
      reason: 'Transfer to EAST: Rebalance',
      notes: 'pallet 3',
      reference_type: 'transfer',
      reference_id: 'TR-1',
    });
    expect(into).toMatchObject({
      type: 'transfer_in',
      warehouse_id: east,
      quantity: 7,
      quantity_before: 0,
      quantity_after: 7,
      reason: 'Transfer from MAIN: Rebalance',
      reference_id: 'TR-1',
    });
    expect(out!.created_at).toBe(into!.created_at);
    expect(new Date(out!.created_at).toISOString()).toBe(NOW.toISOString());
    expect(out!.created_by).toBe(t.tenant.adminId);
    expect(into!.created_by).toBe(t.tenant.adminId);
    const product = await s.db
      .selectFrom('products')
      .select('stock_quantity')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(product.stock_quantity).toBe(20);
    const [event] = await s.events('inventory.transfer_completed', body.data.from.id);
    expect(event!.payload).toMatchObject({
      product_id: id,
      from_warehouse_id: main,
      to_warehouse_id: east,
      quantity: 7,
      transfer_out_movement_id: out!.id,
      transfer_in_movement_id: into!.id,
    });
    expect(await s.events('stock_movement.recorded', into!.id)).toHaveLength(1);
  });

  it('names just the warehouse when no reason is given, and moves between two named warehouses', async () => {
    const id = await s.product();
    await s.stock(id, 5, east);
    const res = await s.call('POST', URL, {
      product_id: id,
      from_warehouse_id: east,
      to_warehouse_id: west,
      quantity: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.from.quantity_on_hand).toBe(0);
    const [, out, into] = await s.movements(id);
    expect(out!.reason).toBe('Transfer to WEST');
    expect(into!.reason).toBe('Transfer from EAST');
    expect(into!.reference_id).toBeNull();
  });

  it('refuses equal warehouses, also two nulls and a null next to the default id', async () => {
    const id = await s.product();
    await s.stock(id, 5);
    for (const pair of [
      {},
      { from_warehouse_id: null, to_warehouse_id: null },
      { from_warehouse_id: main },
      { from_warehouse_id: east, to_warehouse_id: east },
    ]) {
      const res = await s.call('POST', URL, { product_id: id, quantity: 1, ...pair });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        to_warehouse_id: ['The destination warehouse must be different from the source warehouse.'],
      });
    }
    expect(await s.movements(id)).toHaveLength(1);
  });

  it('moves only available stock: reserved units stay, and too much is refused with nothing written', async () => {
    const id = await s.product();
    await s.stock(id, 10);
    await s.reserve(id, 4, main);
    const res = await s.call('POST', URL, { product_id: id, to_warehouse_id: west, quantity: 7 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient available stock. Available: 6, Requested: 7');
    expect(res.json().code).toBe('insufficient_stock');
    expect(await s.movements(id)).toHaveLength(1);
    expect(await s.record(id, west)).toBeUndefined();
    const ok = await s.call('POST', URL, { product_id: id, to_warehouse_id: west, quantity: 6 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.from).toMatchObject({ quantity_on_hand: 4, quantity_reserved: 4, quantity_available: 0 });
  });

  it('never moves more than is available under parallel transfers, also in opposite directions', async () => {
    const id = await s.product();
    await s.stock(id, 20);
    await s.stock(id, 20, east);
    const requests = Array.from({ length: 16 }, (_, i) =>
      i % 2 === 0
        ? s.call('POST', URL, { product_id: id, from_warehouse_id: main, to_warehouse_id: east, quantity: 3 })
        : s.call('POST', URL, { product_id: id, from_warehouse_id: east, to_warehouse_id: main, quantity: 3 }),
    );
    const codes = (await Promise.all(requests)).map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 422)).toBe(true);
    const records = await s.db.selectFrom('inventory_records').selectAll().where('product_id', '=', id).execute();
    expect(records.reduce((sum, r) => sum + r.quantity_on_hand, 0)).toBe(40);
    expect(records.every((r) => r.quantity_on_hand >= 0)).toBe(true);
    const movements = await s.movements(id);
    for (const r of records) {
      expect(movements.filter((m) => m.warehouse_id === r.warehouse_id).reduce((sum, m) => sum + m.quantity, 0)).toBe(
        r.quantity_on_hand,
      );
    }
    expect(movements.filter((m) => m.type === 'transfer_out')).toHaveLength(codes.filter((c) => c === 200).length);
  });

  it('refuses a source without any record of the product', async () => {
    const id = await s.product();
    const res = await s.call('POST', URL, { product_id: id, from_warehouse_id: east, quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient available stock. Available: 0, Requested: 1');
  });

  it('answers 422 per field for bad quantities, long reasons, unknown product or warehouse', async () => {
    const id = await s.product();
    await s.stock(id, 3);
    for (const quantity of [0, -2, 1.5, undefined]) {
      const res = await s.call('POST', URL, { product_id: id, to_warehouse_id: east, quantity });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('quantity');
    }
    const long = await s.call('POST', URL, {
      product_id: id,
      to_warehouse_id: east,
      quantity: 1,
      reason: 'x'.repeat(501),
    });
    expect(long.json().errors).toHaveProperty('reason');
    const unknownProduct = await s.call('POST', URL, {
      product_id: '01hzzzzzzzzzzzzzzzzzzzzzzz',
      to_warehouse_id: east,
      quantity: 1,
    });
    expect(unknownProduct.json().errors).toEqual({ product_id: ['The selected product id is invalid.'] });
    const unknownTo = await s.call('POST', URL, {
      product_id: id,
      to_warehouse_id: '01hzzzzzzzzzzzzzzzzzzzzzzz',
      quantity: 1,
    });
    expect(unknownTo.statusCode).toBe(422);
    expect(unknownTo.json().errors).toEqual({ to_warehouse_id: ['The selected to warehouse id is invalid.'] });
    const unknownFrom = await s.call('POST', URL, {
      product_id: id,
      from_warehouse_id: '01hzzzzzzzzzzzzzzzzzzzzzzz',
      quantity: 1,
    });
    expect(unknownFrom.json().errors).toEqual({ from_warehouse_id: ['The selected from warehouse id is invalid.'] });
    expect(await s.movements(id)).toHaveLength(1);
  });

  it("treats another tenant's product and warehouses as unknown", async () => {
    const other = await makeTenantWithToken(t.services);
    const theirs = stockOps(t, other.auth, other.tenant.tenantId);
    const theirProduct = await theirs.product();
    await theirs.stock(theirProduct, 5);
    const mine = await s.product();
    await s.stock(mine, 5);
    const product = await s.call('POST', URL, { product_id: theirProduct, to_warehouse_id: east, quantity: 1 });
    expect(product.json().errors).toHaveProperty('product_id');
    const to = await s.call('POST', URL, {
      product_id: mine,
      to_warehouse_id: other.tenant.defaultWarehouseId,
      quantity: 1,
    });
    expect(to.statusCode).toBe(422);
    expect(to.json().errors).toHaveProperty('to_warehouse_id');
    expect(await theirs.movements(theirProduct)).toHaveLength(1);
    expect(await s.movements(mine)).toHaveLength(1);
  });
});
