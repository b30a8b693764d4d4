// The entity builders (api-builders.ts over request-bodies.ts): each makes a valid record from its defaults alone,
// again without colliding with the first, and keeps the overrides it is given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBuilders, type ApiBuilders } from './api-builders.js';
import { purchaseOrderBody, tokenBody } from './request-bodies.js';
import { buildTestApp, publicAddress, type TestApp } from './test-app.js';

describe('entity builders', () => {
  let t: TestApp;
  let build: ApiBuilders;
  beforeAll(async () => {
    t = await buildTestApp({ webhookResolver: publicAddress });
    build = apiBuilders(t.app, t.auth);
  });
  afterAll(() => t.close());

  const simple = [
    'brand',
    'category',
    'tag',
    'supplier',
    'activeSupplier',
    'warehouse',
    'attribute',
    'product',
    'masterProduct',
    'user',
    'subscription',
  ] as const;

  it.each(simple)('%s: twice from the defaults, each record its own', async (entity) => {
    const first = await build[entity]();
    const second = await build[entity]();
    expect(first.id).not.toBe(second.id);
  });

  it('keeps the overrides', async () => {
    expect(await build.brand({ name: 'Makita', website_url: 'https://makita.example.test' })).toMatchObject({
      name: 'Makita',
      website_url: 'https://makita.example.test',
    });
    expect(await build.supplier({ email: 'sales@acme.test', lead_time_days: 5 })).toMatchObject({
      email: 'sales@acme.test',
      lead_time_days: 5,
      status: 'inactive',
    });
    expect((await build.activeSupplier()).status).toBe('active');
    expect(await build.attribute({ code: 'voltage', type: 'number', unit: 'V' })).toMatchObject({
      code: 'voltage',
      name: 'voltage',
      type: 'number',
      unit: 'V',
    });
    expect(await build.user({ role: 'viewer' })).toMatchObject({ role: 'viewer', status: 'invited' });
  });

  it('places an order with what it is given, and makes an orderable supplier and a product otherwise', async () => {
    const warehouse_id = t.tenant.defaultWarehouseId;
    const made = await build.purchaseOrder({ warehouse_id });
    expect(made).toMatchObject({ status: 'draft', warehouse_id, items: [{ quantity_ordered: 10 }] });

    const supplier = await build.activeSupplier();
    const product = await build.product();
    const given = await build.purchaseOrder({
      warehouse_id,
      supplier_id: supplier.id,
      items: [{ product_id: product.id, quantity: 3, unit_price: 1 }],
    });
    expect(given).toMatchObject({ supplier_id: supplier.id, items: [{ product_id: product.id, quantity_ordered: 3 }] });
  });

  it('makes a variant of a configured master', async () => {
    const master = await build.masterProduct({
      variant_attributes: { attributes: [{ name: 'Size', values: ['S', 'M'] }], allowCombinations: true },
    });
    expect(await build.variant(master.id, { variant_selection: { Size: 'M' } })).toMatchObject({
      is_variant: true,
      master_product_id: master.id,
      variant_attributes: { Size: 'M' },
    });
  });

  it('builds the bodies of what is not made here: order lines given, and a token', () => {
    const parties = { supplier_id: 'supplier', warehouse_id: 'warehouse' };
    expect(purchaseOrderBody(parties, { notes: 'Dock 2' })).toEqual({ ...parties, notes: 'Dock 2' });
    expect(purchaseOrderBody({ ...parties, product_id: 'product' }).items).toEqual([
      { product_id: 'product', quantity: 10, unit_price: 2.5 },
    ]);
    expect(tokenBody({ abilities: ['operations:view-products'] })).toMatchObject({
      type: 'application',
      abilities: ['operations:view-products'],
    });
    expect(tokenBody().name).not.toBe(tokenBody().name);
  });
});
