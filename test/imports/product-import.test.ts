// Product imports over HTTP: every kind of column, references by natural key, attributes, variants, refusals
// with their rows and columns, updates that send only what changed, and the events of single writes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductResponse } from '../../src/modules/catalog/products/product.schemas.js';
import { buildTestApp, jsonCaller, type TestApp } from '../helpers/test-app.js';
import { counts, csvOf, errorReport, quietLog, runImport } from './import-helpers.js';

describe('product imports', () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = jsonCaller(t.app, t.auth);
    const created = async (url: string, body: object) => {
      const res = await call('POST', `/api/v1${url}`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string };
    };
    const tools = await created('/operations/product-categories', { name: 'Tools' });
    await created('/operations/product-categories', { name: 'Power tools', parent_id: tools.id });
    await created('/operations/brands', { name: 'Makita' });
    await created('/operations/tags', { name: 'Sale' });
    await created('/operations/tags', { name: 'New arrival' });
    const supplier = await created('/operations/suppliers', {
      name: 'Fastener Supply',
      code: 'FSC',
      email: 'orders@fsc.example',
    });
    await t.database.db.updateTable('suppliers').set({ status: 'active' }).where('id', '=', supplier.id).execute();
    await created('/operations/attributes', { code: 'voltage', name: 'Voltage', label: 'Voltage', type: 'number' });
    await created('/operations/attributes', {
      code: 'finish',
      name: 'Finish',
      label: 'Finish',
      type: 'multiselect',
      options: ['matte', 'gloss'],
    });
  });
  afterAll(() => t.close());

  const product = async (sku: string) => {
    const res = await call('GET', `/api/v1/operations/products/lookup?code=${encodeURIComponent(sku)}`);
    return res.statusCode === 200 ? (res.json().data as ProductResponse) : undefined;
  };

  it('creates products with references, tags, attributes and initial stock, recording product.created', async () => {
    const job = await runImport(t, {
      type: 'products',
      csv: csvOf([
        [
          'sku',
          'name',
          'selling_price',
          'cost_price',
          'category',
          'brand',
          'supplier',
          'tags',
          'images',
          'attr:voltage',
          'attr:finish',
          'stock_quantity',
          'is_featured',
          'description',
        ],
        [
          'DRL-18',
          'Cordless drill 18V',
          '129.90',
          '74.5',
          'Tools > Power tools',
          'makita',
          'FSC',
          'Sale, new-arrival',
          'https://img.example/a.png|https://img.example/b,c.png',
          '18',
          'matte,gloss',
          '25',
          'yes',
          'Two batteries.',
        ],
        ['SAW-1', 'Hand saw', '19', '', 'tools', 'Makita', 'Fastener Supply', '', '', '', '', '', '', ''],
      ]),
    });
    expect(job.status).toBe('completed');
    expect(counts(job)).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    const drill = await product('DRL-18');
    expect(drill).toMatchObject({
      name: 'Cordless drill 18V',
      selling_price: 129.9,
      cost_price: 74.5,
      stock_quantity: 25,
      is_featured: true,
      status: 'draft',
      category: { slug: 'power-tools' },
      brand: { slug: 'makita' },
      supplier: { code: 'FSC' },
      images: ['https://img.example/a.png', 'https://img.example/b,c.png'],
      attributes: { voltage: 18, finish: ['matte', 'gloss'] },
    });
    expect(drill!.tags.map((tag: { slug: string }) => tag.slug).sort()).toEqual(['new-arrival', 'sale']);
    expect(await product('SAW-1')).toMatchObject({ cost_price: null, category: { slug: 'tools' }, tags: [] });
    const events = await t.database.db
      .selectFrom('event_outbox')
      .select(['event_type', 'entity_id'])
      .where('tenant_id', '=', t.tenant.tenantId)
      .execute();
    expect(events.filter((e) => e.event_type === 'product.created').map((e) => e.entity_id)).toEqual(
      expect.arrayContaining([drill!.id]),
    );
    expect(events.some((e) => e.event_type === 'import.completed' && e.entity_id === job.id)).toBe(true);
  });

  it('refuses rows with every reason at its column, and leaves nothing of them', async () => {
    const job = await runImport(t, {
      type: 'products',
      csv: csvOf([
        ['sku', 'name', 'selling_price', 'category', 'tags', 'attr:voltage'],
        ['BAD-1', 'ok name', 'cheap', 'Nowhere', 'Sale', '12'],
        ['BAD-2', 'ab', '10', '', 'no-such-tag', 'high'],
        ['DRL-18', 'Duplicate', '1', '', '', ''],
        ['GOOD-1', 'Good product', '5', '', '', ''],
      ]),
    });
    expect(counts(job)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 3 });
    const report = await errorReport(t, job.id);
    expect(report).toEqual(
      [
        { row: '2', column: 'selling_price', value: 'cheap', message: expect.stringContaining('must be a number') },
        { row: '2', column: 'category', value: 'Nowhere', message: expect.stringContaining('Nowhere') },
        { row: '3', column: 'tags', value: 'no-such-tag', message: expect.stringContaining('no-such-tag') },
        { row: '3', column: 'name', value: 'ab', message: expect.any(String) },
        { row: '4', column: 'sku', value: 'DRL-18', message: 'The SKU DRL-18 is taken by another product.' },
      ].sort((a, b) => Number(a.row) - Number(b.row)),
    );
    expect(await product('BAD-1')).toBeUndefined();
    expect(await product('BAD-2')).toBeUndefined();
  });

  it('updates only the fields that differ; a row equal to the product changes nothing', async () => {
    const before = await product('DRL-18');
    const job = await runImport(t, {
      type: 'products',
      mode: 'update',
      csv: csvOf([
        ['sku', 'name', 'selling_price', 'category', 'tags', 'attr:voltage', 'stock_quantity'],
        ['DRL-18', 'Cordless drill 18V', '129.9', 'power-tools', 'new-arrival,sale', '18', '25'],
        ['SAW-1', 'Hand saw XL', '21.5', 'tools', 'Sale', '', ''],
        ['NOPE-1', 'Missing', '1', '', '', '', ''],
      ]),
    });
    expect(counts(job)).toEqual({ created: 0, updated: 1, unchanged: 1, failed: 1 });
    expect((await product('DRL-18'))!.updated_at).toBe(before!.updated_at);
    expect(await product('SAW-1')).toMatchObject({
      name: 'Hand saw XL',
      selling_price: 21.5,
      tags: [expect.objectContaining({ slug: 'sale' })],
    });
    const events = await t.database.db
      .selectFrom('event_outbox')
      .select('event_type')
      .where('entity_id', '=', (await product('SAW-1'))!.id)
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(
      expect.arrayContaining(['product.updated', 'product.price_changed']),
    );
  });

  it('clears a clearable field with an empty cell on update, and refuses a stock change', async () => {
    const job = await runImport(t, {
      type: 'products',
      mode: 'upsert',
      csv: csvOf([
        ['sku', 'description', 'stock_quantity'],
        ['DRL-18', '', '30'],
        ['SAW-1', '', ''],
      ]),
    });
    expect(counts(job)).toEqual({ created: 0, updated: 0, unchanged: 1, failed: 1 });
    expect((await errorReport(t, job.id))[0]).toMatchObject({ row: '2', column: 'stock_quantity' });
    const cleared = await runImport(t, {
      type: 'products',
      mode: 'update',
      csv: csvOf([
        ['sku', 'description'],
        ['DRL-18', ''],
      ]),
    });
    expect(counts(cleared)).toEqual({ created: 0, updated: 1, unchanged: 0, failed: 0 });
    expect((await product('DRL-18'))!.description).toBeNull();
  });

  it('creates a variant of a master product from a row naming its master and its choice', async () => {
    const master = await call('POST', '/api/v1/operations/master-products', {
      name: 'Work shirt',
      sku: 'SHIRT',
      variant_attributes: { attributes: [{ name: 'Size', values: ['S', 'M'] }] },
    });
    expect(master.statusCode, master.body).toBe(201);
    const job = await runImport(t, {
      type: 'products',
      csv: csvOf([
        ['sku', 'master', 'variant:Size', 'selling_price', 'description'],
        ['SHIRT-S', 'SHIRT', 'S', '12', ''],
        ['SHIRT-X', 'SHIRT', 'XL', '12', ''],
        ['SHIRT-M', 'SHIRT', 'M', '', 'Not on a variant'],
      ]),
    });
    expect(counts(job)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2 });
    expect(await product('SHIRT-S')).toMatchObject({
      is_variant: true,
      variant_attributes: { Size: 'S' },
      selling_price: 12,
    });
    const report = await errorReport(t, job.id);
    expect(report.map((line) => [line.row, line.column])).toEqual([
      ['3', 'variant:Size'],
      ['4', 'description'],
    ]);
  });

  it('writes nothing and records no event in a dry run, but counts and refuses as an import would', async () => {
    const events = async () =>
      (await t.database.db.selectFrom('event_outbox').select('id').where('tenant_id', '=', t.tenant.tenantId).execute())
        .length;
    const before = await events();
    const job = await runImport(t, {
      type: 'products',
      mode: 'upsert',
      dry_run: true,
      csv: csvOf([
        ['sku', 'name', 'selling_price'],
        ['DRY-1', 'Dry product', '3'],
        ['SAW-1', 'Hand saw renamed', ''],
        ['DRY-2', 'ab', '1'],
      ]),
    });
    expect(job).toMatchObject({ status: 'completed', dry_run: true });
    expect(counts(job)).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 1 });
    expect(await product('DRY-1')).toBeUndefined();
    expect((await product('SAW-1'))!.name).toBe('Hand saw XL');
    // Only the job's own import.completed.
    expect(await events()).toBe(before + 1);
  });

  it('creates a SKU that a file names twice with its first row; the second row updates it (upsert) or is refused (create)', async () => {
    const upsert = await runImport(t, {
      type: 'products',
      mode: 'upsert',
      csv: csvOf([
        ['sku', 'name', 'selling_price'],
        ['TWICE-1', 'Twice named', '4'],
        ['ONCE-1', 'Named once', '2'],
        ['TWICE-1', 'Twice named', '5'],
      ]),
    });
    expect(counts(upsert)).toEqual({ created: 2, updated: 1, unchanged: 0, failed: 0 });
    expect(await product('TWICE-1')).toMatchObject({ name: 'Twice named', selling_price: 5 });
    const create = await runImport(t, {
      type: 'products',
      csv: csvOf([
        ['sku', 'name'],
        ['TWICE-2', 'Twice again'],
        ['TWICE-2', 'Twice again'],
      ]),
    });
    expect(counts(create)).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 1 });
    expect(await errorReport(t, create.id)).toEqual([
      { row: '3', column: 'sku', value: 'TWICE-2', message: 'The SKU TWICE-2 is taken by another product.' },
    ]);
  });

  it('gives a slug or barcode that two new rows name to the first row accepted, and never generates one slug twice', async () => {
    const job = await runImport(t, {
      type: 'products',
      csv: csvOf([
        ['sku', 'name', 'slug', 'barcode'],
        // Refused for its name, so the slug it names stays free for the next row.
        ['PAIR-1', 'ab', 'pair-slug', ''],
        ['PAIR-2', 'Pair two', 'pair-slug', '4006381333931'],
        ['PAIR-3', 'Pair three', 'pair-slug', ''],
        ['PAIR-4', 'Pair four', '', '4006381333931'],
        ['PAIR-5', 'Same name', '', ''],
        ['PAIR-6', 'Same name', '', ''],
      ]),
    });
    expect(counts(job)).toEqual({ created: 3, updated: 0, unchanged: 0, failed: 3 });
    expect(await product('PAIR-2')).toMatchObject({ slug: 'pair-slug', barcode: '4006381333931' });
    expect((await errorReport(t, job.id)).map((line) => [line.row, line.column])).toEqual([
      ['2', 'name'],
      ['4', 'slug'],
      ['5', 'barcode'],
    ]);
    expect([(await product('PAIR-5'))!.slug, (await product('PAIR-6'))!.slug]).toEqual(['same-name', 'same-name-2']);
  });

  it('imports the rows of a group that failed as a whole one at a time, each counted once', async () => {
    // A key that a concurrent write took between the group's checks and its insert fails the whole group.
    const createAll = vi
      .spyOn(t.services.catalog.products.service, 'createAll')
      .mockRejectedValueOnce(new Error('a unique index refused the insert'));
    const info = vi.spyOn(quietLog, 'info');
    try {
      const job = await runImport(t, {
        type: 'products',
        csv: csvOf([
          ['sku', 'name', 'tags'],
          ['ALONE-1', 'Alone one', 'Sale'],
          ['ALONE-2', 'ab', ''],
          ['ALONE-3', 'Alone three', ''],
        ]),
      });
      expect(createAll).toHaveBeenCalled();
      expect(counts(job)).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 1 });
      expect(await product('ALONE-1')).toMatchObject({ tags: [expect.objectContaining({ slug: 'sale' })] });
      expect((await errorReport(t, job.id)).map((line) => [line.row, line.column])).toEqual([['3', 'name']]);
      const created = await t.database.db
        .selectFrom('event_outbox')
        .select('entity_id')
        .where('event_type', '=', 'product.created')
        .where('entity_id', '=', (await product('ALONE-3'))!.id)
        .execute();
      expect(created).toHaveLength(1);
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ import_id: job.id, rows: '2-4' }),
        'import rows refused as a group; importing them one at a time',
      );
    } finally {
      info.mockRestore();
      createAll.mockRestore();
    }
  });

  it('fails a file without a sku column before any row', async () => {
    const job = await runImport(t, { type: 'products', csv: csvOf([['name'], ['No sku']]) });
    expect(job).toMatchObject({
      status: 'failed',
      error: 'A product import needs a sku column: the SKU names the product.',
    });
  });
});
