// The purchase order PDF over HTTP: content type, inline file name, content parsed back, tenants and abilities.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '../../../src/lib/time-zones.js';
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
    const order = created.json().data as {
      id: string;
      po_number: string;
      supplier: { name: string };
      items: Array<{ product_sku: string }>;
    };

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

  it("prints the tenant's address, tax id and footer, and the approval date in the tenant's time zone", async () => {
    const own = await makeTenantWithToken(t.services);
    const settings = {
      name: 'Nordlicht Handel',
      address_line1: 'Hafenstraße 12',
      address_line2: 'Halle 4',
      city: 'Hamburg',
      region: 'HH',
      postal_code: '20457',
      country: 'DE',
      tax_id: 'DE123456789',
      purchase_order_footer: 'Lieferungen nur gegen Lieferschein mit Bestellnummer.',
      time_zone: 'Pacific/Kiritimati',
    };
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/v1/tenant', headers: own.auth, payload: settings })).statusCode,
    ).toBe(200);
    const o = purchaseOps(t, own.auth, own.tenant.tenantId);
    const order = await o.draft({ warehouse_id: own.tenant.defaultWarehouseId });
    expect((await o.call('POST', `${ORDERS}/${order.id}/submit-for-approval`, {})).statusCode).toBe(200);
    const approved = await o.call('POST', `${ORDERS}/${order.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const approvedAt = new Date(approved.json().data.approved_at as string);

    const res = await t.app.inject({ method: 'GET', url: `${ORDERS}/${order.id}/pdf`, headers: own.auth });
    expect(res.statusCode).toBe(200);
    const text = await textOf(res.rawPayload);
    for (const part of [
      'Nordlicht Handel',
      'Hafenstraße 12',
      'Halle 4',
      '20457 Hamburg, HH',
      'DE',
      'Tax ID: DE123456789',
      'Lieferungen nur gegen Lieferschein mit Bestellnummer.',
    ]) {
      expect(text).toContain(part);
    }
    // UTC+14: the date printed is the tenant's, which is the next day for most of the UTC day.
    expect(text).toContain(`Approved ${localDateTime(approvedAt, 'Pacific/Kiritimati').date}`);
  });

  it('prints no company block, tax id or footer for a tenant without settings', async () => {
    const o = purchaseOps(t);
    const order = await o.draft();
    const text = await textOf(
      (await t.app.inject({ method: 'GET', url: `${ORDERS}/${order.id}/pdf`, headers: t.auth })).rawPayload,
    );
    expect(text).not.toContain('Tax ID');
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
