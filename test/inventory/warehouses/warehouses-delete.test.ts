// Deleting warehouses: soft, refused for the default and while stock is on hand or reserved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors.js';
import { inTransaction } from '../../../src/db/transaction.js';
import { bearer, makeProduct, makeTenantWithToken, makeToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const WAREHOUSES = '/api/v1/operations/warehouses';

describe('warehouse deletion', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let serial = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  const create = async (code = `DEL-${serial++}`) => {
    const res = await call('POST', WAREHOUSES, { name: `Depot ${code}`, code });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const remove = (id: string, auth = t.auth) => call('DELETE', `${WAREHOUSES}/${id}`, undefined, auth);
  const move = (productId: string, warehouseId: string, quantity: number) =>
    inTransaction(t.database.db, (trx) =>
      t.services.stock.changeOnHand(trx, {
        tenantId: t.tenant.tenantId,
        productId,
        warehouseId,
        quantity,
        type: 'adjustment',
      }),
    );
  const holdsStock = (onHand: number, reserved: number) =>
    `The warehouse cannot be deleted while it holds stock. On hand: ${onHand}, Reserved: ${reserved}`;

  it('soft-deletes an empty warehouse: gone from reads, its code free again, the row kept', async () => {
    const id = await create('GONE');
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Warehouse deleted successfully', data: null });
    expect((await call('GET', `${WAREHOUSES}/${id}`)).statusCode).toBe(404);
    const listed = (await call('GET', `${WAREHOUSES}?per_page=100`)).json().data.map((w: { id: string }) => w.id);
    expect(listed).not.toContain(id);
    const row = await t.database.db
      .selectFrom('warehouses')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('POST', WAREHOUSES, { name: 'Gone again', code: 'gone' })).statusCode).toBe(201);
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('refuses the default warehouse until another one is the default', async () => {
    const res = await remove(t.tenant.defaultWarehouseId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'The default warehouse cannot be deleted: make another warehouse the default first.',
    );
    const next = await create();
    await call('PATCH', `${WAREHOUSES}/${next}`, { is_default: true });
    expect((await remove(t.tenant.defaultWarehouseId)).statusCode).toBe(200);
    expect((await remove(next)).statusCode).toBe(422);
  });

  it('refuses while stock is on hand, and allows it once the stock has left', async () => {
    const id = await create();
    const productId = await makeProduct(t.database.db, t.tenant.tenantId);
    await move(productId, id, 5);
    const res = await remove(id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(holdsStock(5, 0));
    await move(productId, id, -5);
    expect((await remove(id)).statusCode).toBe(200);
    // The ledger still names the deleted warehouse.
    const movements = (await call('GET', `/api/v1/operations/stock-movements?warehouse_id=${id}`)).json().data;
    expect(movements).toHaveLength(2);
    expect(movements[0].warehouse).toMatchObject({ id, code: expect.stringMatching(/^DEL-/) });
    // And no stock can go into it any more.
    await expect(move(productId, id, 1)).rejects.toThrow(NotFoundError);
  });

  it('refuses while stock is reserved', async () => {
    const id = await create();
    const productId = await makeProduct(t.database.db, t.tenant.tenantId);
    await move(productId, id, 3);
    await inTransaction(t.database.db, (trx) =>
      t.services.stock.reserve(trx, { tenantId: t.tenant.tenantId, productId, warehouseId: id, quantity: 2 }),
    );
    const res = await remove(id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(holdsStock(3, 2));
    expect((await call('GET', `${WAREHOUSES}/${id}`)).statusCode).toBe(200);
  });

  it('waits for a stock change in flight and then refuses, instead of deleting a warehouse that holds stock', async () => {
    const id = await create();
    const productId = await makeProduct(t.database.db, t.tenant.tenantId);
    let deletion: Promise<{ statusCode: number; message: string }> | undefined;
    let settledEarly = false;
    await inTransaction(t.database.db, async (trx) => {
      await t.services.stock.changeOnHand(trx, {
        tenantId: t.tenant.tenantId,
        productId,
        warehouseId: id,
        quantity: 4,
        type: 'adjustment',
      });
      deletion = remove(id).then((res) => {
        settledEarly = true;
        return { statusCode: res.statusCode, message: res.json().message };
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settledEarly).toBe(false);
    });
    expect(await deletion).toEqual({ statusCode: 422, message: holdsStock(4, 0) });
  });

  it('makes a stock change that waited for a deletion find the warehouse gone', async () => {
    const id = await create();
    const productId = await makeProduct(t.database.db, t.tenant.tenantId);
    let change: Promise<unknown> | undefined;
    await inTransaction(t.database.db, async (trx) => {
      await t.services.warehouses.remove(t.tenant.tenantId, id, undefined, trx);
      change = move(productId, id, 1).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(await change).toBeInstanceOf(NotFoundError);
    const records = await t.database.db
      .selectFrom('inventory_records')
      .select('id')
      .where('warehouse_id', '=', id)
      .execute();
    expect(records).toEqual([]);
  });

  it('answers 404 for an unknown warehouse and for another tenant’s', async () => {
    expect((await remove('01hzzzzzzzzzzzzzzzzzzzzzzz')).statusCode).toBe(404);
    const id = await create();
    const other = await makeTenantWithToken(t.services);
    const res = await remove(id, other.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Warehouse not found.');
    expect((await call('GET', `${WAREHOUSES}/${id}`)).statusCode).toBe(200);
  });

  it('needs operations:manage-inventory', async () => {
    const id = await create();
    const viewer = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-inventory'] }),
    );
    expect((await remove(id, viewer)).statusCode).toBe(403);
    expect((await call('GET', `${WAREHOUSES}/${id}`)).statusCode).toBe(200);
  });
});
