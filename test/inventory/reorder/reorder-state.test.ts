// The low-stock list and the reorder report read maintained state: pages with a summary over every line, records
// entering and leaving at once with each change that crosses their reorder point, average daily usage from the
// daily aggregate the stock ledger keeps, and reconcile naming an aggregate that differs from the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/db/transaction.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { supplierBody } from '../../helpers/request-bodies.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const SETTINGS = '/api/v1/operations/inventory/reorder-settings';
const LOW = '/api/v1/operations/inventory/low-stock';
const REPORT = '/api/v1/operations/inventory/reorder-report';
const RECONCILE = '/api/v1/operations/inventory/reconcile';
const PRODUCTS = '/api/v1/operations/products';
const SUPPLIERS = '/api/v1/operations/suppliers';
const DAY = 86_400_000;

describe('reports from maintained state', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-06-01T10:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  async function fresh() {
    const other = await makeTenantWithToken(t.services);
    return { ...stockOps(t, other.auth, other.tenant.tenantId), tenant: other.tenant };
  }

  it('pages both reports, most urgent first, with meta and a summary over every line', async () => {
    const s = await fresh();
    // Available 0, 1, 2, 3 and 4 against a point of 10: most urgent first is the emptiest.
    const ids: string[] = [];
    for (const available of [3, 0, 4, 1, 2]) {
      const id = await s.product();
      if (available > 0) await s.stock(id, available);
      await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 10, reorder_quantity: 20 });
      ids[available] = id;
    }
    const first = (await s.call('GET', `${LOW}?per_page=2`)).json();
    expect(first.data.map((r: { product_id: string }) => r.product_id)).toEqual([ids[0], ids[1]]);
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(first.links.next).toContain('page=2');
    const third = (await s.call('GET', `${LOW}?per_page=2&page=3`)).json();
    expect(third.data.map((r: { product_id: string }) => r.product_id)).toEqual([ids[4]]);
    expect(third.data[0]).toMatchObject({ quantity_available: 4, reorder_point: 10, urgency: 'high' });

    const report = (await s.call('GET', `${REPORT}?per_page=2&page=2`)).json();
    expect(report.data).toHaveLength(2);
    expect(report.meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
    // The summary counts all five lines, not the page's two.
    expect(report.summary.total_products_needing_reorder).toBe(5);
    expect(report.summary.by_warehouse).toEqual([
      expect.objectContaining({ products_count: 5, suggested_order_quantity: 100 }),
    ]);
    const all = (await s.call('GET', `${REPORT}?per_page=100`)).json();
    // The report's lines come in the low-stock list's order: most urgent first.
    expect(all.data.map((l: { product_id: string }) => l.product_id)).toEqual(ids);
    expect([...all.data.slice(2, 4)]).toEqual(report.data);
    expect((await s.call('GET', `${LOW}?per_page=101`)).statusCode).toBe(422);
  });

  it('takes a record in and out at once as each change crosses its reorder point', async () => {
    const s = await fresh();
    const tenantId = s.tenant.tenantId;
    const id = await s.product();
    const lowIds = async () =>
      ((await s.call('GET', LOW)).json().data as Array<{ product_id: string }>).map((r) => r.product_id);
    const count = async () => (await s.call('GET', LOW)).json().meta.total as number;

    await s.stock(id, 10);
    expect(await lowIds()).toEqual([]);
    // The record's own point set above its stock: in; lowered under it: out.
    await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 10 });
    expect(await lowIds()).toEqual([id]);
    await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 5 });
    expect(await lowIds()).toEqual([]);
    // An adjustment down to the point: in; a receipt above it: out.
    await s.stock(id, -5);
    expect(await lowIds()).toEqual([id]);
    await inTransaction(s.db, (trx) =>
      t.services.stock.changeOnHand(trx, { tenantId, productId: id, quantity: 4, type: 'purchase_receipt' }),
    );
    expect(await lowIds()).toEqual([]);
    // A reservation takes available stock down to the point: in; its release: out.
    const reserved = await s.call('POST', '/api/v1/operations/inventory/reserve', { product_id: id, quantity: 4 });
    expect(reserved.statusCode).toBe(200);
    expect(await lowIds()).toEqual([id]);
    await s.call('POST', '/api/v1/operations/inventory/release', { product_id: id, quantity: 4 });
    expect(await lowIds()).toEqual([]);
    // A shipment out: in.
    await inTransaction(s.db, (trx) =>
      t.services.stock.changeOnHand(trx, { tenantId, productId: id, quantity: -4, type: 'shipment' }),
    );
    expect(await lowIds()).toEqual([id]);
    expect(await count()).toBe(1);

    // The record's own point cleared: the product's applies, when it has one.
    await s.call('PUT', SETTINGS, { product_id: id, reorder_point: null });
    expect(await lowIds()).toEqual([]);
    expect((await s.call('PATCH', `${PRODUCTS}/${id}`, { reorder_point: 8 })).statusCode).toBe(200);
    expect(await lowIds()).toEqual([id]);
    expect((await s.call('PATCH', `${PRODUCTS}/${id}`, { reorder_point: 2 })).statusCode).toBe(200);
    expect(await lowIds()).toEqual([]);
    expect((await s.call('PATCH', `${PRODUCTS}/${id}`, { reorder_point: 8 })).statusCode).toBe(200);
    // A product no longer replenished: out of both reports.
    for (const action of ['activate', 'discontinue'])
      expect((await s.call('POST', `${PRODUCTS}/${id}/${action}`, {})).statusCode).toBe(200);
    expect(await lowIds()).toEqual([]);
    expect((await s.call('GET', REPORT)).json().meta.total).toBe(0);
  });

  it('takes average daily usage from the daily aggregate, day by day', async () => {
    const s = await fresh();
    const tenantId = s.tenant.tenantId;
    const id = await s.product();
    const start = clock.now().getTime();
    await s.stock(id, 200);
    // Used 40 days ago: outside the 30-day window.
    await s.stock(id, -50);
    clock.advance(20 * DAY);
    await s.stock(id, -12);
    await s.stock(id, -3);
    clock.advance(DAY);
    await inTransaction(s.db, (trx) =>
      t.services.stock.changeOnHand(trx, { tenantId, productId: id, quantity: -15, type: 'shipment' }),
    );
    // Not usage: an addition and a return.
    await s.stock(id, 5);
    await inTransaction(s.db, (trx) =>
      t.services.stock.changeOnHand(trx, { tenantId, productId: id, quantity: 2, type: 'return' }),
    );
    clock.advance(19 * DAY);

    const days = await s.db
      .selectFrom('stock_daily_usage')
      .select(['day', 'quantity'])
      .where('tenant_id', '=', tenantId)
      .orderBy('day')
      .execute();
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(days.map((d) => ({ day: String(d.day), quantity: Number(d.quantity) }))).toEqual([
      { day: dayOf(start), quantity: 50 },
      { day: dayOf(start + 20 * DAY), quantity: 15 },
      { day: dayOf(start + 21 * DAY), quantity: 15 },
    ]);
    await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 500 });
    const line = (await s.call('GET', REPORT)).json().data[0];
    // 30 units over the 30 days ending today: 1 a day; the 50 of 40 days ago fall outside.
    expect(line).toMatchObject({ product_id: id, quantity_available: 127, average_daily_usage: 1 });
    expect((await s.call('GET', RECONCILE)).json().daily_usage).toEqual([]);
  });

  it('reconcile names a daily aggregate that differs from the ledger', async () => {
    const s = await fresh();
    const tenantId = s.tenant.tenantId;
    const id = await s.product();
    await s.stock(id, 20);
    await s.stock(id, -6);
    const clean = (await s.call('GET', RECONCILE)).json();
    expect(clean).toMatchObject({ data: [], daily_usage: [] });

    await s.db
      .updateTable('stock_daily_usage')
      .set({ quantity: 4 })
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', id)
      .execute();
    const day = clock.now().toISOString().slice(0, 10);
    const tampered = (await s.call('GET', RECONCILE)).json();
    expect(tampered.data).toEqual([]);
    expect(tampered.daily_usage).toEqual([
      {
        product_id: id,
        warehouse_id: s.tenant.defaultWarehouseId,
        day,
        movements_quantity: 6,
        daily_usage_quantity: 4,
      },
    ]);

    // A row with no movements behind it is named too, and another tenant's never.
    await s.db
      .insertInto('stock_daily_usage')
      .values({
        tenant_id: tenantId,
        product_id: id,
        warehouse_id: s.tenant.defaultWarehouseId,
        day: '2026-01-01',
        quantity: 3,
      })
      .execute();
    const extra = (await s.call('GET', RECONCILE)).json().daily_usage;
    expect(extra).toEqual([
      expect.objectContaining({ day: '2026-01-01', movements_quantity: 0, daily_usage_quantity: 3 }),
      expect.objectContaining({ day, movements_quantity: 6, daily_usage_quantity: 4 }),
    ]);
    const other = await fresh();
    expect((await other.call('GET', RECONCILE)).json().daily_usage).toEqual([]);
  });

  it("keeps the summary's copies of product fields with every write of a product, and reconcile checks them", async () => {
    const s = await fresh();
    const supplier = async (name: string) =>
      (await s.call('POST', SUPPLIERS, supplierBody({ name, code: name.toUpperCase() }))).json().data.id as string;
    const [acme, bolt] = [await supplier('Acme'), await supplier('Bolt')];
    const id = await s.product({ supplier_id: acme });
    expect((await s.call('PATCH', `${PRODUCTS}/${id}`, { cost_price: 2, reorder_quantity: 10 })).statusCode).toBe(200);
    await s.stock(id, 1);
    await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 5 });
    const bySupplier = async () =>
      ((await s.call('GET', REPORT)).json().summary.by_supplier as Array<Record<string, unknown>>).map((g) => ({
        supplier: g.supplier_name,
        products: g.products_count,
        quantity: g.suggested_order_quantity,
        value: g.suggested_order_value,
      }));
    // Suggested: the product's reorder quantity, 10, at cost 2.
    expect(await bySupplier()).toEqual([{ supplier: 'Acme', products: 1, quantity: 10, value: 20 }]);

    // The product's own update, then the bulk price change: the summary follows each.
    expect((await s.call('PATCH', `${PRODUCTS}/${id}`, { reorder_quantity: 12, supplier_id: bolt })).statusCode).toBe(
      200,
    );
    expect(await bySupplier()).toEqual([{ supplier: 'Bolt', products: 1, quantity: 12, value: 24 }]);
    const bulk = await s.call('POST', `${PRODUCTS}/bulk`, {
      product_ids: [id],
      action: 'change_price',
      price_change: { by: 'percent', value: 50, field: 'cost_price' },
    });
    expect(bulk.statusCode).toBe(200);
    expect(await bySupplier()).toEqual([{ supplier: 'Bolt', products: 1, quantity: 12, value: 36 }]);
    // The record's own reorder quantity wins over the copy of its product's.
    await s.call('PUT', SETTINGS, { product_id: id, reorder_point: 5, reorder_quantity: 7 });
    expect(await bySupplier()).toEqual([{ supplier: 'Bolt', products: 1, quantity: 7, value: 21 }]);
    // A deleted supplier's lines count as without a supplier, and filtering by it keeps none.
    expect((await s.call('DELETE', `${SUPPLIERS}/${bolt}`)).statusCode).toBe(200);
    expect(await bySupplier()).toEqual([{ supplier: null, products: 1, quantity: 7, value: 21 }]);
    const filtered = (await s.call('GET', `${REPORT}?supplier_id=${bolt}`)).json();
    expect(filtered.meta.total).toBe(0);
    expect(filtered.summary.by_supplier).toEqual([]);
    expect((await s.call('GET', RECONCILE)).json().report_state).toEqual([]);

    // A copy changed behind the database's back is named, with the field that differs.
    await s.db
      .updateTable('inventory_records')
      .set({ product_cost_price: 1 })
      .where('tenant_id', '=', s.tenant.tenantId)
      .where('product_id', '=', id)
      .execute();
    expect((await s.call('GET', RECONCILE)).json().report_state).toEqual([
      {
        id: expect.any(String),
        product_id: id,
        warehouse_id: s.tenant.defaultWarehouseId,
        fields: ['product_cost_price'],
      },
    ]);
    const other = await fresh();
    expect((await other.call('GET', RECONCILE)).json().report_state).toEqual([]);
  });
});
