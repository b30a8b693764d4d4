// Parallel shipments of the same products: every one ships, none deadlocks, stock never goes below zero, and the
// ledger reconciles after. The orders' lines name the products in different orders, so that shipments locking
// records in line order would take them in opposite orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../../helpers/factories.js';
import { makeSalesOrder } from '../../helpers/sales-fixtures.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1';
const SHIPMENTS = 10;

describe('parallel shipments', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  it(`ships ${SHIPMENTS} shipments of the same products at once without deadlock or negative stock`, async () => {
    const tenantId = t.tenant.tenantId;
    const warehouseId = t.tenant.defaultWarehouseId;
    const products = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await makeProduct(t.database.db, tenantId);
      // Exactly what the orders reserve: the last shipment takes each record to 0.
      const res = await call('POST', `${API}/operations/inventory/adjust`, {
        product_id: id,
        quantity: SHIPMENTS * 3,
        reason: 'Opening',
      });
      expect(res.statusCode, res.body).toBe(200);
      products.push(id);
    }
    const shipmentIds: string[] = [];
    for (let i = 0; i < SHIPMENTS; i += 1) {
      // Rotate and reverse the products' order from one order to the next; the first product twice in half of them.
      const rotated = [...products.slice(i % 3), ...products.slice(0, i % 3)];
      const ordered = i % 2 === 0 ? rotated : rotated.reverse();
      const lines =
        i % 2 === 0
          ? ordered.map((productId) => ({ productId, quantity: 3, reserve: [{ warehouseId, quantity: 3 }] }))
          : [
              ...ordered.map((productId, k) => ({
                productId,
                quantity: k === 0 ? 1 : 3,
                reserve: [{ warehouseId, quantity: k === 0 ? 1 : 3 }],
              })),
              { productId: ordered[0]!, quantity: 2, reserve: [{ warehouseId, quantity: 2 }] },
            ];
      const { orderId } = await makeSalesOrder(t.services, tenantId, lines);
      const res = await call('POST', `${API}/sales/orders/${orderId}/shipments`, { warehouse_id: warehouseId });
      expect(res.statusCode, res.body).toBe(201);
      shipmentIds.push(res.json().data.id);
    }

    const answers = await Promise.all(
      shipmentIds.map((id) => call('POST', `${API}/sales/shipments/${id}/ship`, { carrier: 'DHL' })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const records = await t.database.db
      .selectFrom('inventory_records')
      .select(['quantity_on_hand', 'quantity_reserved'])
      .where('product_id', 'in', products)
      .execute();
    expect(records).toEqual(products.map(() => ({ quantity_on_hand: 0, quantity_reserved: 0 })));
    const movements = await t.database.db
      .selectFrom('stock_movements')
      .select(['quantity_before', 'quantity_after'])
      .where('product_id', 'in', products)
      .where('type', '=', 'shipment')
      .execute();
    expect(movements.length).toBe(SHIPMENTS * 3 + SHIPMENTS / 2);
    for (const m of movements) {
      expect(m.quantity_after).toBeGreaterThanOrEqual(0);
      expect(m.quantity_before).toBeGreaterThan(m.quantity_after);
    }
    const active = await t.database.db
      .selectFrom('stock_reservations')
      .select('id')
      .where('product_id', 'in', products)
      .where('status', '!=', 'consumed')
      .execute();
    expect(active).toEqual([]);
    const reconcile = await call('GET', `${API}/operations/inventory/reconcile`);
    expect(reconcile.json().data).toEqual([]);
    const totals = await t.database.db
      .selectFrom('products')
      .select(['stock_quantity', 'reserved_quantity'])
      .where('id', 'in', products)
      .execute();
    expect(totals).toEqual(products.map(() => ({ stock_quantity: 0, reserved_quantity: 0 })));
  });
});
