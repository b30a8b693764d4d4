// Reorder points: settings with their warning, the low-stock list with urgency bands, and the reorder report's
// numbers (deficit, suggestion, supplier, last purchase, 30-day usage, days until stock-out, summary).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/transaction.js';
import { addDays, FixedClock } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import { bearer, makeTenantWithToken, makeToken } from '../../helpers/factories.js';
import { insertOrder } from '../../helpers/sales-fixtures.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const SETTINGS = '/api/v1/operations/inventory/reorder-settings';
const LOW = '/api/v1/operations/inventory/low-stock';
const REPORT = '/api/v1/operations/inventory/reorder-report';
const NOW = new Date('2026-05-10T12:00:00.000Z');

describe('reorder', () => {
  let t: TestApp;
  const clock = new FixedClock(addDays(NOW, -40));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  /** A tenant of its own, so that its lists hold only what the test made. */
  async function fresh() {
    const other = await makeTenantWithToken(t.services);
    return { ...stockOps(t, other.auth, other.tenant.tenantId), tenant: other.tenant };
  }

  describe('settings', () => {
    it('sets both values, creating the record, and warns when the quantity is not above the point', async () => {
      const s = stockOps(t);
      const id = await s.product();
      const res = await s.call('PUT', SETTINGS, {
        product_id: id,
        warehouse_id: null,
        reorder_point: 10,
        reorder_quantity: 10,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        product_id: id,
        warehouse_id: t.tenant.defaultWarehouseId,
        quantity_on_hand: 0,
        reorder_point: 10,
        reorder_quantity: 10,
      });
      expect(res.json().data.warnings).toEqual([
        'The reorder quantity (10) is not above the reorder point (10): one order may not lift stock above the reorder point.',
      ]);
      const fine = await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 10, reorder_quantity: 25 });
      expect(fine.json().data).toMatchObject({ reorder_point: 10, reorder_quantity: 25, warnings: [] });
      const record = await s.record(id, t.tenant.defaultWarehouseId);
      expect(record).toMatchObject({ reorder_point: 10, reorder_quantity: 25 });
      expect(await s.movements(id)).toHaveLength(0);
    });

    it('disables with nulls', async () => {
      const s = stockOps(t);
      const id = await s.product();
      await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 3, reorder_quantity: 9 });
      const res = await s.call('PUT', SETTINGS, { product_id: id, reorder_point: null, reorder_quantity: null });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ reorder_point: null, reorder_quantity: null, warnings: [] });
    });

    it('answers 422 per field for out-of-range values and unknown product or warehouse', async () => {
      const s = stockOps(t);
      const id = await s.product();
      const point = await s.call('PUT', SETTINGS, { product_id: id, reorder_point: -1, reorder_quantity: 5 });
      expect(point.statusCode).toBe(422);
      expect(point.json().errors).toHaveProperty('reorder_point');
      const quantity = await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 1, reorder_quantity: 0 });
      expect(quantity.json().errors).toHaveProperty('reorder_quantity');
      const product = await s.call('PUT', SETTINGS, { product_id: '01hzzzzzzzzzzzzzzzzzzzzzzz', reorder_point: 1 });
      expect(product.json().errors).toEqual({ product_id: ['The selected product id is invalid.'] });
      const other = await fresh();
      const warehouse = await s.call('PUT', SETTINGS, {
        product_id: id,
        warehouse_id: other.tenant.defaultWarehouseId,
        reorder_point: 1,
      });
      expect(warehouse.statusCode).toBe(422);
      expect(warehouse.json().errors).toEqual({ warehouse_id: ['The selected warehouse id is invalid.'] });
      const theirProduct = await other.product();
      const cross = await s.call('PUT', SETTINGS, { product_id: theirProduct, reorder_point: 1 });
      expect(cross.statusCode).toBe(422);
      expect(await other.record(theirProduct, other.tenant.defaultWarehouseId)).toBeUndefined();
    });

    // The 403s of the settings and the lists are generated from the route table
    // (test/security/function-level-authorisation.test.ts).
    it('opens the lists to operations:view-inventory', async () => {
      const viewer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-inventory'] }),
      );
      for (const url of [LOW, REPORT])
        expect((await stockOps(t).call('GET', url, undefined, viewer)).statusCode, url).toBe(200);
    });
  });

  describe('low stock', () => {
    it('lists records at or below their reorder point in urgency bands, most urgent first', async () => {
      const s = await fresh();
      const made: Record<string, string> = {};
      // available against a reorder point of 100; the last has 30 of its 130 reserved.
      for (const [label, onHand] of [
        ['low', 100],
        ['medium', 75],
        ['high-edge', 50],
        ['high', 26],
        ['critical', 25],
        ['above', 101],
        ['reserved', 130],
      ] as const) {
        const id = await s.product();
        made[label] = id;
        await s.stock(id, onHand);
        await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 100, reorder_quantity: 200 });
      }
      await s.reserve(made.reserved!, 30, s.tenant.defaultWarehouseId);
      const zero = await s.product();
      await s.call('PUT', SETTINGS, { product_id: zero, reorder_point: 0 });
      const res = await s.call('GET', LOW);
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Array<{ product_id: string; urgency: string; quantity_available: number }>;
      const byProduct = new Map(rows.map((r) => [r.product_id, r]));
      expect(byProduct.get(made.critical!)).toMatchObject({
        urgency: 'critical',
        quantity_available: 25,
        reorder_point: 100,
        status: 'low_stock',
        warehouse_id: s.tenant.defaultWarehouseId,
      });
      expect(byProduct.get(made.high!)!.urgency).toBe('high');
      expect(byProduct.get(made['high-edge']!)!.urgency).toBe('high');
      expect(byProduct.get(made.medium!)!.urgency).toBe('medium');
      expect(byProduct.get(made.low!)!.urgency).toBe('low');
      expect(byProduct.get(made.reserved!)).toMatchObject({ urgency: 'low', quantity_available: 100 });
      expect(byProduct.get(zero)).toMatchObject({ urgency: 'critical', quantity_available: 0 });
      expect(byProduct.has(made.above!)).toBe(false);
      expect(rows).toHaveLength(7);
      const rank = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
      expect(rows.map((r) => rank[r.urgency])).toEqual([...rows.map((r) => rank[r.urgency]!)].sort());
      expect(rows[0]!.product_id).toBe(zero);
    });

    it("falls back to the product's reorder point and quantity when the record has none", async () => {
      const s = await fresh();
      const id = await s.product();
      await s.stock(id, 3);
      const changed = await s.call('PATCH', `/api/v1/operations/products/${id}`, {
        reorder_point: 10,
        reorder_quantity: 12,
      });
      expect(changed.statusCode).toBe(200);
      expect((await s.call('GET', LOW)).json().data).toEqual([
        expect.objectContaining({ product_id: id, reorder_point: 10, quantity_available: 3, urgency: 'high' }),
      ]);
      expect((await s.call('GET', REPORT)).json().data).toEqual([
        expect.objectContaining({ product_id: id, reorder_quantity: 12, deficit: 7, suggested_order_quantity: 12 }),
      ]);
      await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 2 });
      expect((await s.call('GET', LOW)).json().data).toEqual([]);
    });

    it('leaves out untracked, discontinued and deleted products and records without a reorder point', async () => {
      const s = await fresh();
      const ids = await Promise.all([s.product(), s.product(), s.product(), s.product()]);
      for (const id of ids.slice(0, 3)) await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 5 });
      expect((await s.call('GET', LOW)).json().meta.total).toBe(3);
      const product = `/api/v1/operations/products`;
      expect((await s.call('PATCH', `${product}/${ids[0]}`, { track_inventory: false })).statusCode).toBe(200);
      for (const action of ['activate', 'discontinue'])
        expect((await s.call('POST', `${product}/${ids[1]}/${action}`, {})).statusCode).toBe(200);
      expect((await s.call('DELETE', `${product}/${ids[2]}`)).statusCode).toBe(200);
      await s.stock(ids[3]!, 1);
      const res = await s.call('GET', LOW);
      expect(res.json().data).toEqual([]);
      expect((await s.call('GET', REPORT)).json()).toMatchObject({
        data: [],
        summary: {
          total_products_needing_reorder: 0,
          total_suggested_order_value: 0,
          by_warehouse: [],
          by_supplier: [],
        },
      });
    });
  });

  describe('report', () => {
    it('computes deficit, suggestion, supplier, last purchase, usage, days to stock-out and the summary', async () => {
      const s = await fresh();
      const tenantId = s.tenant.tenantId;
      const supplierId = newId();
      const at = clock.now().toISOString();
      await s.db
        .insertInto('suppliers')
        .values({
          id: supplierId,
          tenant_id: tenantId,
          name: 'Acme Supply',
          code: 'ACME',
          email: 'acme@example.test',
          status: 'active',
          rating_count: 0,
          is_approved: true,
          is_preferred: false,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const east = await s.warehouse('EAST');
      const a = await s.product({ supplier_id: supplierId });
      const b = await s.product();
      await s.db.updateTable('products').set({ cost_price: 250, currency: 'USD' }).where('id', '=', a).execute();
      await s.db.updateTable('products').set({ cost_price: 1000, currency: 'USD' }).where('id', '=', b).execute();
      // 40 days ago: a receipt and an outbound adjustment that falls outside the 30-day window.
      await inTransaction(s.db, (trx) =>
        t.services.stock.changeOnHand(trx, {
          tenantId,
          productId: a,
          quantity: 100,
          type: 'purchase_receipt',
          reason: 'PO',
        }),
      );
      await s.stock(a, -20);
      clock.advance(20 * 86_400_000);
      const receivedAt = clock.now().toISOString();
      await inTransaction(s.db, (trx) =>
        t.services.stock.changeOnHand(trx, {
          tenantId,
          productId: a,
          quantity: 10,
          type: 'purchase_receipt',
          reason: 'PO',
        }),
      );
      clock.advance(15 * 86_400_000);
      // Inside the window: 60 units used, and a transfer and a count that are not usage.
      await s.stock(a, -45);
      await s.stock(a, -15);
      await s.call('POST', '/api/v1/operations/inventory/transfer', {
        product_id: a,
        to_warehouse_id: east,
        quantity: 10,
      });
      await s.call('POST', '/api/v1/operations/inventory/physical-count', { product_id: a, counted_quantity: 18 });
      clock.advance(5 * 86_400_000);
      expect(clock.now().toISOString()).toBe(NOW.toISOString());
      await s.reserve(a, 3, s.tenant.defaultWarehouseId);
      await s.call('PUT', SETTINGS, { product_id: a, reorder_point: 30, reorder_quantity: 40 });
      await s.stock(b, 4, east);
      await s.call('PUT', SETTINGS, { product_id: b, warehouse_id: east, reorder_point: 20 });
      await s.call('PUT', SETTINGS, { product_id: a, warehouse_id: east, reorder_point: 5, reorder_quantity: 50 });

      const res = await s.call('GET', REPORT);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toHaveLength(2);
      const lineA = body.data.find((l: { product_id: string }) => l.product_id === a);
      // on hand 18, reserved 3: available 15; usage 60 / 30 = 2 a day.
      expect(lineA).toMatchObject({
        warehouse_id: s.tenant.defaultWarehouseId,
        warehouse_name: 'Main Warehouse',
        quantity_available: 15,
        reorder_point: 30,
        reorder_quantity: 40,
        deficit: 15,
        suggested_order_quantity: 40,
        preferred_supplier: { id: supplierId, name: 'Acme Supply' },
        last_purchase_date: receivedAt,
        average_daily_usage: 2,
        days_until_stockout: 7,
      });
      const lineB = body.data.find((l: { product_id: string }) => l.product_id === b);
      expect(lineB).toMatchObject({
        warehouse_id: east,
        quantity_available: 4,
        reorder_quantity: null,
        deficit: 16,
        suggested_order_quantity: 16,
        preferred_supplier: null,
        last_purchase_date: null,
        average_daily_usage: 0,
        days_until_stockout: null,
      });
      // 40 x 2.50 + 16 x 10.00
      expect(body.summary.total_products_needing_reorder).toBe(2);
      expect(body.summary.total_suggested_order_value).toBe(260);
      expect(body.summary.by_warehouse).toEqual(
        expect.arrayContaining([
          {
            warehouse_id: s.tenant.defaultWarehouseId,
            warehouse_name: 'Main Warehouse',
            products_count: 1,
            suggested_order_quantity: 40,
            suggested_order_value: 100,
          },
          {
            warehouse_id: east,
            warehouse_name: 'Warehouse EAST',
            products_count: 1,
            suggested_order_quantity: 16,
            suggested_order_value: 160,
          },
        ]),
      );
      expect(body.summary.by_supplier).toEqual(
        expect.arrayContaining([
          {
            supplier_id: supplierId,
            supplier_name: 'Acme Supply',
            products_count: 1,
            suggested_order_quantity: 40,
            suggested_order_value: 100,
          },
          {
            supplier_id: null,
            supplier_name: null,
            products_count: 1,
            suggested_order_quantity: 16,
            suggested_order_value: 160,
          },
        ]),
      );

      // Filtered to one supplier's products, or to one warehouse: those lines, counted and summed alone.
      const acme = (await s.call('GET', `${REPORT}?supplier_id=${supplierId}`)).json();
      expect(acme.data.map((l: { product_id: string }) => l.product_id)).toEqual([a]);
      expect(acme.meta.total).toBe(1);
      expect(acme.summary).toMatchObject({ total_products_needing_reorder: 1, total_suggested_order_value: 100 });
      expect(acme.summary.by_supplier.map((g: { supplier_id: string }) => g.supplier_id)).toEqual([supplierId]);
      const inEast = (await s.call('GET', `${REPORT}?warehouse_id=${east}`)).json();
      expect(inEast.data.map((l: { warehouse_id: string }) => l.warehouse_id)).toEqual([east]);
      expect(inEast.summary.by_warehouse.map((g: { warehouse_id: string }) => g.warehouse_id)).toEqual([east]);
      expect((await s.call('GET', `${REPORT}?warehouse_id=not-an-id`)).statusCode).toBe(422);
    });

    it('counts backordered demand once per product and shipments as usage', async () => {
      const s = await fresh();
      const tenantId = s.tenant.tenantId;
      const main = s.tenant.defaultWarehouseId;
      const east = await s.warehouse('EAST');
      await s.db.updateTable('warehouses').set({ allocation_rank: 1 }).where('id', '=', east).execute();
      const a = await s.product();
      await s.stock(a, 40, main);
      await s.stock(a, 2, east);
      // 30 units shipped and 6 adjusted out inside the window: 36 / 30 = 1.2 a day; a return is not usage.
      for (const [type, quantity] of [
        ['shipment', -20],
        ['shipment', -10],
        ['adjustment', -6],
        ['return', 3],
      ] as const)
        await inTransaction(s.db, (trx) =>
          t.services.stock.changeOnHand(trx, { tenantId, productId: a, warehouseId: main, quantity, type }),
        );
      // 7 waiting on a confirmed order; a draft's lines wait for nothing.
      await insertOrder(s.db, tenantId, { lines: [{ product_id: a, quantity: 7 }] });
      await insertOrder(s.db, tenantId, { status: 'draft', lines: [{ product_id: a, quantity: 50 }] });
      await s.call('PUT', SETTINGS, { product_id: a, warehouse_id: main, reorder_point: 10, reorder_quantity: 5 });
      await s.call('PUT', SETTINGS, { product_id: a, warehouse_id: east, reorder_point: 4, reorder_quantity: 20 });

      const body = (await s.call('GET', REPORT)).json();
      const line = (warehouseId: string) =>
        body.data.find((l: { warehouse_id: string }) => l.warehouse_id === warehouseId);
      // East ranks first and carries the 7 backordered units: deficit 4 - 2 + 7 = 9, suggested max(20, 9).
      expect(line(east)).toMatchObject({
        quantity_available: 2,
        backordered_demand: 7,
        deficit: 9,
        suggested_order_quantity: 20,
        average_daily_usage: 0,
      });
      // Main: on hand 40 - 36 + 3 = 7; deficit 3; no backorders counted again.
      expect(line(main)).toMatchObject({
        quantity_available: 7,
        backordered_demand: 0,
        deficit: 3,
        suggested_order_quantity: 5,
        average_daily_usage: 1.2,
        days_until_stockout: 5,
      });
      expect(body.summary.by_warehouse).toEqual(
        expect.arrayContaining([expect.objectContaining({ warehouse_id: east, suggested_order_quantity: 20 })]),
      );
      // Filtered to main, the demand stays with east's line: main's line does not take it over.
      const mainOnly = (await s.call('GET', `${REPORT}?warehouse_id=${main}`)).json();
      expect(
        mainOnly.data.map((l: { warehouse_id: string; backordered_demand: number }) => [
          l.warehouse_id,
          l.backordered_demand,
        ]),
      ).toEqual([[main, 0]]);
    });

    it("shows only the caller's tenant", async () => {
      const s = await fresh();
      const other = await fresh();
      const theirs = await other.product();
      await other.call('PUT', SETTINGS, { product_id: theirs, reorder_point: 10 });
      expect((await other.call('GET', LOW)).json().data).toHaveLength(1);
      expect((await s.call('GET', LOW)).json().data).toEqual([]);
      expect((await s.call('GET', REPORT)).json().data).toEqual([]);
    });
  });
});
