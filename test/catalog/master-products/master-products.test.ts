// Master products over HTTP: create with both configuration shapes and the 1000-combination limit, the list's
// filters, sorts and meta.pagination, include, partial updates with regenerate_variants, soft delete with
// variants, bearer-only access, abilities and tenancy. Variants are product rows written directly here.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { bearer, makeTenantWithToken, makeToken } from '../../helpers/factories.js';
import { signedInClient } from '../../helpers/session-client.js';
import { buildTestApp, jsonCaller, type HttpMethod, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const MASTERS = `${API}/master-products`;
const INVALID = 'The given data was invalid.';
const MISSING_ULID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const NOT_FOUND = { success: false, code: 'not_found', message: 'Master product not found.', data: null, meta: {} };
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Headers = { authorization: string };
type Method = HttpMethod;
type Json = Record<string, unknown>;
type Master = Json & { id: string; slug: string; products_count: number };

const shape1 = (attributes: Array<[string, string[]]>, allowCombinations = true) => ({
  attributes: attributes.map(([name, values]) => ({ name, values })),
  allowCombinations,
});
const values = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe('master products', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-05-01T08:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  /** A tenant of its own, so that one group's masters do not show in another's lists. */
  async function freshTenant() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const call = jsonCaller(t.app, auth);
    const create = (payload: unknown, headers: Headers = auth) => call('POST', MASTERS, payload, headers);
    const get = (id: string, query = '', headers: Headers = auth) =>
      call('GET', `${MASTERS}/${id}${query}`, undefined, headers);
    const list = (query = '', headers: Headers = auth) => call('GET', `${MASTERS}${query}`, undefined, headers);
    const update = (id: string, payload: unknown, method: 'PUT' | 'PATCH' = 'PUT', headers: Headers = auth) =>
      call(method, `${MASTERS}/${id}`, payload, headers);
    const remove = (id: string, headers: Headers = auth) => call('DELETE', `${MASTERS}/${id}`, undefined, headers);
    const made = async (payload: Json = {}): Promise<Master> => {
      const res = await create({ name: 'Classic Tee', ...payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const errorsOf = async (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: INVALID });
      return res.json().errors as Record<string, string[]>;
    };
    const build = apiBuilders(t.app, auth);
    /** The summary a master answers of its category or supplier. */
    const summary = ({ id, name }: { id: string; name: string }) => ({ id, name });
    const category = async () => summary(await build.category());
    const supplier = async () => summary(await build.supplier());
    /** A live variant of `masterId`, written as the variants module writes one; `stock` on hand makes it hold inventory. */
    const variant = async (masterId: string, selection: Record<string, string>, stock = 0): Promise<string> => {
      const id = newId();
      const now = new Date().toISOString();
      await t.database.db
        .insertInto('products')
        .values({
          id,
          tenant_id: tenant.tenantId,
          name: `Variant ${id}`,
          slug: `variant-${id}`,
          sku: `VAR-${id}`.toUpperCase(),
          is_variant: true,
          master_product_id: masterId,
          variant_attributes: selection,
          variant_key: JSON.stringify(Object.entries(selection)),
          stock_quantity: stock,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      return id;
    };
    const productRow = (id: string) =>
      t.database.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const masterCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('master_products')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', tenant.tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deletions = (masterId: string) =>
      t.database.db
        .selectFrom('variant_deletions')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('master_product_id', '=', masterId)
        .execute();
    return {
      ...tenant,
      auth,
      call,
      create,
      get,
      list,
      update,
      remove,
      made,
      errorsOf,
      category,
      supplier,
      variant,
      productRow,
      masterCount,
      deletions,
    };
  }
  type Tenant = Awaited<ReturnType<typeof freshTenant>>;

  describe('create', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('creates with every field: 201 with category and supplier objects, money in units, shape 1', async () => {
      const category = await c.category();
      const supplier = await c.supplier();
      const res = await c.create({
        name: '  Classic Tee ',
        slug: 'classic-tee',
        sku: 'TEE',
        description: 'A plain tee.',
        short_description: 'Tee',
        category_id: category.id,
        supplier_id: supplier.id,
        brand: ' Acme ',
        model: 'CT-1',
        base_price: 19.99,
        base_cost_price: 7.5,
        currency: 'EUR',
        base_weight: 0.2,
        base_dimensions: { length: 30, width: 20, height: 1.5, unit: 'in' },
        variant_attributes: shape1(
          [
            ['Color', ['Red', 'Blue']],
            ['Size', ['S', 'M', 'L']],
          ],
          false,
        ),
        images: ['https://cdn.example.com/tee.png', '/media/tee-back.png'],
        tags: ['Summer', 'cotton'],
        status: 'active',
        is_visible: true,
        is_featured: true,
        sort_order: 5,
        requires_shipping: false,
        is_taxable: false,
        tax_class: 'standard',
        meta_title: 'Classic Tee',
        meta_description: 'Buy the classic tee.',
        meta_keywords: 'tee, shirt',
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Master product created successfully' });
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        name: 'Classic Tee',
        slug: 'classic-tee',
        sku: 'TEE',
        description: 'A plain tee.',
        short_description: 'Tee',
        category_id: category.id,
        supplier_id: supplier.id,
        category: { id: category.id, name: category.name },
        supplier: { id: supplier.id, name: supplier.name },
        brand: 'Acme',
        model: 'CT-1',
        base_price: 19.99,
        base_cost_price: 7.5,
        currency: 'EUR',
        base_weight: 0.2,
        base_dimensions: { length: 30, width: 20, height: 1.5, unit: 'in' },
        variant_attributes: shape1(
          [
            ['Color', ['Red', 'Blue']],
            ['Size', ['S', 'M', 'L']],
          ],
          false,
        ),
        images: ['https://cdn.example.com/tee.png', '/media/tee-back.png'],
        tags: ['Summer', 'cotton'],
        status: 'active',
        is_visible: true,
        is_featured: true,
        sort_order: 5,
        requires_shipping: false,
        is_taxable: false,
        tax_class: 'standard',
        meta_title: 'Classic Tee',
        meta_description: 'Buy the classic tee.',
        meta_keywords: 'tee, shirt',
        products_count: 0,
        created_at: '2026-05-01T08:00:00.000Z',
        updated_at: '2026-05-01T08:00:00.000Z',
      });
      const row = await t.database.db
        .selectFrom('master_products')
        .selectAll()
        .where('id', '=', body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.base_price).toBe(1999);
      expect(row.base_cost_price).toBe(750);
      expect((await c.get(body.data.id)).json().data).toEqual(body.data);
    });

    it('defaults: draft, hidden, not featured, sort 0, shipping and taxable, USD, no configuration', async () => {
      const master = await c.made({ name: 'Bare Master' });
      expect(master).toMatchObject({
        slug: 'bare-master',
        sku: null,
        status: 'draft',
        is_visible: false,
        is_featured: false,
        sort_order: 0,
        requires_shipping: true,
        is_taxable: true,
        currency: 'USD',
        base_price: null,
        base_cost_price: null,
        base_weight: null,
        base_dimensions: null,
        variant_attributes: null,
        images: [],
        tags: [],
        category: null,
        supplier: null,
        products_count: 0,
      });
    });

    it('generates unique slugs from the name; a slug sent must be free among live masters', async () => {
      expect((await c.made({ name: 'Hoodie Über' })).slug).toBe('hoodie-uber');
      expect((await c.made({ name: 'hoodie uber' })).slug).toBe('hoodie-uber-2');
      expect((await c.made({ name: '★★' })).slug).toBe('master-product');
      expect(await c.errorsOf(await c.create({ name: 'Other', slug: 'hoodie-uber' }))).toEqual({
        slug: ['The slug has already been taken.'],
      });
      const [a, b] = await Promise.all([c.create({ name: 'Racer Jacket' }), c.create({ name: 'Racer Jacket' })]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect([a.json().data.slug, b.json().data.slug].sort()).toEqual(['racer-jacket', 'racer-jacket-2']);
    });

    it('keeps money in minor units of the currency, rounding half away from zero', async () => {
      const yen = await c.made({ name: 'Yen Tee', currency: 'JPY', base_price: 1500.5, base_cost_price: 0 });
      expect(yen).toMatchObject({ base_price: 1501, base_cost_price: 0, currency: 'JPY' });
      const dinar = await c.made({ name: 'Dinar Tee', currency: 'KWD', base_price: 1.2345 });
      expect(dinar.base_price).toBe(1.235);
      const max = await c.made({ name: 'Max Tee', base_price: 9_999_999.99 });
      expect(max.base_price).toBe(9_999_999.99);
    });

    it('trims tags and drops duplicate tags ignoring case; dimensions default to cm', async () => {
      const master = await c.made({
        name: 'Tagged',
        tags: [' Summer ', 'summer', 'SALE', 'Sale '],
        images: ['a.png'],
        base_dimensions: { length: 2 },
      });
      expect(master.tags).toEqual(['Summer', 'SALE']);
      expect(master.images).toEqual(['a.png']);
      expect(master.base_dimensions).toEqual({ length: 2, width: null, height: null, unit: 'cm' });
    });

    it('accepts shape 2 under variant_configuration or variant_attributes and answers shape 1', async () => {
      const viaConfiguration = await c.made({
        name: 'Shape Two',
        variant_configuration: { attributes: { Color: ['Red', ' Green '], Size: ['S', 42] } },
      });
      expect(viaConfiguration.variant_attributes).toEqual(
        shape1([
          ['Color', ['Red', 'Green']],
          ['Size', ['S', '42']],
        ]),
      );
      const viaAttributes = await c.made({
        name: 'Shape Two B',
        variant_attributes: { attributes: { Material: ['Wool'] }, allowCombinations: false },
      });
      expect(viaAttributes.variant_attributes).toEqual(shape1([['Material', ['Wool']]], false));
      const shapeOne = await c.made({
        name: 'Shape One',
        variant_configuration: shape1([['Fit', ['Slim', 'Regular']]]),
      });
      expect(shapeOne.variant_attributes).toEqual(shape1([['Fit', ['Slim', 'Regular']]]));
      const both = await c.create({
        name: 'Both',
        variant_attributes: shape1([['A', ['1']]]),
        variant_configuration: shape1([['A', ['1']]]),
      });
      expect(await c.errorsOf(both)).toEqual({
        variant_configuration: [
          'Send the configuration under variant_attributes or under variant_configuration, not both.',
        ],
      });
    });

    it('accepts exactly 1000 combinations and refuses 1001 with nothing created', async () => {
      const thousand = await c.made({
        name: 'Thousand',
        variant_attributes: shape1([
          ['A', values('a', 10)],
          ['B', values('b', 10)],
          ['C', values('c', 10)],
        ]),
      });
      expect((thousand.variant_attributes as { attributes: unknown[] }).attributes).toHaveLength(3);
      const before = await c.masterCount();
      const res = await c.create({
        name: 'Too Many',
        variant_configuration: { attributes: { A: values('a', 7), B: values('b', 11), C: values('c', 13) } },
      });
      expect(await c.errorsOf(res)).toEqual({
        variant_configuration: [
          'Too many variants: the configuration gives 1001 combinations; at most 1000 are allowed.',
        ],
      });
      expect(await c.masterCount()).toBe(before);
    });

    it('refuses duplicate attribute names and values, empty lists and malformed configurations, keyed by field', async () => {
      const errors = (config: unknown, key = 'variant_attributes') =>
        c.create({ name: 'Bad Config', [key]: config }).then(c.errorsOf);
      expect(
        await errors(
          shape1([
            ['Color', ['Red']],
            ['color', ['Blue']],
          ]),
        ),
      ).toEqual({
        'variant_attributes.attributes.1.name': ['The attribute color is given more than once.'],
      });
      expect(await errors(shape1([['Color', ['Red', 'red', 'Blue']]]))).toEqual({
        'variant_attributes.attributes.0.values.1': ['The value red of Color is given more than once.'],
      });
      expect(await errors({ attributes: { Size: [] } }, 'variant_configuration')).toEqual({
        'variant_configuration.attributes.Size.values': ['The attribute Size needs at least one value.'],
      });
      expect(await errors({ attributes: [] })).toEqual({
        'variant_attributes.attributes': ['The configuration needs at least one attribute.'],
      });
      expect(await errors({ attributes: [{ values: ['x'] }] })).toEqual({
        'variant_attributes.attributes.0.name': ['Each attribute needs a name of 1 to 100 characters.'],
      });
      expect(await errors(['Red'])).toEqual({
        variant_attributes: ['The variant_attributes field must be an object with an attributes list.'],
      });
      expect(await errors({ attributes: 'Color' })).toHaveProperty(['variant_attributes.attributes']);
      expect(await errors({ attributes: [{ name: 'A', values: ['1'] }], allowCombinations: 'yes' })).toEqual({
        'variant_attributes.allowCombinations': ['The allowCombinations field must be true or false.'],
      });
      expect(await errors({ attributes: Object.fromEntries(values('attr', 21).map((name) => [name, ['x']])) })).toEqual(
        {
          'variant_attributes.attributes': ['The configuration may have at most 20 attributes.'],
        },
      );
      expect(await errors(shape1([['Color', ['Red', '']]]))).toEqual({
        'variant_attributes.attributes.0.values.1': ['Each value needs 1 to 100 characters.'],
      });
    });

    it('validates every field with a 422 keyed by field, never a 500', async () => {
      expect(await c.errorsOf(await c.create({}))).toEqual({ name: ['The name field is required.'] });
      const errors = await c.errorsOf(
        await c.create({
          name: 'x'.repeat(256),
          slug: 'Not A Slug',
          sku: 'has space',
          base_price: 10_000_000,
          base_cost_price: -1,
          currency: 'usd',
          base_weight: -0.1,
          base_dimensions: { length: 1, unit: 'ft' },
          images: ['ok', ''],
          tags: ['a,b'],
          status: 'published',
          is_visible: 'yes',
          sort_order: 1.5,
          category_id: 'nope',
        }),
      );
      expect(Object.keys(errors).sort()).toEqual(
        [
          'base_cost_price',
          'base_dimensions.unit',
          'base_price',
          'base_weight',
          'category_id',
          'currency',
          'images.1',
          'is_visible',
          'name',
          'sku',
          'slug',
          'sort_order',
          'status',
          'tags.0',
        ].sort(),
      );
      expect(await c.errorsOf(await c.create({ name: 'Metal', currency: 'XAU' }))).toEqual({
        currency: ['The currency XAU is not an ISO 4217 currency code.'],
      });
      expect(await c.errorsOf(await c.create({ name: '   ' }))).toEqual({
        name: ['The name field format is invalid.'],
      });
    });

    it('refuses a missing or other tenant category and supplier, both at once', async () => {
      const other = await freshTenant();
      const foreignCategory = await other.category();
      const res = await c.create({ name: 'Linked', category_id: foreignCategory.id, supplier_id: MISSING_ULID });
      expect(await c.errorsOf(res)).toEqual({
        category_id: ['The selected category does not exist.'],
        supplier_id: ['The selected supplier does not exist.'],
      });
    });
  });

  describe('get and include', () => {
    let c: Tenant;
    let master: Master;
    beforeAll(async () => {
      c = await freshTenant();
      const category = await c.category();
      const supplier = await c.supplier();
      master = await c.made({
        name: 'Included',
        category_id: category.id,
        supplier_id: supplier.id,
        variant_attributes: shape1([['Color', ['Red', 'Blue']]]),
      });
    });

    it('answers 404 for unknown, malformed, deleted and other tenants’ ids', async () => {
      expect((await c.get(MISSING_ULID)).json()).toEqual(NOT_FOUND);
      expect((await c.get('not-a-ulid')).statusCode).toBe(404);
      const other = await freshTenant();
      const res = await other.get(master.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await other.update(master.id, { name: 'Stolen' })).statusCode).toBe(404);
      expect((await other.remove(master.id)).statusCode).toBe(404);
      expect((await c.get(master.id)).json().data.name).toBe('Included');
    });

    it('include=category,supplier answers the summaries; an unknown include is a 422', async () => {
      const res = await c.get(master.id, '?include=category,supplier');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.category).toEqual(master.category);
      expect(res.json().data.supplier).toEqual(master.supplier);
      expect(res.json().data).not.toHaveProperty('variants');
      expect(await c.errorsOf(await c.get(master.id, '?include=variants,owner'))).toEqual({
        include: ['The include owner is invalid. Allowed: variants, category, supplier.'],
      });
    });

    it('include=variants adds the live variants; products_count counts them', async () => {
      const red = await c.variant(master.id, { Color: 'Red' });
      const blue = await c.variant(master.id, { Color: 'Blue' });
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', blue)
        .execute();
      const res = await c.get(master.id, '?include=variants,category');
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.products_count).toBe(1);
      expect(data.variants.map((v: { id: string }) => v.id)).toEqual([red]);
      expect((await c.get(master.id)).json().data).not.toHaveProperty('variants');
    });
  });

  describe('list', () => {
    let c: Tenant;
    const ids: Record<string, string> = {};
    let categoryId: string;
    let supplierId: string;
    beforeAll(async () => {
      c = await freshTenant();
      categoryId = (await c.category()).id;
      supplierId = (await c.supplier()).id;
      const seed: Array<[string, Json]> = [
        [
          'alpha',
          {
            name: 'Alpha Jacket',
            brand: 'Acme',
            status: 'active',
            is_visible: true,
            base_price: 50,
            tags: ['Winter', 'Sale'],
            sort_order: 3,
            category_id: categoryId,
          },
        ],
        [
          'bravo',
          {
            name: 'bravo Boot',
            slug: 'hiking-boot',
            brand: 'ACME',
            status: 'draft',
            base_price: 120,
            tags: ['winter'],
            sort_order: 1,
            supplier_id: supplierId,
          },
        ],
        [
          'charlie',
          {
            name: 'Charlie Cap',
            brand: 'Other',
            status: 'inactive',
            is_featured: true,
            base_price: 15.5,
            tags: ['Summer'],
            sort_order: 2,
          },
        ],
        ['delta', { name: 'Delta Dress', status: 'archived', base_price: 80, currency: 'EUR', sort_order: 4 }],
        ['echo', { name: 'Echo Scarf', status: 'active', is_visible: true, sort_order: 0 }],
      ];
      for (const [key, payload] of seed) {
        clock.advance(60_000);
        ids[key] = (await c.made(payload)).id;
      }
      await c.variant(ids.alpha!, { Size: 'M' });
    });
    const names = async (query: string) => {
      const res = await c.list(query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ name: string }>).map((m) => m.name);
    };

    it('pages under meta.pagination, 15 by default, newest first', async () => {
      const res = await c.list();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.meta).toEqual({ pagination: { current_page: 1, per_page: 15, total: 5, last_page: 1 } });
      expect(body).not.toHaveProperty('links');
      expect(body.data.map((m: { name: string }) => m.name)).toEqual([
        'Echo Scarf',
        'Delta Dress',
        'Charlie Cap',
        'bravo Boot',
        'Alpha Jacket',
      ]);
      expect(body.data.find((m: Master) => m.id === ids.alpha).products_count).toBe(1);
      const second = (await c.list('?per_page=2&page=2')).json();
      expect(second.meta.pagination).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
      expect(second.data.map((m: { name: string }) => m.name)).toEqual(['Charlie Cap', 'bravo Boot']);
      expect(await c.errorsOf(await c.list('?per_page=101'))).toHaveProperty(['per_page']);
      expect(await c.errorsOf(await c.list('?page=0'))).toHaveProperty(['page']);
    });

    it('filters by search over name and slug, status (one or a list), category, supplier and brand', async () => {
      expect(await names('?search=JACKET')).toEqual(['Alpha Jacket']);
      expect(await names('?search=hiking')).toEqual(['bravo Boot']);
      expect(await names('?status=active')).toEqual(['Echo Scarf', 'Alpha Jacket']);
      expect(await names('?status=draft,archived')).toEqual(['Delta Dress', 'bravo Boot']);
      expect(await c.errorsOf(await c.list('?status=active,published'))).toEqual({
        status: ['The selected status is invalid: published. Allowed: draft, active, inactive, archived.'],
      });
      expect(await names(`?category_id=${categoryId}`)).toEqual(['Alpha Jacket']);
      expect(await names(`?supplier_id=${supplierId}`)).toEqual(['bravo Boot']);
      expect(await names('?brand=acme')).toEqual(['bravo Boot', 'Alpha Jacket']);
      expect(await c.errorsOf(await c.list('?category_id=nope'))).toHaveProperty(['category_id']);
    });

    it('filters by has_variants, is_visible and is_featured', async () => {
      expect(await names('?has_variants=true')).toEqual(['Alpha Jacket']);
      expect(await names('?has_variants=false')).toEqual(['Echo Scarf', 'Delta Dress', 'Charlie Cap', 'bravo Boot']);
      expect(await names('?is_visible=true')).toEqual(['Echo Scarf', 'Alpha Jacket']);
      expect(await names('?is_featured=true')).toEqual(['Charlie Cap']);
      expect(await names('?is_featured=false&is_visible=false')).toEqual(['Delta Dress', 'bravo Boot']);
    });

    it('filters by base price in the currency given (default USD)', async () => {
      expect(await names('?min_price=50')).toEqual(['bravo Boot', 'Alpha Jacket']);
      expect(await names('?max_price=50')).toEqual(['Charlie Cap', 'Alpha Jacket']);
      expect(await names('?min_price=15.5&max_price=15.5')).toEqual(['Charlie Cap']);
      expect(await names('?min_price=10&currency=EUR')).toEqual(['Delta Dress']);
      expect(await names('?currency=EUR')).toEqual(['Delta Dress']);
      expect(await c.errorsOf(await c.list('?min_price=60&max_price=50'))).toEqual({
        max_price: ['The max price must be at least the min price.'],
      });
      expect(await c.errorsOf(await c.list('?currency=XYZ&min_price=1'))).toEqual({
        currency: ['The currency XYZ is not an ISO 4217 currency code.'],
      });
    });

    it('filters by tags: any listed tag, ignoring case, as a comma list or repeated', async () => {
      expect(await names('?tags=WINTER')).toEqual(['bravo Boot', 'Alpha Jacket']);
      expect(await names('?tags=summer,sale')).toEqual(['Charlie Cap', 'Alpha Jacket']);
      expect(await names('?tags=summer&tags=Sale')).toEqual(['Charlie Cap', 'Alpha Jacket']);
      expect(await names('?tags=none')).toEqual([]);
    });

    it('sorts by name, base_price, status, created_at and sort_order in either direction', async () => {
      expect(await names('?sort_by=name&sort_direction=asc')).toEqual([
        'Alpha Jacket',
        'bravo Boot',
        'Charlie Cap',
        'Delta Dress',
        'Echo Scarf',
      ]);
      expect(await names('?sort_by=created_at&sort_direction=asc')).toEqual([
        'Alpha Jacket',
        'bravo Boot',
        'Charlie Cap',
        'Delta Dress',
        'Echo Scarf',
      ]);
      expect(await names('?sort_by=sort_order&sort_direction=asc')).toEqual([
        'Echo Scarf',
        'bravo Boot',
        'Charlie Cap',
        'Alpha Jacket',
        'Delta Dress',
      ]);
      expect(await names('?sort_by=sort_order')).toEqual([
        'Delta Dress',
        'Alpha Jacket',
        'Charlie Cap',
        'bravo Boot',
        'Echo Scarf',
      ]);
      expect(await names('?sort_by=status&sort_direction=asc')).toEqual([
        'Alpha Jacket',
        'Echo Scarf',
        'Delta Dress',
        'bravo Boot',
        'Charlie Cap',
      ]);
      // Within one currency by amount, unpriced lowest; EUR before USD ascending.
      expect(await names('?sort_by=base_price&sort_direction=asc')).toEqual([
        'Delta Dress',
        'Echo Scarf',
        'Charlie Cap',
        'Alpha Jacket',
        'bravo Boot',
      ]);
      expect(await names('?sort_by=base_price&currency=USD')).toEqual([
        'bravo Boot',
        'Alpha Jacket',
        'Charlie Cap',
        'Echo Scarf',
      ]);
      expect(await c.errorsOf(await c.list('?sort_by=price'))).toHaveProperty(['sort_by']);
    });

    it('leaves out deleted masters and other tenants’ masters', async () => {
      const other = await freshTenant();
      await other.made({ name: 'Foreign Alpha' });
      const gone = await c.made({ name: 'Gone Alpha' });
      expect((await c.remove(gone.id)).statusCode).toBe(200);
      expect(await names('?search=alpha')).toEqual(['Alpha Jacket']);
    });
  });

  describe('update', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('changes only the fields sent, by PUT or PATCH; renaming keeps the slug', async () => {
      const master = await c.made({ name: 'Editable', description: 'Old', base_price: 10, tags: ['a'], brand: 'Acme' });
      clock.advance(1000);
      const res = await c.update(
        master.id,
        { name: 'Edited', description: '  ', base_weight: 1.25, is_visible: true },
        'PATCH',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Master product updated successfully' });
      const data = res.json().data;
      expect(data).toMatchObject({
        name: 'Edited',
        slug: 'editable',
        description: null,
        base_weight: 1.25,
        is_visible: true,
        base_price: 10,
        tags: ['a'],
        brand: 'Acme',
      });
      expect(data.updated_at).not.toBe(master.updated_at);
      const put = await c.update(master.id, {
        slug: 'edited',
        status: 'archived',
        tags: [],
        images: ['x.png'],
        base_dimensions: { width: 3, unit: 'mm' },
      });
      expect(put.json().data).toMatchObject({
        slug: 'edited',
        status: 'archived',
        tags: [],
        images: ['x.png'],
        base_dimensions: { length: null, width: 3, height: null, unit: 'mm' },
      });
      expect((await c.update(master.id, { base_dimensions: null })).json().data.base_dimensions).toBeNull();
    });

    it('keeps base prices in currency units when the currency changes', async () => {
      const master = await c.made({ name: 'Currency Switch', base_price: 12.35, base_cost_price: 4 });
      const yen = (await c.update(master.id, { currency: 'JPY' })).json().data;
      expect(yen).toMatchObject({ currency: 'JPY', base_price: 12, base_cost_price: 4 });
      const both = (await c.update(master.id, { currency: 'EUR', base_price: 9.99 })).json().data;
      expect(both).toMatchObject({ currency: 'EUR', base_price: 9.99, base_cost_price: 4 });
    });

    it('refuses a taken slug, bad links and bad values with 422, changing nothing', async () => {
      await c.made({ name: 'Slug Owner', slug: 'owned' });
      const master = await c.made({ name: 'Slug Wanter' });
      const res = await c.update(master.id, {
        slug: 'owned',
        supplier_id: MISSING_ULID,
        currency: 'ZZZ',
        name: 'Changed',
      });
      expect(await c.errorsOf(res)).toEqual({
        slug: ['The slug has already been taken.'],
        supplier_id: ['The selected supplier does not exist.'],
        currency: ['The currency ZZZ is not an ISO 4217 currency code.'],
      });
      expect((await c.get(master.id)).json().data.name).toBe('Slug Wanter');
    });

    it('changes the configuration freely while the master has no live variants', async () => {
      const master = await c.made({ name: 'No Variants Yet', variant_attributes: shape1([['Color', ['Red']]]) });
      const res = await c.update(master.id, {
        variant_configuration: { attributes: { Color: ['Red', 'Blue'], Size: ['M'] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.variant_attributes).toEqual(
        shape1([
          ['Color', ['Red', 'Blue']],
          ['Size', ['M']],
        ]),
      );
      expect((await c.update(master.id, { variant_attributes: null })).json().data.variant_attributes).toBeNull();
      const tooMany = await c.update(master.id, { variant_attributes: { attributes: { A: values('a', 1001) } } });
      expect(await c.errorsOf(tooMany)).toEqual({
        variant_attributes: ['Too many variants: the configuration gives 1001 combinations; at most 1000 are allowed.'],
      });
    });

    it('needs regenerate_variants to change the configuration while variants exist; the same configuration passes', async () => {
      const config = shape1([['Color', ['Red', 'Blue']]]);
      const master = await c.made({ name: 'Has Variants', variant_attributes: config });
      const red = await c.variant(master.id, { Color: 'Red' });
      const same = await c.update(master.id, {
        variant_configuration: { attributes: { Color: ['Red', 'Blue'] } },
        name: 'Has Variants 2',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data).toMatchObject({ name: 'Has Variants 2', products_count: 1 });
      const changed = shape1([['Color', ['Red', 'Blue', 'Green']]]);
      expect(await c.errorsOf(await c.update(master.id, { variant_attributes: changed, name: 'Nope' }))).toEqual({
        variant_attributes: [
          'The variant configuration cannot change while the master product has 1 variant: send regenerate_variants: true to delete them first (refused while any holds inventory).',
        ],
      });
      expect(
        await c.errorsOf(await c.update(master.id, { variant_configuration: changed, regenerate_variants: false })),
      ).toHaveProperty(['variant_configuration']);
      const after = (await c.get(master.id)).json().data;
      expect(after).toMatchObject({ name: 'Has Variants 2', variant_attributes: config, products_count: 1 });
      expect((await c.productRow(red)).deleted_at).toBeNull();
    });

    it('regenerate_variants deletes the live variants first, recorded for audit, in the same transaction', async () => {
      const master = await c.made({ name: 'Regenerate Me', variant_attributes: shape1([['Size', ['S', 'M']]]) });
      const small = await c.variant(master.id, { Size: 'S' });
      const medium = await c.variant(master.id, { Size: 'M' });
      const res = await c.update(master.id, {
        variant_attributes: shape1([['Size', ['S', 'M', 'L']]]),
        regenerate_variants: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        products_count: 0,
        variant_attributes: shape1([['Size', ['S', 'M', 'L']]]),
      });
      expect((await c.productRow(small)).deleted_at).not.toBeNull();
      expect((await c.productRow(medium)).deleted_at).not.toBeNull();
      const audit = await c.deletions(master.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ reason: 'Variant configuration changed', deleted_count: 2 });
      expect([...(audit[0]!.variant_ids as string[])].sort()).toEqual([small, medium].sort());
      expect((await c.get(master.id)).json().data.products_count).toBe(0);
    });

    it('a new base price or weight shows at once in variants that do not override it', async () => {
      const master = await c.made({
        name: 'Inherited',
        base_price: 10,
        base_cost_price: 4,
        base_weight: 1,
        variant_attributes: shape1([['Size', ['S', 'M']]]),
      });
      const plain = await c.variant(master.id, { Size: 'S' });
      const own = await c.variant(master.id, { Size: 'M' });
      await t.database.db.updateTable('products').set({ selling_price: 1500 }).where('id', '=', own).execute();
      const effective = async () => {
        const variants = (await c.get(master.id, '?include=variants')).json().data.variants as Array<{
          id: string;
          effective_values: Json;
        }>;
        return Object.fromEntries(variants.map((v) => [v.id, v.effective_values]));
      };
      expect((await effective())[plain]).toMatchObject({ price: 10, cost_price: 4, weight: 1, currency: 'USD' });
      expect((await c.update(master.id, { base_price: 12.5, base_weight: 2 }, 'PATCH')).statusCode).toBe(200);
      const after = await effective();
      expect(after[plain]).toMatchObject({ price: 12.5, cost_price: 4, weight: 2 });
      expect(after[own]).toMatchObject({ price: 15, cost_price: 4, weight: 2 });
      expect((await c.productRow(plain)).selling_price).toBeNull();
    });

    it('a new category or supplier reaches the variants; a new currency keeps their own prices in currency units', async () => {
      const master = await c.made({ name: 'Relinked', base_price: 20, variant_attributes: shape1([['Size', ['S']]]) });
      const small = await c.variant(master.id, { Size: 'S' });
      await t.database.db.updateTable('products').set({ selling_price: 1235 }).where('id', '=', small).execute();
      const category = await c.category();
      const supplier = await c.supplier();
      const res = await c.update(master.id, { category_id: category.id, supplier_id: supplier.id, currency: 'JPY' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ category, supplier, currency: 'JPY', base_price: 20 });
      expect(await c.productRow(small)).toMatchObject({
        category_id: category.id,
        supplier_id: supplier.id,
        selling_price: 12,
      });
    });

    it('regenerate_variants is refused while any variant holds inventory: nothing changes', async () => {
      const config = shape1([['Size', ['S', 'M']]]);
      const master = await c.made({ name: 'Stocked Variants', variant_attributes: config });
      const empty = await c.variant(master.id, { Size: 'S' });
      const stocked = await c.variant(master.id, { Size: 'M' }, 3);
      const res = await c.update(master.id, {
        variant_attributes: shape1([['Size', ['L']]]),
        regenerate_variants: true,
        name: 'Renamed',
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/inventory|stock/i) });
      expect((await c.get(master.id)).json().data).toMatchObject({
        name: 'Stocked Variants',
        variant_attributes: config,
        products_count: 2,
      });
      expect((await c.productRow(empty)).deleted_at).toBeNull();
      expect((await c.productRow(stocked)).deleted_at).toBeNull();
      expect(await c.deletions(master.id)).toHaveLength(0);
    });
  });

  describe('delete', () => {
    let c: Tenant;
    beforeAll(async () => {
      c = await freshTenant();
    });

    it('soft-deletes: 200 data null, then 404; the slug is free again', async () => {
      const master = await c.made({ name: 'Disposable' });
      const res = await c.remove(master.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Master product deleted successfully', data: null });
      expect((await c.get(master.id)).json()).toEqual(NOT_FOUND);
      expect((await c.remove(master.id)).statusCode).toBe(404);
      const row = await t.database.db
        .selectFrom('master_products')
        .selectAll()
        .where('id', '=', master.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toMatch(TIMESTAMP);
      expect((await c.made({ name: 'Disposable' })).slug).toBe('disposable');
    });

    it('also soft-deletes the live variants, recorded with the reason', async () => {
      const master = await c.made({ name: 'With Variants', variant_attributes: shape1([['Color', ['Red', 'Blue']]]) });
      const red = await c.variant(master.id, { Color: 'Red' });
      const blue = await c.variant(master.id, { Color: 'Blue' });
      expect((await c.remove(master.id)).statusCode).toBe(200);
      expect((await c.productRow(red)).deleted_at).not.toBeNull();
      expect((await c.productRow(blue)).deleted_at).not.toBeNull();
      expect(await c.deletions(master.id)).toMatchObject([{ reason: 'Master product deleted', deleted_count: 2 }]);
    });

    it('is refused with 422 while any variant holds inventory: nothing is deleted', async () => {
      const master = await c.made({ name: 'Stocked', variant_attributes: shape1([['Color', ['Red', 'Blue']]]) });
      const red = await c.variant(master.id, { Color: 'Red' }, 5);
      const blue = await c.variant(master.id, { Color: 'Blue' });
      const res = await c.remove(master.id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('inventory') });
      expect((await c.get(master.id)).json().data.products_count).toBe(2);
      expect((await c.productRow(red)).deleted_at).toBeNull();
      expect((await c.productRow(blue)).deleted_at).toBeNull();
    });
  });

  describe('access', () => {
    let c: Tenant;
    let master: Master;
    beforeAll(async () => {
      c = await freshTenant();
      master = await c.made({ name: 'Guarded' });
    });

    it('refuses a signed-in session with 401 on every endpoint: bearer tokens only', async () => {
      const client = await signedInClient(t.app, c.adminEmail);
      expect((await client.me()).statusCode).toBe(200);
      const cases: Array<[Method, string, object | undefined]> = [
        ['GET', MASTERS, undefined],
        ['POST', MASTERS, { name: 'Session Made' }],
        ['GET', `${MASTERS}/${master.id}`, undefined],
        ['PUT', `${MASTERS}/${master.id}`, { name: 'Session Edit' }],
        ['PATCH', `${MASTERS}/${master.id}`, { name: 'Session Edit' }],
        ['DELETE', `${MASTERS}/${master.id}`, undefined],
      ];
      for (const [method, url, payload] of cases) {
        const res = await client.request({ method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
      }
      expect((await t.app.inject({ url: MASTERS })).statusCode).toBe(401);
      expect((await c.get(master.id)).json().data.name).toBe('Guarded');
    });

    // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
    // here, that a refused write changes nothing and that each ability opens its endpoints.
    it('answers 403 naming the missing ability; each ability opens its endpoints', async () => {
      const token = (abilities: string[]) => makeToken(t.services, c.tenantId, c.adminId, { abilities }).then(bearer);
      const viewer = await token(['operations:view-products']);
      const cases: Array<[Method, string, object | undefined, string, Headers]> = [
        ['PUT', `${MASTERS}/${master.id}`, { name: 'Nope' }, 'operations:edit-products', viewer],
        ['PATCH', `${MASTERS}/${master.id}`, { name: 'Nope' }, 'operations:edit-products', viewer],
        ['DELETE', `${MASTERS}/${master.id}`, undefined, 'operations:delete-products', viewer],
      ];
      for (const [method, url, payload, ability, headers] of cases) {
        const res = await c.call(method, url, payload, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          code: 'forbidden',
          message: `This action requires the ability ${ability}.`,
        });
      }
      expect((await c.list('', viewer)).statusCode).toBe(200);
      expect((await c.get(master.id, '', viewer)).json().data.name).toBe('Guarded');
      const writer = await token([
        'operations:create-products',
        'operations:edit-products',
        'operations:delete-products',
      ]);
      const created = await c.create({ name: 'Writer Made' }, writer);
      expect(created.statusCode).toBe(201);
      expect((await c.update(created.json().data.id, { name: 'Writer Edit' }, 'PATCH', writer)).statusCode).toBe(200);
      expect((await c.remove(created.json().data.id, writer)).statusCode).toBe(200);
    });
  });

  it('documents the master product paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(Object.keys(paths[`/api/v1/operations/master-products`]!)).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths[`/api/v1/operations/master-products/{id}`]!)).toEqual(
      expect.arrayContaining(['get', 'put', 'patch', 'delete']),
    );
    expect(paths['/api/v1/operations/master-products']!.get!.tags).toEqual(['Master products']);
  });
});
