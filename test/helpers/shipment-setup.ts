// Shipments made through the API for the console's tests: products with stock in the default warehouse, a
// confirmed sales order of them (allocated there) and a draft shipment of all of it, moved on to a later status
// when asked.
import { expect } from 'vitest';
import { stockOps } from '../inventory/stock-ops-helpers.js';
import { apiBuilders } from './api-builders.js';
import { jsonCaller, type TestApp } from './test-app.js';

export interface StockedProduct {
  id: string;
  name: string;
  sku: string;
  barcode: string;
}

export interface MadeShipment {
  id: string;
  shipment_number: string;
  order_id: string;
  order_number: string;
}

let sequence = 0;

export function shipmentSetup(t: TestApp) {
  const build = apiBuilders(t.app, t.auth);
  const call = jsonCaller(t.app, t.auth);
  const warehouseId = t.tenant.defaultWarehouseId;

  /** A product with a SKU and a barcode, and 50 units in the default warehouse. */
  async function stockedProduct(name: string): Promise<StockedProduct> {
    const n = ++sequence;
    const sku = `SHP-${n}-${Date.now().toString(36)}`.toUpperCase();
    const barcode = `40${Date.now()}${n}`;
    const product = await build.product({
      name: `${name} ${n}`,
      sku,
      barcode,
      barcode_type: 'other',
      track_inventory: true,
    });
    await stockOps(t).stock(product.id, 50, warehouseId);
    return { id: product.id, name: product.name, sku, barcode };
  }

  /** A confirmed order of `lines` and a shipment of all of it, then each of `steps` taken (`pack`, `ship`…). */
  async function shipment(
    lines: { product: StockedProduct; quantity: number }[],
    steps: ('pick' | 'pack' | 'ship')[] = [],
  ): Promise<MadeShipment> {
    const order = await build.salesOrder({
      lines: lines.map(({ product, quantity }) => ({ product_id: product.id, quantity, unit_price: 10 })),
    });
    const confirmed = await call('POST', `/api/v1/sales/orders/${order.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const created = await call('POST', `/api/v1/sales/orders/${order.id}/shipments`, { warehouse_id: warehouseId });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().data as MadeShipment;
    for (const step of steps) {
      const res = await call(
        'POST',
        `/api/v1/sales/shipments/${made.id}/${step}`,
        step === 'ship' ? { carrier: 'UPS' } : {},
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    return made;
  }

  return { call, warehouseId, stockedProduct, shipment };
}
