// Concurrent stock changes through HTTP: parallel reserves and decrements never oversell or go negative,
// a randomized interleaving keeps every record equal to its movement sums, and the same holds with two
// server processes sharing one database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/transaction.js';
import type { Executor } from '../../../src/db/transaction.js';
import { makeProduct, makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import type { TestDatabaseLocation } from '../../helpers/test-database.js';
import { killAll } from '../../process/processes.js';
import { startTwoServers } from '../../process/two-servers.js';

/** mulberry32: a small seeded PRNG, so a failing sequence can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every invariant of the ledger for one tenant: records equal movement sums and their reserved the sum of their
 * active reservations, products equal record sums.
 */
async function expectLedgerConsistent(db: Executor, tenantId: string, productIds: string[]) {
  const records = await db.selectFrom('inventory_records').selectAll().where('tenant_id', '=', tenantId).execute();
  const movements = await db.selectFrom('stock_movements').selectAll().where('tenant_id', '=', tenantId).execute();
  const active = await db
    .selectFrom('stock_reservations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .execute();
  for (const r of records) {
    const own = movements.filter((m) => m.product_id === r.product_id && m.warehouse_id === r.warehouse_id);
    const reservedTypes = new Set(['reservation', 'release']);
    expect(r.quantity_on_hand).toBe(own.filter((m) => !reservedTypes.has(m.type)).reduce((s, m) => s + m.quantity, 0));
    expect(r.quantity_reserved).toBe(own.filter((m) => reservedTypes.has(m.type)).reduce((s, m) => s + m.quantity, 0));
    expect(r.quantity_reserved).toBe(
      active
        .filter((a) => a.product_id === r.product_id && a.warehouse_id === r.warehouse_id)
        .reduce((s, a) => s + a.quantity, 0),
    );
    expect(r.quantity_reserved).toBeGreaterThanOrEqual(0);
    expect(r.quantity_on_hand).toBeGreaterThanOrEqual(r.quantity_reserved);
  }
  for (const id of productIds) {
    const p = await db
      .selectFrom('products')
      .select(['stock_quantity', 'reserved_quantity'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const own = records.filter((r) => r.product_id === id);
    expect(p.stock_quantity).toBe(own.reduce((s, r) => s + r.quantity_on_hand, 0));
    expect(p.reserved_quantity).toBe(own.reduce((s, r) => s + r.quantity_reserved, 0));
  }
}

describe('inventory concurrency in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const setUp = async (onHand: number) => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const call = jsonCaller(t.app, auth);
    const productId = await makeProduct(t.database.db, tenant.tenantId);
    const res = await call('POST', '/api/v1/operations/inventory/adjust', {
      product_id: productId,
      quantity: onHand,
      reason: 'Opening stock',
    });
    expect(res.statusCode).toBe(200);
    return { tenant, call, productId };
  };

  it('50 concurrent reserves of 1 against 20 available: exactly 20 succeed', async () => {
    const { tenant, call, productId } = await setUp(20);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/v1/operations/inventory/reserve', { product_id: productId, quantity: 1 }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 422)).toHaveLength(30);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().message).toBe('Insufficient available stock. Available: 0, Requested: 1');
    const record = (await call('GET', `/api/v1/operations/inventory?product_id=${productId}`)).json().data[0];
    expect(record).toMatchObject({ quantity_on_hand: 20, quantity_reserved: 20, quantity_available: 0 });
    const reservations = await t.database.db
      .selectFrom('stock_movements')
      .select('quantity_after')
      .where('product_id', '=', productId)
      .where('type', '=', 'reservation')
      .execute();
    expect(reservations.map((m) => m.quantity_after).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await call('GET', '/api/v1/operations/inventory/reconcile')).json().data).toEqual([]);
    await expectLedgerConsistent(t.database.db, tenant.tenantId, [productId]);
  });

  it('40 concurrent decrements against 25 on hand: 25 succeed and stock ends at 0', async () => {
    const { tenant, call, productId } = await setUp(25);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        call('POST', '/api/v1/operations/inventory/adjust', {
          product_id: productId,
          quantity: -1,
          reason: 'Shrinkage',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(25);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.json().message).toBe('Stock cannot be negative. Current: 0, Adjustment: -1');
    const product = await t.database.db
      .selectFrom('products')
      .select('stock_quantity')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.stock_quantity).toBe(0);
    const outOfStock = await t.database.db
      .selectFrom('event_outbox')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('event_type', '=', 'inventory.out_of_stock')
      .execute();
    expect(outOfStock).toHaveLength(1);
    await expectLedgerConsistent(t.database.db, tenant.tenantId, [productId]);
  });

  it('a randomized interleaving of adjust, reserve and release keeps the ledger consistent', async () => {
    const random = prng(20261121);
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const call = jsonCaller(t.app, auth);
    const second = (await t.services.warehouses.create(tenant.tenantId, { name: 'Second', code: 'SECOND' })).id;
    const warehouses = [null, second];
    const products = [
      await makeProduct(t.database.db, tenant.tenantId),
      await makeProduct(t.database.db, tenant.tenantId),
      await makeProduct(t.database.db, tenant.tenantId),
    ];
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const statuses: number[] = [];
    for (let batch = 0; batch < 40; batch++) {
      const size = 1 + Math.floor(random() * 8);
      const requests = Array.from({ length: size }, () => {
        const body = { product_id: pick(products), warehouse_id: pick(warehouses) };
        const kind = random();
        const quantity = 1 + Math.floor(random() * 6);
        if (kind < 0.45)
          return call('POST', '/api/v1/operations/inventory/adjust', {
            ...body,
            quantity: random() < 0.55 ? quantity : -quantity,
            reason: 'Random',
          });
        if (kind < 0.75) return call('POST', '/api/v1/operations/inventory/reserve', { ...body, quantity });
        return call('POST', '/api/v1/operations/inventory/release', { ...body, quantity });
      });
      statuses.push(...(await Promise.all(requests)).map((r) => r.statusCode));
    }
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    const succeeded = statuses.filter((s) => s === 200).length;
    expect(succeeded).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 422).length).toBeGreaterThan(0);
    const movements = await t.database.db
      .selectFrom('stock_movements')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    expect(movements).toHaveLength(succeeded);
    expect((await call('GET', '/api/v1/operations/inventory/reconcile')).json().data).toEqual([]);
    await expectLedgerConsistent(t.database.db, tenant.tenantId, products);
  });
});

