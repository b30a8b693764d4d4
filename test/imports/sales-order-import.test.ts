// Sales order imports and the export over HTTP: rows grouped into orders by external_ref, customers found or
// created, an order refused whole with every row's reason, a file imported twice creating nothing twice, a dry
// run, and an exported file imported again.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '../../src/modules/sales/orders/order.schemas.js';
import { apiBuilders } from '../helpers/api-builders.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { counts, csvOf, errorReport, runImport } from './import-helpers.js';

const ORDERS = '/api/v1/sales/orders';
const HEADER = [
  'channel',
  'external_ref',
  'customer_external_id',
  'customer_name',
  'ship_to_city',
  'shipping_amount',
  'sku',
  'quantity',
  'unit_price',
  'line_discount',
];

describe('sales order imports', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  let build: ReturnType<typeof apiBuilders>;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    build = apiBuilders(t.app, t.auth);
    await build.product({ sku: 'IMP-SO-A', name: 'Widget' });
    await build.product({ sku: 'IMP-SO-B', name: 'Gadget' });
    await build.customer({ name: 'Known Ltd', external_id: 'cust-known' });
  });
  afterAll(() => t.close());

  const order = async (externalRef: string, channel = 'shop') => {
    const res = await call('GET', `${ORDERS}?channel=${channel}&external_ref=${encodeURIComponent(externalRef)}`);
    const [found] = res.json().data as Array<{ id: string }>;
    if (!found) return undefined;
    return (await call('GET', `${ORDERS}/${found.id}`)).json().data as OrderResponse;
  };

  it('groups consecutive rows into orders, with existing and new customers', async () => {
    const job = await runImport(t, {
      type: 'sales_orders',
      csv: csvOf([
        HEADER,
        ['shop', '1001', 'cust-known', '', 'Leeds', '4.95', 'IMP-SO-A', '2', '10', ''],
        ['shop', '1001', '', '', '', '', 'IMP-SO-B', '1', '5.5', '0.5'],
        ['shop', '1002', 'cust-new', 'New Customer', '', '', 'IMP-SO-B', '3', '5.5', ''],
      ]),
    });
    expect(job.status).toBe('completed');
    expect(counts(job)).toEqual({ created: 3, updated: 0, unchanged: 0, failed: 0 });
    const first = await order('1001');
    expect(first).toMatchObject({
      status: 'draft',
      customer: { name: 'Known Ltd' },
      ship_to: { city: 'Leeds' },
      shipping_amount: 4.95,
      subtotal: 25,
      total_amount: 29.95,
    });
    expect(first!.lines!.map((l) => [l.product_sku, l.quantity, l.unit_price, l.discount_amount])).toEqual([
      ['IMP-SO-A', 2, 10, 0],
      ['IMP-SO-B', 1, 5.5, 0.5],
    ]);
    const second = await order('1002');
    expect(second).toMatchObject({ customer: { name: 'New Customer' }, lines_count: 1 });
    const customers = await call('GET', '/api/v1/crm/customers?external_id=cust-new');
    expect(customers.json().data).toHaveLength(1);
  });

  it('counts an order imported before as unchanged, so a file can be imported again', async () => {
    const job = await runImport(t, {
      type: 'sales_orders',
      mode: 'upsert',
      csv: csvOf([
        HEADER,
        ['shop', '1001', 'cust-known', '', '', '', 'IMP-SO-A', '2', '10', ''],
        ['shop', '1001', '', '', '', '', 'IMP-SO-B', '1', '5.5', '0.5'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    const list = await call('GET', `${ORDERS}?external_ref=1001`);
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses an order whole, each row with its reasons, and imports the others', async () => {
    const job = await runImport(t, {
      type: 'sales_orders',
      csv: csvOf([
        HEADER,
        ['shop', '2001', 'cust-known', '', '', '', 'IMP-SO-A', '1', '10', ''],
        ['shop', '2001', '', '', '', '', 'NO-SUCH-SKU', 'two', '5', ''],
        ['shop', '2001', 'cust-other', '', '', '', 'IMP-SO-A', '1', '10', ''],
        ['shop', '2002', 'nobody', '', '', '', 'IMP-SO-A', '1', '10', ''],
        ['shop', '2003', 'cust-known', '', '', '', 'IMP-SO-A', '1', '10', ''],
        ['', '', 'cust-known', '', '', '', 'IMP-SO-A', '1', '10', ''],
      ]),
    });
    expect(counts(job)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 5 });
    const report = await errorReport(t, job.id);
    expect(report).toEqual([
      { row: '2', column: '', value: '', message: expect.stringContaining('rows 2, 3') },
      { row: '3', column: 'sku', value: 'NO-SUCH-SKU', message: 'No product has the SKU NO-SUCH-SKU.' },
      { row: '3', column: 'quantity', value: 'two', message: expect.stringContaining('whole number') },
      { row: '4', column: 'customer_external_id', value: 'cust-other', message: expect.stringContaining('first row') },
      { row: '5', column: 'customer_external_id', value: 'nobody', message: expect.stringContaining('customer_name') },
      { row: '7', column: 'external_ref', value: '', message: expect.stringContaining('required') },
    ]);
    expect(await order('2001')).toBeUndefined();
    expect(await order('2003')).toMatchObject({ lines_count: 1 });
  });

  it("answers the order service's field errors at the row and column of the line", async () => {
    const job = await runImport(t, {
      type: 'sales_orders',
      csv: csvOf([
        HEADER,
        ['shop', '3001', 'cust-known', '', '', '', 'IMP-SO-A', '1', '10', ''],
        ['shop', '3001', '', '', '', '', 'IMP-SO-B', '0', '5', ''],
      ]),
    });
    expect(counts(job).failed).toBe(2);
    const report = await errorReport(t, job.id);
    expect(report[1]).toMatchObject({ row: '3', column: 'quantity', value: '0' });
  });

  it('writes nothing in a dry run, and refuses update mode', async () => {
    const rows = [HEADER, ['shop', '4001', 'cust-known', '', '', '', 'IMP-SO-A', '1', '10', '']];
    const dry = await runImport(t, { type: 'sales_orders', dry_run: true, csv: csvOf(rows) });
    expect(counts(dry)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 0 });
    expect(await order('4001')).toBeUndefined();
    const update = await runImport(t, { type: 'sales_orders', mode: 'update', csv: csvOf(rows) });
    expect(counts(update).failed).toBe(1);
    expect((await errorReport(t, update.id))[0]!.message).toContain('never updated');
  });

  it('refuses a header without the columns an order needs', async () => {
    const job = await runImport(t, {
      type: 'sales_orders',
      csv: csvOf([
        ['sku', 'colour'],
        ['IMP-SO-A', 'red'],
      ]),
    });
    expect(job.status).toBe('failed');
    expect(job.error).toContain('Unknown column "colour"');
    expect(job.error).toContain('needs a external_ref column');
  });

  it('keeps an order of more lines than a chunk holds in one piece', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => [
      'shop',
      '5001',
      'cust-known',
      '',
      '',
      '',
      'IMP-SO-A',
      String(i + 1),
      '1',
      '',
    ]);
    const job = await runImport(t, { type: 'sales_orders', csv: csvOf([HEADER, ...lines]) });
    expect(counts(job)).toEqual({ created: 40, updated: 0, unchanged: 0, failed: 0 });
    expect(await order('5001')).toMatchObject({ lines_count: 40 });
  });

  it('exports orders one row per line, and the file imports again as unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${ORDERS}/export?channel=shop`, headers: t.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
    const of1001 = rows.filter((row) => row.external_ref === '1001');
    expect(of1001.map((row) => [row.sku, row.quantity, row.unit_price, row.line_discount])).toEqual([
      ['IMP-SO-A', '2', '10', '0'],
      ['IMP-SO-B', '1', '5.5', '0.5'],
    ]);
    expect(of1001[0]).toMatchObject({
      customer_external_id: 'cust-known',
      customer_name: 'Known Ltd',
      status: 'draft',
      ship_to_city: 'Leeds',
      line_quantity_shipped: '0',
    });
    const again = await runImport(t, { type: 'sales_orders', csv: res.body });
    expect(again.status).toBe('completed');
    expect(counts(again)).toEqual({ created: 0, updated: 0, unchanged: rows.length, failed: 0 });

    const bad = await t.app.inject({ method: 'GET', url: `${ORDERS}/export?status=lost`, headers: t.auth });
    expect(bad.statusCode).toBe(422);
  });
});
