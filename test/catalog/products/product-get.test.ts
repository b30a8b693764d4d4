// A product read in one statement (GET /products/:id, the scanner lookup) answers exactly what the batch presenter of lists and
// event payloads answers: same keys in the same order, same values, for a product with every kind of link and
// attribute type and for a variant inheriting from its master.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const PRODUCTS = `${API}/products`;

type Json = Record<string, unknown>;

describe('product read in one statement', () => {
  let t: TestApp;
  let tenantId: string;
  let call: ReturnType<typeof jsonCaller>;
  const ids: Record<string, string> = {};

  const created = async (path: string, payload: Json, status = 201): Promise<string> => {
    const res = await call('POST', `${API}/${path}`, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data.id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const made = await makeTenantWithToken(t.services);
    tenantId = made.tenant.tenantId;
    call = jsonCaller(t.app, made.auth);
    const attribute = (code: string, type: string, extra: Json = {}) =>
      created('attributes', { code, name: code, label: `Label ${code}`, type, ...extra });
    // Sort orders out of code order, and one tie broken by code.
    await attribute('material', 'text', { sort_order: 3 });
    await attribute('net_weight', 'number', { unit: 'kg', sort_order: 1 });
    await attribute('waterproof', 'boolean', { sort_order: 2 });
    await attribute('released', 'date', { sort_order: 2 });
    await attribute('size', 'select', { options: ['S', 'M'], sort_order: 4 });
    await attribute('colors', 'multiselect', { options: ['Red', 'Blue'], sort_order: 5 });
    await attribute('shade', 'color', { sort_order: 6 });
    await attribute('picture', 'image', { sort_order: 7 });
    await attribute('manual', 'url', { sort_order: 8 });
    await attribute('contact', 'email', { sort_order: 9 });
    await attribute('hotline', 'phone', { sort_order: 10 });
    await attribute('specs', 'json', { sort_order: 11 });
    await attribute('internal_note', 'text', { is_visible_on_frontend: false, sort_order: 0 });
    const attributes = {
      material: 'Leather',
      net_weight: 0.1,
      waterproof: true,
      released: '2026-01-31',
      size: 'M',
      colors: ['Blue', 'Red'],
      shade: '#abc',
      picture: 'img-42',
      manual: 'https://example.test/manual',
      contact: 'help@example.test',
      hotline: '+1 555 0100',
      specs: { layers: [1, 2], strong: true },
      internal_note: 'secret',
    };
    const category = await created('product-categories', { name: 'Footwear' });
    const brand = await created('brands', { name: 'Stride' });
    const supplier = await created('suppliers', { name: 'Acme', code: 'ACME', email: 'orders@acme.test' });
    const tags = [
      await created('tags', { name: 'Sale', slug: 'sale' }),
      await created('tags', { name: 'New', slug: 'new', color: '#FF0000' }),
    ];
    ids.linked = await created('products', {
      name: 'Trail Runner',
      category_id: category,
      brand_id: brand,
      supplier_id: supplier,
      tags,
      attributes,
      selling_price: 19.99,
      cost_price: 7.5,
      weight: 0.3,
      length: 10,
      width: 20.5,
      height: 3,
      images: ['a.png'],
      reorder_point: 5,
      is_featured: true,
    });
    ids.plain = await created('products', { name: 'Plain Thing', type: 'digital' });
    const master = await created('master-products', {
      name: 'Classic Tee',
      sku: 'TEE',
      category_id: category,
      supplier_id: supplier,
      base_price: 12.5,
      base_cost_price: 4,
      currency: 'EUR',
      base_weight: 0.25,
      base_dimensions: { length: 30, width: 20, height: 1 },
      images: ['m1.png', 'm2.png'],
      description: 'Soft',
      short_description: 'Tee',
      variant_attributes: {
        attributes: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Color', values: ['Red', 'Blue'] },
        ],
        allowCombinations: true,
      },
    });
    ids.inheriting = await created(`master-products/${master}/variants`, {
      variant_selection: { Color: 'Red', Size: 'S' },
    });
    ids.overriding = await created(`master-products/${master}/variants`, {
      variant_selection: { Size: 'M', Color: 'Blue' },
      selling_price: 14,
      weight: 0.5,
    });
    const linked = await call('PATCH', `${PRODUCTS}/${ids.overriding}`, {
      tags: [tags[0]],
      images: ['own.png'],
      attributes: { material: 'Cotton', colors: ['Red'] },
    });
    expect(linked.statusCode, linked.body).toBe(200);
  });
  afterAll(() => t.close());

  it.each(['linked', 'plain', 'inheriting', 'overriding'])(
    'answers the batch presenter’s resource, byte for byte, for the %s product',
    async (name) => {
      const products = t.services.catalog.products.service;
      const id = ids[name]!;
      const batch = (await products.present(tenantId, [await products.find(tenantId, id)]))[0];
      const single = await products.get(tenantId, id);
      expect(JSON.stringify(single)).toBe(JSON.stringify(batch));
      const looked = await products.lookup(tenantId, batch!.sku);
      expect([JSON.stringify(looked.product), looked.matched_on]).toEqual([JSON.stringify(batch), 'sku']);
      const res = await call('GET', `${PRODUCTS}/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(JSON.parse(JSON.stringify(batch)));
    },
  );

  it('shows every link and attribute of the linked product', async () => {
    const data = await t.services.catalog.products.service.get(tenantId, ids.linked!);
    expect(data.tags.map((tag) => tag.name)).toEqual(['New', 'Sale']);
    expect(Object.keys(data.attributes)).toEqual([
      'internal_note',
      'net_weight',
      'released',
      'waterproof',
      'material',
      'size',
      'colors',
      'shade',
      'picture',
      'manual',
      'contact',
      'hotline',
      'specs',
    ]);
    expect(data.visible_attributes.map((v) => v.code)).not.toContain('internal_note');
    expect([data.category?.name, data.brand?.name, data.supplier?.code]).toEqual(['Footwear', 'Stride', 'ACME']);
  });

  it('shows what variants inherit from their master and what they set themselves', async () => {
    const products = t.services.catalog.products.service;
    const inheriting = await products.get(tenantId, ids.inheriting!);
    expect(inheriting).toMatchObject({
      currency: 'EUR',
      selling_price: 12.5,
      weight: 0.25,
      length: 30,
      images: ['m1.png', 'm2.png'],
      description: 'Soft',
      overrides: [],
    });
    expect(Object.keys(inheriting.variant_attributes!)).toEqual(['Size', 'Color']);
    const overriding = await products.get(tenantId, ids.overriding!);
    expect(overriding).toMatchObject({
      selling_price: 14,
      weight: 0.5,
      images: ['m1.png', 'm2.png', 'own.png'],
      tags: [{ name: 'Sale' }],
    });
    expect(overriding.attributes).toEqual({ material: 'Cotton', colors: ['Red'] });
  });
});
