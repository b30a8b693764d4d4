// The units in and out of on-hand stock per week answer from a daily aggregate instead of the movement ledger
// (docs/inventory.md, "Units in and out per week"): stock_daily_flow holds, per product, warehouse and UTC day,
// the units added to and taken from on-hand stock by the day's movements (reservations and releases move
// reserved stock only and are left out). The stock ledger adds to it in the transaction of each movement; it is
// keyed like stock_daily_usage, by product and warehouse, so that the row a movement adds to is only ever written
// by whoever holds that product's stock record in that warehouse (no lock shared by a whole warehouse).
// A week's figures read the index by (tenant, day) and nothing else.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .createTable('stock_daily_flow')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    // The UTC day of the movements.
    .addColumn('day', t.date, (c) => c.notNull())
    // Units added to on-hand stock that day (positive quantities), and units taken from it (positive).
    .addColumn('units_in', 'integer', (c) => c.notNull())
    .addColumn('units_out', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_daily_flow_pkey', ['tenant_id', 'product_id', 'warehouse_id', 'day'])
    .execute();
  // Covers the weekly read: a range of days of one tenant, with the figures it sums.
  await db.schema
    .createIndex('stock_daily_flow_tenant_day_idx')
    .on('stock_daily_flow')
    .columns(['tenant_id', 'day', 'warehouse_id', 'units_in', 'units_out'])
    .execute();
  await fillDailyFlow(db);
}

/**
 * Fills stock_daily_flow from the ledger's on-hand movements. Also run by the bench seeder, which writes
 * movements in bulk after migrating.
 */
export async function fillDailyFlow(db: Kysely<unknown>): Promise<void> {
  const day = engineOf(db) === 'postgres' ? sql`(created_at at time zone 'UTC')::date` : sql`substr(created_at, 1, 10)`;
  await sql`insert into stock_daily_flow (tenant_id, product_id, warehouse_id, day, units_in, units_out)
      select tenant_id, product_id, warehouse_id, ${day},
        sum(case when quantity > 0 then quantity else 0 end),
        sum(case when quantity < 0 then -quantity else 0 end)
      from stock_movements
      where type not in ('reservation', 'release') and quantity <> 0
      group by tenant_id, product_id, warehouse_id, ${day}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_daily_flow').execute();
}
