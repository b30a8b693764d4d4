// Brands: create, read, update and delete; field rules; slugs; abilities; tenant scoping; linkability.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { bearer, makeProduct, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const BRANDS = '/api/v1/operations/brands';

describe('brands', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-01T10:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const create = (payload: unknown, headers = t.auth) =>
    t.app.inject({ method: 'POST', url: BRANDS, headers, payload: payload as object });
  const get = (id: string, headers = t.auth) => t.app.inject({ url: `${BRANDS}/${id}`, headers });
  const update = (id: string, payload: object, method: 'PUT' | 'PATCH' = 'PUT') =>
    t.app.inject({ method, url: `${BRANDS}/${id}`, headers: t.auth, payload });
  const remove = (id: string, headers = t.auth) => t.app.inject({ method: 'DELETE', url: `${BRANDS}/${id}`, headers });
  const brandId = async (payload: object) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const softDeleteProduct = (id: string) =>
    t.database.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();

  describe('create', () => {
    it('creates with every field and answers 201 with the resource', async () => {
      const res = await create({
        name: '  Acme Tools ',
        slug: 'acme',
        description: 'Hand tools.',
        logo_url: 'https://cdn.example.com/acme.png',
        website_url: 'http://acme.example.com/',
        is_active: false,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: 'Brand created successfully' });
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-z]{26}$/),
        name: 'Acme Tools',
        slug: 'acme',
        description: 'Hand tools.',
        logo_url: 'https://cdn.example.com/acme.png',
        website_url: 'http://acme.example.com/',
        is_active: false,
        products_count: 0,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: body.data.created_at,
      });
    });

    it('defaults: active, no description or URLs', async () => {
      const res = await create({ name: 'Bare' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        name: 'Bare',
        slug: 'bare',
        is_active: true,
        description: null,
        logo_url: null,
        website_url: null,
      });
    });

    it('generates the slug from the name and makes it unique', async () => {
      const first = (await create({ name: 'Über Grün & Co.' })).json().data;
      expect(first.slug).toBe('uber-grun-and-co');
      const second = (await create({ name: 'Uber Grun and Co' })).json().data;
      expect(second.slug).toBe('uber-grun-and-co-2');
      const third = (await create({ name: 'uber grun and co' })).json().data;
      expect(third.slug).toBe('uber-grun-and-co-3');
      const symbols = (await create({ name: '★★★' })).json().data;
      expect(symbols.slug).toBe('brand');
    });

    it('refuses an explicit slug that is taken: 422 errors.slug', async () => {
      await brandId({ name: 'Taken', slug: 'taken-slug' });
      const res = await create({ name: 'Other', slug: 'taken-slug' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'The given data was invalid.',
        errors: { slug: ['The slug has already been taken.'] },
      });
    });

    it('concurrent creates with one slug: one wins, the others get 422 errors.slug', async () => {
      const service = t.services.catalog.brands.service;
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) => service.create(t.tenant.tenantId, { name: `Racer ${i}`, slug: 'racer' })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect(r.reason).toBeInstanceOf(ValidationError);
        expect(r.reason).toMatchObject({ errors: { slug: ['The slug has already been taken.'] } });
      }
    });

    it('a deleted brand frees its slug', async () => {
      const id = await brandId({ name: 'Phoenix', slug: 'phoenix' });
      expect((await remove(id)).statusCode).toBe(200);
      const again = await create({ name: 'Phoenix', slug: 'phoenix' });
      expect(again.statusCode).toBe(201);
      expect((await create({ name: 'Phoenix' })).json().data.slug).toBe('phoenix-2');
    });

    it('drops fields that are not writable', async () => {
      const res = await create({
        name: 'Sealed',
        id: 'chosen',
        tenant_id: 'someone-else',
        products_count: 9,
        deleted_at: '2020-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(201);
      const data = res.json().data;
      expect(data.id).not.toBe('chosen');
      expect(data.products_count).toBe(0);
      const row = await t.database.db
        .selectFrom('brands')
        .select(['tenant_id', 'deleted_at'])
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ tenant_id: t.tenant.tenantId, deleted_at: null });
    });

    const invalid: Array<[string, object, string, string]> = [
      ['name missing', {}, 'name', 'The name field is required.'],
      ['name empty', { name: '' }, 'name', 'The name field must not be empty.'],
      ['name blank', { name: '   ' }, 'name', 'The name field format is invalid.'],
      ['name too long', { name: 'x'.repeat(256) }, 'name', 'The name field must not be greater than 255 characters.'],
      ['name not a string', { name: 42 }, 'name', 'The name field must be a string.'],
      ['slug bad format', { name: 'A', slug: 'Not A Slug' }, 'slug', 'The slug field format is invalid.'],
      ['slug double hyphen', { name: 'A', slug: 'a--b' }, 'slug', 'The slug field format is invalid.'],
      [
        'slug too long',
        { name: 'A', slug: 'a'.repeat(101) },
        'slug',
        'The slug field must not be greater than 100 characters.',
      ],
      ['slug not a string', { name: 'A', slug: 5 }, 'slug', 'The slug field must be a string.'],
      [
        'description too long',
        { name: 'A', description: 'd'.repeat(2001) },
        'description',
        'The description field must not be greater than 2000 characters.',
      ],
      [
        'description not a string',
        { name: 'A', description: ['x'] },
        'description',
        'The description field must be a string or null.',
      ],
      [
        'logo_url not a URL',
        { name: 'A', logo_url: 'not a url' },
        'logo_url',
        'The logo url field must be an http or https URL with a host (no spaces).',
      ],
      [
        'logo_url ftp',
        { name: 'A', logo_url: 'ftp://files.example.com/logo.png' },
        'logo_url',
        'The logo url field must be an http or https URL with a host (no spaces).',
      ],
      [
        'logo_url javascript',
        { name: 'A', logo_url: 'javascript:alert(1)' },
        'logo_url',
        'The logo url field must be an http or https URL with a host (no spaces).',
      ],
      [
        'logo_url too long',
        { name: 'A', logo_url: `https://example.com/${'a'.repeat(2030)}` },
        'logo_url',
        'The logo url field must not be greater than 2048 characters.',
      ],
      [
        'website_url no host',
        { name: 'A', website_url: 'https://' },
        'website_url',
        'The website url field must be an http or https URL with a host (no spaces).',
      ],
      [
        'website_url relative',
        { name: 'A', website_url: '/about' },
        'website_url',
        'The website url field must be an http or https URL with a host (no spaces).',
      ],
      [
        'website_url not a string',
        { name: 'A', website_url: 12 },
        'website_url',
        'The website url field must be a string or null.',
      ],
      [
        'is_active not a boolean',
        { name: 'A', is_active: 'yes' },
        'is_active',
        'The is active field must be a boolean.',
      ],
    ];
    it.each(invalid)('422 for %s', async (_case, payload, field, message) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The given data was invalid.');
      expect(res.json().errors[field]).toContain(message);
    });

    it('422 for a body that is not an object', async () => {
      const res = await create([{ name: 'A' }]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.body).toEqual(['The request body must be a JSON object.']);
    });

    it('accepts null description and URLs', async () => {
      const res = await create({ name: 'Nulls', description: null, logo_url: null, website_url: null });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ description: null, logo_url: null, website_url: null });
    });
  });

  describe('get', () => {
    it('answers the brand with the count of its live products', async () => {
      const id = await brandId({ name: 'Counted' });
      await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: id });
      const gone = await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: id });
      await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: id });
      await softDeleteProduct(gone);
      const res = await get(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { id, name: 'Counted', products_count: 2 } });
    });

    it('404 for an unknown, malformed or deleted id', async () => {
      const notFound = { success: false, code: 'not_found', message: 'Brand not found.', data: null, meta: {} };
      expect((await get('01hzzzzzzzzzzzzzzzzzzzzzzz')).json()).toEqual(notFound);
      const malformed = await get('not-a-ulid');
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual(notFound);
      const id = await brandId({ name: 'Short lived' });
      await remove(id);
      expect((await get(id)).statusCode).toBe(404);
      expect((await update(id, { name: 'Back' })).statusCode).toBe(404);
      expect((await remove(id)).statusCode).toBe(404);
    });
  });

  describe('update', () => {
    it('changes only the fields sent, with PUT or PATCH', async () => {
      const id = await brandId({ name: 'Partial', description: 'Keep me', website_url: 'https://partial.example.com' });
      const put = await update(id, { is_active: false });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        success: true,
        message: 'Brand updated successfully',
        data: {
          name: 'Partial',
          slug: 'partial',
          description: 'Keep me',
          website_url: 'https://partial.example.com',
          is_active: false,
        },
      });
      const patch = await update(id, { description: null, logo_url: 'https://cdn.example.com/p.svg' }, 'PATCH');
      expect(patch.json().data).toMatchObject({
        name: 'Partial',
        description: null,
        logo_url: 'https://cdn.example.com/p.svg',
        is_active: false,
      });
    });

    it('renaming keeps the slug; sending slug changes it', async () => {
      const id = await brandId({ name: 'Old Name' });
      const renamed = (await update(id, { name: ' New Name ' })).json().data;
      expect(renamed).toMatchObject({ name: 'New Name', slug: 'old-name' });
      const explicit = await brandId({ name: 'Explicit', slug: 'my-explicit' });
      expect((await update(explicit, { name: 'Renamed' })).json().data.slug).toBe('my-explicit');
      const reslugged = (await update(id, { slug: 'new-name' })).json().data;
      expect(reslugged.slug).toBe('new-name');
    });

    it('refuses a slug taken by another brand, accepts its own', async () => {
      await brandId({ name: 'Holder', slug: 'holder' });
      const id = await brandId({ name: 'Mover', slug: 'mover' });
      const taken = await update(id, { slug: 'holder' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ slug: ['The slug has already been taken.'] });
      const own = await update(id, { slug: 'mover', name: 'Mover 2' });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ slug: 'mover', name: 'Mover 2' });
    });

    it('moves updated_at, keeps created_at and the products count', async () => {
      const id = await brandId({ name: 'Timed' });
      await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: id });
      const before = (await get(id)).json().data;
      clock.advance(1000);
      const after = (await update(id, { name: 'Timed 2' })).json().data;
      expect(after.created_at).toBe(before.created_at);
      expect(after.updated_at).toBe(clock.now().toISOString());
      expect(after.updated_at > before.updated_at).toBe(true);
      expect(after.products_count).toBe(1);
    });

    const invalid: Array<[string, object, string]> = [
      ['name empty', { name: '' }, 'name'],
      ['name too long', { name: 'n'.repeat(256) }, 'name'],
      ['name null', { name: null }, 'name'],
      ['slug bad format', { slug: '-lead' }, 'slug'],
      ['slug null', { slug: null }, 'slug'],
      ['description too long', { description: 'd'.repeat(2001) }, 'description'],
      ['logo_url bad', { logo_url: 'www.example.com' }, 'logo_url'],
      ['website_url bad', { website_url: 'mailto:a@example.com' }, 'website_url'],
      ['is_active wrong type', { is_active: 1 }, 'is_active'],
    ];
    it.each(invalid)('422 for %s', async (_case, payload, field) => {
      const id = await brandId({ name: `Validated ${_case}` });
      const res = await update(id, payload);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect((await get(id)).json().data.name).toBe(`Validated ${_case}`);
    });
  });

  describe('delete', () => {
    it('soft-deletes a brand without products', async () => {
      const id = await brandId({ name: 'Disposable' });
      const res = await remove(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Brand deleted successfully', data: null });
      const row = await t.database.db
        .selectFrom('brands')
        .select('deleted_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      expect((await get(id)).statusCode).toBe(404);
    });

    it('409 while live products are linked; allowed once they are gone', async () => {
      const id = await brandId({ name: 'Linked' });
      const first = await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: id });
      const second = await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: id });
      const refused = await remove(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        success: false,
        code: 'brand_has_products',
        message: 'The brand cannot be deleted while 2 products are linked to it.',
      });
      await softDeleteProduct(first);
      expect((await remove(id)).json().message).toBe('The brand cannot be deleted while 1 product is linked to it.');
      expect((await get(id)).statusCode).toBe(200);
      await softDeleteProduct(second);
      expect((await remove(id)).statusCode).toBe(200);
    });
  });

  // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
  // here, that view-products opens every read and that a refused write changes nothing.
  describe('abilities', () => {
    let viewer: { authorization: string };
    let writer: { authorization: string };
    let id: string;
    beforeAll(async () => {
      viewer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities: ['operations:view-products'] }),
      );
      writer = bearer(
        await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
          abilities: ['operations:create-products', 'operations:edit-products', 'operations:delete-products'],
        }),
      );
      id = await brandId({ name: 'Guarded' });
    });

    const forbidden = (ability: string) => ({
      success: false,
      code: 'forbidden',
      message: `This action requires the ability ${ability}.`,
    });

    it('reads are open to operations:view-products', async () => {
      for (const url of [BRANDS, `${BRANDS}/${id}`, `${BRANDS}/statistics`, `${BRANDS}/export?format=csv`]) {
        expect((await t.app.inject({ url, headers: viewer })).statusCode, url).toBe(200);
      }
    });

    it('writes need create-, edit- and delete-products', async () => {
      const ids = { brand_ids: [id] };
      const cases: Array<[string, string, object | undefined, string]> = [
        ['PUT', `${BRANDS}/${id}`, { name: 'Nope' }, 'operations:edit-products'],
        ['PATCH', `${BRANDS}/${id}`, { name: 'Nope' }, 'operations:edit-products'],
        ['POST', `${BRANDS}/bulk-deactivate`, ids, 'operations:edit-products'],
        ['DELETE', `${BRANDS}/${id}`, undefined, 'operations:delete-products'],
        ['POST', `${BRANDS}/bulk-delete`, ids, 'operations:delete-products'],
      ];
      for (const [method, url, payload, ability] of cases) {
        const res = await t.app.inject({ method: method as 'POST', url, headers: viewer, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(forbidden(ability));
      }
      expect((await get(id)).json().data).toMatchObject({ name: 'Guarded', is_active: true });
      expect((await create({ name: 'Writer made' }, writer)).statusCode).toBe(201);
    });

    it('401 without credentials', async () => {
      const res = await t.app.inject({ url: BRANDS });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'Unauthenticated.' });
    });
  });

  describe('tenant scoping', () => {
    let otherAuth: { authorization: string };
    let otherId: string;
    let otherTenantId: string;
    beforeAll(async () => {
      const other = await makeTenant(t.services);
      otherTenantId = other.tenantId;
      otherAuth = bearer(await makeToken(t.services, other.tenantId, other.adminId));
      const res = await create({ name: 'Foreign', slug: 'foreign' }, otherAuth);
      otherId = res.json().data.id;
    });

    it("another tenant's brand is 404 for reads and writes", async () => {
      const notFound = { success: false, code: 'not_found', message: 'Brand not found.', data: null, meta: {} };
      expect((await get(otherId)).json()).toEqual(notFound);
      expect((await update(otherId, { name: 'Mine' })).json()).toEqual(notFound);
      expect((await remove(otherId)).json()).toEqual(notFound);
      const theirs = await get(otherId, otherAuth);
      expect(theirs.json().data).toMatchObject({ name: 'Foreign', slug: 'foreign' });
    });

    it('slugs are unique per tenant, not across tenants', async () => {
      const res = await create({ name: 'Mine', slug: 'foreign' });
      expect(res.statusCode).toBe(201);
      expect((await create({ name: 'Foreign' })).json().data.slug).toBe('foreign-2');
    });

    it('products of another tenant are not counted', async () => {
      const id = await brandId({ name: 'Counted here' });
      await makeProduct(t.database.db, otherTenantId, { brand_id: id });
      expect((await get(id)).json().data.products_count).toBe(0);
      expect((await remove(id)).statusCode).toBe(200);
    });
  });

  describe('linkRefusals (for the product module)', () => {
    it('refuses nothing for an active brand of the tenant', async () => {
      const id = await brandId({ name: 'Linkable' });
      expect(await t.services.catalog.brands.service.linkRefusals(t.tenant.tenantId, [id])).toEqual(new Map());
    });

    it('refuses unknown, deleted, foreign and inactive brands, each with why', async () => {
      const service = t.services.catalog.brands.service;
      const other = await makeTenant(t.services);
      const foreign = await t.services.catalog.brands.service.create(other.tenantId, { name: 'Foreign link' });
      const deleted = await brandId({ name: 'Deleted link' });
      await remove(deleted);
      const inactive = await brandId({ name: 'Inactive link', is_active: false });
      const unknown = '01hzzzzzzzzzzzzzzzzzzzzzzz';
      const refusals = await service.linkRefusals(t.tenant.tenantId, [unknown, deleted, foreign.id, inactive]);
      expect(Object.fromEntries(refusals)).toEqual({
        [unknown]: 'The selected brand id is invalid.',
        [deleted]: 'The selected brand id is invalid.',
        [foreign.id]: 'The selected brand id is invalid.',
        [inactive]: 'The selected brand is inactive: inactive brands keep existing links and cannot be newly linked.',
      });
    });

    it('an inactive brand keeps its existing links', async () => {
      const id = await brandId({ name: 'Keeps links' });
      await makeProduct(t.database.db, t.tenant.tenantId, { brand_id: id });
      const res = await update(id, { is_active: false });
      expect(res.json().data).toMatchObject({ is_active: false, products_count: 1 });
    });
  });

  describe('OpenAPI', () => {
    it('documents every brand path with its schemas', async () => {
      const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
      const paths = doc.paths as Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses: Record<string, unknown> }>
      >;
      const expected: Array<[string, string[]]> = [
        ['/api/v1/operations/brands', ['get', 'post']],
        ['/api/v1/operations/brands/{id}', ['get', 'put', 'patch', 'delete']],
        ['/api/v1/operations/brands/statistics', ['get']],
        ['/api/v1/operations/brands/export', ['get']],
        ['/api/v1/operations/brands/bulk-activate', ['post']],
        ['/api/v1/operations/brands/bulk-deactivate', ['post']],
        ['/api/v1/operations/brands/bulk-delete', ['post']],
      ];
      for (const [path, methods] of expected) {
        for (const method of methods) {
          const operation = paths[path]?.[method];
          expect(operation, `${method} ${path}`).toBeDefined();
          expect(operation!.tags).toEqual(['Brands']);
          expect(operation!.summary).toEqual(expect.any(String));
        }
      }
      const list = paths['/api/v1/operations/brands']!.get as unknown as {
        parameters: Array<{ name: string; schema: object }>;
      };
      expect(list.parameters.map((p) => p.name)).toEqual(
        expect.arrayContaining([
          'search',
          'is_active',
          'has_products',
          'sort_by',
          'sort_direction',
          'page',
          'per_page',
        ]),
      );
      expect(list.parameters.find((p) => p.name === 'per_page')!.schema).toMatchObject({ default: 25, maximum: 100 });
      const post = paths['/api/v1/operations/brands']!.post as unknown as {
        requestBody: { content: Record<string, { schema: { required: string[] } }> };
      };
      expect(post.requestBody.content['application/json']!.schema.required).toEqual(['name']);
      expect(Object.keys(paths['/api/v1/operations/brands/{id}']!.delete!.responses)).toEqual(
        expect.arrayContaining(['200', '404', '409']),
      );
      expect(Object.keys(paths['/api/v1/operations/brands/export']!.get!.responses['200'] as object)).toContain(
        'content',
      );
    });
  });
});
