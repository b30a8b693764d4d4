// Product categories: create, read, update, delete, the flat list, abilities and tenant scoping.
import type { ProductCategoriesTable } from '../../../src/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const CATEGORIES = '/api/v1/operations/product-categories';
const MISSING_ID = '01h00000000000000000000000';

/** A category as the API answers it: the row without its tenant and soft-delete marker. */
type CategoryBody = Omit<ProductCategoriesTable, 'tenant_id' | 'deleted_at'>;

describe('product categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = async (payload: object, headers = t.auth) =>
    t.app.inject({ method: 'POST', url: CATEGORIES, headers, payload });
  const made = async (payload: object, headers = t.auth): Promise<CategoryBody> => {
    const res = await create(payload, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const get = (id: string, headers = t.auth) => t.app.inject({ url: `${CATEGORIES}/${id}`, headers });
  const update = (id: string, payload: object, method: 'PUT' | 'PATCH' = 'PUT') =>
    t.app.inject({ method, url: `${CATEGORIES}/${id}`, headers: t.auth, payload });
  const remove = (id: string, headers = t.auth) =>
    t.app.inject({ method: 'DELETE', url: `${CATEGORIES}/${id}`, headers });

  describe('create', () => {
    it('creates a root with defaults and answers 201 with the resource', async () => {
      const res = await create({ name: '  Garden Tools  ' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Category created successfully' });
      expect(Object.keys(body.data).sort()).toEqual(
        [
          'created_at',
          'depth_level',
          'description',
          'id',
          'is_active',
          'is_featured',
          'name',
          'parent_id',
          'slug',
          'sort_order',
          'updated_at',
        ].sort(),
      );
      expect(body.data).toMatchObject({
        name: 'Garden Tools',
        slug: 'garden-tools',
        description: null,
        parent_id: null,
        sort_order: 0,
        is_active: true,
        is_featured: false,
        depth_level: 0,
      });
      expect(body.data.id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
      expect(new Date(body.data.created_at).toISOString()).toBe(body.data.created_at);
    });

    it('creates with every field; a child is one level deeper than its parent', async () => {
      const root = await made({ name: 'Outdoor' });
      const child = await made({
        name: 'Camping',
        description: 'Tents and more',
        parent_id: root.id,
        sort_order: 7,
        is_active: false,
        is_featured: true,
      });
      expect(child).toMatchObject({
        parent_id: root.id,
        depth_level: 1,
        description: 'Tents and more',
        sort_order: 7,
        is_active: false,
        is_featured: true,
      });
      const grandchild = await made({ name: 'Tents', parent_id: child.id });
      expect(grandchild.depth_level).toBe(2);
      expect((await made({ name: 'Top level', parent_id: null })).depth_level).toBe(0);
    });

    it('generates unique slugs per tenant with -2, -3 suffixes, and frees a deleted one', async () => {
      const first = await made({ name: 'Lamps' });
      const second = await made({ name: 'lamps' });
      const third = await made({ name: 'LAMPS!' });
      expect([first.slug, second.slug, third.slug]).toEqual(['lamps', 'lamps-2', 'lamps-3']);
      expect((await remove(second.id)).statusCode).toBe(200);
      expect((await made({ name: 'Lamps' })).slug).toBe('lamps-2');
      expect((await made({ name: '★★★' })).slug).toBe('category');
    });

    it('slugs are unique per tenant, not across tenants', async () => {
      await made({ name: 'Shared Name' });
      const other = await makeTenant(t.services);
      const otherAuth = bearer(await makeToken(t.services, other.tenantId, other.adminId));
      expect((await made({ name: 'Shared Name' }, otherAuth)).slug).toBe('shared-name');
    });

    it('answers 422 errors.parent_id when the parent does not exist in the tenant', async () => {
      const missing = await create({ name: 'Orphan', parent_id: MISSING_ID });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'The given data was invalid.',
        errors: { parent_id: ['The selected parent category does not exist.'] },
      });
      const other = await makeTenant(t.services);
      const foreign = (await t.services.catalog.categories.service.create(other.tenantId, { name: 'Foreign' })).id;
      const res = await create({ name: 'Orphan', parent_id: foreign });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('parent_id');
      const deletedParent = await made({ name: 'Soon gone' });
      await remove(deletedParent.id);
      expect((await create({ name: 'Orphan', parent_id: deletedParent.id })).statusCode).toBe(422);
    });

    it.each([
      [{}, 'name', 'The name field is required.'],
      [{ name: 42 }, 'name', 'The name field must be a string.'],
      [{ name: '' }, 'name', 'The name field must not be empty.'],
      [{ name: '   ' }, 'name', 'The name field must not be empty.'],
      [{ name: 'x'.repeat(256) }, 'name', 'The name field must not be greater than 255 characters.'],
      [
        { name: 'Ok', description: 'x'.repeat(2001) },
        'description',
        'The description field must not be greater than 2000 characters.',
      ],
      [{ name: 'Ok', description: 5 }, 'description', 'The description field must be a string or null.'],
      [{ name: 'Ok', parent_id: 'not-a-ulid' }, 'parent_id', 'The parent id field format is invalid.'],
      [{ name: 'Ok', parent_id: 12 }, 'parent_id', 'The parent id field must be a string or null.'],
      [{ name: 'Ok', sort_order: -1 }, 'sort_order', 'The sort order field must be at least 0.'],
      [{ name: 'Ok', sort_order: 1.5 }, 'sort_order', 'The sort order field must be an integer.'],
      [{ name: 'Ok', sort_order: '3' }, 'sort_order', 'The sort order field must be an integer.'],
      [
        { name: 'Ok', sort_order: 2_147_483_648 },
        'sort_order',
        'The sort order field must not be greater than 2147483647.',
      ],
      [{ name: 'Ok', is_active: 'yes' }, 'is_active', 'The is active field must be a boolean.'],
      [{ name: 'Ok', is_featured: 1 }, 'is_featured', 'The is featured field must be a boolean.'],
    ])('refuses bad input %j with 422 on %s', async (payload, field, message) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    });

    it('drops fields that are not writable', async () => {
      const res = await create({
        name: 'Sealed',
        id: 'chosen',
        tenant_id: 'someone',
        slug: 'my-slug',
        depth_level: 9,
        deleted_at: '2020-01-01T00:00:00Z',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ slug: 'sealed', depth_level: 0 });
      expect(res.json().data.id).not.toBe('chosen');
      const row = await t.database.db
        .selectFrom('product_categories')
        .select(['tenant_id', 'deleted_at'])
        .where('id', '=', res.json().data.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ tenant_id: t.tenant.tenantId, deleted_at: null });
    });
  });

  describe('read', () => {
    it('gets one category', async () => {
      const c = await made({ name: 'Readable' });
      const res = await get(c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: c });
    });

    it('answers 404 for malformed, unknown, deleted and other tenants ids', async () => {
      const notFound = { success: false, code: 'not_found', message: 'Category not found.', data: null, meta: {} };
      expect((await get('nope')).json()).toEqual(notFound);
      expect((await get('nope')).statusCode).toBe(404);
      expect((await get(MISSING_ID)).statusCode).toBe(404);
      const gone = await made({ name: 'Deleted one' });
      await remove(gone.id);
      expect((await get(gone.id)).statusCode).toBe(404);
    });
  });

  describe('update', () => {
    it('changes only the fields sent, with PUT or PATCH', async () => {
      const c = await made({ name: 'Partial', description: 'Keep me', sort_order: 3 });
      const put = await update(c.id, { is_featured: true });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ success: true, message: 'Category updated successfully' });
      expect(put.json().data).toMatchObject({
        name: 'Partial',
        slug: 'partial',
        description: 'Keep me',
        sort_order: 3,
        is_featured: true,
        is_active: true,
      });
      const patch = await update(c.id, { description: null, sort_order: 0, is_active: false }, 'PATCH');
      expect(patch.json().data).toMatchObject({
        description: null,
        sort_order: 0,
        is_active: false,
        is_featured: true,
      });
    });

    it('renaming regenerates the slug, unique among the other categories', async () => {
      await made({ name: 'Kettles' });
      const c = await made({ name: 'Pots' });
      const renamed = await update(c.id, { name: 'Kettles' });
      expect(renamed.json().data).toMatchObject({ name: 'Kettles', slug: 'kettles-2' });
      // Same name again (or only whitespace around it) keeps the slug; its own slug is not "taken".
      expect((await update(c.id, { name: ' Kettles ' })).json().data.slug).toBe('kettles-2');
      expect((await update(c.id, { name: 'Pans' })).json().data.slug).toBe('pans');
    });

    it('accepts parent_id equal to the current parent and refuses another (parent changes go through move)', async () => {
      const root = await made({ name: 'Update root' });
      const child = await made({ name: 'Update child', parent_id: root.id });
      const same = await update(child.id, { parent_id: root.id, name: 'Update child renamed' });
      expect(same.statusCode).toBe(200);
      expect(same.json().data).toMatchObject({ parent_id: root.id, depth_level: 1 });
      const changed = await update(child.id, { parent_id: null });
      expect(changed.statusCode).toBe(422);
      expect(changed.json().errors.parent_id).toEqual([
        'The parent cannot be changed here: use POST /operations/product-categories/{id}/move.',
      ]);
      expect((await get(child.id)).json().data).toMatchObject({ parent_id: root.id, name: 'Update child renamed' });
    });

    it.each([
      [{ name: '' }, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ sort_order: -5 }, 'sort_order'],
      [{ is_active: 'false' }, 'is_active'],
      [{ parent_id: 'bad' }, 'parent_id'],
    ])('refuses bad input %j with 422 on %s', async (payload, field) => {
      const c = await made({ name: 'Validated' });
      const res = await update(c.id, payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await update(MISSING_ID, { name: 'X' })).statusCode).toBe(404);
      expect((await update('bad', { name: 'X' })).json().message).toBe('Category not found.');
    });
  });

  describe('delete', () => {
    it('soft-deletes: 200, then gone from reads and lists, row kept', async () => {
      const c = await made({ name: 'Disposable' });
      const res = await remove(c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Category deleted successfully', data: null });
      expect((await get(c.id)).statusCode).toBe(404);
      const list = (await t.app.inject({ url: `${CATEGORIES}?search=disposable`, headers: t.auth })).json();
      expect(list.data).toEqual([]);
      const row = await t.database.db
        .selectFrom('product_categories')
        .select('deleted_at')
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      expect((await remove(c.id)).statusCode).toBe(404);
    });

    it('refuses (422) while it has live children', async () => {
      const parent = await made({ name: 'Has kids' });
      const kid = await made({ name: 'Kid', parent_id: parent.id });
      const res = await remove(parent.id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'category_has_subcategories',
        message: 'Cannot delete a category that has 1 subcategory. Move or delete them first.',
      });
      await remove(kid.id);
      expect((await remove(parent.id)).statusCode).toBe(200);
    });

    it('refuses (422) while live products are linked; deleted products do not count', async () => {
      const c = await made({ name: 'Has products' });
      const p1 = await makeProduct(t.database.db, t.tenant.tenantId, { category_id: c.id });
      await makeProduct(t.database.db, t.tenant.tenantId, { category_id: c.id });
      const res = await remove(c.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Cannot delete a category that has 2 products. Reassign them first.');
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', p1)
        .execute();
      expect((await remove(c.id)).json().message).toBe(
        'Cannot delete a category that has 1 product. Reassign them first.',
      );
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('category_id', '=', c.id)
        .execute();
      expect((await remove(c.id)).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    let auth: { authorization: string };
    let tenantId: string;
    const list = (query = '') => t.app.inject({ url: `${CATEGORIES}${query}`, headers: auth });
    const names = async (query: string) => {
      const res = await list(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((c: CategoryBody) => c.name);
    };
    let electronics: CategoryBody;

    beforeAll(async () => {
      const tenant = await makeTenant(t.services);
      tenantId = tenant.tenantId;
      auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
      electronics = await made({ name: 'Electronics', sort_order: 2, description: 'Gadgets and devices' }, auth);
      await made({ name: 'Books', sort_order: 1, is_featured: true }, auth);
      await made({ name: 'apparel', sort_order: 3, is_active: false }, auth);
      await made({ name: 'Phones', parent_id: electronics.id, sort_order: 0 }, auth);
      await made({ name: 'Laptops', parent_id: electronics.id, sort_order: 1, is_featured: true }, auth);
      // Deterministic creation times for created_at sorting.
      const stamps: Record<string, string> = {
        Electronics: '2024-01-05T00:00:00.000Z',
        Books: '2024-01-01T00:00:00.000Z',
        apparel: '2024-01-03T00:00:00.000Z',
        Phones: '2024-01-02T00:00:00.000Z',
        Laptops: '2024-01-04T00:00:00.000Z',
      };
      for (const [name, at] of Object.entries(stamps)) {
        await t.database.db
          .updateTable('product_categories')
          .set({ created_at: at })
          .where('tenant_id', '=', tenantId)
          .where('name', '=', name)
          .execute();
      }
    });

    it('is a flat page with meta and links, default 25 per page, sorted by sort_order then name', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.meta).toEqual({ current_page: 1, per_page: 25, total: 5, last_page: 1 });
      expect(body.links).toMatchObject({ prev: null, next: null });
      expect(body.links.first).toMatch(/^https?:\/\/.+\/api\/v1\/operations\/product-categories\?page=1$/);
      expect(body.data.map((c: CategoryBody) => c.name)).toEqual([
        'Phones',
        'Books',
        'Laptops',
        'Electronics',
        'apparel',
      ]);
      expect(body.data[0]).not.toHaveProperty('children');
      expect(body.data[0]).not.toHaveProperty('tenant_id');
    });

    it('pages', async () => {
      const res = await list('?per_page=2&page=2&sort_by=name');
      const body = res.json();
      expect(body.meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
      expect(body.data.map((c: CategoryBody) => c.name)).toEqual(['Electronics', 'Laptops']);
      expect(body.links.prev).toContain('page=1');
      expect(body.links.next).toContain('page=3');
      expect(body.links.next).toContain('per_page=2');
      expect((await list('?per_page=2&page=9')).json().data).toEqual([]);
    });

    it.each([
      ['?per_page=101', 'per_page'],
      ['?per_page=0', 'per_page'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?sort_by=slug', 'sort_by'],
      ['?sort_direction=up', 'sort_direction'],
      ['?is_active=maybe', 'is_active'],
      ['?is_featured=2', 'is_featured'],
      ['?parent_id=not-a-ulid', 'parent_id'],
      [`?search=${'x'.repeat(256)}`, 'search'],
    ])('refuses %s with 422', async (query, field) => {
      const res = await list(query);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty(field);
    });

    it('searches name, slug and description, case-insensitively', async () => {
      expect(await names('?search=ELECTRO')).toEqual(['Electronics']);
      expect(await names('?search=gadget')).toEqual(['Electronics']);
      expect(await names('?search=APPAR')).toEqual(['apparel']);
      expect(await names('?search=op&sort_by=name')).toEqual(['Laptops']);
      expect(await names('?search=zzz')).toEqual([]);
    });

    it('filters by is_active, is_featured and parent_id (a ULID, or null for roots)', async () => {
      expect(await names('?is_active=false')).toEqual(['apparel']);
      expect(await names('?is_active=true&sort_by=name')).toEqual(['Books', 'Electronics', 'Laptops', 'Phones']);
      expect(await names('?is_featured=true&sort_by=name')).toEqual(['Books', 'Laptops']);
      expect(await names(`?parent_id=${electronics.id}`)).toEqual(['Phones', 'Laptops']);
      expect(await names('?parent_id=null&sort_by=name')).toEqual(['apparel', 'Books', 'Electronics']);
      expect(await names(`?parent_id=${MISSING_ID}`)).toEqual([]);
      expect((await list('?parent_id=null&is_featured=true')).json().meta.total).toBe(1);
    });

    it('sorts by name, sort_order, created_at and depth_level, both directions', async () => {
      expect(await names('?sort_by=name')).toEqual(['apparel', 'Books', 'Electronics', 'Laptops', 'Phones']);
      expect(await names('?sort_by=name&sort_direction=desc')).toEqual([
        'Phones',
        'Laptops',
        'Electronics',
        'Books',
        'apparel',
      ]);
      expect(await names('?sort_by=sort_order&sort_direction=desc')).toEqual([
        'apparel',
        'Electronics',
        'Laptops',
        'Books',
        'Phones',
      ]);
      expect(await names('?sort_by=created_at')).toEqual(['Books', 'Phones', 'apparel', 'Laptops', 'Electronics']);
      expect(await names('?sort_by=created_at&sort_direction=desc')).toEqual([
        'Electronics',
        'Laptops',
        'apparel',
        'Phones',
        'Books',
      ]);
      expect(await names('?sort_by=depth_level')).toEqual(['apparel', 'Books', 'Electronics', 'Laptops', 'Phones']);
      expect(await names('?sort_by=depth_level&sort_direction=desc')).toEqual([
        'Phones',
        'Laptops',
        'Electronics',
        'Books',
        'apparel',
      ]);
    });

    it("shows only the caller tenant's categories", async () => {
      const own = (await t.app.inject({ url: `${CATEGORIES}?per_page=100`, headers: t.auth })).json();
      expect(own.data.map((c: CategoryBody) => c.name)).not.toContain('Electronics');
    });
  });

  // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
  // here, that view-products opens every read and that a refused write changes nothing.
  describe('abilities', () => {
    let viewer: { authorization: string };
    let id: string;

    beforeAll(async () => {
      id = (await made({ name: 'Guarded' })).id;
      viewer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-products'] }),
      );
    });

    it('reads are open to operations:view-products', async () => {
      for (const url of [CATEGORIES, `${CATEGORIES}/tree`, `${CATEGORIES}/${id}`, `${CATEGORIES}/${id}/breadcrumbs`]) {
        expect((await t.app.inject({ url, headers: viewer })).statusCode, url).toBe(200);
      }
    });

    it('writes need operations:manage-product-categories', async () => {
      const writes: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
        { method: 'PUT', url: `${CATEGORIES}/${id}`, payload: { name: 'Nope' } },
        { method: 'DELETE', url: `${CATEGORIES}/${id}` },
        { method: 'POST', url: `${CATEGORIES}/${id}/toggle-featured` },
        { method: 'POST', url: `${CATEGORIES}/bulk-status`, payload: { category_ids: [id], is_active: false } },
      ];
      for (const request of writes) {
        const res = await t.app.inject({ ...request, headers: viewer });
        expect(res.statusCode, request.url).toBe(403);
        expect(res.json().message).toBe('This action requires the ability operations:manage-product-categories.');
      }
      expect((await get(id)).json().data).toMatchObject({ name: 'Guarded', is_featured: false, is_active: true });
      const manager = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
          abilities: ['operations:manage-product-categories'],
        }),
      );
      expect((await create({ name: 'Allowed' }, manager)).statusCode).toBe(201);
    });

    it('answers 401 without credentials', async () => {
      expect((await t.app.inject({ url: CATEGORIES })).statusCode).toBe(401);
    });
  });

  describe('tenant scoping', () => {
    it("another tenant's category is 404 on every endpoint that takes an id", async () => {
      const other = await makeTenant(t.services);
      const foreign = await t.services.catalog.categories.service.create(other.tenantId, { name: 'Theirs' });
      const base = `${CATEGORIES}/${foreign.id}`;
      const requests: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
        { method: 'GET', url: base },
        { method: 'PUT', url: base, payload: { name: 'Mine' } },
        { method: 'DELETE', url: base },
        { method: 'GET', url: `${base}/breadcrumbs` },
        { method: 'POST', url: `${base}/move`, payload: { parent_id: null } },
        { method: 'POST', url: `${base}/toggle-featured` },
      ];
      for (const request of requests) {
        const res = await t.app.inject({ ...request, headers: t.auth });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(res.json().message).toBe('Category not found.');
      }
      expect(await t.services.catalog.categories.service.get(other.tenantId, foreign.id)).toMatchObject({
        name: 'Theirs',
        is_featured: false,
      });
    });
  });

  it('the OpenAPI document lists every category path with its operations', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const p = (suffix: string) => doc.paths[`/api/v1/operations/product-categories${suffix}`];
    expect(p('').get.parameters.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining([
        'page',
        'per_page',
        'search',
        'is_active',
        'is_featured',
        'parent_id',
        'sort_by',
        'sort_direction',
      ]),
    );
    expect(p('').get.parameters.find((x: { name: string }) => x.name === 'per_page').schema).toMatchObject({
      maximum: 100,
      default: 25,
    });
    expect(p('').post.requestBody.content['application/json'].schema.required).toEqual(['name']);
    expect(p('').post.responses['201']).toBeDefined();
    expect(p('/tree').get).toBeDefined();
    expect(p('/reorder').post).toBeDefined();
    expect(p('/bulk-status').post).toBeDefined();
    expect(p('/{id}').get).toBeDefined();
    expect(p('/{id}').put).toBeDefined();
    expect(p('/{id}').delete).toBeDefined();
    expect(p('/{id}/breadcrumbs').get).toBeDefined();
    expect(p('/{id}/move').post).toBeDefined();
    expect(p('/{id}/toggle-featured').post).toBeDefined();
    expect(p('/tree').get.tags).toEqual(['Product categories']);
    expect(p('/tree').get.summary).toBeTruthy();
  });
});
