// Units in and out of on-hand stock per week (GET …/stock-movements/weekly-flow): the daily aggregate the stock
// ledger keeps with every movement (stock_daily_flow), summed per Monday-to-Sunday week in UTC, in one warehouse or
// all; reservations left out, a refused movement leaving nothing; bounds, unknown and foreign warehouses, tenants.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDailyFlow } from '../../../src/db/migrations/0033_stock_daily_flow.js';
import { inTransaction } from '../../../src/db/transaction.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { dailyFlowOf } from '../../../src/modules/inventory/stock/daily-flow.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import { stockOps } from '../stock-ops-helpers.js';

const INVENTORY = '/api/v1/operations/inventory';
const FLOW = '/api/v1/operations/stock-movements/weekly-flow';
const DAY = 86_400_000;

interface WeeklyFlow {
  from: string;
  to: string;
  warehouse: { id: string; code: string } | null;
  weeks: Array<{ week_start: string; units_in: number; units_out: number }>;
}

describe('units in and out per week', () => {
  let t: TestApp;
  // A Wednesday.
  const clock = new FixedClock(new Date('2026-05-20T09:00:00.000Z'));
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(() => t.close());

  it('sums the on-hand movements of each week, per warehouse or over all of them', async () => {
    const s = stockOps(t);
    const main = t.tenant.defaultWarehouseId;
    const east = await s.warehouse('FLOW-EAST');
    const p = await s.product();
    // Week of May 18th: 10 in at main, 4 moved to east (out of main, into east), 2 reserved (not on hand).
    await s.stock(p, 10);
    const transfer = await s.call('POST', `${INVENTORY}/transfer`, {
      product_id: p,
      from_warehouse_id: main,
      to_warehouse_id: east,
      quantity: 4,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const reserve = await s.call('POST', `${INVENTORY}/reserve`, { product_id: p, quantity: 2 });
    expect(reserve.statusCode, reserve.body).toBe(200);
    // Week of May 25th: 3 shipped from main; taking 100 is refused and leaves nothing behind.
    clock.advance(7 * DAY);
    await inTransaction(s.db, (trx) =>
      t.services.stock.changeOnHand(trx, { tenantId: t.tenant.tenantId, productId: p, quantity: -3, type: 'shipment' }),
    );
    await expect(s.stock(p, -100)).rejects.toThrow();
    // Week of June 1st (today, a Wednesday): 7 into east.
    clock.advance(7 * DAY);
    await s.stock(p, 7, east);

    const res = await s.call('GET', `${FLOW}?weeks=3`);
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json().data as WeeklyFlow;
    expect([all.from, all.to, all.warehouse]).toEqual(['2026-05-18', '2026-06-03', null]);
    expect(all.weeks).toEqual([
      { week_start: '2026-05-18', units_in: 14, units_out: 4 },
      { week_start: '2026-05-25', units_in: 0, units_out: 3 },
      { week_start: '2026-06-01', units_in: 7, units_out: 0 },
    ]);
    const eastOnly = (await s.call('GET', `${FLOW}?weeks=3&warehouse_id=${east}`)).json().data as WeeklyFlow;
    expect(eastOnly.warehouse).toMatchObject({ id: east, code: 'FLOW-EAST' });
    expect(eastOnly.weeks.map((w) => [w.units_in, w.units_out])).toEqual([
      [4, 0],
      [0, 0],
      [7, 0],
    ]);
    // The default is 12 weeks, the last one this week; a window after the movements is all zeros.
    const twelve = (await s.call('GET', FLOW)).json().data as WeeklyFlow;
    expect(twelve.weeks).toHaveLength(12);
    expect(twelve.weeks.at(-1)!.week_start).toBe('2026-06-01');
    clock.advance(14 * DAY);
    expect(((await s.call('GET', `${FLOW}?weeks=2`)).json().data as WeeklyFlow).weeks).toEqual([
      { week_start: '2026-06-08', units_in: 0, units_out: 0 },
      { week_start: '2026-06-15', units_in: 0, units_out: 0 },
    ]);

    // What the ledger kept is what its movements add up to.
    const kept = await s.db
      .selectFrom('stock_daily_flow')
      .select(['product_id', 'warehouse_id', 'day', 'units_in', 'units_out'])
      .where('tenant_id', '=', t.tenant.tenantId)
      .where('product_id', '=', p)
      .execute();
    const fromLedger = dailyFlowOf(await s.movements(p));
    const key = (r: { warehouse_id: string; day: string }) => `${String(r.day)}:${r.warehouse_id}`;
    const normalized = kept
      .map((r) => ({
        ...r,
        day: String(r.day).slice(0, 10),
        units_in: Number(r.units_in),
        units_out: Number(r.units_out),
      }))
      .sort((a, b) => key(a).localeCompare(key(b)));
    expect(normalized).toEqual(fromLedger.sort((a, b) => key(a).localeCompare(key(b))));
  });

  it("fills the aggregate from the ledger as the migration does, to what the ledger's writes kept", async () => {
    const rows = () =>
      t.database.db
        .selectFrom('stock_daily_flow')
        .selectAll()
        .orderBy(['tenant_id', 'product_id', 'warehouse_id', 'day'])
        .execute();
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(0);
    await t.database.db.deleteFrom('stock_daily_flow').execute();
    await fillDailyFlow(t.database.db as unknown as Kysely<unknown>);
    expect(await rows()).toEqual(kept);
  });

  it('reconcile names a day whose kept units in or out differ from the ledger', async () => {
    const other = await makeTenantWithToken(t.services);
    const s = stockOps(t, other.auth, other.tenant.tenantId);
    const p = await s.product();
    await s.stock(p, 9);
    await s.stock(p, -2);
    const reconcile = async () => (await s.call('GET', `${INVENTORY}/reconcile`)).json();
    expect((await reconcile()).daily_flow).toEqual([]);

    await s.db
      .updateTable('stock_daily_flow')
      .set({ units_out: 5 })
      .where('tenant_id', '=', other.tenant.tenantId)
      .where('product_id', '=', p)
      .execute();
    const tampered = await reconcile();
    expect(tampered.data).toEqual([]);
    expect(tampered.daily_flow).toEqual([
      {
        product_id: p,
        warehouse_id: other.tenant.defaultWarehouseId,
        day: clock.now().toISOString().slice(0, 10),
        movements_in: 9,
        movements_out: 2,
        daily_flow_in: 9,
        daily_flow_out: 5,
      },
    ]);
    // A day missing from the aggregate is named too; the first tenant's stays clean.
    await s.db.deleteFrom('stock_daily_flow').where('tenant_id', '=', other.tenant.tenantId).execute();
    expect((await reconcile()).daily_flow).toEqual([
      expect.objectContaining({ movements_in: 9, movements_out: 2, daily_flow_in: 0, daily_flow_out: 0 }),
    ]);
    expect((await stockOps(t).call('GET', `${INVENTORY}/reconcile`)).json().daily_flow).toEqual([]);
  });

  it('refuses what it cannot answer and keeps to the tenant', async () => {
    const s = stockOps(t);
    for (const weeks of [0, 105, 'x'])
      expect((await s.call('GET', `${FLOW}?weeks=${weeks}`)).statusCode, String(weeks)).toBe(422);
    expect((await s.call('GET', `${FLOW}?from=2026-01-01`)).statusCode).toBe(422);
    expect((await s.call('GET', `${FLOW}?warehouse_id=01jd8x4k3m2n5p6q7r8s9t0v1w`)).statusCode).toBe(404);
    const other = await makeTenantWithToken(t.services);
    const otherCall = jsonCaller(t.app, other.auth);
    expect((await otherCall('GET', `${FLOW}?warehouse_id=${t.tenant.defaultWarehouseId}`)).statusCode).toBe(404);
    const theirs = (await otherCall('GET', `${FLOW}?weeks=52`)).json().data as WeeklyFlow;
    expect(theirs.weeks.every((w) => w.units_in === 0 && w.units_out === 0)).toBe(true);
  });
});
