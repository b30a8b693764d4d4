// Materialised category paths and the tree root products keep: written on create, rewritten for a whole subtree
// on move, untouched by delete, and followed by product writes; the product list's department filter answers
// what the parent links (the recursive subtree) say, before and after moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';

const API = '/api/v1/operations';
const CATEGORIES = `${API}/product-categories`;
const PRODUCTS = `${API}/products`;
const MASTERS = `${API}/master-products`;

describe('category paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function freshTenant() {
    const { tenant, auth } = await makeTenantWithToken(t.services);
    const call = jsonCaller(t.app, auth);
    const category = async (name: string, parentId: string | null = null): Promise<string> => {
      const res = await call('POST', CATEGORIES, { name, ...(parentId ? { parent_id: parentId } : {}) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    };
    const product = async (name: string, price: number, categoryId: string | null): Promise<string> => {
      const res = await call('POST', PRODUCTS, { name, selling_price: price, category_id: categoryId });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    };
    const move = async (id: string, parentId: string | null) => {
      const res = await call('POST', `${CATEGORIES}/${id}/move`, { parent_id: parentId });
      expect(res.statusCode, res.body).toBe(200);
    };
    const pathOf = async (id: string) =>
      (
        await t.database.db
          .selectFrom('product_categories')
          .select('path')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).path;
    const rootOf = async (productId: string) =>
      (
        await t.database.db
          .selectFrom('products')
          .select('category_root_id')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow()
      ).category_root_id;
    /** The subtree's products by price from the parent links alone (the recursive approach), as the list must answer them. */
    const expectedByPrice = async (topId: string): Promise<string[]> => {
      const categories = await t.database.db
        .selectFrom('product_categories')
        .select(['id', 'parent_id'])
        .where('tenant_id', '=', tenant.tenantId)
        .where('deleted_at', 'is', null)
        .execute();
      const subtree = new Set([topId]);
      for (let grown = true; grown;) {
        grown = false;
        for (const c of categories) {
          if (c.parent_id !== null && subtree.has(c.parent_id) && !subtree.has(c.id)) {
            subtree.add(c.id);
            grown = true;
          }
        }
      }
      const products = await t.database.db
        .selectFrom('products')
        .select(['id', 'selling_price', 'category_id'])
        .where('tenant_id', '=', tenant.tenantId)
        .where('deleted_at', 'is', null)
        .execute();
      return products
        .filter((p) => p.category_id !== null && subtree.has(p.category_id))
        .sort((a, b) => a.selling_price! - b.selling_price! || (a.id < b.id ? -1 : 1))
        .map((p) => p.id);
    };
    const listed = async (
      categoryId: string,
      sort = 'sort_by=selling_price&sort_direction=asc',
    ): Promise<{ ids: string[]; total: number }> => {
      const res = await call(
        'GET',
        `${PRODUCTS}?category_id=${categoryId}&include_descendants=true&${sort}&per_page=100`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().data.map((p: { id: string }) => p.id), total: res.json().meta.total };
    };
    /** The department list by price, and the per-category list of another sort, both equal to the recursive subtree. */
    const expectListsMatch = async (topId: string) => {
      const expected = await expectedByPrice(topId);
      expect(await listed(topId)).toEqual({ ids: expected, total: expected.length });
      const byName = await listed(topId, 'sort_by=name&sort_direction=asc');
      expect(byName.ids.sort()).toEqual([...expected].sort());
    };
    return { ...tenant, call, category, product, move, pathOf, rootOf, expectedByPrice, listed, expectListsMatch };
  }

  it("gives a root the path of its id and a child its parent's path followed by its id", async () => {
    const c = await freshTenant();
    const home = await c.category('Home');
    const kitchen = await c.category('Kitchen', home);
    const knives = await c.category('Knives', kitchen);
    expect(await c.pathOf(home)).toBe(`/${home}/`);
    expect(await c.pathOf(kitchen)).toBe(`/${home}/${kitchen}/`);
    expect(await c.pathOf(knives)).toBe(`/${home}/${kitchen}/${knives}/`);
  });

  it("a move rewrites the subtree's paths, and its products leave the old department's list for the new one's", async () => {
    const c = await freshTenant();
    const a = await c.category('A');
    const a1 = await c.category('A1', a);
    const a11 = await c.category('A11', a1);
    const a2 = await c.category('A2', a);
    const b = await c.category('B');
    const b1 = await c.category('B1', b);
    const inA = await c.product('In A', 30, a);
    const inA1 = await c.product('In A1', 10, a1);
    const inA11 = await c.product('In A11', 20, a11);
    const inA2 = await c.product('In A2', 5, a2);
    const inB1 = await c.product('In B1', 15, b1);
    expect((await c.listed(a)).ids).toEqual([inA2, inA1, inA11, inA]);
    await c.expectListsMatch(a);

    await c.move(a1, b1);
    expect(await c.pathOf(a1)).toBe(`/${b}/${b1}/${a1}/`);
    expect(await c.pathOf(a11)).toBe(`/${b}/${b1}/${a1}/${a11}/`);
    expect(await c.pathOf(a2)).toBe(`/${a}/${a2}/`);
    expect([await c.rootOf(inA1), await c.rootOf(inA11), await c.rootOf(inA)]).toEqual([b, b, a]);
    expect((await c.listed(a)).ids).toEqual([inA2, inA]);
    expect((await c.listed(b)).ids).toEqual([inA1, inB1, inA11]);
    for (const top of [a, b, b1, a1]) await c.expectListsMatch(top);
    const depth = (await c.call('GET', `${CATEGORIES}/${a11}`)).json().data.depth_level;
    expect(depth).toBe(3);

    // To the roots: the subtree becomes a department of its own.
    await c.move(a1, null);
    expect(await c.pathOf(a11)).toBe(`/${a1}/${a11}/`);
    expect(await c.rootOf(inA11)).toBe(a1);
    expect((await c.listed(a1)).ids).toEqual([inA1, inA11]);
    expect((await c.listed(b)).ids).toEqual([inB1]);
    for (const top of [a, b, a1]) await c.expectListsMatch(top);
  });

  it("a move within its department rewrites paths and keeps the products' root", async () => {
    const c = await freshTenant();
    const a = await c.category('A');
    const a1 = await c.category('A1', a);
    const a2 = await c.category('A2', a);
    const a21 = await c.category('A21', a2);
    const inA21 = await c.product('In A21', 12, a21);
    await c.move(a2, a1);
    expect(await c.pathOf(a21)).toBe(`/${a}/${a1}/${a2}/${a21}/`);
    expect(await c.rootOf(inA21)).toBe(a);
    await c.expectListsMatch(a1);
    await c.expectListsMatch(a);
  });

  it('refuses a move under its own descendant by path, changing nothing', async () => {
    const c = await freshTenant();
    const a = await c.category('A');
    const a1 = await c.category('A1', a);
    const res = await c.call('POST', `${CATEGORIES}/${a}/move`, { parent_id: a1 });
    expect(res.statusCode).toBe(422);
    expect(await c.pathOf(a1)).toBe(`/${a}/${a1}/`);
  });

  it("a deleted category leaves its parent's subtree; a sibling made afterwards gets a path of its own", async () => {
    const c = await freshTenant();
    const a = await c.category('A');
    const gone = await c.category('Gone', a);
    expect((await c.call('DELETE', `${CATEGORIES}/${gone}`)).statusCode).toBe(200);
    const after = await c.category('After', a);
    expect(await c.pathOf(after)).toBe(`/${a}/${after}/`);
    expect((await t.services.catalog.categories.service.descendantIds(c.tenantId, a)).sort()).toEqual(
      [a, after].sort(),
    );
    const inAfter = await c.product('In After', 3, after);
    expect(await c.rootOf(inAfter)).toBe(a);
    await c.expectListsMatch(a);
  });

  it("a product keeps its category's root through create, category change and removal of its category", async () => {
    const c = await freshTenant();
    const a = await c.category('A');
    const a1 = await c.category('A1', a);
    const b = await c.category('B');
    const p = await c.product('Moving', 9, a1);
    expect(await c.rootOf(p)).toBe(a);
    const update = async (body: object) => expect((await c.call('PUT', `${PRODUCTS}/${p}`, body)).statusCode).toBe(200);
    await update({ category_id: b });
    expect(await c.rootOf(p)).toBe(b);
    expect((await c.listed(a)).ids).toEqual([]);
    expect((await c.listed(b)).ids).toEqual([p]);
    await update({ name: 'Moving still' });
    expect(await c.rootOf(p)).toBe(b);
    await update({ category_id: null });
    expect(await c.rootOf(p)).toBeNull();
    expect((await c.listed(b)).ids).toEqual([]);
    expect(await c.rootOf(await c.product('Loose', 1, null))).toBeNull();
  });

  it("variants take their master's category root, also when the master's category changes", async () => {
    const c = await freshTenant();
    const a = await c.category('A');
    const a1 = await c.category('A1', a);
    const b = await c.category('B');
    const shape = { attributes: [{ name: 'Color', values: ['Red', 'Blue'] }], allowCombinations: true };
    const master = (
      await c.call('POST', MASTERS, { name: 'Tee', sku: 'TEE', category_id: a1, variant_attributes: shape })
    ).json().data.id as string;
    const res = await c.call('POST', `${MASTERS}/${master}/variants`, { variant_selection: { Color: 'Red' } });
    expect(res.statusCode, res.body).toBe(201);
    const variant = res.json().data.id as string;
    expect(await c.rootOf(variant)).toBe(a);
    const hooks = t.services.catalog.variants.service;
    await t.database.db
      .transaction()
      .execute((trx) => hooks.syncInherited(trx, c.tenantId, { id: master, category_id: b, supplier_id: null }));
    expect(await c.rootOf(variant)).toBe(b);
  });
});
