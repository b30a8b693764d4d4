// Brands: the list (filters, sorts, pages), bulk actions, statistics and exports; static paths win over /{id}.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const BRANDS = '/api/v1/operations/brands';

describe('brand lists, bulk actions, statistics and exports', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-01T10:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  /** A tenant of its own per test group, so that counts are exact. */
  async function freshTenant() {
    const tenant = await makeTenant(t.services);
    const auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
    const create = async (payload: object) => {
      clock.advance(1000);
      const res = await t.app.inject({ method: 'POST', url: BRANDS, headers: auth, payload });
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: string; name: string; slug: string };
    };
    const list = async (query = '') => {
      const res = await t.app.inject({ url: `${BRANDS}${query}`, headers: auth });
      return res;
    };
    const names = async (query = '') => (await list(query)).json().data.map((b: { name: string }) => b.name);
    const post = (path: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `${BRANDS}/${path}`, headers: auth, payload: payload as object });
    return { tenantId: tenant.tenantId, auth, create, list, names, post };
  }

  describe('list', () => {
    let c: Awaited<ReturnType<typeof freshTenant>>;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      c = await freshTenant();
      ids.zeta = (await c.create({ name: 'Zeta Motors', description: 'Electric scooters' })).id;
      ids.alpha = (await c.create({ name: 'alpha Foods', slug: 'alpha' })).id;
      ids.mid = (await c.create({ name: 'Midway', slug: 'midway-special', is_active: false })).id;
      ids.beta = (await c.create({ name: 'Beta Labs', description: 'Lab glassware' })).id;
      await makeProduct(t.database.db, c.tenantId, { brand_id: ids.zeta });
      await makeProduct(t.database.db, c.tenantId, { brand_id: ids.zeta });
      await makeProduct(t.database.db, c.tenantId, { brand_id: ids.mid });
      const deleted = await makeProduct(t.database.db, c.tenantId, { brand_id: ids.beta });
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: clock.now().toISOString() })
        .where('id', '=', deleted)
        .execute();
      // Another tenant's brands never show.
      const other = await freshTenant();
      await other.create({ name: 'Alien Brand' });
    });

    it('answers a page with meta, links and products_count, sorted by name by default', async () => {
      const res = await c.list();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data.map((b: { name: string }) => b.name)).toEqual([
        'alpha Foods',
        'Beta Labs',
        'Midway',
        'Zeta Motors',
      ]);
      expect(body.data.map((b: { products_count: number }) => b.products_count)).toEqual([0, 0, 1, 2]);
      expect(body.meta).toEqual({ current_page: 1, per_page: 25, total: 4, last_page: 1 });
      expect(body.links).toMatchObject({ prev: null, next: null });
      expect(body.links.first).toMatch(/^http:\/\/.+\/api\/v1\/operations\/brands\?page=1$/);
      expect(body.data[0]).toEqual(
        expect.objectContaining({ id: ids.alpha, slug: 'alpha', is_active: true, description: null }),
      );
    });

    it('pages with per_page and page', async () => {
      const page2 = (await c.list('?per_page=3&page=2')).json();
      expect(page2.data.map((b: { name: string }) => b.name)).toEqual(['Zeta Motors']);
      expect(page2.meta).toEqual({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
      expect(page2.links.prev).toContain('page=1');
      expect(page2.links.next).toBeNull();
      const page1 = (await c.list('?per_page=3')).json();
      expect(page1.links.next).toContain('page=2');
      expect((await c.list('?page=5')).json().data).toEqual([]);
    });

    it('searches name, slug and description, case-insensitively', async () => {
      expect(await c.names('?search=ZETA')).toEqual(['Zeta Motors']);
      expect(await c.names('?search=special')).toEqual(['Midway']);
      expect(await c.names('?search=glassWARE')).toEqual(['Beta Labs']);
      expect(await c.names('?search=o')).toEqual(['alpha Foods', 'Zeta Motors']);
      expect(await c.names('?search=nothing-like-this')).toEqual([]);
    });

    it('filters by is_active and has_products', async () => {
      expect(await c.names('?is_active=false')).toEqual(['Midway']);
      expect(await c.names('?is_active=true')).toEqual(['alpha Foods', 'Beta Labs', 'Zeta Motors']);
      expect(await c.names('?has_products=true')).toEqual(['Midway', 'Zeta Motors']);
      expect(await c.names('?has_products=false')).toEqual(['alpha Foods', 'Beta Labs']);
      expect(await c.names('?has_products=true&is_active=true')).toEqual(['Zeta Motors']);
      const meta = (await c.list('?has_products=false')).json().meta;
      expect(meta.total).toBe(2);
    });

    it('sorts by name, created_at and updated_at in either direction', async () => {
      expect(await c.names('?sort_by=name&sort_direction=desc')).toEqual([
        'Zeta Motors',
        'Midway',
        'Beta Labs',
        'alpha Foods',
      ]);
      expect(await c.names('?sort_by=created_at')).toEqual(['Zeta Motors', 'alpha Foods', 'Midway', 'Beta Labs']);
      expect(await c.names('?sort_by=created_at&sort_direction=desc')).toEqual([
        'Beta Labs',
        'Midway',
        'alpha Foods',
        'Zeta Motors',
      ]);
      clock.advance(1000);
      await t.app.inject({
        method: 'PUT',
        url: `${BRANDS}/${ids.alpha}`,
        headers: c.auth,
        payload: { description: 'Touched' },
      });
      expect(await c.names('?sort_by=updated_at')).toEqual(['Zeta Motors', 'Midway', 'Beta Labs', 'alpha Foods']);
      expect((await c.names('?sort_by=updated_at&sort_direction=desc'))[0]).toBe('alpha Foods');
    });

    it('breaks ties on id', async () => {
      const d = await freshTenant();
      const made = [];
      for (let i = 0; i < 3; i++) made.push((await d.create({ name: 'Same' })).id);
      expect((await d.list()).json().data.map((b: { id: string }) => b.id)).toEqual(made);
      expect((await d.list('?sort_direction=desc')).json().data.map((b: { id: string }) => b.id)).toEqual(
        [...made].reverse(),
      );
    });

    const invalid: Array<[string, string]> = [
      ['?per_page=101', 'per_page'],
      ['?per_page=0', 'per_page'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?sort_by=slug', 'sort_by'],
      ['?sort_direction=up', 'sort_direction'],
      ['?is_active=maybe', 'is_active'],
      ['?has_products=2', 'has_products'],
      [`?search=${'s'.repeat(256)}`, 'search'],
    ];
    it.each(invalid)('422 for %s', async (query, field) => {
      const res = await c.list(query);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    });
  });

  describe('bulk actions', () => {
    it('bulk-deactivate and bulk-activate flip the flag and count ids not found as failed', async () => {
      const c = await freshTenant();
      const a = (await c.create({ name: 'A' })).id;
      const b = (await c.create({ name: 'B', is_active: false })).id;
      const other = await freshTenant();
      const foreign = (await other.create({ name: 'Foreign' })).id;
      const unknown = '01hzzzzzzzzzzzzzzzzzzzzzzz';

      const off = await c.post('bulk-deactivate', { brand_ids: [a, b, foreign, unknown] });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({
        success: true,
        message: 'Brands deactivated',
        data: { processed: 4, successful: 2, failed: 2 },
      });
      expect(await c.names('?is_active=false')).toEqual(['A', 'B']);
      expect(await other.names('?is_active=true')).toEqual(['Foreign']);

      const on = await c.post('bulk-activate', { brand_ids: [a, b] });
      expect(on.json()).toEqual({
        success: true,
        message: 'Brands activated',
        data: { processed: 2, successful: 2, failed: 0 },
      });
      expect(await c.names('?is_active=true')).toEqual(['A', 'B']);
    });

    it('bulk-delete skips brands with products and ids not found, and lists why', async () => {
      const c = await freshTenant();
      const free = (await c.create({ name: 'Free' })).id;
      const free2 = (await c.create({ name: 'Free too' })).id;
      const linked = (await c.create({ name: 'Linked' })).id;
      await makeProduct(t.database.db, c.tenantId, { brand_id: linked });
      const unknown = '01hzzzzzzzzzzzzzzzzzzzzzzz';
      const res = await c.post('bulk-delete', { brand_ids: [free, linked, unknown, free2] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Brands deleted',
        data: {
          processed: 4,
          successful: 2,
          failed: 2,
          failures: [
            { id: linked, reason: 'The brand cannot be deleted while 1 product is linked to it.' },
            { id: unknown, reason: 'Brand not found.' },
          ],
        },
      });
      expect(await c.names()).toEqual(['Linked']);
      const again = await c.post('bulk-delete', { brand_ids: [free] });
      expect(again.json().data).toEqual({
        processed: 1,
        successful: 0,
        failed: 1,
        failures: [{ id: free, reason: 'Brand not found.' }],
      });
    });

    const invalid: Array<[string, unknown, string]> = [
      ['missing brand_ids', {}, 'brand_ids'],
      ['empty brand_ids', { brand_ids: [] }, 'brand_ids'],
      ['not an array', { brand_ids: '01hzzzzzzzzzzzzzzzzzzzzzzz' }, 'brand_ids'],
      ['malformed id', { brand_ids: ['nope'] }, 'brand_ids.0'],
      ['duplicate ids', { brand_ids: ['01hzzzzzzzzzzzzzzzzzzzzzzz', '01hzzzzzzzzzzzzzzzzzzzzzzz'] }, 'brand_ids'],
      [
        'more than 500 ids',
        { brand_ids: Array.from({ length: 501 }, (_, i) => `01h${i.toString().padStart(23, '0')}`) },
        'brand_ids',
      ],
    ];
    it.each(invalid)('422 for %s', async (_case, payload, field) => {
      const c = await freshTenant();
      for (const path of ['bulk-activate', 'bulk-deactivate', 'bulk-delete']) {
        const res = await c.post(path, payload);
        expect(res.statusCode, path).toBe(422);
        expect(Object.keys(res.json().errors), path).toContain(field);
      }
    });

    it('accepts 500 ids', async () => {
      const c = await freshTenant();
      const brand = (await c.create({ name: 'Among many' })).id;
      const ids = [brand, ...Array.from({ length: 499 }, (_, i) => `01h${i.toString().padStart(23, '0')}`)];
      const res = await c.post('bulk-deactivate', { brand_ids: ids });
      expect(res.json().data).toEqual({ processed: 500, successful: 1, failed: 499 });
    });
  });

  describe('statistics', () => {
    it('counts live brands of the tenant by state and product links', async () => {
      const c = await freshTenant();
      const empty = await t.app.inject({ url: `${BRANDS}/statistics`, headers: c.auth });
      expect(empty.json()).toEqual({
        success: true,
        data: { total: 0, active: 0, inactive: 0, with_products: 0, without_products: 0 },
      });

      const a = (await c.create({ name: 'A' })).id;
      const b = (await c.create({ name: 'B', is_active: false })).id;
      await c.create({ name: 'C' });
      const gone = (await c.create({ name: 'Gone', is_active: false })).id;
      await t.app.inject({ method: 'DELETE', url: `${BRANDS}/${gone}`, headers: c.auth });
      await makeProduct(t.database.db, c.tenantId, { brand_id: a });
      await makeProduct(t.database.db, c.tenantId, { brand_id: a });
      await makeProduct(t.database.db, c.tenantId, { brand_id: b });
      const res = await t.app.inject({ url: `${BRANDS}/statistics`, headers: c.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ total: 3, active: 2, inactive: 1, with_products: 2, without_products: 1 });
    });
  });

  describe('export', () => {
    let c: Awaited<ReturnType<typeof freshTenant>>;
    let linked: string;
    beforeAll(async () => {
      c = await freshTenant();
      linked = (
        await c.create({
          name: 'Acme',
          description: 'Line one, "quoted"\nline two',
          website_url: 'https://acme.example.com',
        })
      ).id;
      await c.create({ name: '=HYPERLINK("x")', is_active: false });
      await makeProduct(t.database.db, c.tenantId, { brand_id: linked });
    });

    const exportOf = (query: string) => t.app.inject({ url: `${BRANDS}/export${query}`, headers: c.auth });

    it('exports CSV with a header row, neutralised formulas and a Content-Disposition', async () => {
      const res = await exportOf('?format=csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="brands-${clock.now().toISOString().slice(0, 10)}.csv"`,
      );
      const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
      const header = (parse(res.body, { to_line: 1 }) as string[][])[0];
      expect(header).toEqual([
        'id',
        'name',
        'slug',
        'description',
        'logo_url',
        'website_url',
        'is_active',
        'products_count',
        'created_at',
        'updated_at',
      ]);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        name: '\'=HYPERLINK("x")',
        slug: 'hyperlinkx',
        is_active: 'false',
        products_count: '0',
        logo_url: '',
      });
      expect(rows[1]).toMatchObject({
        id: linked,
        name: 'Acme',
        description: 'Line one, "quoted"\nline two',
        website_url: 'https://acme.example.com',
        is_active: 'true',
        products_count: '1',
      });
      expect(rows[1]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('exports JSON with the same fields', async () => {
      const res = await exportOf('?format=json');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="brands-\d{4}-\d\d-\d\d\.json"$/);
      const body = res.json();
      expect(body.total).toBe(2);
      expect(body.exported_at).toBe(clock.now().toISOString());
      expect(body.data.map((b: { name: string }) => b.name)).toEqual(['=HYPERLINK("x")', 'Acme']);
      expect(Object.keys(body.data[1])).toEqual([
        'id',
        'name',
        'slug',
        'description',
        'logo_url',
        'website_url',
        'is_active',
        'products_count',
        'created_at',
        'updated_at',
      ]);
      expect(body.data[1]).toMatchObject({ id: linked, is_active: true, products_count: 1 });
    });

    it('applies the list filters', async () => {
      const body = (await exportOf('?format=json&has_products=true')).json();
      expect(body.data.map((b: { name: string }) => b.name)).toEqual(['Acme']);
      expect((await exportOf('?format=json&is_active=false')).json().data.map((b: { name: string }) => b.name)).toEqual(
        ['=HYPERLINK("x")'],
      );
    });

    it('422 without a format or with another one', async () => {
      const missing = await exportOf('');
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ format: ['The format field is required.'] });
      const xml = await exportOf('?format=xml');
      expect(xml.statusCode).toBe(422);
      expect(xml.json().errors.format).toEqual(['The selected format is invalid. Allowed: csv, json.']);
    });
  });

  describe('static paths are not taken for ids', () => {
    it('statistics, export and bulk paths reach their own handlers', async () => {
      const c = await freshTenant();
      const stats = await t.app.inject({ url: `${BRANDS}/statistics`, headers: c.auth });
      expect(stats.statusCode).toBe(200);
      expect(stats.json().data).toHaveProperty('without_products');
      const exported = await t.app.inject({ url: `${BRANDS}/export?format=json`, headers: c.auth });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain('attachment');
      for (const path of ['bulk-activate', 'bulk-deactivate', 'bulk-delete']) {
        const res = await c.post(path, { brand_ids: ['01hzzzzzzzzzzzzzzzzzzzzzzz'] });
        expect(res.statusCode, path).toBe(200);
        expect(res.json().data.processed, path).toBe(1);
      }
      // A brand whose slug looks like a static path is still only reachable by id.
      const brand = await c.create({ name: 'Statistics', slug: 'statistics' });
      expect((await t.app.inject({ url: `${BRANDS}/${brand.id}`, headers: c.auth })).json().data.slug).toBe(
        'statistics',
      );
      expect((await t.app.inject({ url: `${BRANDS}/statistics`, headers: c.auth })).json().data.total).toBe(1);
    });
  });
});