describe('inventory concurrency across two server processes', () => {
  let location: TestDatabaseLocation | undefined;
  afterEach(async () => {
    await killAll();
    await location?.drop();
    location = undefined;
  });

  it('split over two processes: 50 reserves against 20 available give 20 successes, 40 decrements against 25 end at 0', async () => {
    const servers = await startTwoServers(async ({ services, db, tenantId }) => {
      const stocked = async (quantity: number) => {
        const productId = await makeProduct(db, tenantId);
        await inTransaction(db, (trx) =>
          services.stock.changeOnHand(trx, {
            tenantId,
            productId,
            quantity,
            type: 'adjustment',
            reason: 'Opening stock',
          }),
        );
        return productId;
      };
      return { productId: await stocked(20), decremented: await stocked(25) };
    });
    location = servers.location;
    const { productId, decremented } = servers.prepared;
    const post = (i: number, path: string, body: object) =>
      servers.post<{ message?: string }>(i, `/operations/inventory/${path}`, body);
    const [results, decrements] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, (_, i) => post(i, 'reserve', { product_id: productId, quantity: 1 }))),
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(i, 'adjust', { product_id: decremented, quantity: -1, reason: 'Shrinkage' }),
        ),
      ),
    ]);
    expect(decrements.filter((r) => r.status === 200)).toHaveLength(25);
    expect(decrements.filter((r) => r.status === 422)).toHaveLength(15);
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(r.body.message).toBe('Insufficient available stock. Available: 0, Requested: 1');
    await servers.inspect(async (db) => {
      const record = await db
        .selectFrom('inventory_records')
        .selectAll()
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      expect([record.quantity_on_hand, record.quantity_reserved]).toEqual([20, 20]);
      const emptied = await db
        .selectFrom('products')
        .select('stock_quantity')
        .where('id', '=', decremented)
        .executeTakeFirstOrThrow();
      expect(emptied.stock_quantity).toBe(0);
      await expectLedgerConsistent(db, servers.tenantId, [productId, decremented]);
    });
  }, 90_000);
});
