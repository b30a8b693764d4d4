// Shipment documents through HTTP, parsed back as text: the packing slip, a shipment's pick list, and one pick
// list for several shipments of a warehouse (by SKU, quantities summed per product).
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/lib/ids.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { makeProduct } from '../../helpers/factories.js';
import { makeSalesOrder } from '../../helpers/sales-fixtures.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1';

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text };
}

describe('shipment documents', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let warehouseId: string;
  let products: Record<string, string>;
  let orders: Array<{ orderId: string; orderNumber: string }>;
  let shipments: Array<{ id: string; shipment_number: string }>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    warehouseId = t.tenant.defaultWarehouseId;
    products = {};
    for (const sku of ['ZED-9', 'ALPHA-1', 'MID-5']) {
      const id = await makeProduct(t.database.db, t.tenant.tenantId);
      await t.database.db
        .updateTable('products')
        .set({ sku, name: `Part ${sku}` })
        .where('id', '=', id)
        .execute();
      await call('POST', `${API}/operations/inventory/adjust`, { product_id: id, quantity: 50, reason: 'Opening' });
      products[sku] = id;
    }
    const reserved = (sku: string, quantity: number) => ({
      productId: products[sku]!,
      quantity,
      reserve: [{ warehouseId, quantity }],
    });
    orders = [
      await makeSalesOrder(t.services, t.tenant.tenantId, [reserved('ZED-9', 2), reserved('ALPHA-1', 3)], {
        shipTo: { street: '3 Dock Road', city: 'Hull', country: 'GB' },
      }),
      await makeSalesOrder(t.services, t.tenant.tenantId, [reserved('MID-5', 4), reserved('ZED-9', 5)]),
    ];
    shipments = [];
    for (const { orderId } of orders) {
      const res = await call('POST', `${API}/sales/orders/${orderId}/shipments`, { warehouse_id: warehouseId });
      expect(res.statusCode, res.body).toBe(201);
      shipments.push(res.json().data);
    }
    await call('POST', `${API}/sales/shipments/${shipments[0]!.id}/ship`, {
      carrier: 'DHL',
      service: 'Express',
      tracking_numbers: ['JD0146000062'],
    });
  });
  afterAll(() => t.close());

  const pdf = async (url: string) => {
    const res = await call('GET', `${API}${url}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { disposition: res.headers['content-disposition'], ...(await textOf(res.rawPayload)) };
  };

  it('prints the packing slip: shipment and order numbers, recipient, carrier, every line', async () => {
    const [shipment] = shipments;
    const { text, disposition } = await pdf(`/sales/shipments/${shipment!.id}/packing-slip`);
    expect(disposition).toBe(`inline; filename="${shipment!.shipment_number}-packing-slip.pdf"`);
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(shipment!.shipment_number);
    expect(text).toContain(orders[0]!.orderNumber);
    expect(text).toContain('3 Dock Road');
    expect(text).toContain('Hull');
    expect(text).toContain('DHL');
    expect(text).toContain('JD0146000062');
    for (const sku of ['ZED-9', 'ALPHA-1']) expect(text).toContain(sku);
    expect(text).not.toContain('MID-5');
    expect(text).toContain('page 1 of 1');
  });

  it('prints a shipment’s pick list by SKU', async () => {
    const { text, disposition } = await pdf(`/sales/shipments/${shipments[1]!.id}/pick-list`);
    expect(disposition).toBe(`inline; filename="${shipments[1]!.shipment_number}-pick-list.pdf"`);
    expect(text).toContain('PICK LIST');
    expect(text.indexOf('MID-5')).toBeLessThan(text.indexOf('ZED-9'));
    expect(text).not.toContain('ALPHA-1');
  });

  it('prints one pick list for several shipments of a warehouse, by SKU, quantities summed per product', async () => {
    const ids = shipments.map((s) => s.id).join(',');
    const { text } = await pdf(`/sales/pick-list?warehouse_id=${warehouseId}&shipment_ids=${ids}`);
    for (const s of shipments) expect(text).toContain(s.shipment_number);
    const at = (sku: string) => text.indexOf(`Part ${sku}`);
    expect(at('ALPHA-1')).toBeGreaterThan(-1);
    expect(at('ALPHA-1')).toBeLessThan(at('MID-5'));
    expect(at('MID-5')).toBeLessThan(at('ZED-9'));
    // ZED-9 once, with 2 + 5.
    expect(text.split('Part ZED-9').length - 1).toBe(1);
    expect(text).toMatch(/ZED-9\s+Part ZED-9\s+7/);
    expect(text).toMatch(/ALPHA-1\s+Part ALPHA-1\s+3/);
  });

  it('refuses a pick list of unknown, malformed or another warehouse’s shipments, and unknown shipments (404)', async () => {
    const other = (await apiBuilders(t.app, t.auth).warehouse()).id;
    const refused = async (query: string, field: string) => {
      const res = await call('GET', `${API}/sales/pick-list?${query}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    };
    await refused(`warehouse_id=${other}&shipment_ids=${shipments[0]!.id}`, 'shipment_ids');
    await refused(`warehouse_id=${warehouseId}&shipment_ids=${newId()}`, 'shipment_ids');
    await refused(`warehouse_id=${warehouseId}&shipment_ids=nope`, 'shipment_ids');
    await refused(`warehouse_id=${newId()}&shipment_ids=${shipments[0]!.id}`, 'warehouse_id');
    expect((await call('GET', `${API}/sales/shipments/${newId()}/packing-slip`)).statusCode).toBe(404);
    expect((await call('GET', `${API}/sales/shipments/${newId()}/pick-list`)).statusCode).toBe(404);
  });
});
