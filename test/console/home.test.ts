// The home dashboard in a real browser: its numbers are those of the data set up here (the stock value in each
// currency it is priced in), each leads to the list it counts, the recent activity reads as sentences and follows
// what the user may read, and the header names the organisation. Sales orders to ship and backordered are counted.
// The charts (orders to ship by date, units in and out per week, purchase spend by month) draw the same data, each
// with its figures in a table and an empty state, for the roles that may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrderStatus } from '../../src/db/schema.js';
import { inTransaction } from '../../src/db/transaction.js';
import { makeUser } from '../helpers/factories.js';
import { CONSOLE_TENANT_NAME, startConsole, type ConsoleHarness } from '../helpers/browser.js';
import { jsonCaller } from '../helpers/test-app.js';
import { ORDERS, purchaseOps } from '../purchasing/purchase-order-helpers.js';

let harness: ConsoleHarness;

beforeAll(async () => {
  harness = await startConsole();
  const { services, tenant, database } = harness;
  const db = database.db;
  const o = purchaseOps(harness);
  const stock = (productId: string, quantity: number) =>
    inTransaction(db, (trx) =>
      services.stock.changeOnHand(trx, {
        tenantId: tenant.tenantId,
        productId,
        warehouseId: null,
        quantity,
        type: 'adjustment',
        reason: 'Opening count',
      }),
    );
  const product = async (fields: { cost_price: number; reorder_point?: number | null }) => {
    const id = await o.product();
    await db
      .updateTable('products')
      .set({ currency: 'USD', ...fields })
      .where('id', '=', id)
      .execute();
    return id;
  };

  // Products of the orders below are tracked with nothing on hand: they count as out of stock too.
  const awaiting = await o.draft();
  expect((await o.call('POST', `${ORDERS}/${awaiting.id}/submit-for-approval`)).statusCode).toBe(200);
  const late = await o.draft();
  await db
    .updateTable('purchase_orders')
    .set({ status: 'sent', expected_delivery_date: '2026-01-05' })
    .where('id', '=', late.id)
    .execute();

  await stock(await product({ cost_price: 1250 }), 8); // 8 × 12.50 = 100.00
  await stock(await product({ cost_price: 250, reorder_point: 5 }), 3); // 3 × 2.50 = 7.50, a low record
  await product({ cost_price: 999, reorder_point: 2 }); // nothing and no record: out of stock, no record low
  const euros = await product({ cost_price: 500 });
  await db.updateTable('products').set({ currency: 'EUR' }).where('id', '=', euros).execute();
  await stock(euros, 2); // 2 × 5.00 = €10.00, a total of its own
});

afterAll(async () => {
  await harness?.close();
});

