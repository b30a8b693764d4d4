// Purchase orders over HTTP: creation in both shapes and its rules, totals to the cent, gapless numbering under
// concurrency, list filters and sorts, detail, draft-only edit and delete, abilities and tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import type { EventRecorder } from '../../../src/modules/events/event-recorder.js';
import {
  PurchaseOrderRepository,
  PurchaseOrderService,
} from '../../../src/modules/purchasing/purchase-orders/index.js';
import { bearer, makeTenantWithToken, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

describe('purchase orders', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const ops = () => purchaseOps(t);
  const errorsOf = async (res: {
    statusCode: number;
    json(): { message: string; errors: Record<string, string[]> };
  }) => {
    expect(res.statusCode).toBe(422);
    return res.json().errors;
  };

  describe('create', () => {
    it('creates a draft from `items` with snapshots, totals in currency units and references', async () => {
      const o = ops();
      const supplierId = await o.supplier();
      const [a, b] = [await o.product(), await o.product()];
      const res = await o.call('POST', ORDERS, {
        supplier_id: supplierId,
        warehouse_id: t.tenant.defaultWarehouseId,
        expected_delivery_date: '2026-03-20',
        payment_terms: 'Net 30',
        shipping_method: 'Freight',
        notes: 'Deliver to dock 2',
        items: [
          { product_id: a, quantity: 3, unit_price: 19.99 },
          { product_id: b, quantity: 7, unit_price: 0.015 },
        ],
        tax_amount: 6.01,
        shipping_cost: 12.5,
        discount_amount: 0.1,
      });
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().data;
      expect(res.json().message).toBe('Purchase order created successfully');
      expect(order).toMatchObject({
        po_number: expect.stringMatching(/^PO-202603-\d{4}$/),
        status: 'draft',
        supplier: { id: supplierId, name: expect.stringMatching(/^Supplier /) },
        warehouse: { id: t.tenant.defaultWarehouseId, name: 'Main Warehouse' },
        order_date: '2026-03-10',
        expected_delivery_date: '2026-03-20',
        currency: 'USD',
        // 3 x 19.99 = 59.97; 0.015 rounds half away from zero to 0.02, x 7 = 0.14.
        subtotal: 60.11,
        tax_amount: 6.01,
        shipping_cost: 12.5,
        discount_amount: 0.1,
        total_amount: 78.52,
        approved_by: null,
        created_by: { id: t.tenant.adminId },
        items_count: 2,
      });
      expect(order.order_number).toBe(order.po_number);
      expect(order.items).toHaveLength(2);
      expect(order.items[0]).toMatchObject({
        product_id: a,
        product_sku: expect.stringMatching(/^SKU-/),
        quantity_ordered: 3,
        quantity_received: 0,
        quantity_remaining: 3,
        received_percentage: 0,
        unit_price: 19.99,
        line_total: 59.97,
        subtotal: 59.97,
      });
      expect(order.items[1]).toMatchObject({ product_id: b, unit_price: 0.02, line_total: 0.14 });
      const events = await o.events(order.id);
      expect(events.map((e) => e.event_type)).toEqual(['purchase_order.created']);
    });

    it('creates from `line_items` with order_date, status pending_approval, internal notes and a currency', async () => {
      const o = ops();
      const supplierId = await o.supplier('preferred');
      const productId = await o.product();
      const res = await o.call('POST', ORDERS, {
        supplier_id: supplierId,
        warehouse_id: t.tenant.defaultWarehouseId,
        order_date: '2026-03-01',
        status: 'pending_approval',
        internal_notes: 'urgent',
        currency: 'JPY',
        line_items: [
          { product_id: productId, quantity_ordered: 4, unit_price: 1250, warehouse_id: t.tenant.defaultWarehouseId },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        status: 'pending_approval',
        order_date: '2026-03-01',
        internal_notes: 'urgent',
        currency: 'JPY',
        subtotal: 5000,
        total_amount: 5000,
        submitted_at: '2026-03-10T12:00:00.000Z',
      });
      expect(res.json().data.line_items[0]).toMatchObject({
        warehouse_id: t.tenant.defaultWarehouseId,
        quantity_ordered: 4,
      });
    });

    it('refuses a supplier that cannot take orders, naming its status, and an unknown one', async () => {
      const o = ops();
      for (const status of ['inactive', 'suspended', 'blacklisted', 'prospective'] as const) {
        const res = await o.call('POST', ORDERS, {
          supplier_id: await o.supplier(status),
          warehouse_id: t.tenant.defaultWarehouseId,
          items: [{ product_id: await o.product(), quantity: 1, unit_price: 1 }],
        });
        const errors = await errorsOf(res);
        expect(errors.supplier_id![0]).toContain(`status is ${status}`);
        expect(res.json().code).toBe('supplier_not_orderable');
      }
      const errors = await errorsOf(
        await o.call('POST', ORDERS, {
          supplier_id: MISSING_ID,
          warehouse_id: t.tenant.defaultWarehouseId,
          items: [{ product_id: await o.product(), quantity: 1, unit_price: 1 }],
        }),
      );
      expect(errors).toEqual({ supplier_id: ['The selected supplier id is invalid.'] });
    });

    it('requires a known warehouse and lines, and refuses both shapes at once', async () => {
      const o = ops();
      const supplierId = await o.supplier();
      const productId = await o.product();
      const line = { product_id: productId, quantity: 1, unit_price: 1 };
      expect(await errorsOf(await o.call('POST', ORDERS, { supplier_id: supplierId, items: [line] }))).toHaveProperty(
        'warehouse_id',
      );
      expect(
        await errorsOf(
          await o.call('POST', ORDERS, { supplier_id: supplierId, warehouse_id: MISSING_ID, items: [line] }),
        ),
      ).toEqual({
        warehouse_id: ['The selected warehouse id is invalid.'],
      });
      expect(
        await errorsOf(
          await o.call('POST', ORDERS, { supplier_id: supplierId, warehouse_id: t.tenant.defaultWarehouseId }),
        ),
      ).toEqual({
        items: ['The items field is required.'],
      });
      expect(
        await errorsOf(
          await o.call('POST', ORDERS, {
            supplier_id: supplierId,
            warehouse_id: t.tenant.defaultWarehouseId,
            items: [],
          }),
        ),
      ).toHaveProperty('items');
      const both = await errorsOf(
        await o.call('POST', ORDERS, {
          supplier_id: supplierId,
          warehouse_id: t.tenant.defaultWarehouseId,
          items: [line],
          line_items: [{ product_id: productId, quantity_ordered: 1, unit_price: 1 }],
        }),
      );
      expect(both).toHaveProperty('items');
    });

    it('refuses products of another tenant, the same product twice, and out-of-range quantities and prices', async () => {
      const o = ops();
      const supplierId = await o.supplier();
      const mine = await o.product();
      const other = await makeTenantWithToken(t.services);
      const theirs = await purchaseOps(t, other.auth, other.tenant.tenantId).product();
      const base = { supplier_id: supplierId, warehouse_id: t.tenant.defaultWarehouseId };
      const foreign = await errorsOf(
        await o.call('POST', ORDERS, {
          ...base,
          items: [
            { product_id: mine, quantity: 1, unit_price: 1 },
            { product_id: theirs, quantity: 1, unit_price: 1 },
          ],
        }),
      );
      expect(foreign).toEqual({ 'items.1.product_id': ['The selected product id is invalid.'] });
      const twice = await errorsOf(
        await o.call('POST', ORDERS, {
          ...base,
          line_items: [
            { product_id: mine, quantity_ordered: 1, unit_price: 1 },
            { product_id: mine, quantity_ordered: 2, unit_price: 1 },
          ],
        }),
      );
      expect(Object.keys(twice)).toEqual(['line_items.1.product_id']);
      for (const bad of [
        { quantity: 0 },
        { quantity: 1_000_001 },
        { quantity: 1.5 },
        { unit_price: -0.01 },
        { unit_price: 10_000_000 },
      ]) {
        const errors = await errorsOf(
          await o.call('POST', ORDERS, { ...base, items: [{ product_id: mine, quantity: 1, unit_price: 1, ...bad }] }),
        );
        expect(
          Object.keys(errors).some((k) => k.startsWith('items.0.')),
          JSON.stringify(bad),
        ).toBe(true);
      }
      const edge = await o.call('POST', ORDERS, {
        ...base,
        items: [{ product_id: mine, quantity: 1_000_000, unit_price: 9_999_999.99 }],
      });
      expect(edge.statusCode).toBe(201);
      expect(edge.json().data.total_amount).toBe(9_999_999_990_000);
    });

    it('refuses a discount that makes the total negative, and an unknown currency', async () => {
      const o = ops();
      const base = {
        supplier_id: await o.supplier(),
        warehouse_id: t.tenant.defaultWarehouseId,
        items: [{ product_id: await o.product(), quantity: 2, unit_price: 5 }],
      };
      expect(
        await errorsOf(await o.call('POST', ORDERS, { ...base, tax_amount: 1, discount_amount: 11.01 })),
      ).toHaveProperty('discount_amount');
      const zero = await o.call('POST', ORDERS, { ...base, tax_amount: 1, discount_amount: 11 });
      expect(zero.json().data.total_amount).toBe(0);
      expect(await errorsOf(await o.call('POST', ORDERS, { ...base, currency: 'XAU' }))).toHaveProperty('currency');
    });

    it('numbers 20 parallel creates consecutively, without gaps or duplicates', async () => {
      const other = await makeTenantWithToken(t.services);
      const o = purchaseOps(t, other.auth, other.tenant.tenantId);
      const supplierId = await o.supplier();
      const productId = await o.product();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          o.call('POST', ORDERS, {
            supplier_id: supplierId,
            warehouse_id: other.tenant.defaultWarehouseId,
            items: [{ product_id: productId, quantity: 1, unit_price: 1 }],
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const numbers = responses.map((r) => r.json().data.po_number as string).sort();
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `PO-202603-${String(i + 1).padStart(4, '0')}`));
    });

    it('does not spend a number on a refused create', async () => {
      const other = await makeTenantWithToken(t.services);
      const o = purchaseOps(t, other.auth, other.tenant.tenantId);
      const first = await o.draft({ warehouse_id: other.tenant.defaultWarehouseId });
      const refused = await o.call('POST', ORDERS, {
        supplier_id: first.supplier_id,
        warehouse_id: other.tenant.defaultWarehouseId,
        items: [{ product_id: MISSING_ID, quantity: 1, unit_price: 1 }],
      });
      expect(refused.statusCode).toBe(422);
      const second = await o.draft({ warehouse_id: other.tenant.defaultWarehouseId });
      expect([first.po_number, second.po_number]).toEqual(['PO-202603-0001', 'PO-202603-0002']);
    });
    it("gives a rolled-back create's number to the next order (no gap)", async () => {
      const other = await makeTenantWithToken(t.services);
      const o = purchaseOps(t, other.auth, other.tenant.tenantId);
      const wh = other.tenant.defaultWarehouseId;
      const first = await o.draft({ warehouse_id: wh });
      // The same service, except that recording the event fails: after the number was drawn, before commit.
      const failing = new PurchaseOrderService({
        db: t.database.db,
        repository: new PurchaseOrderRepository(),
        suppliers: t.services.catalog.suppliers.service,
        warehouses: t.services.warehouses,
        products: t.services.catalog.products.service,
        users: t.services.users,
        tenants: t.services.tenants,
        events: {
          record: async () => {
            throw new Error('outbox unavailable');
          },
        } as unknown as EventRecorder,
        audit: t.services.audit.service,
        clock,
        newId,
      });
      const productId = await o.product();
      await expect(
        failing.create(other.tenant.tenantId, other.tenant.adminId, {
          supplier_id: first.supplier_id,
          warehouse_id: wh,
          items: [{ product_id: productId, quantity: 1, unit_price: 1 }],
        }),
      ).rejects.toThrow('outbox unavailable');
      const second = await o.draft({ warehouse_id: wh, supplier_id: first.supplier_id });
      expect([first.po_number, second.po_number]).toEqual(['PO-202603-0001', 'PO-202603-0002']);
      const count = await o.db
        .selectFrom('purchase_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', other.tenant.tenantId)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    });
  });

  describe('list and detail', () => {
    it('filters by status list, supplier, warehouse, dates and search, sorts and pages (15 by default)', async () => {
      const other = await makeTenantWithToken(t.services);
      const o = purchaseOps(t, other.auth, other.tenant.tenantId);
      const wh = other.tenant.defaultWarehouseId;
      const s1 = await o.supplier();
      const s2 = await o.supplier();
      await o.db.updateTable('suppliers').set({ name: 'Zephyr Metals' }).where('id', '=', s2).execute();
      const a = await o.draft({ supplier_id: s1, warehouse_id: wh, order_date: '2026-02-01', notes: 'blue widgets' });
      const b = await o.draft({
        supplier_id: s2,
        warehouse_id: wh,
        order_date: '2026-03-05',
        status: 'pending_approval',
      });
      for (let i = 0; i < 15; i++) await o.draft({ supplier_id: s1, warehouse_id: wh, order_date: '2026-01-15' });

      const all = await o.call('GET', ORDERS);
      expect(all.statusCode).toBe(200);
      expect(all.json().meta).toMatchObject({ total: 17, per_page: 15, last_page: 2 });
      expect(all.json().data[0]).not.toHaveProperty('items');

      const ids = async (query: string) =>
        (await o.call('GET', `${ORDERS}?${query}`)).json().data.map((d: { id: string }) => d.id);
      expect(await ids('status=pending_approval')).toEqual([b.id]);
      expect(await ids('status=pending')).toEqual([b.id]);
      expect((await ids('status=draft,pending_approval&per_page=100')).length).toBe(17);
      expect(await ids(`supplier_id=${s2}`)).toEqual([b.id]);
      expect((await ids(`warehouse_id=${wh}&per_page=100`)).length).toBe(17);
      expect(await ids('date_from=2026-02-01&date_to=2026-03-31&sort_by=order_date&sort_direction=asc')).toEqual([
        a.id,
        b.id,
      ]);
      expect(await ids('search=BLUE')).toEqual([a.id]);
      expect(await ids('search=zephyr')).toEqual([b.id]);
      expect(await ids(`search=${b.po_number}`)).toEqual([b.id]);
      const bad = await o.call('GET', `${ORDERS}?status=open`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toHaveProperty('status');
    });

    it("answers 404 for a missing or another tenant's order, on every route", async () => {
      const o = ops();
      const mine = await o.draft();
      const other = await makeTenantWithToken(t.services);
      const theirs = purchaseOps(t, other.auth, other.tenant.tenantId);
      for (const [method, url, body] of [
        ['GET', `${ORDERS}/${mine.id}`, undefined],
        ['PATCH', `${ORDERS}/${mine.id}`, { notes: 'x' }],
        ['DELETE', `${ORDERS}/${mine.id}`, undefined],
        ['POST', `${ORDERS}/${mine.id}/submit-for-approval`, {}],
        ['POST', `${ORDERS}/${mine.id}/cancel`, { reason: 'x' }],
      ] as const) {
        const res = await theirs.call(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('Purchase order not found.');
      }
      expect((await o.call('GET', `${ORDERS}/${MISSING_ID}`)).statusCode).toBe(404);
      expect((await o.call('GET', `${ORDERS}/not-a-ulid`)).statusCode).toBe(404);
    });
  });

  describe('edit and delete', () => {
    it('updates a draft partially, replacing lines and recomputing totals', async () => {
      const o = ops();
      const order = await o.draft({ tax_amount: 1 });
      const product = await o.product();
      const res = await o.call('PATCH', `${ORDERS}/${order.id}`, {
        notes: 'revised',
        shipping_cost: 2.25,
        line_items: [{ product_id: product, quantity_ordered: 3, unit_price: 1.1 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        notes: 'revised',
        subtotal: 3.3,
        tax_amount: 1,
        shipping_cost: 2.25,
        total_amount: 6.55,
        items_count: 1,
        po_number: order.po_number,
      });
      expect(res.json().data.items.map((i: { product_id: string }) => i.product_id)).toEqual([product]);
      const put = await o.call('PUT', `${ORDERS}/${order.id}`, { currency: 'EUR' });
      expect(put.json().data).toMatchObject({ currency: 'EUR', subtotal: 3.3, total_amount: 6.55 });
    });

    it('refuses edit and delete outside draft, naming the status; deletes a draft softly', async () => {
      const o = ops();
      const pending = await o.draft({ status: 'pending_approval' });
      const edit = await o.call('PATCH', `${ORDERS}/${pending.id}`, { notes: 'x' });
      expect(edit.statusCode).toBe(422);
      expect(edit.json().message).toBe(
        'Cannot edit a purchase order whose status is pending_approval; only draft purchase orders can be edited.',
      );
      const del = await o.call('DELETE', `${ORDERS}/${pending.id}`);
      expect(del.statusCode).toBe(422);
      expect(del.json().message).toContain('status is pending_approval');

      const order = await o.draft();
      expect((await o.call('DELETE', `${ORDERS}/${order.id}`)).statusCode).toBe(200);
      expect((await o.call('GET', `${ORDERS}/${order.id}`)).statusCode).toBe(404);
      expect(
        (
          await o.db
            .selectFrom('purchase_orders')
            .select('deleted_at')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).deleted_at,
      ).not.toBeNull();
    });
  });

  describe('supplier performance', () => {
    it('computes the supplier performance endpoint from placed orders and receipts', async () => {
      const other = await makeTenantWithToken(t.services);
      const o = purchaseOps(t, other.auth, other.tenant.tenantId);
      const wh = other.tenant.defaultWarehouseId;
      const supplierId = await o.supplier();
      const set = (id: string, changes: Record<string, unknown>) =>
        o.db.updateTable('purchase_orders').set(changes).where('id', '=', id).execute();
      const onTime = await o.draft({
        supplier_id: supplierId,
        warehouse_id: wh,
        order_date: '2026-03-01',
        expected_delivery_date: '2026-03-08',
      });
      await set(onTime.id, { status: 'received', actual_delivery_date: '2026-03-06' });
      const late = await o.draft({
        supplier_id: supplierId,
        warehouse_id: wh,
        order_date: '2026-02-01',
        expected_delivery_date: '2026-02-05',
      });
      await set(late.id, { status: 'completed', actual_delivery_date: '2026-02-09' });
      const open = await o.draft({ supplier_id: supplierId, warehouse_id: wh, order_date: '2025-10-01' });
      await set(open.id, { status: 'sent' });
      await o.draft({ supplier_id: supplierId, warehouse_id: wh, order_date: '2026-03-09' });
      const cancelled = await o.draft({ supplier_id: supplierId, warehouse_id: wh });
      await set(cancelled.id, { status: 'cancelled' });
      const receiptId = '01jreceipt0000000000000000';
      await o.db
        .insertInto('purchase_order_receipts')
        .values({
          id: receiptId,
          tenant_id: other.tenant.tenantId,
          purchase_order_id: onTime.id,
          received_date: '2026-03-06',
          notes: null,
          quality_check_passed: false,
          quality_notes: null,
          received_by: null,
          created_at: '2026-03-06T10:00:00.000Z',
        })
        .execute();
      for (const [i, passed, quantity] of [
        [1, true, 6],
        [2, false, 4],
      ] as const) {
        await o.db
          .insertInto('purchase_order_receipt_lines')
          .values({
            id: `01jreceiptline000000000000${i}`,
            tenant_id: other.tenant.tenantId,
            receipt_id: receiptId,
            purchase_order_item_id: onTime.items[0]!.id,
            product_id: onTime.items[0]!.product_id,
            warehouse_id: wh,
            quantity_received: quantity,
            bin_location: null,
            notes: null,
            quality_check_passed: passed,
            quality_notes: null,
            stock_movement_id: null,
          })
          .execute();
      }
      const res = await o.call('GET', `/api/v1/operations/suppliers/${supplierId}/performance`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        orders: { total: 3, on_time: 1, late: 1, on_time_rate: 50 },
        // Lead times 5 and 8 days; promised vs actual -2 and +4.
        delivery: { average_lead_time_days: 6.5, promised_vs_actual: 1 },
        quality: { return_rate: null, defect_rate: 40 },
        // Three orders of 10 x 2.50.
        financial: { total_spend: 75, average_order_value: 25 },
        activity: { last_order_date: '2026-03-01', orders_last_90_days: 2 },
      });
    });
  });

  // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts).
  describe('abilities', () => {
    it('lets a token with only view-purchase-orders read an order', async () => {
      const o = ops();
      const order = await o.draft();
      const viewer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
          abilities: ['operations:view-purchase-orders'],
        }),
      );
      expect((await o.call('GET', `${ORDERS}/${order.id}`, undefined, viewer)).statusCode).toBe(200);
    });
  });
});
