// A product's on-hand stock per day from the ledger (GET …/stock-movements/product/{id}/levels): the level at the
// end of each day per warehouse and in total, days without movements keeping the level before, the first day
// starting from the movements before the window, reservations left out; bounds, unknown and foreign products.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const INVENTORY = '/api/v1/operations/inventory';
const levelsOf = (productId: string, days?: number) =>
  `/api/v1/operations/stock-movements/product/${productId}/levels${days === undefined ? '' : `?days=${days}`}`;
const DAY = 86_400_000;

describe('product stock levels', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-06-01T09:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  it('answers the end-of-day level per warehouse and in total, from the ledger', async () => {
    const s = stockOps(t);
    const main = t.tenant.defaultWarehouseId;
    const east = await s.warehouse('LVL-EAST');
    const p = await s.product();
    // June 1st: 10 in, 2 out (closes at 8); 3 reserved, which is not on hand.
    await s.stock(p, 10);
    clock.advance(60_000);
    await s.stock(p, -2);
    const reserve = await s.call('POST', `${INVENTORY}/reserve`, { product_id: p, quantity: 3 });
    expect(reserve.statusCode, reserve.body).toBe(200);
    // June 3rd: 5 moved to east (main 3, east 5). June 4th: 4 more into east.
    clock.advance(2 * DAY);
    const transfer = await s.call('POST', `${INVENTORY}/transfer`, {
      product_id: p,
      from_warehouse_id: main,
      to_warehouse_id: east,
      quantity: 5,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    clock.advance(DAY);
    await s.stock(p, 4, east);

    const res = await s.call('GET', levelsOf(p, 5));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as {
      from: string;
      to: string;
      warehouses: Array<{
        warehouse: { id: string; code: string };
        points: Array<{ date: string; quantity_on_hand: number }>;
      }>;
      total: Array<{ date: string; quantity_on_hand: number }>;
    };
    expect([body.from, body.to]).toEqual(['2026-05-31', '2026-06-04']);
    const levels = (points: Array<{ quantity_on_hand: number }>) => points.map((point) => point.quantity_on_hand);
    // By warehouse code: LVL-EAST before MAIN.
    expect(body.warehouses.map((w) => w.warehouse.id)).toEqual([east, main]);
    const of = (id: string) => levels(body.warehouses.find((w) => w.warehouse.id === id)!.points);
    expect(of(main)).toEqual([0, 8, 8, 3, 3]);
    expect(of(east)).toEqual([0, 0, 0, 5, 9]);
    expect(levels(body.total)).toEqual([0, 8, 8, 8, 12]);
    expect(body.total.map((point) => point.date)).toEqual([
      '2026-05-31',
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
    ]);

    // A window that starts after the first movements opens from the last of them.
    const recent = (await s.call('GET', levelsOf(p, 2))).json().data as typeof body;
    expect(levels(recent.warehouses.find((w) => w.warehouse.id === main)!.points)).toEqual([3, 3]);
    expect(levels(recent.total)).toEqual([8, 12]);
    // The default window is 90 days.
    expect(((await s.call('GET', levelsOf(p))).json().data as typeof body).total).toHaveLength(90);
  });

  it('answers an empty series for a product that never moved, and refuses what it cannot answer', async () => {
    const s = stockOps(t);
    const still = await s.product();
    const quiet = (await s.call('GET', levelsOf(still, 3))).json().data;
    expect(quiet.warehouses).toEqual([]);
    expect(quiet.total.map((point: { quantity_on_hand: number }) => point.quantity_on_hand)).toEqual([0, 0, 0]);
    for (const days of [0, 367, 'x'])
      expect((await s.call('GET', levelsOf(still, days as number))).statusCode, String(days)).toBe(422);
    expect((await s.call('GET', levelsOf('01jd8x4k3m2n5p6q7r8s9t0v1w'))).statusCode).toBe(404);
    const other = await makeTenantWithToken(t.services);
    expect((await jsonCaller(t.app, other.auth)('GET', levelsOf(still))).statusCode).toBe(404);
  });
});
