// The sales order list's `backordered` and `overdue` filters (docs/sales.md, Sales orders): an order with a line
// open and not allocated while it owes goods (on hold from confirmed included), and an order not shipped whose
// requested ship date is before today (UTC); each filter's false answers the rest, in pages and in a walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/lib/clock.js';
import { apiBuilders } from '../../helpers/api-builders.js';
import { makeTenantWithToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import { testEngine } from '../../helpers/test-database.js';

const ORDERS = '/api/v1/sales/orders';
const TODAY = '2026-12-02';

describe(`sales order list filters backordered and overdue on ${testEngine}`, () => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  /** Each order's name in these tests by its id. */
  const names = new Map<string, string>();

  async function listed(query: string): Promise<string[]> {
    const res = await call('GET', `${ORDERS}?per_page=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ id: string }>; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((order) => names.get(order.id) ?? order.id).sort();
  }

  async function walked(query: string): Promise<string[]> {
    const res = await call('GET', `${ORDERS}?per_page=100&after=&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Array<{ id: string }> }).data.map((order) => names.get(order.id)!).sort();
  }

  async function act(id: string, action: string, body: object = {}) {
    const res = await call('POST', `${ORDERS}/${id}/${action}`, body);
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock: new FixedClock(new Date(`${TODAY}T09:00:00.000Z`)) });
    call = jsonCaller(t.app, t.auth);
    const build = apiBuilders(t.app, t.auth);
    const stocked = await build.product();
    const adjusted = await call('POST', '/api/v1/operations/inventory/adjust', {
      product_id: stocked.id,
      warehouse_id: t.tenant.defaultWarehouseId,
      quantity: 10,
      reason: 'Stock for orders',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const missing = await build.product();
    const customer = await build.customer();

    const order = async (name: string, productId: string, requested: string | null) => {
      const made = await build.salesOrder({
        customer_id: customer.id,
        requested_ship_date: requested,
        lines: [{ product_id: productId, quantity: 2, unit_price: 5 }],
      });
      names.set(made.id, name);
      return made.id;
    };
    // Confirmed and served in full, its date passed.
    await act(await order('served-late', stocked.id, '2026-11-30'), 'confirm');
    // Confirmed with nothing in stock: backordered, due later.
    await act(await order('backordered', missing.id, '2026-12-10'), 'confirm');
    // A draft owes nothing yet, but its date passed.
    await order('draft-late', missing.id, '2026-11-01');
    // On hold after confirmation: still backordered; no date, never overdue.
    const held = await order('held-backordered', missing.id, null);
    await act(held, 'confirm');
    await act(held, 'hold', { reason: 'Checking the address' });
    // Cancelled: neither, whatever its date.
    const cancelled = await order('cancelled-late', missing.id, '2026-11-01');
    await act(cancelled, 'confirm');
    await act(cancelled, 'cancel', { reason: 'Ordered twice' });
    // Due today: not yet overdue.
    await order('due-today', stocked.id, TODAY);
  });
  afterAll(() => t.close());

  it('finds the orders with a backordered line, on hold from confirmed included', async () => {
    expect(await listed('backordered=true')).toEqual(['backordered', 'held-backordered']);
    expect(await listed('backordered=false')).toEqual(['cancelled-late', 'draft-late', 'due-today', 'served-late']);
  });

  it('finds the orders not shipped whose requested ship date is before today', async () => {
    expect(await listed('overdue=true')).toEqual(['draft-late', 'served-late']);
    expect(await listed('overdue=false')).toEqual(['backordered', 'cancelled-late', 'due-today', 'held-backordered']);
  });

  it('combines with the other filters and walks by cursor alike', async () => {
    expect(await listed('overdue=true&status=confirmed')).toEqual(['served-late']);
    expect(await listed('backordered=true&status=on_hold')).toEqual(['held-backordered']);
    expect(await walked('backordered=true&sort_by=requested_ship_date')).toEqual(['backordered', 'held-backordered']);
    expect(await walked('overdue=true&sort_by=priority')).toEqual(['draft-late', 'served-late']);
  });

  it('counts the orders to ship and backordered by requested ship date for the summary', async () => {
    const res = await call('GET', `${ORDERS}/summary?days=3`);
    expect(res.statusCode, res.body).toBe(200);
    const zero = { to_ship: 0, backordered: 0 };
    // Drafts and cancelled orders wait for nothing; on hold counts as backordered, not as to ship.
    expect(res.json().data).toEqual({
      today: TODAY,
      totals: { to_ship: 2, backordered: 2 },
      buckets: [
        { bucket: 'overdue', date: null, to_ship: 1, backordered: 0 },
        { bucket: 'day', date: '2026-12-02', ...zero },
        { bucket: 'day', date: '2026-12-03', ...zero },
        { bucket: 'day', date: '2026-12-04', ...zero },
        { bucket: 'later', date: null, to_ship: 1, backordered: 1 },
        { bucket: 'unscheduled', date: null, to_ship: 0, backordered: 1 },
      ],
    });
    // A wider window names the later order's day; the default is 7 days.
    const wide = (await call('GET', `${ORDERS}/summary?days=9`)).json().data;
    expect(wide.buckets.find((b: { date: string | null }) => b.date === '2026-12-10')).toMatchObject({
      to_ship: 1,
      backordered: 1,
    });
    expect((await call('GET', `${ORDERS}/summary`)).json().data.buckets).toHaveLength(10);
    for (const days of [0, 32, 'x'])
      expect((await call('GET', `${ORDERS}/summary?days=${days}`)).statusCode, String(days)).toBe(422);
    // Another tenant's summary counts none of these.
    const other = await makeTenantWithToken(t.services);
    const theirs = (await jsonCaller(t.app, other.auth)('GET', `${ORDERS}/summary`)).json().data;
    expect(theirs.totals).toEqual(zero);
  });

  it('refuses a value that is not a boolean', async () => {
    const res = await call('GET', `${ORDERS}?overdue=soon`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys((res.json() as { errors: Record<string, string[]> }).errors)).toEqual(['overdue']);
  });
});
