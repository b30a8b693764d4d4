// The stock status the API answers on inventory records and products: record low stock against the record's
// own reorder point, else its product's, never without one, and never for a product that is not replenished;
// out of stock before low. The inventory list's low_stock filter, the low-stock list, the reorder report and
// the summary count the same records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const INVENTORY = '/api/v1/operations/inventory';

describe('stock status of records and products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers is_low_stock, stock_status and the effective reorder point of each record', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const s = stockOps(t, auth, tenant.tenantId);
    const product = async (reorderPoint: number | null) => {
      const id = await s.product();
      await s.db.updateTable('products').set({ reorder_point: reorderPoint }).where('id', '=', id).execute();
      return id;
    };
    const setRecordPoint = async (productId: string, point: number | null) => {
      const res = await s.call('PUT', `${INVENTORY}/reorder-settings`, { product_id: productId, reorder_point: point });
      expect(res.statusCode).toBe(200);
    };

    const own = await product(1); // the record's own point 5 wins over the product's 1: 4 available is low
    await s.stock(own, 4);
    await setRecordPoint(own, 5);
    const fallback = await product(10); // no point of its own: the product's 10 applies
    await s.stock(fallback, 7);
    const none = await product(null); // no point anywhere: never low
    await s.stock(none, 1);
    const out = await product(3); // nothing available: out of stock, and low
    await s.stock(out, 2);
    await s.stock(out, -2);
    const above = await product(null); // its own point, above it
    await s.stock(above, 9);
    await setRecordPoint(above, 8);
    const discontinued = await product(10); // not replenished: not low
    await s.stock(discontinued, 2);
    for (const action of ['activate', 'discontinue'])
      expect((await s.call('POST', `/api/v1/operations/products/${discontinued}/${action}`, {})).statusCode).toBe(200);

    const res = await s.call('GET', `${INVENTORY}?per_page=100`);
    expect(res.statusCode).toBe(200);
    const byProduct = new Map((res.json().data as Array<Record<string, unknown>>).map((r) => [r.product_id, r]));
    const stockOf = (id: string) => {
      const r = byProduct.get(id)!;
      return {
        reorder_point: r.reorder_point,
        effective_reorder_point: r.effective_reorder_point,
        is_low_stock: r.is_low_stock,
        stock_status: r.stock_status,
      };
    };
    expect(stockOf(own)).toEqual({
      reorder_point: 5,
      effective_reorder_point: 5,
      is_low_stock: true,
      stock_status: 'low_stock',
    });
    expect(stockOf(fallback)).toEqual({
      reorder_point: null,
      effective_reorder_point: 10,
      is_low_stock: true,
      stock_status: 'low_stock',
    });
    expect(stockOf(none)).toEqual({
      reorder_point: null,
      effective_reorder_point: null,
      is_low_stock: false,
      stock_status: 'in_stock',
    });
    expect(stockOf(out)).toEqual({
      reorder_point: null,
      effective_reorder_point: 3,
      is_low_stock: true,
      stock_status: 'out_of_stock',
    });
    expect(stockOf(above)).toEqual({
      reorder_point: 8,
      effective_reorder_point: 8,
      is_low_stock: false,
      stock_status: 'in_stock',
    });
    expect(stockOf(discontinued)).toEqual({
      reorder_point: null,
      effective_reorder_point: 10,
      is_low_stock: false,
      stock_status: 'in_stock',
    });

    // One record read alone answers the same.
    const single = await s.call('GET', `${INVENTORY}/${(byProduct.get(fallback) as { id: string }).id}`);
    expect(single.json().data).toMatchObject({
      effective_reorder_point: 10,
      is_low_stock: true,
      stock_status: 'low_stock',
    });

    // Every count of record low stock counts the records whose is_low_stock is true.
    const low = [own, fallback, out].sort();
    const filtered = (await s.call('GET', `${INVENTORY}?low_stock=true&per_page=100`)).json().data as Array<{
      product_id: string;
      is_low_stock: boolean;
    }>;
    expect(filtered.map((r) => r.product_id).sort()).toEqual(low);
    const notLow = (await s.call('GET', `${INVENTORY}?low_stock=false&per_page=100`)).json().data as Array<{
      is_low_stock: boolean;
    }>;
    expect(notLow.every((r) => !r.is_low_stock)).toBe(true);
    expect(notLow).toHaveLength(3);
    const list = (await s.call('GET', `${INVENTORY}/low-stock`)).json().data as Array<{ product_id: string }>;
    expect(list.map((r) => r.product_id).sort()).toEqual(low);
    const report = (await s.call('GET', `${INVENTORY}/reorder-report`)).json().data as Array<{ product_id: string }>;
    expect(report.map((r) => r.product_id).sort()).toEqual(low);
    expect((await s.call('GET', `${INVENTORY}/summary`)).json().data.low_stock_records).toBe(3);
  });

  it("answers a product's stock status by product low stock", async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const s = stockOps(t, auth, tenant.tenantId);
    const product = async (fields: { reorder_point?: number | null; track_inventory?: boolean }, quantity: number) => {
      const id = await s.product();
      await s.db.updateTable('products').set(fields).where('id', '=', id).execute();
      if (quantity > 0) await s.stock(id, quantity);
      return id;
    };
    const low = await product({ reorder_point: 5 }, 5);
    const fine = await product({ reorder_point: 5 }, 6);
    const empty = await product({ reorder_point: null }, 0);
    const untracked = await product({ track_inventory: false }, 0);
    const status = async (id: string) => {
      const data = (await s.call('GET', `/api/v1/operations/products/${id}`)).json().data;
      return { is_low_stock: data.is_low_stock, stock_status: data.stock_status };
    };
    expect(await status(low)).toEqual({ is_low_stock: true, stock_status: 'low_stock' });
    expect(await status(fine)).toEqual({ is_low_stock: false, stock_status: 'in_stock' });
    expect(await status(empty)).toEqual({ is_low_stock: false, stock_status: 'out_of_stock' });
    expect(await status(untracked)).toEqual({ is_low_stock: false, stock_status: 'in_stock' });
  });

  it('refuses a low_stock filter that is not a boolean with a 422 naming it', async () => {
    const { auth } = await makeTenantWithToken(t.services);
    const res = await t.app.inject({ method: 'GET', url: `${INVENTORY}?low_stock=maybe`, headers: auth });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('low_stock');
  });
});
