// The product list: every filter and sort, combinations, pages, attribute filters and their 422s, category
// subtrees, stock and price filters; deleted products and other tenants' products never show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { bearer, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const PRODUCTS = `${API}/products`;

interface Listed {
  id: string;
  name: string;
}

describe('product list', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-02-01T08:00:00.000Z'));
  let auth: { authorization: string };
  const id: Record<string, string> = {};

  async function post(path: string, payload: object, headers = auth) {
    clock.advance(1000);
    const res = await t.app.inject({ method: 'POST', url: `${API}${path}`, headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as { id: string };
  }
  const list = (query = '') => t.app.inject({ url: `${PRODUCTS}${query}`, headers: auth });
  async function names(query = '') {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Listed[]).map((p) => p.name);
  }
  async function errors(query: string) {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    auth = t.auth;

    id.root = (await post('/product-categories', { name: 'Kitchen' })).id;
    id.child = (await post('/product-categories', { name: 'Cookware', parent_id: id.root })).id;
    id.grandchild = (await post('/product-categories', { name: 'Kettles', parent_id: id.child })).id;
    id.otherRoot = (await post('/product-categories', { name: 'Garden' })).id;
    id.brandA = (await post('/brands', { name: 'Acme' })).id;
    id.brandB = (await post('/brands', { name: 'Bolt' })).id;
    id.supplier = (await post('/suppliers', { name: 'Parts Ltd', code: 'PARTS', email: 'parts@example.test' })).id;
    id.tag1 = (await post('/tags', { name: 'Sale', slug: 'sale' })).id;
    id.tag2 = (await post('/tags', { name: 'New', slug: 'new' })).id;
    id.tag3 = (await post('/tags', { name: 'Gift', slug: 'gift' })).id;
    const attribute = (body: object) => post('/attributes', { is_filterable: true, ...body });
    await attribute({
      code: 'color',
      name: 'Color',
      label: 'Color',
      type: 'select',
      options: ['red', 'blue', 'green'],
    });
    await attribute({
      code: 'material',
      name: 'Material',
      label: 'Material',
      type: 'multiselect',
      options: ['steel', 'glass', 'wood'],
    });
    await attribute({ code: 'waterproof', name: 'Waterproof', label: 'Waterproof', type: 'boolean' });
    await attribute({ code: 'weight_g', name: 'Weight', label: 'Weight', type: 'number', unit: 'g' });
    await attribute({
      code: 'internal_code',
      name: 'Internal code',
      label: 'Internal code',
      type: 'text',
      is_filterable: false,
    });

    // Created one second apart, in this order (the default sort is newest first).
    id.kettle = (
      await post('/products', {
        name: 'Alpha Kettle',
        sku: 'KET-001',
        selling_price: 19.99,
        category_id: id.grandchild,
        brand_id: id.brandA,
        supplier_id: id.supplier,
        tags: [id.tag1],
        attributes: { color: 'red', material: ['steel', 'glass'], waterproof: true, weight_g: 1200 },
        stock_quantity: 10,
        reorder_point: 5,
        is_featured: true,
      })
    ).id;
    id.mug = (
      await post('/products', {
        name: 'beta Mug',
        sku: 'mug-002',
        selling_price: 5.5,
        category_id: id.child,
        brand_id: id.brandB,
        tags: [id.tag2],
        attributes: { color: 'blue', material: ['glass'], waterproof: false, internal_code: 'X1' },
        stock_quantity: 3,
        reorder_point: 5,
      })
    ).id;
    id.drill = (
      await post('/products', {
        name: 'Gamma Drill',
        sku: 'DRL-003',
        selling_price: 120,
        currency: 'EUR',
        category_id: id.otherRoot,
        tags: [id.tag1, id.tag3],
        attributes: { color: 'red' },
      })
    ).id;
    id.ebook = (
      await post('/products', {
        name: 'Delta Ebook',
        sku: 'EBK-004',
        type: 'digital',
        selling_price: 1000,
        currency: 'JPY',
        description: 'The kettle manual, illustrated.',
      })
    ).id;
    id.lamp = (await post('/products', { name: 'Epsilon Lamp', sku: 'LMP-005', category_id: id.root })).id;
    id.variant = (
      await post('/products', { name: 'Epsilon Lamp Blue', sku: 'LMP-005-B', selling_price: 30, stock_quantity: 2 })
    ).id;
    id.deleted = (
      await post('/products', {
        name: 'Alpha Kettle Old',
        sku: 'KET-000',
        selling_price: 15,
        category_id: id.grandchild,
        brand_id: id.brandA,
        attributes: { color: 'red' },
      })
    ).id;

    await post(`/products/${id.kettle}/activate`, {});
    await post(`/products/${id.drill}/activate`, {});
    await post(`/products/${id.drill}/discontinue`, { reason: 'Replaced' });
    await post(`/products/${id.lamp}/activate`, {});
    await post(`/products/${id.lamp}/deactivate`, { reason: 'Seasonal' });
    const removed = await t.app.inject({ method: 'DELETE', url: `${PRODUCTS}/${id.deleted}`, headers: auth });
    expect(removed.statusCode).toBe(200);
    // No endpoint makes variants or reservations yet: the list only reads these columns.
    await t.database.db
      .updateTable('products')
      .set({ is_variant: true, master_product_id: id.lamp })
      .where('id', '=', id.variant!)
      .execute();

    // Another tenant with look-alike data: none of it may show.
    const other = await makeTenant(t.services);
    const otherAuth = bearer(await makeToken(t.services, other.tenantId, other.adminId));
    id.otherCategory = (await post('/product-categories', { name: 'Kitchen' }, otherAuth)).id;
    await post(
      '/attributes',
      { code: 'color', name: 'Color', label: 'Color', type: 'select', options: ['red'], is_filterable: true },
      otherAuth,
    );
    await post(
      '/products',
      {
        name: 'Alpha Kettle Elsewhere',
        sku: 'KET-001',
        selling_price: 19.99,
        category_id: id.otherCategory,
        attributes: { color: 'red' },
        is_featured: true,
      },
      otherAuth,
    );
  });
  afterAll(() => t.close());

  const ALL_NEWEST_FIRST = [
    'Epsilon Lamp Blue',
    'Epsilon Lamp',
    'Delta Ebook',
    'Gamma Drill',
    'beta Mug',
    'Alpha Kettle',
  ];

  describe('defaults and pages', () => {
    it('lists live products of the tenant, newest first, 15 per page, with meta and links', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((p: Listed) => p.name)).toEqual(ALL_NEWEST_FIRST);
      expect(body.meta).toEqual({ current_page: 1, per_page: 15, total: 6, last_page: 1 });
      expect(body.links).toMatchObject({ prev: null, next: null });
      expect(body.links.first).toMatch(/\/api\/v1\/operations\/products\?page=1$/);
      expect(body.data[5]).toMatchObject({
        id: id.kettle,
        sku: 'KET-001',
        selling_price: 19.99,
        currency: 'USD',
        status: 'active',
      });
    });

    it('pages keep the filters in their links and count the total on every page', async () => {
      const page1 = (await list('?per_page=2&status=active,draft')).json();
      expect(page1.data.map((p: Listed) => p.name)).toEqual(['Epsilon Lamp Blue', 'Delta Ebook']);
      expect(page1.meta).toEqual({ current_page: 1, per_page: 2, total: 4, last_page: 2 });
      expect(page1.links.next).toContain('page=2');
      expect(decodeURIComponent(page1.links.next)).toContain('status=active,draft');
      expect(page1.links.prev).toBeNull();

      const page2 = (await list('?per_page=2&page=2&status=active,draft')).json();
      expect(page2.data.map((p: Listed) => p.name)).toEqual(['beta Mug', 'Alpha Kettle']);
      expect(page2.meta).toEqual({ current_page: 2, per_page: 2, total: 4, last_page: 2 });
      expect(page2.links.next).toBeNull();
      expect(page2.links.prev).toContain('page=1');

      const partial = (await list('?per_page=4&page=2')).json();
      expect(partial.data.map((p: Listed) => p.name)).toEqual(['beta Mug', 'Alpha Kettle']);
      expect(partial.meta.total).toBe(6);

      const beyond = (await list('?per_page=4&page=9')).json();
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toEqual({ current_page: 9, per_page: 4, total: 6, last_page: 2 });
    });

    it('refuses page and per_page out of bounds with 422', async () => {
      expect(Object.keys(await errors('?per_page=0'))).toEqual(['per_page']);
      expect(Object.keys(await errors('?per_page=101'))).toEqual(['per_page']);
      expect(Object.keys(await errors('?page=0'))).toEqual(['page']);
      expect((await list('?per_page=100')).json().meta.per_page).toBe(100);
    });

    it('never lists deleted products, nor products of another tenant', async () => {
      const listed = await names('?per_page=100');
      expect(listed).not.toContain('Alpha Kettle Old');
      expect(listed).not.toContain('Alpha Kettle Elsewhere');
      expect(await names('?search=alpha')).toEqual(['Alpha Kettle']);
      expect(await names(`?brand_id=${id.brandA}`)).toEqual(['Alpha Kettle']);
      expect(await names(`?category_id=${id.otherCategory}&include_descendants=true`)).toEqual([]);
      expect(await names('?is_featured=true')).toEqual(['Alpha Kettle']);
    });

    it('refuses unknown query parameters, naming them, instead of listing everything', async () => {
      const res = await list('?colour=red&foo=1');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'The given data was invalid.',
        errors: { colour: ['Unknown parameter.'], foo: ['Unknown parameter.'] },
      });
    });
  });

  describe('filters', () => {
    it('search: name, SKU or description, case-insensitive substring', async () => {
      expect(await names('?search=KETTLE')).toEqual(['Delta Ebook', 'Alpha Kettle']);
      expect(await names('?search=MUG-0')).toEqual(['beta Mug']);
      expect(await names('?search=illustrated')).toEqual(['Delta Ebook']);
      expect(await names('?search=%20%20')).toEqual(ALL_NEWEST_FIRST);
      expect(await names('?search=nothing-like-this')).toEqual([]);
    });

    it('status: one, or a comma list; unknown statuses are 422', async () => {
      expect(await names('?status=active')).toEqual(['Alpha Kettle']);
      expect(await names('?status=inactive,discontinued')).toEqual(['Epsilon Lamp', 'Gamma Drill']);
      expect(await names('?status=%20draft%20,')).toEqual(['Epsilon Lamp Blue', 'Delta Ebook', 'beta Mug']);
      expect((await errors('?status=active,gone')).status![0]).toContain('gone');
    });

    it('type, is_featured, is_variant and master_product_id', async () => {
      expect(await names('?type=digital')).toEqual(['Delta Ebook']);
      expect(Object.keys(await errors('?type=spaceship'))).toEqual(['type']);
      expect(await names('?is_featured=true')).toEqual(['Alpha Kettle']);
      expect(await names('?is_featured=false')).toEqual(ALL_NEWEST_FIRST.filter((n) => n !== 'Alpha Kettle'));
      expect(await names('?is_variant=true')).toEqual(['Epsilon Lamp Blue']);
      expect(await names('?is_variant=false')).toEqual(ALL_NEWEST_FIRST.slice(1));
      expect(await names(`?master_product_id=${id.lamp}`)).toEqual(['Epsilon Lamp Blue']);
      expect(Object.keys(await errors('?master_product_id=nope'))).toEqual(['master_product_id']);
    });

    it('category_id alone, and with include_descendants for the whole subtree', async () => {
      expect(await names(`?category_id=${id.root}`)).toEqual(['Epsilon Lamp']);
      expect(await names(`?category_id=${id.root}&include_descendants=false`)).toEqual(['Epsilon Lamp']);
      expect(await names(`?category_id=${id.root}&include_descendants=true`)).toEqual([
        'Epsilon Lamp',
        'beta Mug',
        'Alpha Kettle',
      ]);
      expect(await names(`?category_id=${id.child}&include_descendants=true`)).toEqual(['beta Mug', 'Alpha Kettle']);
      expect(await names(`?category_id=${id.grandchild}&include_descendants=true`)).toEqual(['Alpha Kettle']);
      const unknown = (await list('?category_id=01aaaaaaaaaaaaaaaaaaaaaaaa&include_descendants=true')).json();
      expect(unknown.data).toEqual([]);
      expect(unknown.meta.total).toBe(0);
      expect(Object.keys(await errors('?category_id=not-an-id'))).toEqual(['category_id']);
      expect(Object.keys(await errors(`?category_id=${id.root}&include_descendants=perhaps`))).toEqual([
        'include_descendants',
      ]);
    });

    it('brand_id and supplier_id', async () => {
      expect(await names(`?brand_id=${id.brandB}`)).toEqual(['beta Mug']);
      expect(await names(`?supplier_id=${id.supplier}`)).toEqual(['Alpha Kettle']);
      expect(Object.keys(await errors('?brand_id=ABC'))).toEqual(['brand_id']);
    });

    it('tag_id and tags (comma list): any listed tag matches', async () => {
      expect(await names(`?tag_id=${id.tag1}`)).toEqual(['Gamma Drill', 'Alpha Kettle']);
      expect(await names(`?tags=${id.tag2},${id.tag3}`)).toEqual(['Gamma Drill', 'beta Mug']);
      expect(await names(`?tag_id=${id.tag2}&tags=${id.tag3}`)).toEqual(['Gamma Drill', 'beta Mug']);
      expect(await names(`?tags=${id.tag1},${id.tag3}`)).toEqual(['Gamma Drill', 'Alpha Kettle']);
      expect((await errors(`?tags=${id.tag1},bogus`)).tags![0]).toContain('bogus');
    });

    it('price range in the currency given (default USD), converted with its exponent', async () => {
      expect(await names('?min_price=10')).toEqual(['Epsilon Lamp Blue', 'Alpha Kettle']);
      expect(await names('?min_price=5.5&max_price=19.99')).toEqual(['beta Mug', 'Alpha Kettle']);
      expect(await names('?max_price=5.5')).toEqual(['beta Mug']);
      // 19.995 rounds half away from zero to 20.00: above the kettle's 19.99.
      expect(await names('?min_price=19.995&max_price=25')).toEqual([]);
      expect(await names('?currency=EUR&min_price=100')).toEqual(['Gamma Drill']);
      expect(await names('?currency=JPY&min_price=1000&max_price=1000')).toEqual(['Delta Ebook']);
      expect(await names('?currency=EUR')).toEqual(['Gamma Drill']);
      expect(await names('?currency=GBP')).toEqual([]);
    });

    it('refuses bad price filters with 422', async () => {
      expect(await errors('?min_price=20&max_price=10')).toEqual({
        max_price: ['The max price must be at least the min price.'],
      });
      expect(Object.keys(await errors('?currency=XXX&min_price=1'))).toEqual(['currency']);
      expect(Object.keys(await errors('?currency=usd'))).toEqual(['currency']);
      expect(Object.keys(await errors('?min_price=-1'))).toEqual(['min_price']);
      expect(Object.keys(await errors('?max_price=cheap'))).toEqual(['max_price']);
    });

    it('stock: track_inventory, in_stock and low_stock (available = stock - reserved)', async () => {
      expect(await names('?track_inventory=false')).toEqual(['Delta Ebook']);
      expect(await names('?in_stock=true')).toEqual(['Epsilon Lamp Blue', 'Delta Ebook', 'beta Mug', 'Alpha Kettle']);
      expect(await names('?in_stock=false')).toEqual(['Epsilon Lamp', 'Gamma Drill']);
      expect(await names('?low_stock=true')).toEqual(['beta Mug']);
      expect(await names('?low_stock=false')).toEqual(ALL_NEWEST_FIRST.filter((n) => n !== 'beta Mug'));

      // Reserving 6 of the kettle's 10 leaves 4 available, at or below its reorder point of 5.
      await t.database.db.updateTable('products').set({ reserved_quantity: 6 }).where('id', '=', id.kettle!).execute();
      try {
        expect(await names('?low_stock=true')).toEqual(['beta Mug', 'Alpha Kettle']);
        const kettle = (await list('?low_stock=true')).json().data[1];
        expect(kettle).toMatchObject({ available_quantity: 4, is_low_stock: true });
      } finally {
        await t.database.db
          .updateTable('products')
          .set({ reserved_quantity: 0 })
          .where('id', '=', id.kettle!)
          .execute();
      }
    });

    it('combines filters: all must match', async () => {
      expect(
        await names(
          `?status=active,draft&category_id=${id.root}&include_descendants=true&attributes[color]=red&min_price=10&in_stock=true`,
        ),
      ).toEqual(['Alpha Kettle']);
      expect(
        await names(`?status=draft&category_id=${id.root}&include_descendants=true&low_stock=true&tag_id=${id.tag2}`),
      ).toEqual(['beta Mug']);
      expect(await names(`?status=draft&brand_id=${id.brandA}`)).toEqual([]);
      expect(await names('?search=epsilon&is_variant=false&status=inactive')).toEqual(['Epsilon Lamp']);
    });
  });

  describe('attribute filters', () => {
    it('match the stored form of a value of the attribute', async () => {
      expect(await names('?attributes[color]=red')).toEqual(['Gamma Drill', 'Alpha Kettle']);
      expect(await names('?attributes%5Bcolor%5D=blue')).toEqual(['beta Mug']);
      expect(await names('?attributes[color]=%20green%20')).toEqual([]);
      expect(await names('?attributes[waterproof]=true')).toEqual(['Alpha Kettle']);
      expect(await names('?attributes[waterproof]=0')).toEqual(['beta Mug']);
      expect(await names('?attributes[weight_g]=1200.0')).toEqual(['Alpha Kettle']);
    });

    it('multiselect: the selection contains the value', async () => {
      expect(await names('?attributes[material]=glass')).toEqual(['beta Mug', 'Alpha Kettle']);
      expect(await names('?attributes[material]=steel')).toEqual(['Alpha Kettle']);
      expect(await names('?attributes[material]=wood')).toEqual([]);
    });

    it('several attributes must all match, and combine with other filters', async () => {
      expect(await names('?attributes[color]=red&attributes[material]=steel')).toEqual(['Alpha Kettle']);
      expect(await names('?attributes[color]=blue&attributes[material]=steel')).toEqual([]);
      expect(await names(`?attributes[color]=red&currency=EUR`)).toEqual(['Gamma Drill']);
    });

    it('refuse unknown, non-filterable and impossible values with 422 keyed attributes.<code>', async () => {
      expect(await errors('?attributes[flavour]=sweet')).toEqual({
        'attributes.flavour': ['The attribute flavour does not exist.'],
      });
      expect(await errors('?attributes[internal_code]=X1')).toEqual({
        'attributes.internal_code': ['The Internal code attribute is not filterable.'],
      });
      expect(Object.keys(await errors('?attributes[color]=magenta'))).toEqual(['attributes.color']);
      expect(Object.keys(await errors('?attributes[material]=Glass'))).toEqual(['attributes.material']);
      expect(Object.keys(await errors('?attributes[waterproof]=maybe'))).toEqual(['attributes.waterproof']);
      expect(Object.keys(await errors('?attributes[weight_g]=heavy'))).toEqual(['attributes.weight_g']);
      expect(await errors('?attributes[color]=red&attributes[color]=blue')).toEqual({
        'attributes.color': ['The Color filter takes one value.'],
      });
      const several = await errors('?attributes[flavour]=x&attributes[color]=magenta&status=gone');
      expect(Object.keys(several).sort()).toEqual(['attributes.color', 'attributes.flavour', 'status']);
    });
  });

  describe('sorts', () => {
    it('sort_direction asc reverses the default order', async () => {
      expect(await names('?sort_direction=asc')).toEqual([...ALL_NEWEST_FIRST].reverse());
      expect(await names('?sort_by=created_at&sort_direction=desc')).toEqual(ALL_NEWEST_FIRST);
    });

    it('name and sku, case-insensitively', async () => {
      expect(await names('?sort_by=name&sort_direction=asc')).toEqual([
        'Alpha Kettle',
        'beta Mug',
        'Delta Ebook',
        'Epsilon Lamp',
        'Epsilon Lamp Blue',
        'Gamma Drill',
      ]);
      expect(await names('?sort_by=name')).toEqual([
        'Gamma Drill',
        'Epsilon Lamp Blue',
        'Epsilon Lamp',
        'Delta Ebook',
        'beta Mug',
        'Alpha Kettle',
      ]);
      expect(await names('?sort_by=sku&sort_direction=asc')).toEqual([
        'Gamma Drill',
        'Delta Ebook',
        'Alpha Kettle',
        'Epsilon Lamp',
        'Epsilon Lamp Blue',
        'beta Mug',
      ]);
    });

    it('selling_price within each currency, unpriced products lowest', async () => {
      expect(await names('?sort_by=selling_price&sort_direction=asc')).toEqual([
        'Gamma Drill',
        'Delta Ebook',
        'Epsilon Lamp',
        'beta Mug',
        'Alpha Kettle',
        'Epsilon Lamp Blue',
      ]);
      expect(await names('?sort_by=selling_price')).toEqual([
        'Epsilon Lamp Blue',
        'Alpha Kettle',
        'beta Mug',
        'Epsilon Lamp',
        'Delta Ebook',
        'Gamma Drill',
      ]);
      expect(await names('?sort_by=selling_price&sort_direction=asc&currency=USD')).toEqual([
        'Epsilon Lamp',
        'beta Mug',
        'Alpha Kettle',
        'Epsilon Lamp Blue',
      ]);
    });

    it('stock_quantity, ties broken by id in the same direction', async () => {
      // Stock: kettle 10, mug 3, variant 2, the rest 0 (created in the order drill, ebook, lamp).
      expect(await names('?sort_by=stock_quantity')).toEqual([
        'Alpha Kettle',
        'beta Mug',
        'Epsilon Lamp Blue',
        'Epsilon Lamp',
        'Delta Ebook',
        'Gamma Drill',
      ]);
      expect(await names('?sort_by=stock_quantity&sort_direction=asc')).toEqual([
        'Gamma Drill',
        'Delta Ebook',
        'Epsilon Lamp',
        'Epsilon Lamp Blue',
        'beta Mug',
        'Alpha Kettle',
      ]);
    });

    it('updated_at: the last changed first', async () => {
      clock.advance(60_000);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${PRODUCTS}/${id.mug}`,
        headers: auth,
        payload: { short_description: 'Now in stoneware' },
      });
      expect(res.statusCode).toBe(200);
      const listed = await names('?sort_by=updated_at');
      expect(listed[0]).toBe('beta Mug');
      expect(listed.slice(1, 3)).toEqual(['Epsilon Lamp', 'Gamma Drill']);
      expect(await names('?sort_by=updated_at&sort_direction=asc')).toEqual([...listed].reverse());
    });

    it('status, then creation time within a status', async () => {
      expect(await names('?sort_by=status&sort_direction=asc')).toEqual([
        'Alpha Kettle',
        'Gamma Drill',
        'beta Mug',
        'Delta Ebook',
        'Epsilon Lamp Blue',
        'Epsilon Lamp',
      ]);
      expect(await names('?sort_by=status')).toEqual([
        'Epsilon Lamp',
        'Epsilon Lamp Blue',
        'Delta Ebook',
        'beta Mug',
        'Gamma Drill',
        'Alpha Kettle',
      ]);
    });

    it('breaks ties on id, so pages never repeat or skip a product', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = (await list(`?sort_by=stock_quantity&per_page=2&page=${page}`)).json();
        seen.push(...body.data.map((p: Listed) => p.id));
      }
      expect(new Set(seen).size).toBe(6);
      expect(seen).toEqual((await list('?sort_by=stock_quantity')).json().data.map((p: Listed) => p.id));
    });

    it('refuses unknown sorts with 422', async () => {
      expect(Object.keys(await errors('?sort_by=price'))).toEqual(['sort_by']);
      expect(Object.keys(await errors('?sort_direction=up'))).toEqual(['sort_direction']);
    });
  });

  it('documents the filters in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const operation = doc.paths['/api/v1/operations/products'].get;
    const parameters = Object.fromEntries(
      operation.parameters.map((p: { name: string; description?: string }) => [p.name, p.description ?? '']),
    );
    for (const name of [
      'search',
      'status',
      'category_id',
      'include_descendants',
      'tags',
      'currency',
      'min_price',
      'low_stock',
      'in_stock',
      'sort_by',
    ]) {
      expect(parameters[name], name).toBeTruthy();
    }
    expect(operation.description).toContain('attributes[<code>]');
  });

  // Its 403 is generated from the route table (test/security/function-level-authorisation.test.ts).
  it('needs credentials', async () => {
    expect((await t.app.inject({ url: PRODUCTS })).statusCode).toBe(401);
  });
});
