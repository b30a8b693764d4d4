// Label PDFs over HTTP: one product, a selection, a purchase order's receipt; layouts and their page counts,
// the printed text, the bounds, unknown and foreign ids, and abilities.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBuilders } from '../helpers/api-builders.js';
import { bearer, makeTenantWithToken, makeToken } from '../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchasing/purchase-order-helpers.js';

const PRODUCTS = '/api/v1/operations/products';

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text };
}

describe('labels', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let drill: { id: string; sku: string; name: string };
  let cable: { id: string; sku: string; name: string };

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    const build = apiBuilders(t.app, t.auth);
    drill = await build.product({
      name: 'Cordless drill 18V',
      sku: 'DRL-18V',
      barcode: '4006381333931',
      selling_price: 129.9,
      currency: 'EUR',
    });
    cable = await build.product({ name: 'Cable ties 200 mm', sku: 'TIE-200', selling_price: 1500, currency: 'JPY' });
  });
  afterAll(() => t.close());

  async function pdf(method: 'GET' | 'POST', url: string, body?: object) {
    const res = await call(method, url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return { disposition: res.headers['content-disposition'], ...(await textOf(res.rawPayload)) };
  }

  it("prints a product's labels: name, SKU, price in its currency and the EAN-13 digits", async () => {
    const { pages, text, disposition } = await pdf('GET', `${PRODUCTS}/${drill.id}/labels.pdf?copies=2`);
    expect(disposition).toBe('inline; filename="labels-DRL-18V.pdf"');
    expect(pages).toBe(1);
    expect(text).toContain('Cordless drill 18V');
    expect(text).toContain('DRL-18V');
    expect(text).toContain('EUR 129.90');
    // EAN-13 prints its digits one by one under their bars: all thirteen, none as one string.
    expect(text.replace(/\s/g, '')).toContain('4006381333931');
    expect(text).not.toContain('4006381333931');
  });

  it('leaves the price out when asked, and prints a product without barcode with its SKU as Code 128', async () => {
    const { text } = await pdf('GET', `${PRODUCTS}/${cable.id}/labels.pdf?show_price=false&layout=roll-57x32`);
    expect(text).toContain('Cable ties 200 mm');
    expect(text).not.toContain('JPY');
    // The SKU twice: the label's line and the code's text.
    expect(text.split('TIE-200').length - 1).toBe(2);
  });

  it('prints a valid GTIN-12 as UPC-A and a GTIN-13 with a wrong check digit as Code 128 of all its digits', async () => {
    const build = apiBuilders(t.app, t.auth);
    const upc = await build.product({ name: 'Tissues', barcode: '036000291452' });
    const other = await build.product({ name: 'Loose code', barcode: '4006381333932', barcode_type: 'other' });
    const { text } = await pdf('POST', `${PRODUCTS}/labels`, {
      items: [{ product_id: upc.id }, { product_id: other.id }],
    });
    // UPC-A prints its digits one by one under their bars; Code 128 prints its text as one string.
    expect(text.replace(/\s/g, '')).toContain('036000291452');
    expect(text).not.toContain('036000291452');
    expect(text).toContain('4006381333932');
  });

  it('fills sheets and rolls: pages follow the layout, skip and copies', async () => {
    const pages = async (query: string) => (await pdf('GET', `${PRODUCTS}/${drill.id}/labels.pdf?${query}`)).pages;
    expect(await pages('copies=24')).toBe(1);
    expect(await pages('copies=25')).toBe(2);
    expect(await pages('copies=24&skip=1')).toBe(2);
    expect(await pages('copies=21&layout=a4-3x7')).toBe(1);
    expect(await pages('copies=31&layout=letter-3x10')).toBe(2);
    expect(await pages('copies=20&layout=letter-2x10&skip=0')).toBe(1);
    expect(await pages('copies=3&layout=roll-62x29')).toBe(3);
    expect(await pages('copies=2&layout=roll-100x50')).toBe(2);
  });

  it('prints a selection in its order, copies of each, with the JPY price without decimals', async () => {
    const { pages, text, disposition } = await pdf('POST', `${PRODUCTS}/labels`, {
      items: [
        { product_id: cable.id, copies: 20 },
        { product_id: drill.id, copies: 10 },
      ],
      layout: 'a4-3x8',
    });
    expect(disposition).toBe('inline; filename="labels.pdf"');
    expect(pages).toBe(2);
    expect(text).toContain('JPY 1,500');
    expect(text.indexOf('TIE-200')).toBeLessThan(text.indexOf('DRL-18V'));
    expect(text.split('Cordless drill 18V').length - 1).toBe(10);
  });

  it('refuses more than 1000 labels, a skip the layout cannot take and unknown options with 422', async () => {
    const tooMany = await call('POST', `${PRODUCTS}/labels`, {
      items: [
        { product_id: drill.id, copies: 600 },
        { product_id: cable.id, copies: 401 },
      ],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.items[0]).toBe('At most 1000 labels per document; this asks for 1001.');

    const copies = await call('GET', `${PRODUCTS}/${drill.id}/labels.pdf?copies=1001`);
    expect(copies.statusCode).toBe(422);
    expect(copies.json().errors).toHaveProperty('copies');

    const rollSkip = await call('GET', `${PRODUCTS}/${drill.id}/labels.pdf?layout=roll-57x32&skip=1`);
    expect(rollSkip.statusCode).toBe(422);
    expect(rollSkip.json().errors.skip[0]).toMatch(/sheets only/);

    const wholeSheet = await call('GET', `${PRODUCTS}/${drill.id}/labels.pdf?layout=a4-3x8&skip=24`);
    expect(wholeSheet.statusCode).toBe(422);
    expect(wholeSheet.json().errors.skip[0]).toMatch(/24 labels per sheet/);

    const layout = await call('GET', `${PRODUCTS}/${drill.id}/labels.pdf?layout=a5-1x1`);
    expect(layout.statusCode).toBe(422);
    expect(layout.json().errors).toHaveProperty('layout');

    const unknownParameter = await call('GET', `${PRODUCTS}/${drill.id}/labels.pdf?colour=red`);
    expect(unknownParameter.statusCode).toBe(422);

    const empty = await call('POST', `${PRODUCTS}/labels`, { items: [] });
    expect(empty.statusCode).toBe(422);
  });

  it("is 404 for an unknown or another tenant's product, and 422 naming the item for one in a selection", async () => {
    const other = await makeTenantWithToken(t.services);
    const foreign = await apiBuilders(t.app, other.auth).product({ name: 'Foreign product' });
    const missing = await call('GET', `${PRODUCTS}/${foreign.id}/labels.pdf`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found.');
    const fromOther = await jsonCaller(t.app, other.auth)('GET', `${PRODUCTS}/${drill.id}/labels.pdf`);
    expect(fromOther.statusCode).toBe(404);

    const selection = await call('POST', `${PRODUCTS}/labels`, {
      items: [{ product_id: drill.id }, { product_id: foreign.id, copies: 2 }],
    });
    expect(selection.statusCode).toBe(422);
    expect(selection.json().errors).toEqual({ 'items.1.product_id': ['No product with this id.'] });
  });

  it('answers 403 naming the ability without view-products', async () => {
    const auth = bearer(
      await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-inventory'] }),
    );
    const single = await jsonCaller(t.app, auth)('GET', `${PRODUCTS}/${drill.id}/labels.pdf`);
    expect(single.statusCode).toBe(403);
    expect(single.json().message).toBe('This action requires the ability operations:view-products.');
    const selection = await jsonCaller(t.app, auth)('POST', `${PRODUCTS}/labels`, {
      items: [{ product_id: drill.id }],
    });
    expect(selection.statusCode).toBe(403);
  });

  describe('of a receipt', () => {
    /** A sent order of the drill (3) and the cable ties (2), fully received: its order and receipt ids. */
    async function received() {
      const o = purchaseOps(t);
      const created = await o.call('POST', ORDERS, {
        supplier_id: await o.supplier(),
        warehouse_id: t.tenant.defaultWarehouseId,
        items: [
          { product_id: drill.id, quantity: 3, unit_price: 60 },
          { product_id: cable.id, quantity: 2, unit_price: 400 },
        ],
      });
      expect(created.statusCode, created.body).toBe(201);
      const orderId = created.json().data.id as string;
      await t.database.db.updateTable('purchase_orders').set({ status: 'sent' }).where('id', '=', orderId).execute();
      const receipt = await o.call('POST', `${ORDERS}/${orderId}/receive`, {});
      expect(receipt.statusCode, receipt.body).toBe(200);
      return { orderId, receiptId: receipt.json().data.receipt_id as string };
    }

    it('prints one label per unit received, or one per line', async () => {
      const { orderId, receiptId } = await received();
      const url = `${ORDERS}/${orderId}/receipts/${receiptId}/labels.pdf`;
      const perUnit = await pdf('GET', `${url}?layout=roll-57x32`);
      expect(perUnit.pages).toBe(5);
      expect(perUnit.disposition).toBe(`inline; filename="receipt-${receiptId}-labels.pdf"`);
      expect(perUnit.text.split('Cordless drill 18V').length - 1).toBe(3);
      expect(perUnit.text.split('Cable ties 200 mm').length - 1).toBe(2);

      const perLine = await pdf('GET', `${url}?layout=roll-57x32&per=line&show_price=false`);
      expect(perLine.pages).toBe(2);
      expect(perLine.text).not.toContain('EUR');
    });

    it('is 404 for another order, another tenant or an unknown receipt; 403 without view-purchase-orders', async () => {
      const first = await received();
      const second = await received();
      const crossed = await call('GET', `${ORDERS}/${second.orderId}/receipts/${first.receiptId}/labels.pdf`);
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().message).toBe('Receipt not found.');

      const other = await makeTenantWithToken(t.services);
      const foreign = await jsonCaller(t.app, other.auth)(
        'GET',
        `${ORDERS}/${first.orderId}/receipts/${first.receiptId}/labels.pdf`,
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Purchase order not found.');

      const auth = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-products'] }),
      );
      const denied = await jsonCaller(t.app, auth)(
        'GET',
        `${ORDERS}/${first.orderId}/receipts/${first.receiptId}/labels.pdf`,
      );
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('This action requires the ability operations:view-purchase-orders.');
    });

    it('refuses a receipt of more than 1000 units per unit, and prints it per line', async () => {
      const o = purchaseOps(t);
      const created = await o.call('POST', ORDERS, {
        supplier_id: await o.supplier(),
        warehouse_id: t.tenant.defaultWarehouseId,
        items: [{ product_id: cable.id, quantity: 1200, unit_price: 1 }],
      });
      const orderId = created.json().data.id as string;
      await t.database.db.updateTable('purchase_orders').set({ status: 'sent' }).where('id', '=', orderId).execute();
      const receiptId = (await o.call('POST', `${ORDERS}/${orderId}/receive`, {})).json().data.receipt_id as string;
      const url = `${ORDERS}/${orderId}/receipts/${receiptId}/labels.pdf`;
      const refused = await call('GET', url);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.per[0]).toMatch(/1200 units make more than 1000 labels/);
      expect((await pdf('GET', `${url}?per=line`)).pages).toBe(1);
    });
  });
});
