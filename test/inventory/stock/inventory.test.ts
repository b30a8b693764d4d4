// The inventory record endpoints through HTTP: adjust, reserve, release, reads and reconciliation, with their
// validation, messages, movements, product totals, status automation and events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newId } from '../../../src/lib/ids.js';
import { makeProduct, makeTenantWithToken, makeToken, makeUser, bearer } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

describe('inventory records', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const product = (id: string) =>
    db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const movements = (id: string) =>
    db().selectFrom('stock_movements').selectAll().where('product_id', '=', id).orderBy('id').execute();
  const newProduct = async (
    values: {
      status?: 'active' | 'draft';
      reorder_point?: number | null;
      type?: 'physical' | 'digital';
      track_inventory?: boolean;
    } = {},
  ) => {
    const id = await makeProduct(db(), t.tenant.tenantId);
    if (Object.keys(values).length > 0) await db().updateTable('products').set(values).where('id', '=', id).execute();
    return id;
  };
  const adjust = (product_id: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/operations/inventory/adjust', { product_id, quantity, reason: 'Test', ...extra });
  const reserve = (product_id: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/operations/inventory/reserve', { product_id, quantity, ...extra });
  const release = (product_id: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/v1/operations/inventory/release', { product_id, quantity, ...extra });
  const outbox = (entityIds: string[], type?: string) => {
    let q = db().selectFrom('event_outbox').selectAll().where('entity_id', 'in', entityIds);
    if (type) q = q.where('event_type', '=', type);
    return q.orderBy('id').execute();
  };
  const warehouse = async (code: string) =>
    (await t.services.warehouses.create(t.tenant.tenantId, { name: `Warehouse ${code}`, code, type: 'satellite' })).id;

  describe('adjust', () => {
    it('changes on hand, answers the record with its movement and writes one adjustment movement', async () => {
      const id = await newProduct();
      const res = await adjust(id, 10, { notes: 'first delivery', reference_type: 'manual', reference_id: 'R-1' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Stock adjusted successfully');
      const p = await product(id);
      expect(body.data).toMatchObject({
        product_id: id,
        warehouse_id: t.tenant.defaultWarehouseId,
        quantity_on_hand: 10,
        quantity_reserved: 0,
        quantity_available: 10,
        reorder_point: null,
        warehouse: { id: t.tenant.defaultWarehouseId, code: 'MAIN', name: 'Main Warehouse' },
        product: { id, name: p.name, sku: p.sku },
        movement: {
          type: 'adjustment',
          quantity: 10,
          quantity_before: 0,
          quantity_after: 10,
          reason: 'Test',
          notes: 'first delivery',
          reference_type: 'manual',
          reference_id: 'R-1',
          created_by: t.tenant.adminId,
        },
      });
      expect(body.data.last_movement_at).toBe(body.data.movement.created_at);
      const down = (await adjust(id, -4)).json().data;
      expect(down).toMatchObject({
        quantity_on_hand: 6,
        quantity_available: 6,
        movement: { quantity: -4, quantity_before: 10, quantity_after: 6 },
      });
      const rows = await movements(id);
      expect(rows.map((m) => [m.type, m.quantity, m.quantity_before, m.quantity_after])).toEqual([
        ['adjustment', 10, 0, 10],
        ['adjustment', -4, 10, 6],
      ]);
      expect(p.stock_quantity).toBe(10);
      expect((await product(id)).stock_quantity).toBe(6);
      const events = await outbox([down.id, ...rows.map((m) => m.id)]);
      expect(events.filter((e) => e.event_type === 'inventory.adjusted')).toHaveLength(2);
      expect(events.filter((e) => e.event_type === 'stock_movement.recorded')).toHaveLength(2);
      const adjusted = events.find((e) => e.event_type === 'inventory.adjusted')!;
      expect(adjusted.entity_type).toBe('inventory');
      expect(adjusted.payload).toMatchObject({ id: down.id, quantity_on_hand: 10, movement: { quantity: 10 } });
    });

    it("refuses going below zero with the stock ledger's message, changing nothing", async () => {
      const id = await newProduct();
      await adjust(id, 3);
      const res = await adjust(id, -5);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Stock cannot be negative. Current: 3, Adjustment: -5');
      expect(await movements(id)).toHaveLength(1);
      expect((await product(id)).stock_quantity).toBe(3);
    });

    it('refuses taking on hand below what is reserved', async () => {
      const id = await newProduct();
      await adjust(id, 10);
      expect((await reserve(id, 8)).statusCode).toBe(200);
      const res = await adjust(id, -5);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Stock cannot be negative. Current: 10, Adjustment: -5');
      expect((await adjust(id, -2)).json().data).toMatchObject({
        quantity_on_hand: 8,
        quantity_reserved: 8,
        quantity_available: 0,
      });
    });

    it('validates the body with errors keyed by field', async () => {
      const id = await newProduct();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ product_id: id, quantity: 0, reason: 'x' }, 'quantity'],
        [{ product_id: id, quantity: 1.5, reason: 'x' }, 'quantity'],
        [{ product_id: id, quantity: 2 }, 'reason'],
        [{ product_id: id, quantity: 2, reason: '   ' }, 'reason'],
        [{ quantity: 2, reason: 'x' }, 'product_id'],
        [{ product_id: 'not-a-ulid', quantity: 2, reason: 'x' }, 'product_id'],
        [{ product_id: id, quantity: 2, reason: 'x', warehouse_id: 'nope' }, 'warehouse_id'],
      ];
      for (const [payload, field] of cases) {
        const res = await call('POST', '/api/v1/operations/inventory/adjust', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
      }
      expect((await adjust(id, 0)).json().errors).toEqual({ quantity: ['The quantity must not be 0.'] });
      expect(await movements(id)).toHaveLength(0);
    });

    it('answers 422 on product_id for unknown, foreign, deleted and stockless products', async () => {
      const other = await makeTenantWithToken(t.services);
      const foreign = await makeProduct(db(), other.tenant.tenantId);
      const deleted = await newProduct();
      await db()
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', deleted)
        .execute();
      const digital = await newProduct({ type: 'digital' });
      const untracked = await newProduct({ track_inventory: false });
      const cases: Array<[string, string]> = [
        [newId(), 'The selected product id is invalid.'],
        [foreign, 'The selected product id is invalid.'],
        [deleted, 'The selected product id is invalid.'],
        [digital, 'Products of type digital do not hold inventory.'],
        [untracked, 'The product does not track inventory.'],
      ];
      for (const [productId, message] of cases) {
        for (const send of [adjust, reserve, release]) {
          const res = await send(productId, 1);
          expect(res.statusCode).toBe(422);
          expect(res.json().errors).toEqual({ product_id: [message] });
        }
      }
    });

    it('answers 422 on warehouse_id for unknown and foreign warehouses, and uses a named one', async () => {
      const id = await newProduct();
      const other = await makeTenantWithToken(t.services);
      for (const warehouseId of [newId(), other.tenant.defaultWarehouseId]) {
        for (const send of [adjust, reserve, release]) {
          const res = await send(id, 1, { warehouse_id: warehouseId });
          expect(res.statusCode).toBe(422);
          expect(res.json().errors).toEqual({ warehouse_id: ['The selected warehouse id is invalid.'] });
        }
      }
      const east = await warehouse('EAST-ADJ');
      const res = await adjust(id, 7, { warehouse_id: east });
      expect(res.json().data).toMatchObject({
        warehouse_id: east,
        warehouse: { id: east, code: 'EAST-ADJ' },
        quantity_on_hand: 7,
      });
      await adjust(id, 2, { warehouse_id: null });
      expect((await product(id)).stock_quantity).toBe(9);
    });
  });

  describe('reserve and release', () => {
    it('moves reserved stock with one movement each, signed on the reserved quantity', async () => {
      const id = await newProduct();
      await adjust(id, 10);
      const reserved = await reserve(id, 4, { reference_type: 'order', reference_id: 'SO-1', notes: 'hold' });
      expect(reserved.statusCode).toBe(200);
      expect(reserved.json().message).toBe('Stock reserved successfully');
      expect(reserved.json().data).toMatchObject({
        quantity_on_hand: 10,
        quantity_reserved: 4,
        quantity_available: 6,
        movement: {
          type: 'reservation',
          quantity: 4,
          quantity_before: 0,
          quantity_after: 4,
          reference_type: 'order',
          reference_id: 'SO-1',
          notes: 'hold',
          reason: 'Stock reserved',
        },
      });
      expect((await product(id)).reserved_quantity).toBe(4);
      const released = await release(id, 3);
      expect(released.json().message).toBe('Stock released successfully');
      expect(released.json().data).toMatchObject({
        quantity_reserved: 1,
        quantity_available: 9,
        movement: { type: 'release', quantity: -3, quantity_before: 4, quantity_after: 1, reason: 'Stock released' },
      });
      const p = await product(id);
      expect([p.stock_quantity, p.reserved_quantity]).toEqual([10, 1]);
      const rows = await movements(id);
      expect(rows.map((m) => m.type)).toEqual(['adjustment', 'reservation', 'release']);
      const recordId = released.json().data.id as string;
      const events = (await outbox([recordId])).map((e) => e.event_type);
      expect(events.filter((e) => e === 'inventory.reserved')).toHaveLength(1);
      expect(events.filter((e) => e === 'inventory.released')).toHaveLength(1);
      expect(
        await outbox(
          rows.map((m) => m.id),
          'stock_movement.recorded',
        ),
      ).toHaveLength(3);
    });

    it('refuses reserving more than available and releasing more than reserved', async () => {
      const id = await newProduct();
      await adjust(id, 5);
      await reserve(id, 2);
      const tooMuch = await reserve(id, 4);
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().message).toBe('Insufficient available stock. Available: 3, Requested: 4');
      expect(tooMuch.json().code).toBe('insufficient_stock');
      const overRelease = await release(id, 3);
      expect(overRelease.statusCode).toBe(422);
      expect(overRelease.json().message).toBe('Cannot release more than is reserved. Reserved: 2, Requested: 3');
      expect(overRelease.json().code).toBe('exceeds_reserved');
      const east = await warehouse('EAST-RSV');
      expect((await reserve(id, 1, { warehouse_id: east })).json().message).toBe(
        'Insufficient available stock. Available: 0, Requested: 1',
      );
      expect((await release(id, 1, { warehouse_id: east })).json().message).toBe(
        'Cannot release more than is reserved. Reserved: 0, Requested: 1',
      );
      expect(await movements(id)).toHaveLength(2);
      for (const send of [reserve, release]) {
        for (const quantity of [0, -1, 1.5]) {
          const res = await send(id, quantity);
          expect(res.statusCode).toBe(422);
          expect(Object.keys(res.json().errors)).toEqual(['quantity']);
        }
      }
      expect((await reserve(id, 3)).json().data.quantity_available).toBe(0);
    });
  });

  describe('status automation and stock events', () => {
    it('makes an active product out_of_stock at zero and active again when replenished', async () => {
      const id = await newProduct({ status: 'active' });
      const first = (await adjust(id, 3)).json().data;
      expect((await product(id)).status).toBe('active');
      await adjust(id, -3);
      const p = await product(id);
      expect(p.status).toBe('out_of_stock');
      expect(p.status_changed_at).not.toBeNull();
      expect(await outbox([first.id], 'inventory.out_of_stock')).toHaveLength(1);
      await adjust(id, 1);
      expect((await product(id)).status).toBe('active');
    });

    it('counts every warehouse and leaves other statuses alone', async () => {
      const id = await newProduct({ status: 'active' });
      const west = await warehouse('WEST-STS');
      await adjust(id, 2);
      await adjust(id, 1, { warehouse_id: west });
      const res = await adjust(id, -2);
      expect((await product(id)).status).toBe('active');
      expect(await outbox([res.json().data.id], 'inventory.out_of_stock')).toHaveLength(1);
      const draft = await newProduct({ status: 'draft' });
      await adjust(draft, 1);
      await adjust(draft, -1);
      expect((await product(draft)).status).toBe('draft');
    });

    it('records low_stock once when available crosses the reorder point downward', async () => {
      const id = await newProduct({ reorder_point: 5 });
      const recordId = (await adjust(id, 10)).json().data.id as string;
      await adjust(id, -4);
      expect(await outbox([recordId], 'inventory.low_stock')).toHaveLength(0);
      await reserve(id, 1);
      const low = await outbox([recordId], 'inventory.low_stock');
      expect(low).toHaveLength(1);
      expect(low[0]!.payload).toMatchObject({
        id: recordId,
        quantity_available: 5,
        effective_reorder_point: 5,
        movement: { type: 'reservation' },
      });
      await reserve(id, 1);
      expect(await outbox([recordId], 'inventory.low_stock')).toHaveLength(1);
      await release(id, 2);
      await adjust(id, -1);
      expect(await outbox([recordId], 'inventory.low_stock')).toHaveLength(2);
    });

    it('prefers the record reorder point to the product one', async () => {
      const id = await newProduct({ reorder_point: 1 });
      const recordId = (await adjust(id, 10)).json().data.id as string;
      await db().updateTable('inventory_records').set({ reorder_point: 8 }).where('id', '=', recordId).execute();
      await adjust(id, -2);
      const low = await outbox([recordId], 'inventory.low_stock');
      expect(low).toHaveLength(1);
      expect(low[0]!.payload).toMatchObject({ effective_reorder_point: 8, reorder_point: 8 });
    });
  });

  describe('reads', () => {
    it('lists records with filters and pagination, tenant-scoped', async () => {
      const { tenant, auth } = await makeTenantWithToken(t.services);
      const as = jsonCaller(t.app, auth);
      const a = await makeProduct(db(), tenant.tenantId);
      const b = await makeProduct(db(), tenant.tenantId);
      await db().updateTable('products').set({ reorder_point: 5 }).where('id', '=', b).execute();
      const north = (await t.services.warehouses.create(tenant.tenantId, { name: 'North', code: 'NORTH' })).id;
      const send = (product_id: string, quantity: number, warehouse_id?: string) =>
        as('POST', '/api/v1/operations/inventory/adjust', { product_id, quantity, reason: 'r', warehouse_id });
      await send(a, 10);
      await send(a, 2, north);
      await send(b, 3);
      const all = (await as('GET', '/api/v1/operations/inventory')).json();
      expect(all.meta).toMatchObject({ total: 3, current_page: 1 });
      expect(all.data.map((r: { product_id: string }) => r.product_id).sort()).toEqual([a, a, b].sort());
      const byProduct = (await as('GET', `/api/v1/operations/inventory?product_id=${a}`)).json();
      expect(byProduct.data).toHaveLength(2);
      const byWarehouse = (await as('GET', `/api/v1/operations/inventory?warehouse_id=${north}`)).json();
      expect(byWarehouse.data.map((r: { quantity_on_hand: number }) => r.quantity_on_hand)).toEqual([2]);
      const low = (await as('GET', '/api/v1/operations/inventory?low_stock=true')).json();
      expect(low.data.map((r: { product_id: string }) => r.product_id)).toEqual([b]);
      expect((await as('GET', '/api/v1/operations/inventory?low_stock=false')).json().meta.total).toBe(2);
      const paged = (await as('GET', '/api/v1/operations/inventory?per_page=2&page=2')).json();
      expect(paged.data).toHaveLength(1);
      expect(paged.meta).toMatchObject({ last_page: 2, total: 3 });
      expect((await as('GET', '/api/v1/operations/inventory?product_id=bad')).statusCode).toBe(422);
      expect((await as('GET', '/api/v1/operations/inventory?per_page=101')).statusCode).toBe(422);

      const one = all.data[0];
      const detail = await as('GET', `/api/v1/operations/inventory/${one.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toEqual(one);
      const foreign = await call('GET', `/api/v1/operations/inventory/${one.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Inventory record not found.');
      expect((await call('GET', `/api/v1/operations/inventory?product_id=${a}`)).json().data).toEqual([]);
    });

    it('reconcile is empty while the ledger holds and names records that differ', async () => {
      const { tenant, auth } = await makeTenantWithToken(t.services);
      const as = jsonCaller(t.app, auth);
      const a = await makeProduct(db(), tenant.tenantId);
      await as('POST', '/api/v1/operations/inventory/adjust', { product_id: a, quantity: 6, reason: 'r' });
      await as('POST', '/api/v1/operations/inventory/reserve', { product_id: a, quantity: 2 });
      const clean = await as('GET', '/api/v1/operations/inventory/reconcile');
      expect(clean.statusCode).toBe(200);
      expect(clean.json().data).toEqual([]);
      const now = new Date().toISOString();
      const b = await makeProduct(db(), tenant.tenantId);
      const tampered = newId();
      await db()
        .insertInto('inventory_records')
        .values({
          id: tampered,
          tenant_id: tenant.tenantId,
          product_id: b,
          warehouse_id: tenant.defaultWarehouseId,
          quantity_on_hand: 5,
          quantity_reserved: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db().updateTable('inventory_records').set({ quantity_reserved: 1 }).where('product_id', '=', a).execute();
      const dirty = (await as('GET', '/api/v1/operations/inventory/reconcile')).json().data;
      expect(dirty).toHaveLength(2);
      expect(dirty).toContainEqual({
        id: tampered,
        product_id: b,
        warehouse_id: tenant.defaultWarehouseId,
        quantity_on_hand: 5,
        quantity_reserved: 1,
        movements_on_hand: 0,
        movements_reserved: 0,
        reservations_reserved: 0,
      });
      expect(dirty).toContainEqual(
        expect.objectContaining({
          product_id: a,
          quantity_on_hand: 6,
          quantity_reserved: 1,
          movements_on_hand: 6,
          movements_reserved: 2,
          reservations_reserved: 2,
        }),
      );
      expect(
        (await call('GET', '/api/v1/operations/inventory/reconcile')).json().data.map((r: { id: string }) => r.id),
      ).not.toContain(tampered);
    });
  });

  describe('abilities and the append-only ledger', () => {
    // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts).
    it('lets a viewer read, and adjust-stock adjust without any read ability', async () => {
      const id = await newProduct();
      const viewer = await makeUser(t.services, t.tenant.tenantId, 'viewer');
      const asViewer = jsonCaller(t.app, bearer(await makeToken(t.services, t.tenant.tenantId, viewer.id)));
      expect((await asViewer('GET', '/api/v1/operations/inventory')).statusCode).toBe(200);
      const noRead = jsonCaller(
        t.app,
        bearer(
          await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:adjust-stock'] }),
        ),
      );
      expect(
        (await noRead('POST', '/api/v1/operations/inventory/adjust', { product_id: id, quantity: 1, reason: 'r' }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a raw UPDATE or DELETE of a stock movement', async () => {
      const id = await newProduct();
      await adjust(id, 4);
      const [movement] = await movements(id);
      await expect(
        db().updateTable('stock_movements').set({ quantity: 400 }).where('id', '=', movement!.id).execute(),
      ).rejects.toThrow();
      await expect(db().deleteFrom('stock_movements').where('id', '=', movement!.id).execute()).rejects.toThrow();
      await expect(sql`update stock_movements set reason = 'changed'`.execute(db())).rejects.toThrow();
      const [after] = await movements(id);
      expect(after).toEqual(movement);
    });
  });
});
