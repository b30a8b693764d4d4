// Tags: create, read, update and delete, field rules, list filters and sorts, abilities and tenant scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { bearer, makeProduct, makeTenant, makeToken, type TenantFixture } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const TAGS = '/api/v1/operations/tags';
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';

interface TagBody {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  color: string;
  is_active: boolean;
  products_count: number;
  created_at: string;
  updated_at: string;
}

describe('tags', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-03-01T10:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  const create = (payload: object, headers = t.auth) => t.app.inject({ method: 'POST', url: TAGS, headers, payload });
  const make = async (payload: object, headers = t.auth): Promise<TagBody> => {
    const res = await create(payload, headers);
    expect(res.statusCode).toBe(201);
    return res.json().data;
  };
  const update = (id: string, payload: object, method: 'PUT' | 'PATCH' = 'PUT') =>
    t.app.inject({ method, url: `${TAGS}/${id}`, headers: t.auth, payload });
  const get = (id: string, headers = t.auth) => t.app.inject({ url: `${TAGS}/${id}`, headers });
  const links = async (tagId: string) =>
    (await t.database.db.selectFrom('product_tags').select('product_id').where('tag_id', '=', tagId).execute())
      .map((r) => r.product_id)
      .sort();

  describe('create', () => {
    it('creates with every field, stores the colour upper-case, answers 201', async () => {
      const res = await create({
        name: 'Summer Sale',
        slug: 'summer-sale',
        description: 'Seasonal',
        color: '#ff00aa',
        is_active: false,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Tag created successfully',
        data: {
          name: 'Summer Sale',
          slug: 'summer-sale',
          description: 'Seasonal',
          color: '#FF00AA',
          is_active: false,
          products_count: 0,
        },
      });
      expect(body.data.id).toMatch(/^[0-9a-z]{26}$/);
      expect(new Date(body.data.created_at).toISOString()).toBe(body.data.created_at);
      expect(body.data.updated_at).toBe(body.data.created_at);
    });

    it('defaults colour to #3B82F6, active to true, description to null', async () => {
      const tag = await make({ name: 'Plain', slug: 'plain' });
      expect(tag).toMatchObject({ color: '#3B82F6', is_active: true, description: null, products_count: 0 });
    });

    it('trims the name', async () => {
      expect((await make({ name: '  Padded  ', slug: 'padded' })).name).toBe('Padded');
      const blank = await create({ name: '   ', slug: 'blank' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors).toHaveProperty('name');
    });

    it('requires a name', async () => {
      const res = await create({});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'validation_failed',
        message: 'The given data was invalid.',
        errors: { name: ['The name field is required.'] },
      });
    });

    it('makes the slug from the name when none is sent, as categories, brands and products do', async () => {
      expect(await make({ name: 'cordless' })).toMatchObject({ name: 'cordless', slug: 'cordless' });
      expect((await make({ name: 'Cordless Drills & Drivers' })).slug).toBe('cordless-drills-and-drivers');
      // Names are unique ignoring case, slugs are unique: a name whose slug is taken gets the next suffix.
      expect((await make({ name: 'Cordless!' })).slug).toBe('cordless-2');
      expect((await make({ name: 'cordless?' })).slug).toBe('cordless-3');
      expect((await make({ name: '🔋' })).slug).toBe('tag');
      // A slug sent is kept, and refused when taken.
      expect((await make({ name: 'Battery', slug: 'power-cells' })).slug).toBe('power-cells');
      expect((await create({ name: 'Batteries', slug: 'cordless' })).json().errors).toEqual({
        slug: ['The slug has already been taken.'],
      });
      // Renaming keeps the slug; it changes only when sent.
      const tag = await make({ name: 'Corded' });
      const renamed = await update(tag.id, { name: 'Corded tools' }, 'PATCH');
      expect(renamed.json().data).toMatchObject({ name: 'Corded tools', slug: 'corded' });
    });

    it('refuses wrong types per field', async () => {
      const res = await create({ name: 12, slug: true, description: 5, color: 7, is_active: 'yes' });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['color', 'description', 'is_active', 'name', 'slug']);
    });

    it('refuses values that are too long, and accepts the limits', async () => {
      const long = await create({ name: 'n'.repeat(101), slug: 's'.repeat(101), description: 'd'.repeat(501) });
      expect(long.statusCode).toBe(422);
      expect(long.json().errors).toEqual({
        name: ['The name field must not be greater than 100 characters.'],
        slug: ['The slug field must not be greater than 100 characters.'],
        description: ['The description field must not be greater than 500 characters.'],
      });
      const limit = await make({ name: 'n'.repeat(100), slug: 's'.repeat(100), description: 'd'.repeat(500) });
      expect(limit.name).toHaveLength(100);
    });

    it('refuses a bad slug or colour format', async () => {
      for (const slug of ['Upper', 'with space', 'under_score', 'accént', '-leading', 'trailing-', '']) {
        const res = await create({ name: `Slug ${slug}`, slug });
        expect(res.statusCode, slug).toBe(422);
        expect(res.json().errors, slug).toHaveProperty('slug');
      }
      for (const color of ['red', '#12345', '#1234567', '#GGGGGG', '3B82F6', '#3b82f']) {
        const res = await create({ name: `Colour ${color}`, slug: 'colour', color });
        expect(res.statusCode, color).toBe(422);
        expect(res.json().errors, color).toEqual({ color: ['The color field format is invalid.'] });
      }
    });

    it('name (case-insensitive) and slug are unique per tenant', async () => {
      await make({ name: 'Unique', slug: 'unique' });
      const name = await create({ name: 'UNIQUE', slug: 'unique-2' });
      expect(name.statusCode).toBe(422);
      expect(name.json().errors).toEqual({ name: ['The name has already been taken.'] });
      const slug = await create({ name: 'Unique 2', slug: 'unique' });
      expect(slug.json().errors).toEqual({ slug: ['The slug has already been taken.'] });
      const both = await create({ name: 'unique', slug: 'unique' });
      expect(both.json().errors).toEqual({
        name: ['The name has already been taken.'],
        slug: ['The slug has already been taken.'],
      });
    });

    it('ignores fields that are not writable', async () => {
      const tag = await make({ name: 'Sealed', slug: 'sealed', id: 'chosen', tenant_id: 'other', products_count: 9 });
      expect(tag.id).not.toBe('chosen');
      expect(tag.products_count).toBe(0);
      const row = await t.database.db
        .selectFrom('tags')
        .select('tenant_id')
        .where('id', '=', tag.id)
        .executeTakeFirstOrThrow();
      expect(row.tenant_id).toBe(t.tenant.tenantId);
    });
  });

  describe('read, update, delete', () => {
    it('gets a tag with products_count counting live products only', async () => {
      const tag = await make({ name: 'Counted', slug: 'counted' });
      await makeProduct(t.database.db, t.tenant.tenantId, { tag_ids: [tag.id] });
      const gone = await makeProduct(t.database.db, t.tenant.tenantId, { tag_ids: [tag.id] });
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', gone)
        .execute();
      const res = await get(tag.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { ...tag, products_count: 1 } });
    });

    it('updates only the fields sent, with PUT or PATCH', async () => {
      const tag = await make({ name: 'Partial', slug: 'partial', description: 'Before', color: '#000000' });
      const put = await update(tag.id, { name: 'Renamed' });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        message: 'Tag updated successfully',
        data: { name: 'Renamed', slug: 'partial', description: 'Before', color: '#000000', is_active: true },
      });
      const patch = await update(
        tag.id,
        { color: '#abcdef', description: null, is_active: false, slug: 'partial-2' },
        'PATCH',
      );
      expect(patch.json().data).toMatchObject({
        name: 'Renamed',
        slug: 'partial-2',
        color: '#ABCDEF',
        description: null,
        is_active: false,
      });
    });

    it('applies the create rules on update', async () => {
      const tag = await make({ name: 'Rules', slug: 'rules' });
      await make({ name: 'Taken', slug: 'taken' });
      expect((await update(tag.id, { name: 'taken' })).json().errors).toEqual({
        name: ['The name has already been taken.'],
      });
      expect((await update(tag.id, { slug: 'taken' })).json().errors).toEqual({
        slug: ['The slug has already been taken.'],
      });
      expect((await update(tag.id, { slug: 'Bad Slug' })).json().errors).toHaveProperty('slug');
      expect((await update(tag.id, { color: 'blue' })).json().errors).toHaveProperty('color');
      expect((await update(tag.id, { name: 'x'.repeat(101) })).json().errors).toHaveProperty('name');
      expect((await update(tag.id, { description: 'x'.repeat(501) })).json().errors).toHaveProperty('description');
      expect((await update(tag.id, { is_active: 'no' })).statusCode).toBe(422);
      expect((await update(tag.id, { name: null })).statusCode).toBe(422);
      expect((await update(tag.id, { color: null })).statusCode).toBe(422);
      // Its own name and slug, even in another case, are not "taken".
      const same = await update(tag.id, { name: 'RULES', slug: 'rules' });
      expect(same.statusCode).toBe(200);
      expect(same.json().data.name).toBe('RULES');
    });

    it('deletes the tag and only its product links', async () => {
      const doomed = await make({ name: 'Doomed', slug: 'doomed' });
      const kept = await make({ name: 'Kept', slug: 'kept' });
      const product = await makeProduct(t.database.db, t.tenant.tenantId, { tag_ids: [doomed.id, kept.id] });
      const res = await t.app.inject({ method: 'DELETE', url: `${TAGS}/${doomed.id}`, headers: t.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Tag deleted successfully' });
      expect((await get(doomed.id)).statusCode).toBe(404);
      expect(await links(doomed.id)).toEqual([]);
      expect(await links(kept.id)).toEqual([product]);
      expect((await t.app.inject({ method: 'DELETE', url: `${TAGS}/${doomed.id}`, headers: t.auth })).statusCode).toBe(
        404,
      );
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of [MISSING_ID, 'not-a-ulid', 'statistics-x']) {
        const res = await get(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 'not_found',
          message: 'Tag not found.',
          data: null,
          meta: {},
        });
        expect((await update(id, { name: 'Nobody' })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'DELETE', url: `${TAGS}/${id}`, headers: t.auth })).statusCode).toBe(404);
      }
    });

    it('answers 401 without credentials', async () => {
      const res = await t.app.inject({ url: TAGS });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('tenant scoping', () => {
    let other: TenantFixture;
    let otherAuth: { authorization: string };
    let otherTag: TagBody;
    beforeAll(async () => {
      other = await makeTenant(t.services);
      otherAuth = bearer(await makeToken(t.services, other.tenantId, other.adminId));
      otherTag = await make({ name: 'Foreign', slug: 'foreign' }, otherAuth);
    });

    it("another tenant's tag is 404 for reads and writes, and untouched", async () => {
      expect((await get(otherTag.id)).json()).toEqual({
        success: false,
        code: 'not_found',
        message: 'Tag not found.',
        data: null,
        meta: {},
      });
      expect((await update(otherTag.id, { name: 'Mine now' })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `${TAGS}/${otherTag.id}`, headers: t.auth })).statusCode,
      ).toBe(404);
      expect((await get(otherTag.id, otherAuth)).json().data.name).toBe('Foreign');
    });

    it('names and slugs are unique per tenant, not across tenants', async () => {
      expect((await create({ name: 'Foreign', slug: 'foreign' })).statusCode).toBe(201);
    });

    it('lists and counts only the caller tenant', async () => {
      await makeProduct(t.database.db, other.tenantId, { tag_ids: [otherTag.id] });
      const body = (await t.app.inject({ url: `${TAGS}?per_page=100`, headers: t.auth })).json();
      expect(body.data.map((tag: TagBody) => tag.id)).not.toContain(otherTag.id);
      const own = (await t.app.inject({ url: TAGS, headers: otherAuth })).json();
      expect(own.data).toEqual([{ ...otherTag, products_count: 1 }]);
    });
  });

  // Each route's 403 is generated from the route table (test/security/function-level-authorisation.test.ts);
  // here, that each ability opens its endpoints and that a refused delete changes nothing.
  describe('abilities', () => {
    let viewer: { authorization: string };
    let creator: { authorization: string };
    let editor: { authorization: string };
    let tag: TagBody;
    beforeAll(async () => {
      const token = (abilities: string[]) => makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { abilities });
      viewer = bearer(await token(['operations:view-products']));
      creator = bearer(await token(['operations:create-products']));
      editor = bearer(await token(['operations:edit-products']));
      tag = await make({ name: 'Guarded', slug: 'guarded' });
    });

    const forbidden = (ability: string) => ({
      success: false,
      code: 'forbidden',
      message: `This action requires the ability operations:${ability}.`,
    });

    it('reads are open to view-products', async () => {
      for (const [method, url] of [
        ['GET', TAGS],
        ['GET', `${TAGS}/${tag.id}`],
        ['GET', `${TAGS}/statistics`],
        ['POST', `${TAGS}/export`],
      ] as const) {
        expect(
          (await t.app.inject({ method, url, headers: viewer, payload: method === 'POST' ? {} : undefined }))
            .statusCode,
          url,
        ).toBe(200);
      }
    });

    it('create is open to create-products', async () => {
      expect((await create({ name: 'Yes', slug: 'yes' }, creator)).statusCode).toBe(201);
    });

    it('update, bulk activate/deactivate and merge are open to edit-products', async () => {
      const target = await make({ name: 'Guarded target', slug: 'guarded-target' });
      const requests = [
        { method: 'PUT', url: `${TAGS}/${tag.id}`, payload: { name: 'Guarded 2' } },
        { method: 'POST', url: `${TAGS}/bulk-activate`, payload: { tag_ids: [tag.id] } },
        { method: 'POST', url: `${TAGS}/bulk-deactivate`, payload: { tag_ids: [tag.id] } },
        { method: 'POST', url: `${TAGS}/merge`, payload: { source_tag_ids: [MISSING_ID], target_tag_id: target.id } },
      ] as const;
      for (const request of requests) {
        expect((await t.app.inject({ ...request, headers: editor })).statusCode, request.url).not.toBe(403);
      }
    });

    it('delete and bulk-delete need delete-products', async () => {
      const del = await t.app.inject({ method: 'DELETE', url: `${TAGS}/${tag.id}`, headers: editor });
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual(forbidden('delete-products'));
      const bulk = await t.app.inject({
        method: 'POST',
        url: `${TAGS}/bulk-delete`,
        headers: editor,
        payload: { tag_ids: [tag.id] },
      });
      expect(bulk.json()).toEqual(forbidden('delete-products'));
      expect((await get(tag.id)).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    let auth: { authorization: string };
    let tenant: TenantFixture;
    const tags: Record<string, TagBody> = {};
    const list = async (query = '') => {
      const res = await t.app.inject({ url: `${TAGS}${query}`, headers: auth });
      expect(res.statusCode, query).toBe(200);
      return res.json() as { data: TagBody[]; meta: Record<string, number>; links: Record<string, string | null> };
    };
    const names = async (query = '') => (await list(query)).data.map((tag) => tag.name);

    beforeAll(async () => {
      tenant = await makeTenant(t.services);
      auth = bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId));
      const specs = [
        { name: 'delta', slug: 'delta', color: '#ff0000' },
        { name: 'Alpha', slug: 'alpha', description: 'First letter', color: '#00FF00' },
        { name: 'charlie', slug: 'c-tag', is_active: false },
        { name: 'Bravo', slug: 'bravo', description: 'Has a HIDDEN word', color: '#FF0000' },
      ];
      for (const spec of specs) {
        clock.advance(1000);
        tags[spec.name] = await make(spec, auth);
      }
      await makeProduct(t.database.db, tenant.tenantId, { tag_ids: [tags.Alpha!.id, tags.charlie!.id] });
      const deleted = await makeProduct(t.database.db, tenant.tenantId, { tag_ids: [tags.delta!.id] });
      await t.database.db
        .updateTable('products')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', deleted)
        .execute();
      // Touch Alpha last so updated_at orders differ from created_at.
      clock.advance(1000);
      await t.app.inject({
        method: 'PUT',
        url: `${TAGS}/${tags.Alpha!.id}`,
        headers: auth,
        payload: { description: 'First letter.' },
      });
    });

    it('sorts by name ascending by default (case-insensitive), 15 per page, with meta and links', async () => {
      const body = await list();
      expect(body.data.map((tag) => tag.name)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
      expect(body.meta).toEqual({ current_page: 1, per_page: 15, total: 4, last_page: 1 });
      expect(body.links.first).toMatch(/\/api\/v1\/operations\/tags\?page=1$/);
      expect(body.links.next).toBeNull();
      expect(body.data.find((tag) => tag.name === 'Alpha')?.products_count).toBe(1);
      expect(body.data.find((tag) => tag.name === 'delta')?.products_count).toBe(0);
    });

    it('sorts by name, created_at and updated_at in either direction', async () => {
      expect(await names('?sort_direction=desc')).toEqual(['delta', 'charlie', 'Bravo', 'Alpha']);
      expect(await names('?sort_by=created_at')).toEqual(['delta', 'Alpha', 'charlie', 'Bravo']);
      expect(await names('?sort_by=created_at&sort_direction=desc')).toEqual(['Bravo', 'charlie', 'Alpha', 'delta']);
      expect((await names('?sort_by=updated_at&sort_direction=desc'))[0]).toBe('Alpha');
    });

    it('pages', async () => {
      const body = await list('?per_page=3&page=2');
      expect(body.data.map((tag) => tag.name)).toEqual(['delta']);
      expect(body.meta).toEqual({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
      expect(body.links.prev).toMatch(/page=1/);
      expect((await list('?page=9')).data).toEqual([]);
    });

    it('searches name, slug and description, case-insensitively', async () => {
      expect(await names('?search=ALP')).toEqual(['Alpha']);
      expect(await names('?search=c-ta')).toEqual(['charlie']);
      expect(await names('?search=hidden')).toEqual(['Bravo']);
      expect(await names('?search=zzz')).toEqual([]);
    });

    it('filters by is_active, has_products (live products only) and colour (any case)', async () => {
      expect(await names('?is_active=false')).toEqual(['charlie']);
      expect(await names('?is_active=true')).toEqual(['Alpha', 'Bravo', 'delta']);
      expect(await names('?has_products=true')).toEqual(['Alpha', 'charlie']);
      expect(await names('?has_products=false')).toEqual(['Bravo', 'delta']);
      expect(await names('?color=%23ff0000')).toEqual(['Bravo', 'delta']);
      expect(await names('?color=%2300ff00&is_active=true&has_products=true')).toEqual(['Alpha']);
    });

    it('refuses bad query values with 422', async () => {
      for (const [query, field] of [
        ['?per_page=101', 'per_page'],
        ['?per_page=0', 'per_page'],
        ['?page=0', 'page'],
        ['?page=x', 'page'],
        ['?sort_by=slug', 'sort_by'],
        ['?sort_direction=up', 'sort_direction'],
        ['?is_active=maybe', 'is_active'],
        ['?has_products=2', 'has_products'],
        ['?color=red', 'color'],
      ]) {
        const res = await t.app.inject({ url: `${TAGS}${query}`, headers: auth });
        expect(res.statusCode, query).toBe(422);
        expect(res.json().errors, query).toHaveProperty(field!);
      }
    });
  });

  it('the OpenAPI document lists every tag path', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, { tags: string[]; summary: string }>>;
    expect(Object.keys(paths['/api/v1/operations/tags']!)).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/v1/operations/tags/{id}']!)).toEqual(
      expect.arrayContaining(['get', 'put', 'patch', 'delete']),
    );
    for (const [path, method] of [
      ['statistics', 'get'],
      ['export', 'post'],
      ['merge', 'post'],
      ['bulk-activate', 'post'],
      ['bulk-deactivate', 'post'],
      ['bulk-delete', 'post'],
    ] as const) {
      const operation = paths[`/api/v1/operations/tags/${path}`]?.[method];
      expect(operation, path).toBeDefined();
      expect(operation!.tags).toEqual(['Tags']);
      expect(operation!.summary).toBeTruthy();
    }
    const list = doc.paths['/api/v1/operations/tags'].get;
    const perPage = list.parameters.find((p: { name: string }) => p.name === 'per_page');
    expect(perPage.schema).toMatchObject({ minimum: 1, maximum: 100, default: 15 });
    expect(doc.paths['/api/v1/operations/tags'].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
    ]);
  });
});
