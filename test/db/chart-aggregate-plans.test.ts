// The charts' aggregates each read an index, never a whole table: the weekly flow the (tenant, day) index of the
// daily aggregate (and never the movement ledger), the purchase spend the purchase orders of a range of order dates,
// the shipping summary the orders in the statuses waiting to ship and their lines. Each statement as its repository
// runs it, planned on an empty migrated database. SQLite keeps no statistics here, so its plan is the one it takes
// at any size: the index named. On PostgreSQL sequential scans are priced out (a test's few rows would be read whole
// by any planner) and no table is read whole; which index serves is its statistics' choice.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { MovementRepository } from '../../src/modules/inventory/movements/movement.repository.js';
import { PurchaseOrderReportRepository } from '../../src/modules/purchasing/purchase-orders/purchase-order.reports.repository.js';
import { OrderRepository } from '../../src/modules/sales/orders/order.repository.js';
import { planInRolledBackTransaction, statementsOf } from '../helpers/search-plan.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

const TENANT = '01jtenant00000000000000000';

describe(`the charts' aggregates' plans on ${testEngine}`, () => {
  let location: TestDatabaseLocation;
  let database: Database;

  beforeAll(async () => {
    location = await createTestDatabaseLocation();
    database = openTestDatabase(location);
  });
  afterAll(async () => {
    await database.close();
    await location.drop();
  });

  const plansOf = async (work: Parameters<typeof statementsOf>[1]) => {
    const statements = await statementsOf(database.db, work);
    expect(statements.length).toBeGreaterThan(0);
    return Promise.all(
      statements.map((statement) =>
        planInRolledBackTransaction(database.db, statement, async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
        }),
      ),
    );
  };

  it('sums the weekly flow along the daily aggregate’s (tenant, day) index, the ledger untouched', async () => {
    for (const warehouse of [null, '01jwarehouse0000000000000a']) {
      const [plan] = await plansOf((db) =>
        new MovementRepository().flowByDay(db, TENANT, '2026-09-07', '2026-12-03', warehouse),
      );
      expect(plan).toContain('stock_daily_flow_tenant_day_idx');
      expect(plan).not.toMatch(/stock_movements|SCAN stock_daily_flow\b|Seq Scan/);
    }
  });

  it('reads the purchase orders of the months asked for, and the shipping summary the orders waiting to ship', async () => {
    const [spend] = await plansOf((db) =>
      new PurchaseOrderReportRepository().spendByMonth(db, TENANT, '2026-01-01', '2027-01-01'),
    );
    if (testEngine === 'sqlite')
      expect(spend).toMatch(/purchase_orders_tenant_(order_date|status)_idx .*order_date>\?/);
    expect(spend).not.toMatch(/SCAN po\b|Seq Scan on purchase_orders/);

    const [shipping] = await plansOf((db) => new OrderRepository().shippingByDate(db, TENANT));
    if (testEngine === 'sqlite')
      expect(shipping).toContain('sales_orders_tenant_status_idx (tenant_id=? AND status=?)');
    expect(shipping).not.toMatch(/SCAN (o|sales_order_lines)\b|Seq Scan on sales_order/);
  });
});
