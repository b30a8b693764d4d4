// The product list walked by its `after` cursor: every sort in both directions returns every matching product
// exactly once, in the order of the page-numbered list, with ties (equal names in other cases, one creation
// instant, equal stock) and nulls (unpriced products) in the data; filters; products written during a walk;
// refused cursors; and another tenant's walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { PRODUCT_SORTS } from '../../../src/modules/catalog/products/product.schemas.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { walkByCursor } from '../../helpers/keyset-walk.js';
import { productBody } from '../../helpers/request-bodies.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const PRODUCTS = '/api/v1/operations/products';

interface Listed {
  id: string;
  name: string;
}

describe('product list walked by cursor', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-02-01T08:00:00.000Z'));
  let categoryId = '';

  const get = (url: string, headers: Record<string, string> = t.auth) => t.app.inject({ url, headers });
  async function create(body: object, headers: Record<string, string> = t.auth) {
    const res = await t.app.inject({ method: 'POST', url: PRODUCTS, headers, payload: productBody(body) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }
  /** The page-numbered list in one page: the order a walk must follow. */
  async function numbered(query: string): Promise<string[]> {
    const res = await get(`${PRODUCTS}?per_page=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBeLessThan(100);
    return (res.json().data as Listed[]).map((p) => p.id);
  }
  const walked = async (query: string, perPage: number) =>
    (await walkByCursor<Listed>((url) => get(url), `${PRODUCTS}?per_page=${perPage}&${query}`)).rows.map((p) => p.id);

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/v1/operations/product-categories',
      headers: t.auth,
      payload: { name: 'Tools' },
    });
    categoryId = category.json().data.id;
    // Pairs made in one instant (equal created_at and updated_at), names and SKUs equal but for case, equal
    // stock, prices in two currencies, and products without a price.
    const rows: object[] = [
      { name: 'Drill', sku: 'DR-1', selling_price: 20, currency: 'USD', stock_quantity: 5 },
      { name: 'drill', sku: 'dr-1b', selling_price: 20, currency: 'USD', stock_quantity: 5 },
      { name: 'Saw', sku: 'SAW', selling_price: 15, currency: 'EUR', stock_quantity: 0, category_id: categoryId },
      { name: 'saw', sku: 'saw-2', stock_quantity: 0, category_id: categoryId },
      { name: 'Hammer', sku: 'HAM', stock_quantity: 5, is_featured: true },
      { name: 'Level', sku: 'LEV', selling_price: 9.5, currency: 'USD', stock_quantity: 2, category_id: categoryId },
      { name: 'Clamp', sku: 'CLA', selling_price: 9.5, currency: 'USD', stock_quantity: 2 },
      { name: 'Chisel', sku: 'CHI', selling_price: 15, currency: 'EUR', stock_quantity: 7, is_featured: true },
      { name: 'Anvil', sku: 'ANV', stock_quantity: 7 },
      { name: 'Vise', sku: 'VIS', selling_price: 40, currency: 'GBP', stock_quantity: 1 },
    ];
    for (const [i, row] of rows.entries()) {
      if (i % 2 === 0) clock.advance(1000);
      await create(row);
    }
    // Two statuses besides draft, and a product written before products carried a currency (null with a price
    // null too: the lowest on both keys).
    const ids = await numbered('sort_by=name&sort_direction=asc');
    await t.database.db.updateTable('products').set({ status: 'active' }).where('id', 'in', ids.slice(0, 4)).execute();
    await t.database.db
      .updateTable('products')
      .set({ status: 'inactive' })
      .where('id', 'in', ids.slice(6, 8))
      .execute();
    await t.database.db
      .updateTable('products')
      .set({ currency: null, selling_price: null })
      .where('id', 'in', ids.slice(8, 9))
      .execute();
  });
  afterAll(() => t.close());

  it('walks every sort in both directions: every product once, in the list order', async () => {
    for (const sort of PRODUCT_SORTS) {
      for (const direction of ['asc', 'desc']) {
        const query = `sort_by=${sort}&sort_direction=${direction}`;
        const expected = await numbered(query);
        expect(expected).toHaveLength(10);
        for (const perPage of [1, 3, 10]) expect(await walked(query, perPage), `${query} ${perPage}`).toEqual(expected);
      }
    }
  });

  it('walks with filters', async () => {
    const filters = [
      'status=active,inactive',
      'is_featured=true',
      `category_id=${categoryId}`,
      'currency=USD&min_price=9.5',
      'in_stock=false',
      'search=drill',
    ];
    for (const filter of filters) {
      for (const sort of ['name', 'selling_price', 'status', 'created_at']) {
        const query = `${filter}&sort_by=${sort}&sort_direction=asc`;
        const expected = await numbered(query);
        expect(expected.length, query).toBeGreaterThan(0);
        expect(await walked(query, 2), query).toEqual(expected);
      }
    }
    expect(await walked('search=nothing-like-it', 5)).toEqual([]);
  });

  it('starts with an empty after and answers no total', async () => {
    const res = await get(`${PRODUCTS}?sort_by=name&sort_direction=asc&per_page=4&after=`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((p: Listed) => p.id)).toEqual((await numbered('sort_by=name&sort_direction=asc')).slice(0, 4));
    expect(body.meta).toEqual({ per_page: 4, has_more: true, cursor: expect.any(String) });
    const next = new URL(body.links.next);
    expect(next.pathname).toBe(PRODUCTS);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      sort_by: 'name',
      sort_direction: 'asc',
      per_page: '4',
      after: body.meta.cursor,
    });
    // Without after, the page-numbered answer is unchanged.
    const numberedAnswer = (await get(`${PRODUCTS}?per_page=4`)).json();
    expect(numberedAnswer.meta).toEqual({ current_page: 1, per_page: 4, total: 10, last_page: 3 });
    expect(Object.keys(numberedAnswer.links).sort()).toEqual(['first', 'last', 'next', 'prev']);
  });

  it('shows products written during a walk after its position, once, and none before it', async () => {
    const before = await numbered('sort_by=name&sort_direction=asc');
    const added: Record<string, string> = {};
    const walk = await walkByCursor<Listed>(
      (url) => get(url),
      `${PRODUCTS}?sort_by=name&sort_direction=asc&per_page=3`,
      async (pageIndex) => {
        if (pageIndex !== 0) return;
        // The first page ended at Clamp: Aardvark sorts before it, Zither and Clamp's twin after it.
        added.behind = await create({ name: 'Aardvark', sku: 'AAR' });
        added.ahead = await create({ name: 'Zither', sku: 'ZIT' });
        added.level = await create({ name: 'clamp', sku: 'CLA-2' });
      },
    );
    const ids = walk.rows.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(added.behind);
    expect(ids).toContain(added.ahead);
    expect(ids).toContain(added.level);
    expect(ids.filter((id) => before.includes(id))).toEqual(before);
    expect(ids).toEqual((await numbered('sort_by=name&sort_direction=asc')).filter((id) => id !== added.behind));
    await t.database.db
      .updateTable('products')
      .set({ deleted_at: clock.now().toISOString() })
      .where('id', 'in', Object.values(added))
      .execute();
  });

  it('refuses a garbled cursor, a cursor of another sort or direction, and after with a later page', async () => {
    const first = (await get(`${PRODUCTS}?sort_by=name&sort_direction=asc&per_page=2&after=`)).json();
    const cursor = first.meta.cursor as string;
    expect((await get(`${PRODUCTS}?sort_by=name&sort_direction=asc&per_page=2&after=${cursor}`)).statusCode).toBe(200);
    for (const other of ['sort_by=sku&sort_direction=asc', 'sort_by=name&sort_direction=desc', '']) {
      const res = await get(`${PRODUCTS}?${other}&after=${cursor}`);
      expect(res.statusCode, other).toBe(422);
      expect(res.json().errors.after[0]).toMatch(
        /^The after cursor was made for another list or order \(products:name:asc\)/,
      );
    }
    const forged = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = '01jd8x4k3m2n5p6q7r8s9t0v1w';
    for (const bad of [
      'x'.repeat(10),
      '%%%',
      cursor.slice(0, -3),
      forged({ o: 'products:stock_quantity:asc', k: ['five'], id }),
      forged({ o: 'products:stock_quantity:asc', k: [null], id }),
      forged({ o: 'products:stock_quantity:asc', k: [5, 6], id }),
      forged({ o: 'products:stock_quantity:asc', k: [5], id: 'not-an-id' }),
      forged(['products:stock_quantity:asc']),
    ]) {
      const res = await get(`${PRODUCTS}?sort_by=stock_quantity&sort_direction=asc&after=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.after[0]).toMatch(/^The after cursor is not valid/);
    }
    // A price cursor may hold nulls: the unpriced products are positions of that walk.
    const unpriced = forged({ o: 'products:selling_price:asc', k: [null, null], id });
    expect((await get(`${PRODUCTS}?sort_by=selling_price&sort_direction=asc&after=${unpriced}`)).statusCode).toBe(200);
    const paged = await get(`${PRODUCTS}?page=2&after=${cursor}&sort_by=name&sort_direction=asc`);
    expect(paged.statusCode).toBe(422);
    expect(Object.keys(paged.json().errors)).toEqual(['page']);
  });

  it('walks only the caller tenant’s products, whatever the cursor', async () => {
    const other = await makeTenantWithToken(t.services);
    const theirs = [await create({ name: 'Bench' }, other.auth), await create({ name: 'Crate' }, other.auth)];
    const walk = await walkByCursor<Listed>(
      (url) => get(url, other.auth),
      `${PRODUCTS}?sort_by=name&sort_direction=asc&per_page=1`,
    );
    expect(walk.rows.map((p) => p.id)).toEqual(theirs);
    // Our cursor, positioned before Bench by name, reads their products only.
    const ours = (await get(`${PRODUCTS}?sort_by=name&sort_direction=asc&per_page=1&after=`)).json().meta.cursor;
    const res = await get(`${PRODUCTS}?sort_by=name&sort_direction=asc&after=${ours}`, other.auth);
    expect(res.json().data.map((p: Listed) => p.id)).toEqual(theirs);
  });
});
