// The purchase order PDF over HTTP: content type, inline file name, content parsed back, tenants and abilities.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchase-order-helpers.js';

async function textOf(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

describe('purchase order PDF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers application/pdf inline as <po_number>.pdf with number, supplier, SKUs and total', async () => {
    const o = purchaseOps(t);
    const supplierId = await o.supplier();
    const [a, b] = [await o.product(), await o.product()];
    const created = await o.call('POST', ORDERS, {
      supplier_id: supplierId,
      warehouse_id: t.tenant.defaultWarehouseId,
      currency: 'EUR',
      items: [
        { product_id: a, quantity: 3, unit_price: 19.99 },
        { product_id: b, quantity: 1200, unit_price: 1.25 },
      ],
      shipping_cost: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data as { id: string; po_number: string; supplier: { name: string }; items: Array<{ product_sku: string }> };

    const res = await t.app.inject({ method: 'GET', url: `${ORDERS}/${order.id}/pdf`, headers: t.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${order.po_number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await textOf(res.rawPayload);
    expect(text).toContain(order.po_number);
    expect(text).toContain(order.supplier.name);
    for (const item of order.items) expect(text).toContain(item.product_sku);
    // 3 x 19.99 + 1200 x 1.25 + 10 shipping = 1569.97
    expect(text).toContain('EUR 1,569.97');
    expect(text).toContain('Main Warehouse');
  });

  it('is 404 for another tenant and 403 without the view ability', async () => {
    const o = purchaseOps(t);
    const order = await o.draft();
    const other = await makeTenantWithToken(t.services);
    const foreign = await t.app.inject({ method: 'GET', url: `${ORDERS}/${order.id}/pdf`, headers: other.auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/Purchase order/);

    const anonymous = await t.app.inject({ method: 'GET', url: `${ORDERS}/${order.id}/pdf` });
    expect(anonymous.statusCode).toBe(401);
  });
});
