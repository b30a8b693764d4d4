// Category imports keyed by slug (parents by slug or path, moves) and stock level imports as physical counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../src/modules/catalog/categories/category.schemas.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { counts, csvOf, errorReport, runImport } from './import-helpers.js';

describe('category and stock level imports', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
  });
  afterAll(() => t.close());

  const category = async (slug: string) => {
    const res = await call('GET', `/api/v1/operations/product-categories?search=${slug}&per_page=100`);
    return (res.json().data as CategoryResponse[]).find((c) => c.slug === slug);
  };

  it('creates a tree, parents named by slug or path, and refuses a slug its name does not make', async () => {
    const job = await runImport(t, {
      type: 'categories',
      csv: csvOf([
        ['slug', 'name', 'parent', 'sort_order', 'is_featured'],
        ['tools', 'Tools', '', '1', 'true'],
        ['', 'Power tools', 'tools', '2', ''],
        ['drills', 'Drills', 'Tools > Power tools', '', ''],
        ['hammers', 'Mallets', 'tools', '', ''],
        ['saws', 'Saws', 'Nowhere', '', ''],
      ]),
    });
    expect(counts(job)).toEqual({ created: 3, updated: 0, unchanged: 0, failed: 2 });
    const tools = await category('tools');
    const power = await category('power-tools');
    expect(tools).toMatchObject({ is_featured: true, sort_order: 1, parent_id: null });
    expect(power).toMatchObject({ parent_id: tools!.id, depth_level: 1 });
    expect(await category('drills')).toMatchObject({ parent_id: power!.id, depth_level: 2 });
    expect((await errorReport(t, job.id)).map((line) => [line.row, line.column])).toEqual([
      ['5', 'slug'],
      ['6', 'parent'],
    ]);
  });

  it('updates by slug, moves a category to another parent, and counts a row that changes nothing', async () => {
    const job = await runImport(t, {
      type: 'categories',
      mode: 'update',
      csv: csvOf([
        ['slug', 'name', 'parent', 'description'],
        ['tools', 'Tools', '', ''],
        ['drills', 'Drills', 'tools', 'Corded and cordless'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 0, updated: 1, unchanged: 1, failed: 0 });
    expect(await category('drills')).toMatchObject({
      parent_id: (await category('tools'))!.id,
      depth_level: 1,
      description: 'Corded and cordless',
    });
  });

  it('creates and updates in upsert mode, and checks without writing in a dry run', async () => {
    const dry = await runImport(t, {
      type: 'categories',
      mode: 'upsert',
      dry_run: true,
      csv: csvOf([
        ['slug', 'name', 'parent'],
        ['', 'Garden', ''],
        ['drills', 'Drills', ''],
      ]),
    });
    expect(counts(dry)).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 0 });
    expect(await category('garden')).toBeUndefined();
    expect((await category('drills'))!.parent_id).not.toBeNull();
    const job = await runImport(t, {
      type: 'categories',
      mode: 'upsert',
      csv: csvOf([
        ['slug', 'name', 'parent'],
        ['', 'Garden', ''],
        ['drills', 'Drills', ''],
      ]),
    });
    expect(counts(job)).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 0 });
    expect(await category('garden')).toMatchObject({ parent_id: null });
    expect(await category('drills')).toMatchObject({ parent_id: null, depth_level: 0 });
  });

  it('records each stock level row as a physical count, with its movement', async () => {
    const product = await call('POST', '/api/v1/operations/products', {
      name: 'Counted thing',
      sku: 'CNT-1',
      stock_quantity: 5,
    });
    expect(product.statusCode, product.body).toBe(201);
    const warehouse = await call('POST', '/api/v1/operations/warehouses', { name: 'Second', code: 'WH2' });
    expect(warehouse.statusCode, warehouse.body).toBe(201);
    const job = await runImport(t, {
      type: 'stock_levels',
      csv: csvOf([
        ['sku', 'warehouse', 'counted_quantity'],
        ['CNT-1', '', '8'],
        ['CNT-1', 'wh2', '3'],
        ['CNT-1', 'WH2', '3'],
        ['NOPE', 'WH2', '1'],
        ['CNT-1', 'WH9', '-2'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 0, updated: 2, unchanged: 1, failed: 2 });
    const id = product.json().data.id as string;
    expect((await call('GET', `/api/v1/operations/products/${id}`)).json().data.stock_quantity).toBe(11);
    const movements = await t.database.db
      .selectFrom('stock_movements')
      .select(['type', 'quantity'])
      .where('product_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(movements.filter((m) => m.type === 'physical_count').map((m) => m.quantity)).toEqual([3, 3]);
    expect((await errorReport(t, job.id)).map((line) => [line.row, line.column])).toEqual([
      ['5', 'sku'],
      ['6', 'counted_quantity'],
    ]);
  });

  it('counts and refuses stock level rows in a dry run without moving stock or recording a movement', async () => {
    const id = (await call('GET', '/api/v1/operations/products/lookup?code=CNT-1')).json().data.id as string;
    const movements = () =>
      t.database.db.selectFrom('stock_movements').select('id').where('product_id', '=', id).execute();
    const before = (await movements()).length;
    const job = await runImport(t, {
      type: 'stock_levels',
      dry_run: true,
      csv: csvOf([
        ['sku', 'warehouse', 'counted_quantity'],
        ['CNT-1', 'WH2', '40'],
        ['CNT-1', 'WH9', '1'],
      ]),
    });
    expect(job).toMatchObject({ status: 'completed', dry_run: true });
    expect(counts(job)).toEqual({ created: 0, updated: 1, unchanged: 0, failed: 1 });
    expect((await errorReport(t, job.id)).map((line) => [line.row, line.column])).toEqual([['3', 'warehouse']]);
    expect((await call('GET', `/api/v1/operations/products/${id}`)).json().data.stock_quantity).toBe(11);
    expect(await movements()).toHaveLength(before);
  });
});
