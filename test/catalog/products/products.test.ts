// Products over HTTP: create, read, partial update (PUT and PATCH) and soft delete, with generated slugs
// and SKUs, type traits, money, links, attributes, initial stock, domain events, abilities and tenancy.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import type { ProductResponse } from '../../../src/modules/catalog/products/index.js';
import { apiBuilders, type BuilderOverrides } from '../../helpers/api-builders.js';
import { bearer, makeTenant, makeToken } from '../../helpers/factories.js';
import { signedInClient } from '../../helpers/session-client.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const PRODUCTS = `${API}/products`;
const INVALID = 'The given data was invalid.';
const MISSING_ULID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const NOT_FOUND = { success: false, code: 'not_found', message: 'Product not found.', data: null, meta: {} };

type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Json = Record<string, unknown>;
/** The payload of an outbox row of product.updated or product.price_changed. */
type UpdatePayload = ProductResponse & { changed_fields: string[]; previous: Json };

describe('products', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-04-01T09:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  /** A tenant of its own, so that attribute definitions and event counts of one group do not leak into another. */
  async function freshTenant() {
    const tenant = await makeTenant(t.services);
    const auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
    const call = (method: Method, url: string, payload?: unknown, headers: Headers = auth) =>
      t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const create = (payload: unknown, headers: Headers = auth) => call('POST', PRODUCTS, payload, headers);
    const get = (id: string, headers: Headers = auth) => call('GET', `${PRODUCTS}/${id}`, undefined, headers);
    const update = (id: string, payload: unknown, method: 'PUT' | 'PATCH' = 'PUT', headers: Headers = auth) =>
      call(method, `${PRODUCTS}/${id}`, payload, headers);
    const remove = (id: string, headers: Headers = auth) => call('DELETE', `${PRODUCTS}/${id}`, undefined, headers);
    const made = async (payload: Json = {}): Promise<ProductResponse> => {
      const res = await create({ name: 'Trail Runner Shoe', ...payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const errorsOf = async (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: INVALID });
      return res.json().errors as Record<string, string[]>;
    };
    const build = apiBuilders(t.app, auth);
    const brand = async (overrides?: BuilderOverrides<'brand'>) => (await build.brand(overrides)).id;
    const category = async (overrides?: BuilderOverrides<'category'>) => (await build.category(overrides)).id;
    const supplier = async (overrides?: BuilderOverrides<'supplier'>) => (await build.supplier(overrides)).id;
    const tag = async (overrides?: BuilderOverrides<'tag'>) => (await build.tag(overrides)).id;
    const attribute = async (overrides?: BuilderOverrides<'attribute'>) => (await build.attribute(overrides)).id;
    const events = (entityId: string, type?: string) => {
      let query = t.database.db
        .selectFrom('event_outbox')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('entity_id', '=', entityId)
        .orderBy('id');
      if (type) query = query.where('event_type', '=', type);
      return query.execute();
    };
    const row = (id: string) =>
      t.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return {
      ...tenant,
      auth,
      call,
      create,
      get,
      update,
      remove,
      made,
      errorsOf,
      brand,
      category,
      supplier,
      tag,
      attribute,
      events,
      row,
    };
  }
  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  describe('create', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('creates a draft from a name alone, with generated slug and SKU, physical traits and defaults', async () => {
      const res = await c.create({ name: '  Alpine Tent  ' });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Product created successfully' });
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        name: 'Alpine Tent',
        slug: 'alpine-tent',
        sku: expect.stringMatching(/^PRD-[0-9A-Z]{10}$/),
        barcode: null,
        barcode_type: null,
        type: 'physical',
        type_traits: {
          requires_shipping: true,
          has_inventory: true,
          tax_category: 'physical_goods',
          can_have_variants: true,
          nature: 'tangible',
        },
        status: 'draft',
        allowed_actions: ['submit-for-review', 'activate', 'decline'],
        status_reason: null,
        status_changed_at: null,
        is_variant: false,
        master_product_id: null,
        parent_product_id: null,
        variant_attributes: null,
        selling_price: null,
        cost_price: null,
        currency: 'USD',
        stock_quantity: 0,
        reserved_quantity: 0,
        available_quantity: 0,
        reorder_point: null,
        reorder_quantity: null,
        is_low_stock: false,
        stock_status: 'out_of_stock',
        track_inventory: true,
        allow_backorders: false,
        short_description: null,
        description: null,
        meta_description: null,
        meta_keywords: null,
        weight: null,
        length: null,
        width: null,
        height: null,
        dimensions_unit: 'cm',
        category_id: null,
        supplier_id: null,
        brand_id: null,
        tax_class_id: null,
        tax_category: 'physical_goods',
        is_featured: false,
        is_taxable: true,
        requires_shipping: true,
        category: null,
        supplier: null,
        brand: null,
        tags: [],
        attributes: {},
        visible_attributes: [],
        images: [],
        overrides: [],
        effective_values: { price: null, cost_price: null, weight: null, currency: 'USD' },
        created_at: '2026-04-01T09:00:00.000Z',
        updated_at: '2026-04-01T09:00:00.000Z',
        deleted_at: null,
      });
      expect((await c.get(body.data.id)).json().data).toEqual(body.data);
    });

    it('stores every field sent, trimming text and turning blank text into null', async () => {
      const data = await c.made({
        name: 'Full Product',
        slug: 'full-product-x',
        sku: 'FULL-001',
        type: 'physical',
        selling_price: 19.99,
        cost_price: 7.5,
        currency: 'EUR',
        reorder_point: 5,
        reorder_quantity: 20,
        track_inventory: false,
        allow_backorders: true,
        short_description: '  Short  ',
        description: '   ',
        meta_description: 'Meta',
        meta_keywords: 'a, b',
        weight: 1.25,
        length: 10,
        width: 20.5,
        height: 3,
        dimensions_unit: 'in',
        is_featured: true,
        is_taxable: false,
        requires_shipping: false,
      });
      expect(data).toMatchObject({
        slug: 'full-product-x',
        sku: 'FULL-001',
        selling_price: 19.99,
        cost_price: 7.5,
        currency: 'EUR',
        reorder_point: 5,
        reorder_quantity: 20,
        is_low_stock: false,
        track_inventory: false,
        allow_backorders: true,
        short_description: 'Short',
        description: null,
        meta_description: 'Meta',
        meta_keywords: 'a, b',
        weight: 1.25,
        length: 10,
        width: 20.5,
        height: 3,
        dimensions_unit: 'in',
        is_featured: true,
        is_taxable: false,
        requires_shipping: false,
        effective_values: { price: 19.99, cost_price: 7.5, weight: 1.25, currency: 'EUR' },
      });
    });

    it('requires a name of 3 to 255 characters, counted after trimming', async () => {
      expect(await c.errorsOf(await c.create({}))).toEqual({ name: ['The name field is required.'] });
      expect((await c.errorsOf(await c.create({ name: 'ab' }))).name).toEqual([
        'The name field must be at least 3 characters.',
      ]);
      expect((await c.errorsOf(await c.create({ name: 'x'.repeat(256) }))).name).toEqual([
        'The name field must not be greater than 255 characters.',
      ]);
      expect(Object.keys(await c.errorsOf(await c.create({ name: '   ' })))).toEqual(['name']);
      expect(Object.keys(await c.errorsOf(await c.create({ name: '  ab   ' })))).toEqual(['name']);
      expect((await c.create({ name: 'abc' })).statusCode).toBe(201);
      expect((await c.create({ name: 'x'.repeat(255) })).statusCode).toBe(201);
    });

    it('refuses wrong types and formats per field', async () => {
      const errors = await c.errorsOf(
        await c.create({
          name: 'Bad Fields',
          slug: 'Not A Slug',
          sku: 'has space',
          type: 'master',
          selling_price: '10',
          cost_price: -1,
          currency: 'usd',
          reorder_point: 1.5,
          track_inventory: 'yes',
          weight: 100000,
          dimensions_unit: 'ft',
          category_id: 'not-a-ulid',
          tags: ['nope'],
          attributes: [],
          stock_quantity: -1,
        }),
      );
      expect(Object.keys(errors).sort()).toEqual(
        [
          'slug',
          'sku',
          'type',
          'selling_price',
          'cost_price',
          'currency',
          'reorder_point',
          'track_inventory',
          'weight',
          'dimensions_unit',
          'category_id',
          'tags.0',
          'attributes',
          'stock_quantity',
        ].sort(),
      );
    });

    it('refuses a status: products start as drafts and move through the lifecycle endpoints', async () => {
      const errors = await c.errorsOf(await c.create({ name: 'Sneaky Active', status: 'active' }));
      expect(errors).toEqual({ status: [expect.stringContaining('lifecycle')] });
      expect(
        await t.database.db.selectFrom('products').select('id').where('name', '=', 'Sneaky Active').execute(),
      ).toEqual([]);
    });

    it('refuses a slug or SKU that a live product of the tenant has', async () => {
      await c.made({ name: 'Taken One', slug: 'taken-slug', sku: 'TAKEN-SKU' });
      expect(await c.errorsOf(await c.create({ name: 'Taken Two', slug: 'taken-slug' }))).toEqual({
        slug: ['The slug has already been taken.'],
      });
      expect(await c.errorsOf(await c.create({ name: 'Taken Two', sku: 'TAKEN-SKU' }))).toEqual({
        sku: ['The sku has already been taken.'],
      });
      expect(await c.errorsOf(await c.create({ name: 'Taken Two', slug: 'taken-slug', sku: 'TAKEN-SKU' }))).toEqual({
        slug: ['The slug has already been taken.'],
        sku: ['The sku has already been taken.'],
      });
      // Exact match: another case is another SKU.
      expect((await c.create({ name: 'Taken Three', sku: 'taken-sku' })).statusCode).toBe(201);
    });

    it('frees the SKU and slug of a soft-deleted product', async () => {
      const first = await c.made({ name: 'Reusable', slug: 'reusable', sku: 'REUSE-1' });
      expect((await c.remove(first.id)).statusCode).toBe(200);
      const again = await c.made({ name: 'Reusable', slug: 'reusable', sku: 'REUSE-1' });
      expect(again.id).not.toBe(first.id);
      expect((await c.row(first.id)).deleted_at).not.toBeNull();
    });

    it('keeps slugs and SKUs unique per tenant only', async () => {
      await c.made({ name: 'Shared Name', slug: 'shared-slug', sku: 'SHARED-SKU' });
      const other = await freshTenant();
      const theirs = await other.made({ name: 'Shared Name', slug: 'shared-slug', sku: 'SHARED-SKU' });
      expect(theirs).toMatchObject({ slug: 'shared-slug', sku: 'SHARED-SKU' });
    });

    it('suffixes generated slugs of the same name, and makes a slug from a name without letters', async () => {
      const slugs = [];
      for (let i = 0; i < 3; i++) slugs.push((await c.made({ name: 'Camp Stove' })).slug);
      expect(slugs).toEqual(['camp-stove', 'camp-stove-2', 'camp-stove-3']);
      expect((await c.made({ name: '★★★' })).slug).toBe('product');
      expect((await c.made({ name: 'Crème Brûlée Set' })).slug).toBe('creme-brulee-set');
    });

    it('gives concurrent creates of one name distinct slugs, all succeeding', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => c.create({ name: 'Rush Item' })));
      for (const res of results) expect(res.statusCode, res.body).toBe(201);
      const slugs = results.map((r) => r.json().data.slug as string);
      expect(new Set(slugs).size).toBe(10);
      expect(slugs.sort()).toEqual(['rush-item', ...Array.from({ length: 9 }, (_, i) => `rush-item-${i + 2}`)].sort());
      expect(new Set(results.map((r) => r.json().data.sku)).size).toBe(10);
    });

    it('lets exactly one of concurrent creates with the same SKU win', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => c.create({ name: `Race ${i}`, sku: 'RACE-SKU' })),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 201)).toHaveLength(1);
      expect(codes.filter((s) => s === 422)).toHaveLength(7);
      for (const res of results.filter((r) => r.statusCode === 422))
        expect(res.json().errors).toEqual({ sku: ['The sku has already been taken.'] });
      const rows = await t.database.db
        .selectFrom('products')
        .select('id')
        .where('tenant_id', '=', c.tenantId)
        .where('sku', '=', 'RACE-SKU')
        .execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('type traits', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it.each([
      ['physical', true, true, 'physical_goods', true, 'tangible'],
      ['digital', false, false, 'digital_goods', true, 'downloadable'],
      ['service', false, false, 'services', true, 'requires_fulfillment'],
      ['subscription', false, false, 'subscription_services', true, 'recurring'],
      ['bundle', false, false, 'mixed', false, null],
      ['gift_card', false, true, 'gift_cards', false, null],
      ['virtual', false, false, 'virtual_goods', false, 'downloadable'],
    ])('%s: shipping %s, inventory %s, tax %s', async (type, shipping, inventory, tax, variants, nature) => {
      const data = await c.made({ name: `A ${type} product`, type });
      expect(data.type_traits).toEqual({
        requires_shipping: shipping,
        has_inventory: inventory,
        tax_category: tax,
        can_have_variants: variants,
        nature,
      });
      expect(data).toMatchObject({ type, requires_shipping: shipping, track_inventory: inventory, tax_category: tax });
    });

    it('lets a product say otherwise than its type', async () => {
      const data = await c.made({
        name: 'Shipped Licence',
        type: 'digital',
        requires_shipping: true,
        track_inventory: true,
      });
      expect(data).toMatchObject({
        requires_shipping: true,
        track_inventory: true,
        type_traits: { requires_shipping: false },
      });
    });

    it("a new type resets requires_shipping to the type's trait unless sent too", async () => {
      const product = await c.made({ name: 'Changing Type' });
      const digital = (await c.update(product.id, { type: 'digital' })).json().data;
      expect(digital).toMatchObject({ type: 'digital', requires_shipping: false, tax_category: 'digital_goods' });
      const back = (await c.update(product.id, { type: 'physical', requires_shipping: false }, 'PATCH')).json().data;
      expect(back).toMatchObject({ type: 'physical', requires_shipping: false });
    });
  });

  describe('money', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('rounds USD to cents, half away from zero, and keeps minor units', async () => {
      const data = await c.made({ name: 'Rounded', selling_price: 12.345, cost_price: 1.005 });
      expect(data).toMatchObject({ selling_price: 12.35, cost_price: 1.01, currency: 'USD' });
      expect(await c.row(data.id)).toMatchObject({ selling_price: 1235, cost_price: 101 });
      expect((await c.made({ name: 'Down', selling_price: 12.344 })).selling_price).toBe(12.34);
    });

    it('rounds JPY to whole yen and KWD to three decimals', async () => {
      const yen = await c.made({ name: 'Yen Item', selling_price: 1234.5, cost_price: 99.4, currency: 'JPY' });
      expect(yen).toMatchObject({ selling_price: 1235, cost_price: 99, currency: 'JPY' });
      expect(await c.row(yen.id)).toMatchObject({ selling_price: 1235, cost_price: 99 });
      const dinar = await c.made({ name: 'Dinar Item', selling_price: 1.2345, currency: 'KWD' });
      expect(dinar.selling_price).toBe(1.235);
      expect((await c.row(dinar.id)).selling_price).toBe(1235);
    });

    it('accepts 0 and 9999999.99 and refuses more, negatives and unknown currencies', async () => {
      expect((await c.made({ name: 'Free', selling_price: 0 })).selling_price).toBe(0);
      expect((await c.made({ name: 'Max', selling_price: 9999999.99, cost_price: 9999999.99 })).selling_price).toBe(
        9999999.99,
      );
      expect(Object.keys(await c.errorsOf(await c.create({ name: 'Too Much', selling_price: 10000000 })))).toEqual([
        'selling_price',
      ]);
      expect(Object.keys(await c.errorsOf(await c.create({ name: 'Too Much', cost_price: 9999999.999 })))).toEqual([
        'cost_price',
      ]);
      for (const currency of ['XXX', 'ABC', 'XAU']) {
        const errors = await c.errorsOf(await c.create({ name: 'Odd Money', selling_price: 1, currency }));
        expect(errors).toEqual({ currency: [`The currency ${currency} is not an ISO 4217 currency code.`] });
      }
      expect(Object.keys(await c.errorsOf(await c.create({ name: 'Odd Money', currency: 'US' })))).toEqual([
        'currency',
      ]);
    });

    it('a currency change keeps amounts in currency units, rounded to the new currency', async () => {
      const product = await c.made({ name: 'Currency Swap', selling_price: 12.35, cost_price: 5.5 });
      const euro = (await c.update(product.id, { currency: 'EUR' })).json().data;
      expect(euro).toMatchObject({ selling_price: 12.35, cost_price: 5.5, currency: 'EUR' });
      expect(await c.row(product.id)).toMatchObject({ selling_price: 1235, cost_price: 550 });
      const yen = (await c.update(product.id, { currency: 'JPY' }, 'PATCH')).json().data;
      expect(yen).toMatchObject({ selling_price: 12, cost_price: 6, currency: 'JPY' });
      const both = (await c.update(product.id, { currency: 'KWD', selling_price: 3.4567 })).json().data;
      expect(both).toMatchObject({ selling_price: 3.457, cost_price: 6, currency: 'KWD' });
      expect(await c.errorsOf(await c.update(product.id, { currency: 'XXX' }))).toEqual({
        currency: ['The currency XXX is not an ISO 4217 currency code.'],
      });
      expect((await c.get(product.id)).json().data.currency).toBe('KWD');
    });

    it('clears a price with null', async () => {
      const product = await c.made({ name: 'Clear Price', selling_price: 3, cost_price: 2 });
      const data = (await c.update(product.id, { cost_price: null })).json().data;
      expect(data).toMatchObject({ selling_price: 3, cost_price: null });
    });
  });

  describe('links', () => {
    let c: Tenant;
    let other: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
      other = await freshTenant();
    });

    it('answers category, brand and supplier objects and tag objects', async () => {
      const categoryId = await c.category({ name: 'Footwear' });
      const brandId = await c.brand({ name: 'Peak' });
      const supplierId = await c.supplier({ name: 'Acme Supplies', code: 'ACME' });
      const tagA = await c.tag({ name: 'Sale', slug: 'sale', color: '#ff0000' });
      const tagB = await c.tag({ name: 'New', slug: 'new' });
      const data = await c.made({
        name: 'Linked Shoe',
        category_id: categoryId,
        brand_id: brandId,
        supplier_id: supplierId,
        tags: [tagA, tagB],
      });
      expect(data).toMatchObject({
        category_id: categoryId,
        brand_id: brandId,
        supplier_id: supplierId,
        category: { id: categoryId, name: 'Footwear', slug: 'footwear' },
        brand: { id: brandId, name: 'Peak', slug: 'peak' },
        supplier: { id: supplierId, name: 'Acme Supplies', code: 'ACME' },
      });
      expect(data.tags).toHaveLength(2);
      expect(data.tags).toEqual(
        expect.arrayContaining([
          { id: tagA, name: 'Sale', slug: 'sale', color: '#FF0000' },
          { id: tagB, name: 'New', slug: 'new', color: '#3B82F6' },
        ]),
      );
      expect((await c.get(data.id)).json().data).toEqual(data);
    });

    it('refuses unknown, malformed-free, other-tenant and deleted links on their field', async () => {
      const theirCategory = await other.category();
      const theirBrand = await other.brand();
      const theirSupplier = await other.supplier();
      const theirTag = await other.tag();
      const errors = await c.errorsOf(
        await c.create({
          name: 'Foreign Links',
          category_id: theirCategory,
          brand_id: theirBrand,
          supplier_id: theirSupplier,
        }),
      );
      expect(Object.keys(errors).sort()).toEqual(['brand_id', 'category_id', 'supplier_id']);
      expect(Object.keys(await c.errorsOf(await c.create({ name: 'Foreign Tag', tags: [theirTag] })))).toEqual([
        'tags.0',
      ]);
      const missing = await c.errorsOf(
        await c.create({
          name: 'Missing Links',
          category_id: MISSING_ULID,
          brand_id: MISSING_ULID,
          supplier_id: MISSING_ULID,
          tags: [MISSING_ULID],
        }),
      );
      expect(Object.keys(missing).sort()).toEqual(['brand_id', 'category_id', 'supplier_id', 'tags.0'].sort());

      const deletedCategory = await c.category();
      const deletedBrand = await c.brand();
      const deletedSupplier = await c.supplier();
      const deletedTag = await c.tag();
      for (const [path, id] of [
        ['product-categories', deletedCategory],
        ['brands', deletedBrand],
        ['suppliers', deletedSupplier],
        ['tags', deletedTag],
      ] as const) {
        expect((await c.call('DELETE', `${API}/${path}/${id}`)).statusCode, path).toBe(200);
      }
      const deleted = await c.errorsOf(
        await c.create({
          name: 'Deleted Links',
          category_id: deletedCategory,
          brand_id: deletedBrand,
          supplier_id: deletedSupplier,
          tags: [deletedTag],
        }),
      );
      expect(Object.keys(deleted).sort()).toEqual(['brand_id', 'category_id', 'supplier_id', 'tags.0'].sort());
      const product = await c.made({ name: 'Update Links' });
      const onUpdate = await c.errorsOf(
        await c.update(product.id, { category_id: theirCategory, brand_id: deletedBrand, supplier_id: MISSING_ULID }),
      );
      expect(Object.keys(onUpdate).sort()).toEqual(['brand_id', 'category_id', 'supplier_id']);
      expect(
        await t.database.db
          .selectFrom('products')
          .select('id')
          .where('name', 'in', ['Foreign Links', 'Missing Links', 'Deleted Links'])
          .execute(),
      ).toEqual([]);
    });

    it('refuses an inactive brand when newly linked, and keeps an existing link to one', async () => {
      const inactive = await c.brand({ is_active: false });
      expect(await c.errorsOf(await c.create({ name: 'Inactive Brand', brand_id: inactive }))).toEqual({
        brand_id: [expect.stringContaining('inactive')],
      });
      const active = await c.brand();
      const product = await c.made({ name: 'Brand Kept', brand_id: active });
      expect((await c.call('PUT', `${API}/brands/${active}`, { is_active: false })).statusCode).toBe(200);
      const renamed = await c.update(product.id, { name: 'Brand Kept Renamed', brand_id: active });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data.brand.id).toBe(active);
      expect(Object.keys(await c.errorsOf(await c.update(product.id, { brand_id: inactive })))).toEqual(['brand_id']);
    });

    it('replaces the tag set on update, refuses inactive tags, and clears links with null', async () => {
      const [a, b, d] = [await c.tag(), await c.tag(), await c.tag()];
      const inactive = await c.tag({ is_active: false });
      const categoryId = await c.category();
      const product = await c.made({ name: 'Tagged', tags: [a, b], category_id: categoryId });
      const replaced = (await c.update(product.id, { tags: [b, d] }, 'PATCH')).json().data;
      expect(replaced.tags.map((x: { id: string }) => x.id).sort()).toEqual([b, d].sort());
      expect(replaced.category_id).toBe(categoryId);
      expect(await c.errorsOf(await c.update(product.id, { tags: [b, inactive] }))).toEqual({
        'tags.1': [expect.stringContaining('inactive')],
      });
      expect(await c.errorsOf(await c.create({ name: 'Inactive Tag', tags: [inactive] }))).toEqual({
        'tags.0': [expect.stringContaining('inactive')],
      });
      expect(
        (await c.get(product.id))
          .json()
          .data.tags.map((x: { id: string }) => x.id)
          .sort(),
      ).toEqual([b, d].sort());
      const cleared = (await c.update(product.id, { tags: [], category_id: null })).json().data;
      expect(cleared).toMatchObject({ tags: [], category_id: null, category: null });
    });
  });

  describe('attributes', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
      await c.attribute({ code: 'material', type: 'text', label: 'Material', is_required: true, sort_order: 1 });
      await c.attribute({ code: 'weight_net', type: 'number', label: 'Net weight', unit: 'kg', sort_order: 2 });
      await c.attribute({
        code: 'waterproof',
        type: 'boolean',
        label: 'Waterproof',
        default_value: false,
        sort_order: 3,
      });
      await c.attribute({ code: 'size', type: 'select', label: 'Size', options: ['S', 'M', 'L'], sort_order: 4 });
      await c.attribute({
        code: 'colors',
        type: 'multiselect',
        label: 'Colors',
        options: ['Red', 'Blue'],
        sort_order: 5,
      });
      await c.attribute({ code: 'released', type: 'date', label: 'Released', sort_order: 6 });
      await c.attribute({ code: 'shade', type: 'color', label: 'Shade', sort_order: 7 });
      await c.attribute({
        code: 'internal_note',
        type: 'text',
        label: 'Internal note',
        is_visible_on_frontend: false,
        sort_order: 8,
      });
    });

    it('requires required attributes on create, keyed attributes.<code>', async () => {
      const errors = await c.errorsOf(await c.create({ name: 'No Material' }));
      expect(errors).toEqual({ 'attributes.material': ['The Material field is required.'] });
      expect(await c.errorsOf(await c.create({ name: 'Null Material', attributes: { material: null } }))).toEqual({
        'attributes.material': ['The Material field is required.'],
      });
    });

    it('stores typed values, applies defaults, and shows visible ones with formatted and display values', async () => {
      const data = await c.made({
        name: 'Attributed',
        attributes: {
          material: ' Leather ',
          weight_net: 1.5,
          size: 'M',
          colors: ['Red', 'Blue'],
          released: '2026-01-31',
          shade: '#abc',
          internal_note: 'secret',
        },
      });
      expect(data.attributes).toEqual({
        material: 'Leather',
        weight_net: 1.5,
        waterproof: false,
        size: 'M',
        colors: ['Red', 'Blue'],
        released: '2026-01-31',
        shade: '#AABBCC',
        internal_note: 'secret',
      });
      expect(data.visible_attributes).toEqual([
        {
          code: 'material',
          label: 'Material',
          type: 'text',
          value: 'Leather',
          formatted_value: 'Leather',
          display_value: 'Leather',
        },
        {
          code: 'weight_net',
          label: 'Net weight',
          type: 'number',
          value: 1.5,
          formatted_value: '1.5 kg',
          display_value: '1.5',
        },
        {
          code: 'waterproof',
          label: 'Waterproof',
          type: 'boolean',
          value: false,
          formatted_value: 'No',
          display_value: 'No',
        },
        { code: 'size', label: 'Size', type: 'select', value: 'M', formatted_value: 'M', display_value: 'M' },
        {
          code: 'colors',
          label: 'Colors',
          type: 'multiselect',
          value: ['Red', 'Blue'],
          formatted_value: 'Red, Blue',
          display_value: 'Red, Blue',
        },
        {
          code: 'released',
          label: 'Released',
          type: 'date',
          value: '2026-01-31',
          formatted_value: expect.any(String),
          display_value: expect.any(String),
        },
        {
          code: 'shade',
          label: 'Shade',
          type: 'color',
          value: '#AABBCC',
          formatted_value: expect.any(String),
          display_value: expect.any(String),
        },
      ]);
      expect((await c.get(data.id)).json().data.attributes).toEqual(data.attributes);
    });

    it('refuses invalid values per type and unknown codes, writing nothing', async () => {
      const errors = await c.errorsOf(
        await c.create({
          name: 'Bad Attributes',
          attributes: {
            material: 'Wool',
            weight_net: 'heavy',
            waterproof: 'maybe',
            size: 'XL',
            colors: 'Red',
            released: '2026-02-30',
            shade: 'red',
            nope: 1,
          },
        }),
      );
      expect(Object.keys(errors).sort()).toEqual(
        [
          'attributes.weight_net',
          'attributes.waterproof',
          'attributes.size',
          'attributes.colors',
          'attributes.released',
          'attributes.shade',
          'attributes.nope',
        ].sort(),
      );
      expect(errors['attributes.size']).toEqual(['The Size must be one of: S, M, L.']);
      expect(
        await t.database.db.selectFrom('products').select('id').where('name', '=', 'Bad Attributes').execute(),
      ).toEqual([]);
    });

    it('updates only the codes sent, removes with null, and keeps required ones', async () => {
      const product = await c.made({
        name: 'Attr Update',
        attributes: { material: 'Cotton', size: 'S', colors: ['Red'] },
      });
      const updated = (await c.update(product.id, { attributes: { size: 'L', colors: null } }, 'PATCH')).json().data;
      expect(updated.attributes).toEqual({ material: 'Cotton', waterproof: false, size: 'L' });
      expect(await c.errorsOf(await c.update(product.id, { attributes: { material: null } }))).toEqual({
        'attributes.material': ['The Material field is required.'],
      });
      expect(Object.keys(await c.errorsOf(await c.update(product.id, { attributes: { size: 'XXL' } })))).toEqual([
        'attributes.size',
      ]);
      // An update without attributes leaves them as they are, even a required one missing from the body.
      expect((await c.update(product.id, { name: 'Attr Update Renamed' })).json().data.attributes).toEqual(
        updated.attributes,
      );
    });
  });

  describe('initial stock', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('receives stock_quantity into the default warehouse as one initial_stock movement', async () => {
      const data = await c.made({ name: 'Stocked', stock_quantity: 25 });
      expect(data).toMatchObject({ stock_quantity: 25, reserved_quantity: 0, available_quantity: 25 });
      const records = await t.database.db
        .selectFrom('inventory_records')
        .selectAll()
        .where('product_id', '=', data.id)
        .execute();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        warehouse_id: c.defaultWarehouseId,
        quantity_on_hand: 25,
        quantity_reserved: 0,
      });
      const movements = await t.database.db
        .selectFrom('stock_movements')
        .selectAll()
        .where('product_id', '=', data.id)
        .execute();
      expect(movements).toHaveLength(1);
      expect(movements[0]).toMatchObject({
        type: 'initial_stock',
        warehouse_id: c.defaultWarehouseId,
        quantity: 25,
        quantity_before: 0,
        quantity_after: 25,
        created_by: c.adminId,
      });
      expect((await c.events(movements[0]!.id, 'stock_movement.recorded')).length).toBe(1);
      // The event carries the product as committed, with its stock.
      const [created] = await c.events(data.id, 'product.created');
      expect((created!.payload as ProductResponse).stock_quantity).toBe(25);
    });

    it('writes no record or movement for no stock, or 0', async () => {
      for (const payload of [{ name: 'No Stock' }, { name: 'Zero Stock', stock_quantity: 0 }]) {
        const data = await c.made(payload);
        expect(data.stock_quantity).toBe(0);
        expect(
          await t.database.db.selectFrom('stock_movements').select('id').where('product_id', '=', data.id).execute(),
        ).toEqual([]);
        expect(
          await t.database.db.selectFrom('inventory_records').select('id').where('product_id', '=', data.id).execute(),
        ).toEqual([]);
      }
    });

    it('refuses initial stock for a product without inventory, and stock_quantity on update', async () => {
      for (const payload of [
        { type: 'digital' },
        { type: 'service' },
        { track_inventory: false },
        { type: 'digital', track_inventory: true },
      ]) {
        const errors = await c.errorsOf(await c.create({ name: 'Untracked Stock', stock_quantity: 3, ...payload }));
        expect(Object.keys(errors), JSON.stringify(payload)).toEqual(['stock_quantity']);
      }
      const gift = await c.made({ name: 'Gift Card', type: 'gift_card', stock_quantity: 4 });
      expect(gift.stock_quantity).toBe(4);
      expect(
        await t.database.db.selectFrom('products').select('id').where('name', '=', 'Untracked Stock').execute(),
      ).toEqual([]);

      const errors = await c.errorsOf(await c.update(gift.id, { stock_quantity: 10 }));
      expect(errors).toEqual({ stock_quantity: [expect.stringContaining('inventory')] });
      expect((await c.errorsOf(await c.update(gift.id, { status: 'active' }, 'PATCH'))).status).toEqual([
        expect.stringContaining('lifecycle'),
      ]);
      expect((await c.get(gift.id)).json().data).toMatchObject({ stock_quantity: 4, status: 'draft' });
    });
  });

  describe('update', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('changes only the fields sent, with PUT or PATCH, and keeps the slug on rename', async () => {
      const product = await c.made({ name: 'Original', description: 'Keep me', selling_price: 10, weight: 2 });
      clock.advance(1000);
      const put = await c.update(product.id, { name: 'Renamed', weight: null });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ success: true, message: 'Product updated successfully' });
      const data = put.json().data;
      expect(data).toEqual({
        ...product,
        name: 'Renamed',
        weight: null,
        effective_values: { ...product.effective_values, weight: null },
        updated_at: clock.now().toISOString(),
      });
      const patched = (
        await c.update(product.id, { description: 'Patched', sku: 'NEW-SKU-1', slug: 'new-slug' }, 'PATCH')
      ).json().data;
      expect(patched).toMatchObject({
        name: 'Renamed',
        description: 'Patched',
        sku: 'NEW-SKU-1',
        slug: 'new-slug',
        selling_price: 10,
      });
      expect((await c.get(product.id)).json().data).toEqual(patched);
    });

    it('validates update fields like create', async () => {
      const product = await c.made({ name: 'Validated' });
      const taken = await c.made({ name: 'Holder', slug: 'holder-slug', sku: 'HOLDER-SKU' });
      expect(
        Object.keys(
          await c.errorsOf(await c.update(product.id, { name: 'ab', selling_price: -1, type: 'master' })),
        ).sort(),
      ).toEqual(['name', 'selling_price', 'type'].sort());
      expect(await c.errorsOf(await c.update(product.id, { slug: 'holder-slug', sku: 'HOLDER-SKU' }))).toEqual({
        slug: ['The slug has already been taken.'],
        sku: ['The sku has already been taken.'],
      });
      // A product may keep its own slug and SKU.
      expect((await c.update(taken.id, { slug: 'holder-slug', sku: 'HOLDER-SKU' })).statusCode).toBe(200);
      expect(Object.keys(await c.errorsOf(await c.update(product.id, { name: null })))).toEqual(['name']);
      expect(await c.errorsOf(await c.update(product.id, { name: '  ab  ' }))).toEqual({
        name: ['The name field must be at least 3 characters.'],
      });
      expect((await c.get(product.id)).json().data.name).toBe('Validated');
    });

    it('answers 404 for malformed, unknown, deleted and other-tenant ids', async () => {
      const other = await freshTenant();
      const theirs = await other.made({ name: 'Their Product' });
      const gone = await c.made({ name: 'Gone Product' });
      expect((await c.remove(gone.id)).statusCode).toBe(200);
      for (const id of ['not-an-id', MISSING_ULID, gone.id, theirs.id, MISSING_ULID.toUpperCase()]) {
        expect((await c.get(id)).json(), id).toEqual(NOT_FOUND);
        expect((await c.get(id)).statusCode).toBe(404);
        const put = await c.update(id, { name: 'Mine Now' });
        expect(put.statusCode, id).toBe(404);
        expect(put.json()).toEqual(NOT_FOUND);
        expect((await c.update(id, { name: 'Mine Now' }, 'PATCH')).statusCode).toBe(404);
        expect((await c.remove(id)).statusCode, id).toBe(404);
      }
      expect((await other.get(theirs.id)).json().data.name).toBe('Their Product');
    });
  });

  describe('events', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('records product.created with the resource as payload', async () => {
      const data = await c.made({ name: 'Evented', selling_price: 5 });
      const rows = await c.events(data.id);
      expect(rows.map((r) => r.event_type)).toEqual(['product.created']);
      expect(rows[0]).toMatchObject({
        entity_type: 'product',
        entity_id: data.id,
        tenant_id: c.tenantId,
        occurred_at: data.created_at,
      });
      expect(rows[0]!.payload).toEqual(data);
    });

    it('records product.updated with only the changed fields, and price_changed only for prices', async () => {
      const product = await c.made({ name: 'Evented Update', selling_price: 10, cost_price: 4 });
      clock.advance(1000);
      const renamed = (
        await c.update(product.id, { name: 'Evented Renamed', description: 'New', selling_price: 10 })
      ).json().data;
      let rows = await c.events(product.id);
      expect(rows.map((r) => r.event_type)).toEqual(['product.created', 'product.updated']);
      expect(rows[1]!.payload).toEqual({ ...renamed, changed_fields: ['name', 'description'] });

      clock.advance(1000);
      const repriced = (await c.update(product.id, { selling_price: 12.5 }, 'PATCH')).json().data;
      rows = await c.events(product.id);
      expect(rows.map((r) => r.event_type)).toEqual([
        'product.created',
        'product.updated',
        'product.updated',
        'product.price_changed',
      ]);
      expect((rows[2]!.payload as UpdatePayload).changed_fields).toEqual(['selling_price']);
      expect(rows[3]!.payload).toEqual({
        ...repriced,
        previous: { selling_price: 10, cost_price: 4, currency: 'USD' },
      });
    });

    it('concurrent price updates record a chain of previous prices, each the one it replaced', async () => {
      const product = await c.made({ name: 'Evented Race', selling_price: 10 });
      const prices = [11, 12, 13, 14, 15, 16];
      const results = await Promise.all(prices.map((price) => c.update(product.id, { selling_price: price }, 'PATCH')));
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      const rows = await c.events(product.id, 'product.price_changed');
      expect(rows).toHaveLength(prices.length);
      let previous = 10;
      for (const row of rows) {
        const payload = row.payload as UpdatePayload;
        expect(payload.previous.selling_price).toBe(previous);
        previous = payload.selling_price!;
      }
      expect((await c.get(product.id)).json().data.selling_price).toBe(previous);
      expect(rows.map((r) => (r.payload as UpdatePayload).selling_price).sort()).toEqual(prices);
    });

    it('treats a currency change of a priced product as a price change', async () => {
      const product = await c.made({ name: 'Evented Currency', selling_price: 10 });
      await c.update(product.id, { currency: 'EUR' });
      const rows = await c.events(product.id);
      expect(rows.map((r) => r.event_type)).toEqual(['product.created', 'product.updated', 'product.price_changed']);
      expect((rows[1]!.payload as UpdatePayload).changed_fields).toEqual(['currency']);
      expect((rows[2]!.payload as UpdatePayload).previous).toEqual({
        selling_price: 10,
        cost_price: null,
        currency: 'USD',
      });
    });

    it('lists links, tags and attributes by the field sent', async () => {
      await c.attribute({ code: 'finish', type: 'text' });
      const product = await c.made({ name: 'Evented Links' });
      const [tagId, brandId] = [await c.tag(), await c.brand()];
      await c.update(product.id, { tags: [tagId], brand_id: brandId, attributes: { finish: 'Matte' } });
      const rows = await c.events(product.id, 'product.updated');
      expect((rows[0]!.payload as UpdatePayload).changed_fields.sort()).toEqual(['attributes', 'brand_id', 'tags']);
    });

    it('an update that changes nothing records nothing and keeps updated_at', async () => {
      const tagId = await c.tag();
      const product = await c.made({ name: 'Unchanged', selling_price: 7.25, tags: [tagId], description: 'Same' });
      clock.advance(5000);
      const res = await c.update(product.id, {
        name: ' Unchanged ',
        selling_price: 7.25,
        tags: [tagId],
        description: 'Same',
        currency: 'USD',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(product);
      expect((await c.update(product.id, {}, 'PATCH')).json().data.updated_at).toBe(product.updated_at);
      expect((await c.events(product.id)).map((r) => r.event_type)).toEqual(['product.created']);
      expect((await c.row(product.id)).updated_at).toBe(product.updated_at);
    });

    it('a refused update writes nothing: no event, no partial change', async () => {
      await c.attribute({ code: 'grade', type: 'select', options: ['A', 'B'] });
      const tagId = await c.tag();
      const inactive = await c.tag({ is_active: false });
      const product = await c.made({ name: 'Atomic', attributes: { grade: 'A' } });
      clock.advance(1000);
      expect(
        Object.keys(
          await c.errorsOf(await c.update(product.id, { name: 'Atomic Renamed', attributes: { grade: 'Z' } })),
        ),
      ).toEqual(['attributes.grade']);
      expect(
        Object.keys(
          await c.errorsOf(
            await c.update(product.id, { name: 'Atomic Renamed', selling_price: 5, tags: [tagId, inactive] }),
          ),
        ),
      ).toEqual(['tags.1']);
      expect(
        Object.keys(await c.errorsOf(await c.update(product.id, { name: 'Atomic Renamed', currency: 'ABC' }))),
      ).toEqual(['currency']);
      expect((await c.get(product.id)).json().data).toEqual(product);
      expect((await c.events(product.id)).map((r) => r.event_type)).toEqual(['product.created']);
    });

    it('a refused create records nothing', async () => {
      const before = await t.database.db
        .selectFrom('event_outbox')
        .select('id')
        .where('tenant_id', '=', c.tenantId)
        .execute();
      await c.errorsOf(await c.create({ name: 'Refused', currency: 'XXX' }));
      await c.errorsOf(await c.create({ name: 'Refused', type: 'digital', stock_quantity: 1 }));
      const after = await t.database.db
        .selectFrom('event_outbox')
        .select('id')
        .where('tenant_id', '=', c.tenantId)
        .execute();
      expect(after).toHaveLength(before.length);
    });
  });

  describe('delete', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('soft deletes: 200, then 404, gone from the list, row kept, second delete 404', async () => {
      const product = await c.made({ name: 'Doomed' });
      const res = await c.remove(product.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Product deleted successfully', data: null });
      expect((await c.get(product.id)).json()).toEqual(NOT_FOUND);
      const list = (await c.call('GET', `${PRODUCTS}?per_page=100`)).json();
      expect(list.data.map((p: { id: string }) => p.id)).not.toContain(product.id);
      expect((await c.row(product.id)).deleted_at).toBe(clock.now().toISOString());
      expect((await c.remove(product.id)).statusCode).toBe(404);
    });

    it('refuses while stock is on hand, naming the stock', async () => {
      const product = await c.made({ name: 'Stocked Doomed', stock_quantity: 2 });
      const res = await c.remove(product.id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('stock') });
      expect((await c.get(product.id)).statusCode).toBe(200);
      expect((await c.row(product.id)).deleted_at).toBeNull();
    });
  });

  describe('abilities and sessions', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });
    const forbidden = (ability: string) => ({
      success: false,
      code: 'forbidden',
      message: `This action requires the ability ${ability}.`,
    });

    // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
    // here, that a refused write changes nothing and that each ability opens its endpoints.
    it('answers 403 naming the missing ability', async () => {
      const product = await c.made({ name: 'Guarded' });
      const token = (abilities: string[]) => makeToken(t.services, c.tenantId, c.adminId, { abilities }).then(bearer);
      const viewer = await token(['operations:view-products']);
      const cases: Array<[Method, string, object | undefined, string, Headers]> = [
        ['PUT', `${PRODUCTS}/${product.id}`, { name: 'Nope' }, 'operations:edit-products', viewer],
        ['PATCH', `${PRODUCTS}/${product.id}`, { name: 'Nope' }, 'operations:edit-products', viewer],
        ['DELETE', `${PRODUCTS}/${product.id}`, undefined, 'operations:delete-products', viewer],
      ];
      for (const [method, url, payload, ability, headers] of cases) {
        const res = await c.call(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(forbidden(ability));
      }
      expect((await c.get(product.id, viewer)).statusCode).toBe(200);
      expect((await c.get(product.id)).json().data.name).toBe('Guarded');
      const writer = await token([
        'operations:create-products',
        'operations:edit-products',
        'operations:delete-products',
      ]);
      const created = await c.create({ name: 'Writer Made' }, writer);
      expect(created.statusCode).toBe(201);
      expect((await c.update(created.json().data.id, { name: 'Writer Edit' }, 'PATCH', writer)).statusCode).toBe(200);
      expect((await c.remove(created.json().data.id, writer)).statusCode).toBe(200);
      expect((await t.app.inject({ url: PRODUCTS })).statusCode).toBe(401);
    });

    it('works with a session and its CSRF token', async () => {
      const client = await signedInClient(t.app, c.adminEmail);
      const created = await client.post(PRODUCTS, { name: 'Session Product' });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as string;
      const patched = await client.request({
        method: 'PATCH',
        url: `${PRODUCTS}/${id}`,
        payload: { selling_price: 3 },
      });
      expect(patched.json().data.selling_price).toBe(3);
      expect((await client.get(`${PRODUCTS}/${id}`)).json().data.name).toBe('Session Product');
      expect((await client.post(PRODUCTS, { name: 'No Csrf' }, { csrf: false })).statusCode).toBe(419);
      expect((await client.delete(`${PRODUCTS}/${id}`)).statusCode).toBe(200);
    });
  });

  it('documents the product paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const paths = doc.paths as Record<
      string,
      Record<string, { tags?: string[]; summary?: string; requestBody?: unknown }>
    >;
    const expected: Array<[string, string[]]> = [
      ['/api/v1/operations/products', ['get', 'post']],
      ['/api/v1/operations/products/{id}', ['get', 'put', 'patch', 'delete']],
    ];
    for (const [path, methods] of expected) {
      for (const method of methods) {
        const operation = paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        expect(operation!.tags).toEqual(['Products']);
        expect(operation!.summary).toBeTruthy();
      }
    }
    expect(JSON.stringify(paths['/api/v1/operations/products']!.post!.requestBody)).toContain('stock_quantity');
  });
});