describe('the home dashboard', () => {
  it('shows the numbers of the data, each leading to its filtered list', async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    const stockValue = page.getByRole('link', { name: 'Stock value: $107.50 · €10.00' });
    await stockValue.waitFor();
    const header = page.getByRole('banner');
    expect(await header.textContent()).toContain(CONSOLE_TENANT_NAME);
    expect(await header.textContent()).not.toContain(harness.tenant.tenantId);
    await page.getByRole('link', { name: 'Low stock: 1' }).waitFor();
    await page.getByRole('link', { name: 'Out of stock: 3' }).waitFor();
    await page.getByRole('link', { name: 'Awaiting approval: 1' }).waitFor();
    const overdue = page.getByRole('region', { name: 'Overdue purchase orders' });
    await overdue.getByRole('link', { name: (await purchaseOrderNumber('sent'))! }).waitFor();
    const activity = page.getByRole('table', { name: 'Recent activity' });
    await activity.waitFor();
    const sentences = await activity.getByRole('row').allTextContents();
    expect(sentences.some((row) => row.endsWith('Administrator signed in'))).toBe(true);
    const submitted = `Administrator (API token) submitted purchase order ${(await purchaseOrderNumber('pending_approval'))!} for approval`;
    expect(
      sentences.some((row) => row.endsWith(submitted)),
      sentences.join('\n'),
    ).toBe(true);
    expect(sentences.join('\n')).not.toMatch(/Auth signed in|purchase_order\./);
    // No sales order yet: the chart of orders to ship says so instead of drawing nothing.
    await page
      .getByRole('region', { name: 'Orders to ship by date' })
      .getByText('No orders are waiting to ship.')
      .waitFor();
    await page.getByRole('region', { name: 'Units in and out per week' }).locator('svg.recharts-surface').waitFor();
    await harness.screenshot(page, 'home');

    await page.getByRole('link', { name: 'Low stock: 1' }).click();
    await page.waitForURL(/\/inventory\?level=low$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Awaiting approval: 1' }).click();
    await page.waitForURL(/\/purchase-orders\?status=pending_approval$/);
  });

  it('counts the sales orders to ship and those backordered, each leading to its filtered list', async () => {
    const call = jsonCaller(harness.app, harness.auth);
    const customer = await call('POST', '/api/v1/crm/customers', { name: 'Home Customer' });
    expect(customer.statusCode, customer.body).toBe(201);
    const o = purchaseOps(harness);
    const stocked = await o.product();
    expect(
      (
        await call('POST', '/api/v1/operations/inventory/adjust', {
          product_id: stocked,
          warehouse_id: harness.tenant.defaultWarehouseId,
          quantity: 5,
          reason: 'Opening stock',
        })
      ).statusCode,
    ).toBe(200);
    const confirmedOrder = async (productId: string) => {
      const order = await call('POST', '/api/v1/sales/orders', {
        customer_id: customer.json().data.id,
        lines: [{ product_id: productId, quantity: 2, unit_price: 4 }],
      });
      expect(order.statusCode, order.body).toBe(201);
      const id = order.json().data.id as string;
      expect((await call('POST', `/api/v1/sales/orders/${id}/confirm`)).statusCode).toBe(200);
      return order.json().data.order_number as string;
    };
    await confirmedOrder(stocked);
    const waiting = await confirmedOrder(await o.product());

    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    const toShip = page.getByRole('region', { name: 'Orders to ship' });
    await toShip.getByRole('link', { name: 'Orders to ship: 2' }).waitFor();
    await toShip.getByText('2 confirmed, 0 partially shipped.').waitFor();
    await page.getByRole('link', { name: 'Backorders: 1' }).click();
    await page.waitForURL(/\/sales\/orders\?backordered=true$/);
    const listed = page.getByRole('table', { name: 'Sales orders' }).getByRole('link', { name: /^SO-/ });
    await listed.first().waitFor();
    expect(await listed.allTextContents()).toEqual([waiting]);
  });

  it('draws the charts of the data, each with its figures as a table, for those who may read them', async () => {
    const page = await harness.newPage();
    await harness.signIn(page, harness.tenant.adminEmail);
    /** A chart's region, once drawn, and the cells of its table's row named `row` (the last row without one). */
    const chart = async (title: string) => {
      const region = page.getByRole('region', { name: title });
      await region.locator('svg.recharts-surface').first().waitFor();
      const table = region.getByRole('table', { name: title });
      return {
        region,
        row: async (name?: string) => {
          const row = name
            ? table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
            : table.getByRole('row').last();
          return row.getByRole('cell').allTextContents();
        },
      };
    };

    // The two orders of the test before, without a requested ship date; one of them waits for stock.
    const shipping = await chart('Orders to ship by date');
    await shipping.region.getByText('2 orders to ship: 0 due today, 0 overdue. 1 order waits for stock.').waitFor();
    expect(await shipping.row('No date')).toEqual(['2', '1']);
    expect(await shipping.row('Overdue')).toEqual(['0', '0']);

    // This week: 8, 3 and 2 counted in at the start, 5 more for the orders; nothing out (reservations are not).
    const flow = await chart('Units in and out per week');
    await flow.region.getByText('18 units in and 0 out over 12 weeks; this week so far 18 in, 0 out.').waitFor();
    expect(await flow.row()).toEqual(['18', '0']);

    // The order sent to its supplier is this month's spend; those awaiting approval are not yet.
    const sent = await harness.database.db
      .selectFrom('purchase_orders as po')
      .innerJoin('suppliers as s', 's.id', 'po.supplier_id')
      .select(['po.total_amount', 's.name'])
      .where('po.tenant_id', '=', harness.tenant.tenantId)
      .where('po.status', '=', 'sent')
      .executeTakeFirstOrThrow();
    const amount = `$${(Number(sent.total_amount) / 100).toFixed(2)}`;
    const spend = await chart('Purchase spend by month');
    await spend.region
      .getByText(new RegExp(`^\\${amount} ordered from 1 supplier from .+; the most from ${sent.name}`))
      .waitFor();
    expect(await spend.row()).toEqual([amount]);
    await harness.screenshot(page, 'home-charts');

    // The sales role reads orders and stock, not purchase orders: no spend for it.
    const seller = await makeUser(harness.services, harness.tenant.tenantId, 'sales');
    const sales = await harness.newPage();
    await harness.signIn(sales, seller.email);
    await sales.getByRole('region', { name: 'Units in and out per week' }).getByRole('table').waitFor();
    await sales.getByRole('region', { name: 'Orders to ship by date' }).getByRole('table').waitFor();
    expect(await sales.getByRole('region', { name: 'Purchase spend by month' }).count()).toBe(0);
  });

  it('shows a manager and a viewer, who may not read the audit log, the recent stock movements instead', async () => {
    for (const role of ['manager', 'viewer'] as const) {
      const user = await makeUser(harness.services, harness.tenant.tenantId, role);
      const page = await harness.newPage();
      await harness.signIn(page, user.email);
      const movements = page.getByRole('table', { name: 'Recent stock movements' });
      await movements.waitFor();
      expect(await movements.textContent()).toContain('adjustment of +8');
      await page.getByRole('link', { name: 'Stock value: $107.50 · €10.00' }).waitFor();
      expect(await page.getByRole('region', { name: 'Recent activity' }).count(), role).toBe(0);
      expect(await page.getByRole('link', { name: 'Open the audit log' }).count(), role).toBe(0);
      expect(
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Audit log' })
          .count(),
        role,
      ).toBe(0);
    }
  });
});

async function purchaseOrderNumber(status: PurchaseOrderStatus): Promise<string | undefined> {
  const row = await harness.database.db
    .selectFrom('purchase_orders')
    .select('po_number')
    .where('tenant_id', '=', harness.tenant.tenantId)
    .where('status', '=', status)
    .executeTakeFirst();
  return row?.po_number;
}
