// Product category structure: tree, breadcrumbs, move, reorder, toggle-featured, bulk status, and the
// service methods the product module uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { bearer, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const CATEGORIES = '/api/v1/operations/product-categories';
const MISSING_ID = '01h00000000000000000000000';

interface Node {
  id: string;
  name: string;
  parent_id: string | null;
  depth_level: number;
  sort_order: number;
  is_active: boolean;
  is_featured: boolean;
  slug: string;
  created_at: string;
  updated_at: string;
  children: Node[];
}

describe('product category structure', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let tenantId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    auth = t.auth;
    tenantId = t.tenant.tenantId;
  });
  afterAll(() => t.close());

  /** A fresh tenant, so that whole-tenant answers (the tree) are predictable. */
  const freshTenant = async () => {
    const tenant = await makeTenant(t.services);
    return { tenantId: tenant.tenantId, auth: bearer(await makeToken(t.services, tenant.tenantId, tenant.adminId)) };
  };
  const made = async (payload: object, headers = auth): Promise<Node> => {
    const res = await t.app.inject({ method: 'POST', url: CATEGORIES, headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const get = async (id: string, headers = auth): Promise<Node> =>
    (await t.app.inject({ url: `${CATEGORIES}/${id}`, headers })).json().data;
  const post = (path: string, payload?: object, headers = auth) =>
    t.app.inject({
      method: 'POST',
      url: `${CATEGORIES}${path}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const shape = (nodes: Node[]): unknown[] =>
    nodes.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name));

  describe('tree', () => {
    it('nests children; roots and siblings sorted by sort_order then name; static path not taken for an id', async () => {
      const f = await freshTenant();
      const home = await made({ name: 'Home', sort_order: 2 }, f.auth);
      await made({ name: 'Garden', sort_order: 1 }, f.auth);
      await made({ name: 'art', sort_order: 2 }, f.auth);
      const kitchen = await made({ name: 'Kitchen', parent_id: home.id, sort_order: 5 }, f.auth);
      await made({ name: 'Bath', parent_id: home.id, sort_order: 5 }, f.auth);
      await made({ name: 'Zulu', parent_id: home.id, sort_order: 0 }, f.auth);
      await made({ name: 'Knives', parent_id: kitchen.id }, f.auth);
      const res = await t.app.inject({ url: `${CATEGORIES}/tree`, headers: f.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(shape(body.data)).toEqual(['Garden', 'art', { Home: ['Zulu', 'Bath', { Kitchen: ['Knives'] }] }]);
      const homeNode = body.data[2] as Node;
      expect(homeNode).toMatchObject({ id: home.id, depth_level: 0, parent_id: null, slug: 'home' });
      expect(homeNode.children[2]!.children[0]).toMatchObject({ depth_level: 2, parent_id: kitchen.id, children: [] });
      expect(Object.keys(homeNode).sort()).toEqual(
        [
          'children',
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
    });

    it('is empty for a tenant without categories and leaves out deleted ones', async () => {
      const f = await freshTenant();
      expect((await t.app.inject({ url: `${CATEGORIES}/tree`, headers: f.auth })).json()).toEqual({
        success: true,
        data: [],
      });
      const gone = await made({ name: 'Gone' }, f.auth);
      await made({ name: 'Stays' }, f.auth);
      await t.app.inject({ method: 'DELETE', url: `${CATEGORIES}/${gone.id}`, headers: f.auth });
      expect(shape((await t.app.inject({ url: `${CATEGORIES}/tree`, headers: f.auth })).json().data)).toEqual([
        'Stays',
      ]);
    });
  });

  describe('breadcrumbs', () => {
    it('lists root first and the category last, each {id, name, slug, depth_level}', async () => {
      const a = await made({ name: 'Crumb A' });
      const b = await made({ name: 'Crumb B', parent_id: a.id });
      const c = await made({ name: 'Crumb C', parent_id: b.id });
      const res = await t.app.inject({ url: `${CATEGORIES}/${c.id}/breadcrumbs`, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: [
          { id: a.id, name: 'Crumb A', slug: 'crumb-a', depth_level: 0 },
          { id: b.id, name: 'Crumb B', slug: 'crumb-b', depth_level: 1 },
          { id: c.id, name: 'Crumb C', slug: 'crumb-c', depth_level: 2 },
        ],
      });
      expect(
        (await t.app.inject({ url: `${CATEGORIES}/${a.id}/breadcrumbs`, headers: auth })).json().data,
      ).toHaveLength(1);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await t.app.inject({ url: `${CATEGORIES}/${MISSING_ID}/breadcrumbs`, headers: auth })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ url: `${CATEGORIES}/xyz/breadcrumbs`, headers: auth })).json().message).toBe(
        'Category not found.',
      );
    });
  });

  describe('move', () => {
    it('moves a subtree under another parent and updates every depth in it', async () => {
      const target = await made({ name: 'Move target' });
      const deepTarget = await made({ name: 'Move deep target', parent_id: target.id });
      const a = await made({ name: 'Move A', sort_order: 4 });
      const b = await made({ name: 'Move B', parent_id: a.id });
      const c = await made({ name: 'Move C', parent_id: b.id });
      const res = await post(`/${a.id}/move`, { parent_id: deepTarget.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Category moved successfully',
        data: { id: a.id, parent_id: deepTarget.id, depth_level: 2, sort_order: 4 },
      });
      expect((await get(b.id)).depth_level).toBe(3);
      expect((await get(c.id)).depth_level).toBe(4);
      const crumbs = (await t.app.inject({ url: `${CATEGORIES}/${c.id}/breadcrumbs`, headers: auth })).json().data;
      expect(crumbs.map((x: Node) => x.name)).toEqual([
        'Move target',
        'Move deep target',
        'Move A',
        'Move B',
        'Move C',
      ]);

      const toRoot = await post(`/${b.id}/move`, { parent_id: null });
      expect(toRoot.json().data).toMatchObject({ parent_id: null, depth_level: 0 });
      expect((await get(c.id)).depth_level).toBe(1);
      expect((await get(a.id)).depth_level).toBe(2);
    });

    it('moving to the current parent changes nothing', async () => {
      const p = await made({ name: 'Same parent' });
      const k = await made({ name: 'Same kid', parent_id: p.id });
      const res = await post(`/${k.id}/move`, { parent_id: p.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ parent_id: p.id, depth_level: 1, updated_at: k.created_at });
    });

    it('refuses (422) a move into itself or any descendant, and changes nothing', async () => {
      const a = await made({ name: 'Cycle A' });
      const b = await made({ name: 'Cycle B', parent_id: a.id });
      const c = await made({ name: 'Cycle C', parent_id: b.id });
      for (const target of [a.id, b.id, c.id]) {
        const res = await post(`/${a.id}/move`, { parent_id: target });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({
          parent_id: ['A category cannot be moved into itself or one of its descendants.'],
        });
      }
      expect(await get(a.id)).toMatchObject({ parent_id: null, depth_level: 0 });
      expect(await get(c.id)).toMatchObject({ parent_id: b.id, depth_level: 2 });
    });

    it("refuses (422) a parent that does not exist, is deleted or is another tenant's", async () => {
      const a = await made({ name: 'Nowhere' });
      const gone = await made({ name: 'Gone parent' });
      await t.app.inject({ method: 'DELETE', url: `${CATEGORIES}/${gone.id}`, headers: auth });
      const other = await makeTenant(t.services);
      const foreign = await t.services.catalog.categories.service.create(other.tenantId, { name: 'Foreign parent' });
      for (const parent of [MISSING_ID, gone.id, foreign.id]) {
        const res = await post(`/${a.id}/move`, { parent_id: parent });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ parent_id: ['The selected parent category does not exist.'] });
      }
    });

    it.each([
      [{}, 'The parent id field is required.'],
      [{ parent_id: 'bad' }, 'The parent id field format is invalid.'],
      [{ parent_id: 5 }, 'The parent id field must be a string or null.'],
    ])('refuses bad body %j with 422', async (payload, message) => {
      const a = await made({ name: 'Bad move' });
      const res = await post(`/${a.id}/move`, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.parent_id).toEqual([message]);
    });

    it('answers 404 for an unknown category', async () => {
      expect((await post(`/${MISSING_ID}/move`, { parent_id: null })).statusCode).toBe(404);
    });
  });

  describe('reorder', () => {
    it('sets sort_order of siblings and answers {reordered: count}; static path not taken for an id', async () => {
      const f = await freshTenant();
      const p = await made({ name: 'Shelf' }, f.auth);
      const x = await made({ name: 'X', parent_id: p.id, sort_order: 0 }, f.auth);
      const y = await made({ name: 'Y', parent_id: p.id, sort_order: 1 }, f.auth);
      const z = await made({ name: 'Z', parent_id: p.id, sort_order: 2 }, f.auth);
      const res = await post(
        '/reorder',
        {
          categories: [
            { id: z.id, sort_order: 0 },
            { id: x.id, sort_order: 1 },
            { id: y.id, sort_order: 2 },
          ],
        },
        f.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Categories reordered successfully',
        data: { reordered: 3 },
      });
      const tree = (await t.app.inject({ url: `${CATEGORIES}/tree`, headers: f.auth })).json().data;
      expect(shape(tree)).toEqual([{ Shelf: ['Z', 'X', 'Y'] }]);
      // Roots can be reordered too, and a subset of siblings is enough.
      const r2 = await made({ name: 'Another root' }, f.auth);
      const roots = await post('/reorder', { categories: [{ id: r2.id, sort_order: 9 }] }, f.auth);
      expect(roots.json().data).toEqual({ reordered: 1 });
      expect((await get(r2.id, f.auth)).sort_order).toBe(9);
    });

    it('refuses (422) categories of different parents, and changes nothing', async () => {
      const p = await made({ name: 'Mixed parent' });
      const kid = await made({ name: 'Mixed kid', parent_id: p.id, sort_order: 3 });
      const res = await post('/reorder', {
        categories: [
          { id: p.id, sort_order: 1 },
          { id: kid.id, sort_order: 0 },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('All categories to reorder must share the same parent.');
      expect((await get(kid.id)).sort_order).toBe(3);
    });

    it("refuses (422) unknown, another tenant's or repeated ids, naming the item", async () => {
      const a = await made({ name: 'Reorder known', sort_order: 5 });
      const other = await makeTenant(t.services);
      const foreign = await t.services.catalog.categories.service.create(other.tenantId, { name: 'Reorder foreign' });
      const res = await post('/reorder', {
        categories: [
          { id: a.id, sort_order: 1 },
          { id: MISSING_ID, sort_order: 2 },
          { id: foreign.id, sort_order: 3 },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        'categories.1.id': ['The selected category does not exist.'],
        'categories.2.id': ['The selected category does not exist.'],
      });
      const dup = await post('/reorder', {
        categories: [
          { id: a.id, sort_order: 1 },
          { id: a.id, sort_order: 2 },
        ],
      });
      expect(dup.statusCode).toBe(422);
      expect(dup.json().errors).toEqual({ 'categories.1.id': ['The id appears more than once.'] });
      expect((await get(a.id)).sort_order).toBe(5);
    });

    it.each([
      [{}, 'categories'],
      [{ categories: [] }, 'categories'],
      [{ categories: 'x' }, 'categories'],
      [{ categories: [{ id: 'bad', sort_order: 1 }] }, 'categories.0.id'],
      [{ categories: [{ sort_order: 1 }] }, 'categories.0.id'],
      [{ categories: [{ id: MISSING_ID }] }, 'categories.0.sort_order'],
      [{ categories: [{ id: MISSING_ID, sort_order: -1 }] }, 'categories.0.sort_order'],
      [{ categories: [{ id: MISSING_ID, sort_order: 'first' }] }, 'categories.0.sort_order'],
    ])('refuses bad body %j with 422', async (payload, field) => {
      const res = await post('/reorder', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty([field]);
    });

    it('refuses more than 500 items', async () => {
      const categories = Array.from({ length: 501 }, () => ({ id: MISSING_ID, sort_order: 0 }));
      const res = await post('/reorder', { categories });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.categories).toEqual(['The categories field must not have more than 500 items.']);
    });
  });

  describe('toggle-featured', () => {
    it('flips is_featured and answers the category', async () => {
      const c = await made({ name: 'Featurable' });
      const on = await post(`/${c.id}/toggle-featured`);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ success: true, data: { id: c.id, is_featured: true, name: 'Featurable' } });
      expect((await post(`/${c.id}/toggle-featured`)).json().data.is_featured).toBe(false);
      expect((await get(c.id)).is_featured).toBe(false);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await post(`/${MISSING_ID}/toggle-featured`)).statusCode).toBe(404);
      expect((await post('/nope/toggle-featured')).statusCode).toBe(404);
    });
  });

  describe('bulk-status', () => {
    it('sets is_active on many and counts unknown or foreign ids as failed', async () => {
      const a = await made({ name: 'Bulk A' });
      const b = await made({ name: 'Bulk B' });
      const other = await makeTenant(t.services);
      const foreign = await t.services.catalog.categories.service.create(other.tenantId, { name: 'Bulk foreign' });
      const res = await post('/bulk-status', { category_ids: [a.id, b.id, MISSING_ID, foreign.id], is_active: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Category status updated',
        data: { processed: 4, successful: 2, failed: 2 },
      });
      expect((await get(a.id)).is_active).toBe(false);
      expect((await get(b.id)).is_active).toBe(false);
      expect((await t.services.catalog.categories.service.get(other.tenantId, foreign.id)).is_active).toBe(true);
      const again = await post('/bulk-status', { category_ids: [a.id], is_active: true });
      expect(again.json().data).toEqual({ processed: 1, successful: 1, failed: 0 });
      expect((await get(a.id)).is_active).toBe(true);
    });

    it.each([
      [{ is_active: true }, 'category_ids'],
      [{ category_ids: [], is_active: true }, 'category_ids'],
      [{ category_ids: ['bad'], is_active: true }, 'category_ids.0'],
      [{ category_ids: [MISSING_ID, MISSING_ID], is_active: true }, 'category_ids'],
      [{ category_ids: Array.from({ length: 501 }, () => MISSING_ID), is_active: true }, 'category_ids'],
      [{ category_ids: [MISSING_ID] }, 'is_active'],
      [{ category_ids: [MISSING_ID], is_active: 'no' }, 'is_active'],
    ])('refuses bad body with 422 on %s', async (payload, field) => {
      const res = await post('/bulk-status', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty([field]);
    });
  });

  describe('service for the product module', () => {
    it('assertExists answers the category or throws a category_id validation error', async () => {
      const service = t.services.catalog.categories.service;
      const c = await made({ name: 'Assert me' });
      expect((await service.assertExists(tenantId, c.id)).id).toBe(c.id);
      await expect(service.assertExists(tenantId, MISSING_ID)).rejects.toMatchObject({
        constructor: ValidationError,
        errors: { category_id: ['The selected category does not exist.'] },
      });
      const other = await makeTenant(t.services);
      await expect(service.assertExists(other.tenantId, c.id)).rejects.toMatchObject({
        errors: { category_id: expect.any(Array) },
      });
    });

    it('descendantIds answers the category and all its live descendants, tenant-scoped', async () => {
      const service = t.services.catalog.categories.service;
      const a = await made({ name: 'Desc A' });
      const b = await made({ name: 'Desc B', parent_id: a.id });
      const c = await made({ name: 'Desc C', parent_id: b.id });
      const d = await made({ name: 'Desc D', parent_id: a.id });
      const gone = await made({ name: 'Desc gone', parent_id: d.id });
      await t.app.inject({ method: 'DELETE', url: `${CATEGORIES}/${gone.id}`, headers: auth });
      expect((await service.descendantIds(tenantId, a.id)).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
      expect((await service.descendantIds(tenantId, b.id)).sort()).toEqual([b.id, c.id].sort());
      expect(await service.descendantIds(tenantId, c.id)).toEqual([c.id]);
      expect(await service.descendantIds(tenantId, MISSING_ID)).toEqual([]);
      const other = await makeTenant(t.services);
      expect(await service.descendantIds(other.tenantId, a.id)).toEqual([]);
    });
  });
});
