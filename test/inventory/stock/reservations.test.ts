// Stock reservations through HTTP: reserve opens one, release takes from the named one or from manual ones oldest
// first, an order line's reservation is refused, the list and detail, reconcile against active reservations, and
// parallel reserves and releases leaving counter, reservations and movements equal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/lib/ids.js';
import { makeProduct, makeTenantWithToken } from '../../helpers/factories.js';
import { insertOrder, reserveForLine } from '../../helpers/sales-fixtures.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

describe('stock reservations', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const stocked = async (onHand: number) => {
    const id = await makeProduct(db(), t.tenant.tenantId);
    const res = await call('POST', '/api/v1/operations/inventory/adjust', {
      product_id: id,
      quantity: onHand,
      reason: 'Opening stock',
    });
    expect(res.statusCode).toBe(200);
    return id;
  };
  const reserve = (product_id: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/operations/inventory/reserve', { product_id, quantity, ...extra });
  const release = (product_id: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/operations/inventory/release', { product_id, quantity, ...extra });
  const listOf = async (query: string) => (await call('GET', `/api/v1/operations/reservations?${query}`)).json();

  /** The record's reserved quantity, its active reservations' sum and its reservation movements' sum. */
  const sums = async (productId: string) => {
    const record = await db()
      .selectFrom('inventory_records')
      .select('quantity_reserved')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const active = await db()
      .selectFrom('stock_reservations')
      .select(['quantity', 'status'])
      .where('product_id', '=', productId)
      .execute();
    const moved = await db()
      .selectFrom('stock_movements')
      .select('quantity')
      .where('product_id', '=', productId)
      .where('type', 'in', ['reservation', 'release'])
      .execute();
    return [
      record.quantity_reserved,
      active.filter((r) => r.status === 'active').reduce((s, r) => s + r.quantity, 0),
      moved.reduce((s, m) => s + m.quantity, 0),
    ];
  };

  it('reserve opens an active manual reservation and answers it with the record', async () => {
    const id = await stocked(10);
    const res = await reserve(id, 4, { reference_type: 'order', reference_id: 'SO-1', notes: 'hold' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ quantity_reserved: 4, movement: { type: 'reservation', quantity: 4 } });
    expect(data.reservation).toMatchObject({
      product_id: id,
      warehouse_id: t.tenant.defaultWarehouseId,
      quantity: 4,
      original_quantity: 4,
      released_quantity: 0,
      order_line_id: null,
      reference_type: 'order',
      reference_id: 'SO-1',
      notes: 'hold',
      status: 'active',
      created_by: t.tenant.adminId,
      released_at: null,
    });
    const detail = await call('GET', `/api/v1/operations/reservations/${data.reservation.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual(data.reservation);
    const other = await makeTenantWithToken(t.services);
    const foreign = await jsonCaller(t.app, other.auth)(
      'GET',
      `/api/v1/operations/reservations/${data.reservation.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Reservation not found.');
  });

  it('release takes manual reservations oldest first, splits the last, and matches the reference given', async () => {
    const id = await stocked(20);
    const first = (await reserve(id, 2)).json().data.reservation.id;
    const second = (await reserve(id, 3, { reference_type: 'order', reference_id: 'SO-2' })).json().data.reservation.id;
    const third = (await reserve(id, 4)).json().data.reservation.id;
    const res = await release(id, 4);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quantity_reserved).toBe(5);
    expect(
      res
        .json()
        .data.reservations.map((r: { id: string; quantity: number; status: string }) => [r.id, r.quantity, r.status]),
    ).toEqual([
      [first, 0, 'released'],
      [second, 1, 'active'],
    ]);
    expect(res.json().data.reservations[0].released_at).not.toBeNull();
    const byReference = await release(id, 2, { reference_type: 'order', reference_id: 'SO-2' });
    expect(byReference.statusCode).toBe(422);
    expect(byReference.json()).toMatchObject({
      code: 'exceeds_reserved',
      message: 'Cannot release more than is reserved. Reserved: 1, Requested: 2',
    });
    const matched = await release(id, 1, { reference_type: 'order', reference_id: 'SO-2' });
    expect(matched.json().data.reservations.map((r: { id: string }) => r.id)).toEqual([second]);
    expect(await sums(id)).toEqual([4, 4, 4]);
    const active = await listOf(`product_id=${id}&status=active`);
    expect(active.data.map((r: { id: string }) => r.id)).toEqual([third]);
    expect(active.meta.total).toBe(1);
  });

  it('release by reservation_id takes only that one, checked against the product and warehouse', async () => {
    const id = await stocked(10);
    const older = (await reserve(id, 2)).json().data.reservation.id;
    const named = (await reserve(id, 3)).json().data.reservation.id;
    const part = await release(id, 1, { reservation_id: named });
    expect(part.statusCode).toBe(200);
    expect(part.json().data.reservations).toMatchObject([{ id: named, quantity: 2, released_quantity: 1 }]);
    const tooMuch = await release(id, 3, { reservation_id: named });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Cannot release more than is reserved. Reserved: 2, Requested: 3');
    expect((await release(id, 2, { reservation_id: named })).json().data.reservations[0].status).toBe('released');
    const otherProduct = await stocked(5);
    for (const reservationId of [newId(), older]) {
      const wrong = await release(otherProduct, 1, { reservation_id: reservationId });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ reservation_id: ['The selected reservation id is invalid.'] });
    }
    expect(await sums(id)).toEqual([2, 2, 2]);
  });

  it("refuses releasing an order line's reservation and leaves it out of a release by quantity", async () => {
    const id = await stocked(10);
    const held = (await reserve(id, 3)).json().data.reservation.id;
    // An order's reservation, as the sales orders will open them.
    await db().updateTable('stock_reservations').set({ order_line_id: newId() }).where('id', '=', held).execute();
    const named = await release(id, 1, { reservation_id: held });
    expect(named.statusCode).toBe(409);
    expect(named.json().code).toBe('reservation_held_by_order');
    const unnamed = await release(id, 1);
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().message).toBe('Cannot release more than is reserved. Reserved: 0, Requested: 1');
    expect(await sums(id)).toEqual([3, 3, 3]);
  });

  it('lists with filters, newest first by default, tenant-scoped', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const as = jsonCaller(t.app, auth);
    const a = await makeProduct(db(), tenant.tenantId);
    const b = await makeProduct(db(), tenant.tenantId);
    for (const product_id of [a, b])
      await as('POST', '/api/v1/operations/inventory/adjust', { product_id, quantity: 10, reason: 'r' });
    const r1 = (await as('POST', '/api/v1/operations/inventory/reserve', { product_id: a, quantity: 1 })).json().data;
    const r2 = (
      await as('POST', '/api/v1/operations/inventory/reserve', {
        product_id: b,
        quantity: 2,
        reference_type: 'quote',
        reference_id: 'Q-7',
      })
    ).json().data;
    await as('POST', '/api/v1/operations/inventory/release', { product_id: a, quantity: 1 });
    const ids = async (query: string) =>
      (await as('GET', `/api/v1/operations/reservations?${query}`)).json().data.map((r: { id: string }) => r.id);
    expect(await ids('')).toEqual([r2.reservation.id, r1.reservation.id]);
    expect(await ids('sort_direction=asc')).toEqual([r1.reservation.id, r2.reservation.id]);
    expect(await ids(`product_id=${a}`)).toEqual([r1.reservation.id]);
    expect(await ids(`warehouse_id=${tenant.defaultWarehouseId}&status=released`)).toEqual([r1.reservation.id]);
    expect(await ids('reference_type=quote&reference_id=Q-7')).toEqual([r2.reservation.id]);
    expect(await ids(`order_line_id=${newId()}`)).toEqual([]);
    const paged = (await as('GET', '/api/v1/operations/reservations?per_page=1&page=2')).json();
    expect(paged.data.map((r: { id: string }) => r.id)).toEqual([r1.reservation.id]);
    expect(paged.meta.total).toBe(2);
    expect((await listOf(`product_id=${a}`)).data).toEqual([]);
    expect((await as('GET', '/api/v1/operations/reservations?status=open')).statusCode).toBe(422);
  });

  it("filters by order: the reservations of that order's lines, in the caller's tenant only", async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const as = jsonCaller(t.app, auth);
    const a = await makeProduct(db(), tenant.tenantId);
    const b = await makeProduct(db(), tenant.tenantId);
    for (const product_id of [a, b])
      await as('POST', '/api/v1/operations/inventory/adjust', { product_id, quantity: 10, reason: 'r' });
    const order = await insertOrder(db(), tenant.tenantId, {
      lines: [
        { product_id: a, quantity: 2 },
        { product_id: b, quantity: 3 },
      ],
    });
    const other = await insertOrder(db(), tenant.tenantId, { lines: [{ product_id: a, quantity: 1 }] });
    const hold = (orderId: string, lineId: string, productId: string, quantity: number) =>
      reserveForLine(db(), t.services.stock, {
        tenantId: tenant.tenantId,
        orderId,
        lineId,
        productId,
        warehouseId: tenant.defaultWarehouseId,
        quantity,
      });
    const first = await hold(order.orderId, order.lineIds[0]!, a, 2);
    const second = await hold(order.orderId, order.lineIds[1]!, b, 3);
    const theirs = await hold(other.orderId, other.lineIds[0]!, a, 1);
    await as('POST', '/api/v1/operations/inventory/reserve', { product_id: a, quantity: 1 });
    const ids = async (query: string) =>
      (await as('GET', `/api/v1/operations/reservations?${query}`)).json().data.map((r: { id: string }) => r.id);
    expect(await ids(`order_id=${order.orderId}&sort_direction=asc`)).toEqual([first, second]);
    expect(await ids(`order_id=${order.orderId}&product_id=${b}`)).toEqual([second]);
    expect(await ids(`order_id=${other.orderId}`)).toEqual([theirs]);
    expect(await ids(`order_id=${newId()}`)).toEqual([]);
    // Another tenant naming the order sees none of its reservations.
    expect((await listOf(`order_id=${order.orderId}`)).data).toEqual([]);
  });

  it('reconcile reports a record whose reserved differs from its active reservations', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const as = jsonCaller(t.app, auth);
    const id = await makeProduct(db(), tenant.tenantId);
    await as('POST', '/api/v1/operations/inventory/adjust', { product_id: id, quantity: 6, reason: 'r' });
    const reservation = (
      await as('POST', '/api/v1/operations/inventory/reserve', { product_id: id, quantity: 2 })
    ).json().data.reservation.id;
    expect((await as('GET', '/api/v1/operations/inventory/reconcile')).json().data).toEqual([]);
    await db()
      .updateTable('stock_reservations')
      .set({ quantity: 1, released_quantity: 1 })
      .where('id', '=', reservation)
      .execute();
    expect((await as('GET', '/api/v1/operations/inventory/reconcile')).json().data).toEqual([
      expect.objectContaining({
        product_id: id,
        quantity_reserved: 2,
        movements_reserved: 2,
        reservations_reserved: 1,
      }),
    ]);
  });

  it('parallel reserves and releases leave the counter, the active reservations and the movements equal', async () => {
    const id = await stocked(20);
    const reserved = await Promise.all(Array.from({ length: 30 }, () => reserve(id, 1)));
    expect(reserved.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(reserved.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect(await sums(id)).toEqual([20, 20, 20]);
    const ids = reserved.filter((r) => r.statusCode === 200).map((r) => r.json().data.reservation.id as string);
    const released = await Promise.all([
      ...Array.from({ length: 12 }, () => release(id, 1)),
      ...ids.slice(0, 6).map((reservation_id) => release(id, 1, { reservation_id })),
    ]);
    const statuses = released.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    const done = statuses.filter((s) => s === 200).length;
    // Releases by quantity may take a reservation a named release wanted first: that one is refused, never doubled.
    expect(done).toBeGreaterThanOrEqual(12);
    expect(await sums(id)).toEqual([20 - done, 20 - done, 20 - done]);
    expect((await call('GET', '/api/v1/operations/inventory/reconcile')).json().data).toEqual([]);
  });
});
