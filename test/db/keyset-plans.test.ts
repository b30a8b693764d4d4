// Every keyset walk (`after`) reads one index in its list's order: no scan of the table, no sort, on either
// engine. The statements are the repositories' own, with a cursor in the middle of the list, and, for the keys
// that may be null, with a null in the cursor.
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeysetCursor } from '../../src/core/keyset.js';
import type { Database } from '../../src/db/database.js';
import { ProductListRepository } from '../../src/modules/catalog/products/product-list.repository.js';
import { PRODUCT_SORTS, type ProductSort } from '../../src/modules/catalog/products/product.schemas.js';
import { MovementRepository } from '../../src/modules/inventory/movements/movement.repository.js';
import { OrderRepository, type OrderFilters } from '../../src/modules/sales/orders/order.repository.js';
import { SALES_ORDER_SORTS } from '../../src/modules/sales/orders/order.schemas.js';
import {
  createTestDatabaseLocation,
  openTestDatabase,
  testEngine,
  type TestDatabaseLocation,
} from '../helpers/test-database.js';

const TENANT = '01jtenant00000000000000000';
const ID = '01jd8x4k3m2n5p6q7r8s9t0v1w';
const AT = '2026-11-24T09:30:00.000Z';
const SCAN_OR_SORT = testEngine === 'postgres' ? /Seq Scan|Sort/ : /\bSCAN (products|stock_movements|o)\b|TEMP B-TREE/;

const PRODUCT_INDEX: Record<ProductSort, string> = {
  name: 'products_tenant_name_idx',
  sku: 'products_tenant_sku_idx',
  selling_price: 'products_tenant_price_idx',
  stock_quantity: 'products_tenant_stock_idx',
  created_at: 'products_tenant_created_idx',
  updated_at: 'products_tenant_updated_idx',
  status: 'products_tenant_status_created_idx',
};
const PRODUCT_CURSORS: Record<ProductSort, KeysetCursor[]> = {
  name: [{ values: ['drill'], id: ID }],
  sku: [{ values: ['drl-18v'], id: ID }],
  selling_price: [
    { values: ['USD', 1999], id: ID },
    { values: ['USD', null], id: ID },
    { values: [null, null], id: ID },
  ],
  stock_quantity: [{ values: [5], id: ID }],
  created_at: [{ values: [AT], id: ID }],
  updated_at: [{ values: [AT], id: ID }],
  status: [{ values: ['active', AT], id: ID }],
};
// SQLite serves order_number from the unique (tenant_id, order_number) index: unique, it needs no id after it.
const ORDER_INDEX: Record<OrderFilters['sort_by'], RegExp> = {
  created_at: /sales_orders_tenant_created_idx/,
  updated_at: /sales_orders_tenant_updated_idx/,
  order_number: /sales_orders_tenant_number_(id_idx|unique)/,
  total_amount: /sales_orders_tenant_total_idx/,
  requested_ship_date: /sales_orders_tenant_ship_date_idx/,
  priority: /sales_orders_tenant_priority_idx/,
};
const ORDER_CURSORS: Record<OrderFilters['sort_by'], KeysetCursor[]> = {
  created_at: [{ values: [AT], id: ID }],
  updated_at: [{ values: [AT], id: ID }],
  order_number: [{ values: ['SO-000123'], id: ID }],
  total_amount: [{ values: [12500], id: ID }],
  requested_ship_date: [
    { values: ['2026-12-10'], id: ID },
    { values: [null], id: ID },
  ],
  priority: [{ values: [2], id: ID }],
};

describe(`keyset walks read an index in list order on ${testEngine}`, () => {
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

  /** PostgreSQL is told to avoid sequential scans and sorts where it can, as on full tables. */
  async function planOf(query: { compile(): CompiledQuery }): Promise<string> {
    const { sql: text, parameters } = query.compile();
    if (database.engine === 'sqlite') {
      const { rows } = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      return rows.map((r) => r.detail).join('\n');
    }
    return database.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      await trx.executeQuery(CompiledQuery.raw('set local enable_sort = off'));
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${text}`, [...parameters]),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('the product list, every sort and direction', async () => {
    const list = new ProductListRepository();
    const filter = { statuses: [], tagIds: [], attributes: [] };
    for (const sortBy of PRODUCT_SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const cursor of [null, ...PRODUCT_CURSORS[sortBy]]) {
          const plan = await planOf(list.keysetQuery(database.db, TENANT, filter, { sortBy, direction }, cursor, 101));
          const name = `${sortBy} ${direction} ${JSON.stringify(cursor?.values ?? null)}`;
          expect(plan, name).toContain(PRODUCT_INDEX[sortBy]);
          expect(plan, name).not.toMatch(SCAN_OR_SORT);
        }
      }
    }
  });

  it('the stock movement list', async () => {
    const movements = new MovementRepository();
    for (const cursor of [null, { values: [AT], id: ID }]) {
      const plan = await planOf(movements.listAfterQuery(database.db, TENANT, {}, cursor, 101));
      expect(plan).toContain('stock_movements_tenant_created_idx');
      expect(plan).not.toMatch(SCAN_OR_SORT);
    }
  });

  it('the sales order list, every sort and direction (0032)', async () => {
    const orders = new OrderRepository();
    for (const sort_by of SALES_ORDER_SORTS) {
      for (const sort_direction of ['asc', 'desc'] as const) {
        for (const cursor of [null, ...ORDER_CURSORS[sort_by]]) {
          const plan = await planOf(
            orders.listAfterQuery(database.db, TENANT, { sort_by, sort_direction }, cursor, 101),
          );
          const name = `${sort_by} ${sort_direction} ${JSON.stringify(cursor?.values ?? null)}`;
          expect(plan, name).toMatch(ORDER_INDEX[sort_by]);
          expect(plan, name).not.toMatch(SCAN_OR_SORT);
        }
      }
    }
  });
});
