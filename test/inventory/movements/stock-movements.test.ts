// The stock-movement ledger's reads through HTTP: the resource, every list filter, a product's history and
// a warehouse's activity, on a ledger written at fixed times.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { inTransaction } from '../../../src/db/transaction.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { bearer, makeTenantWithToken, makeToken, makeUser } from '../../helpers/factories.js';
import { walkByCursor } from '../../helpers/keyset-walk.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const MOVEMENTS = '/api/v1/operations/stock-movements';

type Movement = Record<string, unknown> & { id: string };

describe('stock movements', () => {
  const clock = new FixedClock(new Date('2026-03-01T12:00:00.000Z'));
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  /** m[1]..m[9]: the movements in the order they were made. */
  const m: string[] = [];
  const ids = { lamp: '', fan: '', east: '', clerk: '', clerkName: '', clerkEmail: '' };

  const setTime = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
  const createProduct = async (payload: object) => {
    const res = await call('POST', '/api/v1/operations/products', payload);
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const initialMovementOf = async (productId: string) =>
    (
      await t.database.db
        .selectFrom('stock_movements')
        .select('id')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).id;
  const stock = () => t.services.stock;
  const list = async (query: string) => {
    const res = await call('GET', `${MOVEMENTS}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.map((row: Movement) => row.id) as string[];
  };
  /** The movements by their number, newest first. */
  const nth = (...numbers: number[]) => numbers.map((n) => m[n]);

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    call = jsonCaller(t.app, t.auth);
    const tenantId = t.tenant.tenantId;
    const clerk = await makeUser(t.services, tenantId, 'manager');
    Object.assign(ids, { clerk: clerk.id, clerkName: clerk.name, clerkEmail: clerk.email });
    ids.east = (await t.services.warehouses.create(tenantId, { name: 'East Depot', code: 'EAST' })).id;

    // m1: initial stock through the product endpoint, by the token's user.
    ids.lamp = await createProduct({ name: 'Ledger Lamp', sku: 'LED-1', stock_quantity: 10 });
    m[1] = await initialMovementOf(ids.lamp);

    setTime('2026-03-02T09:00:00.000Z');
    m[2] = (
      await inTransaction(t.database.db, (trx) =>
        stock().changeOnHand(trx, {
          tenantId,
          productId: ids.lamp,
          quantity: -3,
          type: 'adjustment',
          reason: 'Damaged',
          notes: 'Dropped',
          referenceType: 'audit',
          referenceId: 'AUD-1',
          userId: clerk.id,
        }),
      )
    ).id;

    setTime('2026-03-02T10:00:00.000Z');
    const pair = await inTransaction(t.database.db, async (trx) => {
      const reference = { referenceType: 'transfer', referenceId: 'TR-1', userId: t.tenant.adminId };
      const out = await stock().changeOnHand(trx, {
        tenantId,
        productId: ids.lamp,
        quantity: -2,
        type: 'transfer_out',
        reason: 'Transfer to EAST',
        ...reference,
      });
      const into = await stock().changeOnHand(trx, {
        tenantId,
        productId: ids.lamp,
        warehouseId: ids.east,
        quantity: 2,
        type: 'transfer_in',
        reason: 'Transfer from MAIN',
        ...reference,
      });
      return [out.id, into.id];
    });
    m[3] = pair[0]!;
    m[4] = pair[1]!;

    setTime('2026-03-03T12:00:00.000Z');
    m[5] = (
      await inTransaction(t.database.db, (trx) =>
        stock().reserve(trx, {
          tenantId,
          productId: ids.lamp,
          quantity: 4,
          referenceType: 'order',
          referenceId: 'ORD-1',
        }),
      )
    ).id;
    setTime('2026-03-03T12:01:00.000Z');
    m[6] = (
      await inTransaction(t.database.db, (trx) =>
        stock().release(trx, {
          tenantId,
          productId: ids.lamp,
          quantity: 1,
          referenceType: 'order',
          referenceId: 'ORD-1',
        }),
      )
    ).id;

    setTime('2026-03-04T12:00:00.000Z');
    ids.fan = await createProduct({ name: 'Quiet Fan', sku: 'FAN-1', stock_quantity: 6 });
    m[7] = await initialMovementOf(ids.fan);
    setTime('2026-03-04T12:00:01.000Z');
    m[8] = (
      await inTransaction(t.database.db, (trx) =>
        stock().changeOnHand(trx, {
          tenantId,
          productId: ids.fan,
          quantity: -1,
          type: 'physical_count',
          reason: 'physical_count',
        }),
      )
    ).id;
    setTime('2026-03-04T12:00:02.000Z');
    m[9] = (
      await inTransaction(t.database.db, (trx) =>
        stock().changeOnHand(trx, {
          tenantId,
          productId: ids.fan,
          warehouseId: ids.east,
          quantity: 5,
          type: 'purchase_receipt',
          reason: 'PO received',
          referenceType: 'purchase_order',
          referenceId: 'PO-1',
          userId: t.tenant.adminId,
        }),
      )
    ).id;
  });
  afterAll(() => t.close());

  describe('the resource', () => {
    it('answers every field, with the type label, creator, product and warehouse', async () => {
      const res = await call('GET', `${MOVEMENTS}/${m[2]}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          id: m[2],
          product_id: ids.lamp,
          warehouse_id: t.tenant.defaultWarehouseId,
          movement_type: { value: 'adjustment', label: 'Adjustment' },
          is_inbound: false,
          is_outbound: true,
          quantity: -3,
          quantity_before: 10,
          quantity_after: 7,
          reason: 'Damaged',
          notes: 'Dropped',
          reference_type: 'audit',
          reference_id: 'AUD-1',
          created_by: ids.clerk,
          creator: { id: ids.clerk, name: ids.clerkName, email: ids.clerkEmail },
          created_at: '2026-03-02T09:00:00.000Z',
          product: { id: ids.lamp, name: 'Ledger Lamp', sku: 'LED-1' },
          warehouse: { id: t.tenant.defaultWarehouseId, name: 'Main Warehouse', code: 'MAIN' },
        },
      });
    });

    it('labels every movement type and marks on-hand direction; reservation and release are neither in nor out', async () => {
      const res = await call('GET', `${MOVEMENTS}?per_page=100`);
      const rows = res.json().data as Array<{
        id: string;
        movement_type: { value: string; label: string };
        is_inbound: boolean;
        is_outbound: boolean;
        quantity: number;
      }>;
      // The oldest of each type wins: the lamp's initial stock of 10, not the fan's 6.
      const seen = Object.fromEntries(
        rows.map((r) => [r.movement_type.value, [r.movement_type.label, r.is_inbound, r.is_outbound, r.quantity]]),
      );
      expect(seen).toEqual({
        initial_stock: ['Initial Stock', true, false, 10],
        adjustment: ['Adjustment', false, true, -3],
        transfer_out: ['Transfer Out', false, true, -2],
        transfer_in: ['Transfer In', true, false, 2],
        reservation: ['Reservation', false, false, 4],
        release: ['Release', false, false, -1],
        physical_count: ['Physical Count', false, true, -1],
        purchase_receipt: ['Purchase Receipt', true, false, 5],
      });
    });

    it('shows the creator of a movement made by the token user, and null when no user made it', async () => {
      const initial = (await call('GET', `${MOVEMENTS}/${m[1]}`)).json().data;
      expect(initial).toMatchObject({
        created_by: t.tenant.adminId,
        creator: { id: t.tenant.adminId, email: t.tenant.adminEmail },
        reason: 'Initial stock',
      });
      const reservation = (await call('GET', `${MOVEMENTS}/${m[5]}`)).json().data;
      expect(reservation).toMatchObject({
        created_by: null,
        creator: null,
        quantity: 4,
        quantity_before: 0,
        quantity_after: 4,
        reference_type: 'order',
      });
    });

    it('answers 404 for an unknown movement and for another tenant’s', async () => {
      const unknown = await call('GET', `${MOVEMENTS}/01hzzzzzzzzzzzzzzzzzzzzzzz`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Stock movement not found.');
      const other = await makeTenantWithToken(t.services);
      const foreign = await call('GET', `${MOVEMENTS}/${m[1]}`, undefined, other.auth);
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('the list', () => {
    it('pages the tenant’s movements newest first, a transfer’s pair ordered by id', async () => {
      expect(await list('')).toEqual(nth(9, 8, 7, 6, 5, 4, 3, 2, 1));
      const res = await call('GET', `${MOVEMENTS}?per_page=4&page=2`);
      expect(res.json().data.map((r: Movement) => r.id)).toEqual(nth(5, 4, 3, 2));
      expect(res.json().meta).toEqual({ current_page: 2, per_page: 4, total: 9, last_page: 3 });
      expect((await call('GET', MOVEMENTS)).json().meta.per_page).toBe(25);
      expect((await call('GET', `${MOVEMENTS}?per_page=101`)).statusCode).toBe(422);
    });

    it('filters by one movement type or a comma list', async () => {
      expect(await list('?movement_type=adjustment')).toEqual(nth(2));
      expect(await list('?movement_type=transfer_in,transfer_out')).toEqual(nth(4, 3));
      expect(await list(`?movement_type=${encodeURIComponent(' reservation , release ')}`)).toEqual(nth(6, 5));
      expect(await list('?movement_type=')).toHaveLength(9);
    });

    it('refuses an unknown movement type with 422 naming it', async () => {
      for (const value of ['bogus', 'adjustment,nope']) {
        const res = await call('GET', `${MOVEMENTS}?movement_type=${value}`);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.movement_type[0]).toMatch(/^Unknown movement type: (bogus|nope)\./);
      }
    });

    it('filters by product, warehouse, reference and creator', async () => {
      expect(await list(`?product_id=${ids.fan}`)).toEqual(nth(9, 8, 7));
      expect(await list(`?warehouse_id=${ids.east}`)).toEqual(nth(9, 4));
      expect(await list(`?product_id=${ids.lamp}&warehouse_id=${t.tenant.defaultWarehouseId}`)).toEqual(
        nth(6, 5, 3, 2, 1),
      );
      expect(await list('?reference_type=order')).toEqual(nth(6, 5));
      expect(await list('?reference_type=transfer&reference_id=TR-1')).toEqual(nth(4, 3));
      expect(await list('?reference_id=AUD-1')).toEqual(nth(2));
      expect(await list(`?created_by=${ids.clerk}`)).toEqual(nth(2));
      expect(await list(`?created_by=${t.tenant.adminId}`)).toEqual(nth(9, 7, 4, 3, 1));
      expect(await list('?product_id=unknown')).toEqual([]);
    });

    it('filters by creation date: a bare date covers its whole UTC day, a date-time is exact', async () => {
      expect(await list('?from=2026-03-03')).toEqual(nth(9, 8, 7, 6, 5));
      expect(await list('?to=2026-03-02')).toEqual(nth(4, 3, 2, 1));
      expect(await list('?from=2026-03-02&to=2026-03-02')).toEqual(nth(4, 3, 2));
      expect(
        await list(
          `?from=${encodeURIComponent('2026-03-02T09:30:00Z')}&to=${encodeURIComponent('2026-03-03T12:00:00.000Z')}`,
        ),
      ).toEqual(nth(5, 4, 3));
      expect(await list(`?from=${encodeURIComponent('2026-03-04T13:00:00+01:00')}`)).toEqual(nth(9, 8, 7));
    });

    it('refuses malformed dates and a range that ends before it starts', async () => {
      for (const [query, field] of [
        ['from=yesterday', 'from'],
        ['to=2026-02-30', 'to'],
        ['from=2026-03-02T25:00:00Z', 'from'],
        ['from=2026-03-03&to=2026-03-02', 'to'],
      ] as const) {
        const res = await call('GET', `${MOVEMENTS}?${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
    });

    it('shows only the caller tenant’s movements', async () => {
      const other = await makeTenantWithToken(t.services);
      const res = await call('GET', MOVEMENTS, undefined, other.auth);
      expect(res.json().data).toEqual([]);
      expect(res.json().meta.total).toBe(0);
      const filtered = await call('GET', `${MOVEMENTS}?product_id=${ids.lamp}`, undefined, other.auth);
      expect(filtered.json().data).toEqual([]);
    });
  });

  describe('the walk by cursor', () => {
    const walk = (query: string, auth = t.auth) =>
      walkByCursor<Movement>((url) => call('GET', url, undefined, auth), `${MOVEMENTS}${query}`);

    it('answers every movement once, newest first, with filters, and no total', async () => {
      const all = await walk('?per_page=2');
      expect(all.pages.map((page) => page.length)).toEqual([2, 2, 2, 2, 1]);
      expect(all.rows.map((row) => row.id)).toEqual(nth(9, 8, 7, 6, 5, 4, 3, 2, 1));
      const lamp = await walk(`?per_page=2&product_id=${ids.lamp}&warehouse_id=${t.tenant.defaultWarehouseId}`);
      expect(lamp.rows.map((row) => row.id)).toEqual(nth(6, 5, 3, 2, 1));
      expect((await walk('?per_page=3&movement_type=transfer_in,transfer_out')).rows.map((row) => row.id)).toEqual(
        nth(4, 3),
      );
      expect((await walk('?product_id=unknown')).pages).toEqual([[]]);
      // The first page is the page-numbered list's first page, in the other shape.
      const first = await call('GET', `${MOVEMENTS}?per_page=4&after=`);
      expect(first.json().data.map((r: Movement) => r.id)).toEqual(nth(9, 8, 7, 6));
      expect(first.json().meta).not.toHaveProperty('total');
    });

    it('repeats none and skips none while movements are written during the walk', async () => {
      const other = await makeTenantWithToken(t.services);
      const startedAt = clock.now().toISOString();
      onTestFinished(() => setTime(startedAt));
      const make = async (sku: string) => {
        const res = await call(
          'POST',
          '/api/v1/operations/products',
          { name: sku, sku, stock_quantity: 1 },
          other.auth,
        );
        expect(res.statusCode).toBe(201);
      };
      for (const sku of ['W-1', 'W-2', 'W-3', 'W-4', 'W-5']) {
        clock.advance(1000);
        await make(sku);
      }
      const before = (await call('GET', `${MOVEMENTS}?per_page=100`, undefined, other.auth)).json().data as Movement[];
      const during = await walkByCursor<Movement>(
        (url) => call('GET', url, undefined, other.auth),
        `${MOVEMENTS}?per_page=2`,
        async () => {
          clock.advance(1000);
          await make(`W-new-${clock.now().getTime()}`);
        },
      );
      // The new movements are the newest, ahead of the cursor: the walk reads the ledger as it stood.
      expect(during.rows.map((row) => row.id)).toEqual(before.map((row) => row.id));
      // The caller tenant's walk holds none of them.
      const own = await walk('?per_page=50');
      expect(own.rows.map((row) => row.id)).toEqual(nth(9, 8, 7, 6, 5, 4, 3, 2, 1));
    });

    it('refuses a garbled cursor, one of another list, and after with a page past the first', async () => {
      // A cursor of the product list sorted by name.
      const productCursor = Buffer.from(JSON.stringify({ o: 'products:name:asc', k: ['lamp'], id: m[1] })).toString(
        'base64url',
      );
      const garbled = [
        'not a cursor',
        'bm90IGpzb24',
        Buffer.from('{"o":"stock_movements:created_at:desc","k":[1],"id":"x"}').toString('base64url'),
        Buffer.from(JSON.stringify({ o: 'stock_movements:created_at:desc', k: [], id: m[1] })).toString('base64url'),
      ];
      for (const cursor of garbled) {
        const res = await call('GET', `${MOVEMENTS}?after=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, cursor).toBe(422);
        expect(res.json().errors.after[0]).toMatch(/^The after cursor is not valid/);
      }
      const foreign = await call('GET', `${MOVEMENTS}?after=${productCursor}`);
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors.after[0]).toMatch(/made for another list or order/);
      const paged = await call('GET', `${MOVEMENTS}?page=2&after=`);
      expect(paged.statusCode).toBe(422);
      expect(paged.json().errors.page[0]).toBe(
        'The page field cannot be combined with after: a walk by cursor has no page numbers.',
      );
      expect((await call('GET', `${MOVEMENTS}?page=1&after=`)).statusCode).toBe(200);
    });
  });

  describe('product history', () => {
    const history = (productId: string, query = '', auth = t.auth) =>
      call('GET', `${MOVEMENTS}/product/${productId}/history${query}`, undefined, auth);

    it('answers the product’s movements over every warehouse, newest first, limited', async () => {
      const all = await history(ids.lamp);
      expect(all.statusCode).toBe(200);
      expect(all.json().data.map((r: Movement) => r.id)).toEqual(nth(6, 5, 4, 3, 2, 1));
      expect(all.json().data[2]).toMatchObject({
        warehouse: { id: ids.east, code: 'EAST', name: 'East Depot' },
        product: { sku: 'LED-1' },
      });
      expect((await history(ids.lamp, '?limit=2')).json().data.map((r: Movement) => r.id)).toEqual(nth(6, 5));
    });

    it('defaults to the newest 50', async () => {
      const other = await makeTenantWithToken(t.services);
      const productId = (
        await jsonCaller(t.app, other.auth)('POST', '/api/v1/operations/products', { name: 'Busy', sku: 'BUSY-1' })
      ).json().data.id;
      const made = await inTransaction(t.database.db, async (trx) => {
        const out: string[] = [];
        for (let i = 0; i < 55; i++)
          out.push(
            (
              await stock().changeOnHand(trx, {
                tenantId: other.tenant.tenantId,
                productId,
                quantity: 1,
                type: 'adjustment',
              })
            ).id,
          );
        return out;
      });
      const res = await history(productId, '', other.auth);
      expect(res.json().data).toHaveLength(50);
      expect(res.json().data[0]).toMatchObject({ id: made[54], quantity_after: 55 });
      expect((await history(productId, '?limit=500', other.auth)).json().data).toHaveLength(55);
    });

    it('refuses a limit outside 1..500 and answers 404 for an unknown or foreign product', async () => {
      expect((await history(ids.lamp, '?limit=0')).statusCode).toBe(422);
      expect((await history(ids.lamp, '?limit=501')).statusCode).toBe(422);
      const unknown = await history('01hzzzzzzzzzzzzzzzzzzzzzzz');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Product not found.');
      const other = await makeTenantWithToken(t.services);
      expect((await history(ids.lamp, '', other.auth)).statusCode).toBe(404);
    });
  });

  describe('warehouse activity', () => {
    const activity = (query: string, auth = t.auth) =>
      call('GET', `${MOVEMENTS}/warehouse-activity${query}`, undefined, auth);
    const zero = {
      initial_stock: 0,
      purchase_receipt: 0,
      adjustment: 0,
      physical_count: 0,
      transfer_out: 0,
      transfer_in: 0,
      reservation: 0,
      release: 0,
      shipment: 0,
      return: 0,
    };

    it('defaults to the default warehouse and 7 days, with a summary of the window', async () => {
      const res = await activity('');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        warehouse: { id: t.tenant.defaultWarehouseId, name: 'Main Warehouse', code: 'MAIN' },
        days: 7,
        from: '2026-02-25T12:00:02.000Z',
        to: '2026-03-04T12:00:02.000Z',
        summary: {
          total_movements: 7,
          by_type: {
            ...zero,
            initial_stock: 2,
            adjustment: 1,
            transfer_out: 1,
            reservation: 1,
            release: 1,
            physical_count: 1,
          },
          total_in: 16,
          total_out: 6,
          net_change: 10,
        },
      });
      expect(data.movements.map((r: Movement) => r.id)).toEqual(nth(8, 7, 6, 5, 3, 2, 1));
      expect(data.movements[0]).toMatchObject({
        movement_type: { value: 'physical_count', label: 'Physical Count' },
        product: { name: 'Quiet Fan' },
      });
    });

    it('covers only the last N days and leaves reservations out of the units in and out', async () => {
      const data = (await activity('?days=2')).json().data;
      expect(data.movements.map((r: Movement) => r.id)).toEqual(nth(8, 7, 6, 5));
      expect(data.summary).toEqual({
        total_movements: 4,
        by_type: { ...zero, initial_stock: 1, reservation: 1, release: 1, physical_count: 1 },
        total_in: 6,
        total_out: 1,
        net_change: 5,
      });
    });

    it('answers the named warehouse', async () => {
      const data = (await activity(`?warehouse_id=${ids.east}&days=30`)).json().data;
      expect(data.warehouse).toEqual({ id: ids.east, name: 'East Depot', code: 'EAST' });
      expect(data.movements.map((r: Movement) => r.id)).toEqual(nth(9, 4));
      expect(data.summary).toMatchObject({ total_movements: 2, total_in: 7, total_out: 0, net_change: 7 });
      expect((await activity('?warehouse_id=')).json().data.warehouse.code).toBe('MAIN');
    });

    it('refuses days outside 1..365 and answers 404 for an unknown or foreign warehouse', async () => {
      expect((await activity('?days=0')).statusCode).toBe(422);
      expect((await activity('?days=366')).statusCode).toBe(422);
      expect((await activity('?days=365')).statusCode).toBe(200);
      const unknown = await activity('?warehouse_id=01hzzzzzzzzzzzzzzzzzzzzzzz');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Warehouse not found.');
      const other = await makeTenantWithToken(t.services);
      expect((await activity(`?warehouse_id=${ids.east}`, other.auth)).statusCode).toBe(404);
    });
  });

  // Their 403s are generated from the route table (test/security/function-level-authorisation.test.ts).
  it('opens every read to operations:view-inventory, and none without credentials', async () => {
    const inventory = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-inventory'] }),
    );
    const urls = [
      MOVEMENTS,
      `${MOVEMENTS}/${m[1]}`,
      `${MOVEMENTS}/product/${ids.lamp}/history`,
      `${MOVEMENTS}/warehouse-activity`,
    ];
    for (const url of urls) {
      expect((await call('GET', url, undefined, inventory)).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: MOVEMENTS })).statusCode).toBe(401);
  });
});
