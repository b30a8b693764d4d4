// The product export and the round trip: export, edit a few cells, import the file back: only the edited rows
// change, and every other row counts as unchanged. Cells a spreadsheet would run as formulas are exported quoted,
// and come back as they were typed.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { counts, csvOf, runImport } from './import-helpers.js';

describe('product export and round trip', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    await call('POST', '/api/v1/operations/product-categories', { name: 'Tools' });
    await call('POST', '/api/v1/operations/tags', { name: 'Sale' });
    await call('POST', '/api/v1/operations/attributes', {
      code: 'colour',
      name: 'Colour',
      label: 'Colour',
      type: 'select',
      options: ['red', 'blue'],
    });
    await call('POST', '/api/v1/operations/attributes', {
      code: 'sizes',
      name: 'Sizes',
      label: 'Sizes',
      type: 'multiselect',
      options: ['S', 'M'],
    });
    const master = await call('POST', '/api/v1/operations/master-products', {
      name: 'Work shirt',
      sku: 'SHIRT',
      description: 'Cotton',
      variant_attributes: { attributes: [{ name: 'Size', values: ['S', 'M'] }] },
    });
    expect(master.statusCode, master.body).toBe(201);
    const job = await runImport(t, {
      type: 'products',
      csv: csvOf([
        [
          'sku',
          'name',
          'selling_price',
          'category',
          'tags',
          'images',
          'attr:colour',
          'attr:sizes',
          'description',
          'stock_quantity',
          'master',
          'variant:Size',
        ],
        [
          'P-1',
          'First product',
          '10',
          'tools',
          'Sale',
          'https://img.example/1.png|https://img.example/2.png',
          'red',
          'S,M',
          '=SUM(A1)',
          '3',
          '',
          '',
        ],
        ['P-2', 'Second product', '', '', '', '', '', '', '', '', '', ''],
        ['P-3', 'Third product', '7.25', 'tools', '', '', 'blue', '', '- dash first', '', '', ''],
        ['SHIRT-S', '', '12', '', '', '', '', '', '', '2', 'SHIRT', 'S'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 4, updated: 0, unchanged: 0, failed: 0 });
  });
  afterAll(() => t.close());

  const exported = async () => {
    const res = await call('GET', '/api/v1/operations/products/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    return parse(res.body, { columns: true }) as Array<Record<string, string>>;
  };

  it('exports every product in the import columns, references by natural key', async () => {
    const rows = await exported();
    expect(rows.map((row) => row.sku)).toEqual(expect.arrayContaining(['P-1', 'P-2', 'P-3', 'SHIRT-S']));
    const first = rows.find((row) => row.sku === 'P-1')!;
    expect(first).toMatchObject({
      name: 'First product',
      selling_price: '10',
      category: 'tools',
      tags: 'sale',
      'attr:colour': 'red',
      'attr:sizes': 'S,M',
      images: 'https://img.example/1.png|https://img.example/2.png',
      description: "'=SUM(A1)",
      stock_quantity: '',
    });
    expect(rows.find((row) => row.sku === 'SHIRT-S')).toMatchObject({
      master: 'SHIRT',
      'variant:Size': 'S',
      description: 'Cotton',
    });
  });

  it('imports an unedited export as all unchanged, and an edited one changes only the edited rows', async () => {
    const rows = await exported();
    const untouched = await runImport(t, { type: 'products', mode: 'update', csv: stringify(rows, { header: true }) });
    expect(counts(untouched)).toEqual({ created: 0, updated: 0, unchanged: rows.length, failed: 0 });

    const before = Object.fromEntries(rows.map((row) => [row.sku, row]));
    const edited = rows.map((row) =>
      row.sku === 'P-2'
        ? { ...row, selling_price: '15.5' }
        : row.sku === 'SHIRT-S'
          ? { ...row, selling_price: '13' }
          : row,
    );
    const job = await runImport(t, { type: 'products', mode: 'upsert', csv: stringify(edited, { header: true }) });
    expect(counts(job)).toEqual({ created: 0, updated: 2, unchanged: rows.length - 2, failed: 0 });
    const after = Object.fromEntries((await exported()).map((row) => [row.sku, row]));
    expect(after['P-2']!.selling_price).toBe('15.5');
    expect(after['SHIRT-S']!.selling_price).toBe('13');
    expect(after['P-1']).toEqual(before['P-1']);
    expect(after['P-3']).toEqual(before['P-3']);
  });

  it('quotes every cell a spreadsheet would run, and gives back on import exactly what was typed', async () => {
    const typed = [
      "'=1+1",
      "''=1+1",
      '=1+1',
      '＝1+1',
      '＋1+1',
      '－1+1',
      '＠SUM(A1)',
      '|calc!A0',
      "'|calc",
      '+1+1',
      '@SUM(A1)',
    ];
    const skus = typed.map((_, i) => `FORMULA-${i}`);
    for (const [i, text] of typed.entries()) {
      const res = await call('POST', '/api/v1/operations/products', {
        sku: skus[i],
        slug: `formula-${i}`,
        name: `${text} name`,
        description: text,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = (await exported()).filter((row) => skus.includes(row.sku!));
    expect(rows).toHaveLength(typed.length);
    for (const row of rows) {
      const original = typed[skus.indexOf(row.sku!)]!;
      // Text to a spreadsheet: every such cell starts with one quote more than was typed.
      expect([row.name, row.description]).toEqual([`'${original} name`, `'${original}`]);
    }

    const job = await runImport(t, { type: 'products', mode: 'update', csv: stringify(rows, { header: true }) });
    expect(counts(job)).toEqual({ created: 0, updated: 0, unchanged: typed.length, failed: 0 });
    const stored = (await call('GET', '/api/v1/operations/products?search=FORMULA-&per_page=100')).json()
      .data as Array<{ sku: string; name: string; description: string }>;
    expect(Object.fromEntries(stored.map((p) => [p.sku, [p.name, p.description]]))).toEqual(
      Object.fromEntries(typed.map((text, i) => [skus[i], [`${text} name`, text]])),
    );
  });

  it('answers the template of each type: its header row', async () => {
    const res = await call('GET', '/api/v1/operations/imports/templates/products');
    expect(res.statusCode, res.body).toBe(200);
    const header = res.body.trim().split(',');
    expect(header.slice(0, 3)).toEqual(['sku', 'name', 'slug']);
    expect(header).toEqual(expect.arrayContaining(['attr:colour', 'attr:sizes', 'master']));
    for (const [type, first] of [
      ['suppliers', 'code'],
      ['categories', 'slug'],
      ['stock_levels', 'sku'],
    ]) {
      const template = await call('GET', `/api/v1/operations/imports/templates/${type}`);
      expect(template.statusCode, `${type} ${template.body}`).toBe(200);
      expect(template.body.split(',')[0]).toBe(first);
    }
    expect((await call('GET', '/api/v1/operations/imports/templates/orders')).statusCode).toBe(422);
  });
});
