// The reorder report reads the records low on stock through their partial index, never every record of the
// tenant: each of its statements, as the service runs them (captured from the report itself), planned on an empty
// migrated database. SQLite keeps no statistics here, so a grouping could make it walk another index of the
// tenant's records (inventory_records_tenant_warehouse_idx: every record, 7.8 s at 1,000,000 products); the summary's
// lines are read from the low-stock index alone, which carries every field they need (reorder.repository.ts).
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { PRODUCTS_LOW_ON_STOCK } from '../../../src/modules/inventory/availability/stock-demand.js';
import { ReorderRepository } from '../../../src/modules/inventory/reorder/reorder.repository.js';
import { createBackorderedDemand } from '../../../src/modules/sales/index.js';
import { planInRolledBackTransaction, statementsOf } from '../../helpers/search-plan.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../../helpers/test-database.js';

const TENANT = '01jtenant00000000000000000';

describe(`the reorder report's plans on ${testEngine}`, () => {
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

  /** The statement's plan, nothing set up around it. */
  const planOf = (statement: CompiledQuery) => planInRolledBackTransaction(database.db, statement, async () => {});

  const WAREHOUSE = '01jwarehouse000000000000000';
  const SUPPLIER = '01jsupplier0000000000000000';
  const filterings = [
    {},
    { warehouseId: WAREHOUSE },
    { supplierId: SUPPLIER },
    { warehouseId: WAREHOUSE, supplierId: SUPPLIER },
  ];

  it.each(filterings)(
    'reads the low records, and only them, for the page, the summary and the backorders (%o)',
    async (filters) => {
      const repository = new ReorderRepository();
      const backorders = createBackorderedDemand();
      const statements = await statementsOf(database.db, async (db) => {
        await repository.reportPage(db, TENANT, filters, { page: 1, per_page: 50 });
        await repository.summaryGroups(db, TENANT, filters);
        await backorders(db, TENANT, PRODUCTS_LOW_ON_STOCK);
      });
      // The page, the summary (its two groupings, which count the lines too) and the backordered lines.
      expect(statements).toHaveLength(3);
      for (const statement of statements) {
        expect(statement.sql).toContain('inventory_records');
        const plan = await planOf(statement);
        if (database.engine === 'sqlite') {
          expect(plan, statement.sql).toContain('inventory_records_low_stock_idx');
          expect(plan, statement.sql).not.toMatch(/inventory_records_tenant_\w+_idx|SCAN (r|low)\b/);
        } else {
          expect(plan, statement.sql).not.toMatch(/Seq Scan on inventory_records/);
        }
      }
      // The summary and the list of low products read the index alone: it carries every field they read.
      if (database.engine === 'sqlite')
        for (const statement of statements.slice(1))
          expect(await planOf(statement), statement.sql).toContain('COVERING INDEX inventory_records_low_stock_idx');
    },
  );
});
