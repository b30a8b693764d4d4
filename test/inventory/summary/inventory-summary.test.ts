// The inventory summary: stock value per currency, the tenant's default first (deleted products left out), and the low-stock and out-of-stock counts, which agree with the product list's filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTenantWithToken, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const SUMMARY = '/api/v1/operations/inventory/summary';

describe('inventory summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the stock value and the counts the product list answers', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const s = stockOps(t, auth, tenant.tenantId);
    await s.db.updateTable('tenants').set({ default_currency: 'EUR' }).where('id', '=', tenant.tenantId).execute();
    const priced = async (
      cost: number | null,
      currency: string | null,
      fields: { reorder_point?: number | null; track_inventory?: boolean } = {},
    ) => {
      const id = await s.product();
      await s.db
        .updateTable('products')
        .set({ cost_price: cost, currency, ...fields })
        .where('id', '=', id)
        .execute();
      return id;
    };

    const drill = await priced(1250, 'EUR', { reorder_point: 2 }); // 4 × 12.50 = 50.00, not low
    await s.stock(drill, 4);
    const second = await s.warehouse('SUM2');
    await s.stock(drill, 2, second); // 2 × 12.50 = 25.00 more
    const dollars = await priced(1000, 'USD'); // another currency: a total of its own, 30.00
    await s.stock(dollars, 3);
    const unpriced = await priced(null, 'EUR'); // no cost: counts 0
    await s.stock(unpriced, 5);
    const low = await priced(199, 'EUR', { reorder_point: 5 }); // 2 × 1.99 = 3.98, low
    await s.stock(low, 2);
    await priced(500, 'EUR', { reorder_point: 1 }); // nothing at all: low and out of stock
    await priced(500, 'EUR'); // out of stock, no reorder point
    await priced(500, 'EUR', { track_inventory: false }); // untracked: neither
    const gone = await priced(10_000, 'EUR', { reorder_point: 100 });
    await s.stock(gone, 1);
    // A deletion the API refuses while stock is held, written directly with what the stock ledger keeps of it.
    await s.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone).execute();
    await s.db.updateTable('inventory_records').set({ low_stock_point: null }).where('product_id', '=', gone).execute();

    const res = await s.call('GET', SUMMARY);
    expect(res.statusCode).toBe(200);
    // Records low: the drill's in SUM2 (2 at its product's point 2) and the low product's; not the deleted one's.
    expect(res.json().data).toEqual({
      stock_value: 78.98,
      currency: 'EUR',
      stock_values: [
        { currency: 'EUR', value: 78.98 },
        { currency: 'USD', value: 30 },
      ],
      low_stock_count: 2,
      out_of_stock_count: 2,
      tracked_products: 6,
      low_stock_records: 2,
    });

    const total = async (query: string) =>
      (await s.call('GET', `/api/v1/operations/products?${query}`)).json().meta.total as number;
    expect(await total('low_stock=true')).toBe(2);
    expect(await total('in_stock=false')).toBe(2);
    expect((await s.call('GET', '/api/v1/operations/inventory?low_stock=true')).json().meta.total).toBe(2);
    expect((await s.call('GET', '/api/v1/operations/inventory/reorder-report')).json().data).toHaveLength(2);
  });

  it('answers every currency, with a zero for the default one when nothing is priced in it', async () => {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const s = stockOps(t, auth, tenant.tenantId);
    await s.db.updateTable('tenants').set({ default_currency: 'EUR' }).where('id', '=', tenant.tenantId).execute();
    for (const [cost, currency, quantity] of [
      [250, 'USD', 4],
      [1000, 'GBP', 1],
      [150, 'USD', 2],
    ] as const) {
      const id = await s.product();
      await s.db.updateTable('products').set({ cost_price: cost, currency }).where('id', '=', id).execute();
      await s.stock(id, quantity);
    }

    const res = await s.call('GET', SUMMARY);
    expect(res.json().data).toMatchObject({
      stock_value: 0,
      currency: 'EUR',
      stock_values: [
        { currency: 'EUR', value: 0 },
        { currency: 'GBP', value: 10 },
        { currency: 'USD', value: 13 },
      ],
    });
  });

  it('answers zeros for a tenant without stock', async () => {
    const { auth } = await makeTenantWithToken(t.services);
    const res = await t.app.inject({ method: 'GET', url: SUMMARY, headers: auth });
    expect(res.json().data).toMatchObject({
      stock_value: 0,
      stock_values: [{ currency: res.json().data.currency, value: 0 }],
      low_stock_count: 0,
      out_of_stock_count: 0,
      tracked_products: 0,
      low_stock_records: 0,
    });
  });

  it('needs operations:view-inventory', async () => {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
      abilities: ['operations:view-products'],
    });
    const res = await t.app.inject({ method: 'GET', url: SUMMARY, headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});
