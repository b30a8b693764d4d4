// The sales order list walked by its `after` cursor: every sort in both directions returns every order exactly
// once, in the order of the page-numbered list, with ties (one creation instant, equal totals and priorities)
// and orders without a requested ship date (the lowest on both engines); filters; orders written during a walk;
// refused cursors; and another tenant's walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { SALES_ORDER_SORTS } from '../../../src/modules/sales/orders/order.schemas.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { walkByCursor } from '../../helpers/keyset-walk.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const ORDERS = '/api/v1/sales/orders';

type Headers = Record<string, string>;
interface Listed {
  id: string;
  requested_ship_date: string | null;
}

describe('sales order list walked by cursor', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-12-02T09:00:00.000Z'));
  let auth: Headers;
  let build: ReturnType<typeof apiBuilders>;

  const get = (url: string, headers: Headers = auth) => t.app.inject({ url, headers });
  async function numbered(query: string, headers: Headers = auth): Promise<string[]> {
    const res = await get(`${ORDERS}?per_page=100&${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Listed[]).map((o) => o.id);
  }
  const walked = async (query: string, perPage: number) =>
    (await walkByCursor<Listed>((url) => get(url), `${ORDERS}?per_page=${perPage}&${query}`)).rows.map((o) => o.id);

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    ({ auth } = await makeTenantWithToken(t.services));
    build = apiBuilders(t.app, auth);
    const customer = await build.customer({ name: 'Walk Customer' });
    const product = await build.product();
    const dates = ['2026-12-20', null, '2026-12-10', '2026-12-20', null, '2026-12-15', '2026-12-10', null];
    for (const [i, date] of dates.entries()) {
      // Two orders per instant: created_at ties broken by id.
      if (i % 2 === 0) clock.advance(1000);
      await build.salesOrder({
        customer_id: customer.id,
        channel: i % 3 === 0 ? 'shop' : 'phone',
        priority: i % 3,
        requested_ship_date: date,
        lines: [{ product_id: product.id, quantity: 1 + (i % 4), unit_price: 10 }],
      });
    }
  });
  afterAll(() => t.close());

  it('walks every sort in both directions: every order once, in the list order', async () => {
    for (const sort of SALES_ORDER_SORTS) {
      for (const direction of ['asc', 'desc']) {
        const query = `sort_by=${sort}&sort_direction=${direction}`;
        const expected = await numbered(query);
        expect(expected).toHaveLength(8);
        for (const perPage of [1, 3]) expect(await walked(query, perPage), `${query} ${perPage}`).toEqual(expected);
      }
    }
  });

  it('orders the orders without a requested ship date as the lowest, on both engines', async () => {
    const dates = async (direction: string) =>
      ((await get(`${ORDERS}?sort_by=requested_ship_date&sort_direction=${direction}`)).json().data as Listed[]).map(
        (o) => o.requested_ship_date,
      );
    expect(await dates('asc')).toEqual([
      null,
      null,
      null,
      '2026-12-10',
      '2026-12-10',
      '2026-12-15',
      '2026-12-20',
      '2026-12-20',
    ]);
    expect(await dates('desc')).toEqual([...(await dates('asc'))].reverse());
  });

  it('walks with filters, and answers no total', async () => {
    for (const filter of ['channel=shop', 'status=draft', 'search=walk%20cust', 'channel=none']) {
      for (const sort of ['requested_ship_date', 'total_amount', 'created_at']) {
        const query = `${filter}&sort_by=${sort}&sort_direction=desc`;
        expect(await walked(query, 2), query).toEqual(await numbered(query));
      }
    }
    const first = (await get(`${ORDERS}?per_page=2&after=`)).json();
    expect(first.meta).toEqual({ per_page: 2, has_more: true, cursor: expect.any(String) });
  });

  it('shows orders written during a walk after its position, none twice', async () => {
    const before = await numbered('sort_by=priority&sort_direction=asc');
    let added = '';
    const walk = await walkByCursor<Listed>(
      (url) => get(url),
      `${ORDERS}?sort_by=priority&sort_direction=asc&per_page=3`,
      async (pageIndex) => {
        if (pageIndex === 0) added = (await build.salesOrder({ priority: 9 })).id;
      },
    );
    const ids = walk.rows.map((o) => o.id);
    expect(ids).toEqual([...before, added]);
    await t.app.inject({ method: 'DELETE', url: `${ORDERS}/${added}`, headers: auth });
  });

  it('refuses a garbled cursor, one of another sort, and after with a later page', async () => {
    const cursor = (await get(`${ORDERS}?sort_by=total_amount&per_page=1&after=`)).json().meta.cursor as string;
    const other = await get(`${ORDERS}?sort_by=priority&after=${cursor}`);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.after[0]).toMatch(/made for another list or order \(sales_orders:total_amount:desc\)/);
    const forged = Buffer.from(
      JSON.stringify({ o: 'sales_orders:total_amount:desc', k: ['12'], id: '01jd8x4k3m2n5p6q7r8s9t0v1w' }),
    ).toString('base64url');
    for (const bad of ['garbage', forged]) {
      const res = await get(`${ORDERS}?sort_by=total_amount&after=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.after[0]).toMatch(/^The after cursor is not valid/);
    }
    expect((await get(`${ORDERS}?sort_by=total_amount&page=3&after=${cursor}`)).statusCode).toBe(422);
  });

  it('walks only the caller tenant’s orders, whatever the cursor', async () => {
    const other = await makeTenantWithToken(t.services);
    const theirs = (await apiBuilders(t.app, other.auth).salesOrder()).id;
    const cursor = (await get(`${ORDERS}?per_page=1&after=`)).json().meta.cursor as string;
    const walk = await walkByCursor<Listed>((url) => get(url, other.auth), `${ORDERS}?per_page=1`);
    expect(walk.rows.map((o) => o.id)).toEqual([theirs]);
    // Our cursor in their list: a position only, which reads their orders and never ours.
    const ours = await numbered('');
    const crossed = await get(`${ORDERS}?after=${cursor}`, other.auth);
    expect(crossed.statusCode).toBe(200);
    expect((crossed.json().data as Listed[]).filter((o) => ours.includes(o.id))).toEqual([]);
    expect((await get(`${ORDERS}?after=${cursor}&sort_direction=asc`, other.auth)).statusCode).toBe(422);
  });
});
