// Physical counts: variance and percentage, one physical_count movement only when the count differs,
// last_counted_at always, the count row and its event, refusal below reserved stock, abilities and tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const URL = '/api/v1/operations/inventory/physical-count';
const NOW = new Date('2026-03-01T10:00:00.000Z');

describe('physical count', () => {
  let t: TestApp;
  let s: ReturnType<typeof stockOps>;
  const clock = new FixedClock(NOW);
  beforeAll(async () => {
    t = await buildTestApp({ clock });
    s = stockOps(t);
  });
  afterAll(() => t.close());

  it('sets on hand to the count through one physical_count movement and reports the variance', async () => {
    const id = await s.product();
    await s.stock(id, 40);
    const res = await s.call('POST', URL, { product_id: id, counted_quantity: 37 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      product_id: id,
      warehouse_id: t.tenant.defaultWarehouseId,
      quantity_on_hand: 37,
      quantity_available: 37,
      last_counted_at: NOW.toISOString(),
    });
    expect(data.warehouse).toMatchObject({ id: t.tenant.defaultWarehouseId, code: 'MAIN' });
    expect(data.count).toMatchObject({
      counted_quantity: 37,
      system_quantity_before: 40,
      variance: -3,
      variance_percentage: -7.5,
      counted_by: t.tenant.adminId,
    });
    const movements = await s.movements(id);
    const last = movements.at(-1)!;
    expect(movements).toHaveLength(2);
    expect(last).toMatchObject({
      type: 'physical_count',
      reason: 'physical_count',
      quantity: -3,
      quantity_before: 40,
      quantity_after: 37,
      created_by: t.tenant.adminId,
    });
    expect(data.count.adjustment_movement_id).toBe(last.id);
    const product = await s.db
      .selectFrom('products')
      .select('stock_quantity')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(product.stock_quantity).toBe(37);
    const rows = await s.db.selectFrom('physical_counts').selectAll().where('product_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ variance: -3, adjustment_movement_id: last.id });
    const [event] = await s.events('inventory.count_completed', data.id);
    expect(event!.entity_type).toBe('inventory');
    expect(event!.payload).toMatchObject({
      id: data.id,
      quantity_on_hand: 37,
      count: { variance: -3, variance_percentage: -7.5, system_quantity_before: 40, counted_quantity: 37 },
    });
  });

  it('writes no movement and keeps the quantity when the count matches, but still marks the count', async () => {
    const id = await s.product();
    await s.stock(id, 12);
    clock.advance(60_000);
    const res = await s.call('POST', URL, { product_id: id, warehouse_id: null, counted_quantity: 12 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.quantity_on_hand).toBe(12);
    expect(data.last_counted_at).toBe(clock.now().toISOString());
    expect(data.count).toMatchObject({ variance: 0, variance_percentage: 0, adjustment_movement_id: null });
    expect(await s.movements(id)).toHaveLength(1);
    expect(await s.events('inventory.count_completed', data.id)).toHaveLength(1);
  });

  it('rounds the percentage to 2 decimals and gives null when the system quantity was 0', async () => {
    const id = await s.product();
    await s.stock(id, 3);
    const res = await s.call('POST', URL, { product_id: id, counted_quantity: 4 });
    expect(res.json().data.count).toMatchObject({ variance: 1, variance_percentage: 33.33 });
    const fresh = await s.product();
    const zero = await s.call('POST', URL, { product_id: fresh, counted_quantity: 5 });
    expect(zero.statusCode).toBe(200);
    expect(zero.json().data.count).toMatchObject({ system_quantity_before: 0, variance: 5, variance_percentage: null });
    expect(zero.json().data.quantity_on_hand).toBe(5);
  });

  it('creates the record of a product never stocked when it is counted at 0, without a movement', async () => {
    const id = await s.product();
    const res = await s.call('POST', URL, { product_id: id, counted_quantity: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ quantity_on_hand: 0, count: { variance: 0, variance_percentage: null } });
    expect((await s.record(id, t.tenant.defaultWarehouseId))!.last_counted_at).not.toBeNull();
    expect(await s.movements(id)).toHaveLength(0);
  });

  it('counts in the named warehouse', async () => {
    const wh = await s.warehouse('CNT');
    const id = await s.product();
    await s.stock(id, 5, wh);
    const res = await s.call('POST', URL, { product_id: id, warehouse_id: wh, counted_quantity: 8 });
    expect(res.json().data).toMatchObject({
      warehouse_id: wh,
      quantity_on_hand: 8,
      count: { variance: 3, variance_percentage: 60 },
    });
  });

  it('refuses a count below the reserved quantity, changing nothing', async () => {
    const id = await s.product();
    await s.stock(id, 10);
    await s.reserve(id, 6, t.tenant.defaultWarehouseId);
    const res = await s.call('POST', URL, { product_id: id, counted_quantity: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Counted quantity cannot be below the reserved quantity. Counted: 5, Reserved: 6');
    expect(res.json().code).toBe('count_below_reserved');
    expect((await s.record(id, t.tenant.defaultWarehouseId))!).toMatchObject({
      quantity_on_hand: 10,
      last_counted_at: null,
    });
    expect(await s.db.selectFrom('physical_counts').selectAll().where('product_id', '=', id).execute()).toHaveLength(0);
    const ok = await s.call('POST', URL, { product_id: id, counted_quantity: 6 });
    expect(ok.json().data).toMatchObject({ quantity_on_hand: 6, quantity_reserved: 6, quantity_available: 0 });
  });

  it('answers 422 per field for bad input', async () => {
    const id = await s.product();
    const missing = await s.call('POST', URL, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['product_id', 'counted_quantity']));
    for (const counted of [-1, 1.5, '3']) {
      const res = await s.call('POST', URL, { product_id: id, counted_quantity: counted });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('counted_quantity');
    }
    const unknown = await s.call('POST', URL, { product_id: '01hzzzzzzzzzzzzzzzzzzzzzzz', counted_quantity: 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ product_id: ['The selected product id is invalid.'] });
    const badWarehouse = await s.call('POST', URL, {
      product_id: id,
      warehouse_id: '01hzzzzzzzzzzzzzzzzzzzzzzz',
      counted_quantity: 1,
    });
    expect(badWarehouse.statusCode).toBe(422);
    expect(badWarehouse.json().errors).toEqual({ warehouse_id: ['The selected warehouse id is invalid.'] });
  });

  it("treats another tenant's product and warehouse as unknown", async () => {
    const other = await makeTenantWithToken(t.services);
    const theirs = stockOps(t, other.auth, other.tenant.tenantId);
    const theirProduct = await theirs.product();
    const mine = await s.product();
    const res = await s.call('POST', URL, { product_id: theirProduct, counted_quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('product_id');
    const wh = await s.call('POST', URL, {
      product_id: mine,
      warehouse_id: other.tenant.defaultWarehouseId,
      counted_quantity: 1,
    });
    expect(wh.statusCode).toBe(422);
    expect(wh.json().errors).toHaveProperty('warehouse_id');
    expect(await theirs.movements(theirProduct)).toHaveLength(0);
  });

  it('documents the count, transfer and reorder paths in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    for (const [path, method] of [
      ['/api/v1/operations/inventory/physical-count', 'post'],
      ['/api/v1/operations/inventory/transfer', 'post'],
      ['/api/v1/operations/inventory/reorder-settings', 'put'],
      ['/api/v1/operations/inventory/low-stock', 'get'],
      ['/api/v1/operations/inventory/reorder-report', 'get'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation?.summary, path).toBeTruthy();
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '403', '422']));
    }
  });
});
