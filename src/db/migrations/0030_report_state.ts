// The low-stock list and the reorder report answer from maintained state instead of scanning every record and
// the movement ledger (docs/inventory.md, "How the reports are read"):
// - inventory_records.low_stock_point: the reorder point record low stock holds the record to (its own, else its
//   product's), null when the record can never be low (no point, or a product that is not replenished). It
//   changes only with reorder settings and products, never with stock, so a stock change writes nothing more;
// - a partial index over the records at or below that point, ordered by how urgent they are (available over the
//   point), which the database keeps as stock changes: the low-stock page and its count read only its entries;
// - stock_daily_usage: the units taken out per product, warehouse and UTC day, kept by the stock ledger with each
//   usage movement and backfilled here from the ledger, which the reorder report's average daily usage reads;
// - the movement list filtered by type: its page and its count read an index of (tenant, type, time) instead of
//   every movement of the tenant (the count of a type filter scanned the table).
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/** available / max(point, 1): the low-stock order's key; low-stock.sql.ts repeats it for the index to serve. */
const LOW_STOCK_URGENCY_SQL = sql`((quantity_on_hand - quantity_reserved) * 1.0 / (case when low_stock_point < 1 then 1 else low_stock_point end))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const t = columnTypes(engine);
  await db.schema.alterTable('inventory_records').addColumn('low_stock_point', 'integer').execute();
  await sql`create index inventory_records_low_stock_idx on inventory_records
      (tenant_id, ${LOW_STOCK_URGENCY_SQL}, id)
      where low_stock_point >= quantity_on_hand - quantity_reserved`.execute(db);

  await db.schema
    .createTable('stock_daily_usage')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    // The UTC day of the movements.
    .addColumn('day', t.date, (c) => c.notNull())
    // Units taken out that day (positive).
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_daily_usage_pkey', ['tenant_id', 'product_id', 'warehouse_id', 'day'])
    .execute();
  await db.schema
    .createIndex('stock_movements_tenant_type_created_idx')
    .on('stock_movements')
    .columns(['tenant_id', 'type', 'created_at', 'id'])
    .execute();
  await fillReportState(db);
}

/**
 * Fills the state from what the database holds: every record's low_stock_point, and the daily usage of every
 * usage movement. Also run by the bench seeder, which writes records and movements in bulk after migrating.
 */
export async function fillReportState(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await sql`update inventory_records set low_stock_point = (
      select case when p.track_inventory and p.deleted_at is null and p.status <> 'discontinued'
        then coalesce(inventory_records.reorder_point, p.reorder_point) end
      from products p where p.id = inventory_records.product_id)`.execute(db);
  const day = engine === 'postgres' ? sql`(created_at at time zone 'UTC')::date` : sql`substr(created_at, 1, 10)`;
  await sql`insert into stock_daily_usage (tenant_id, product_id, warehouse_id, day, quantity)
      select tenant_id, product_id, warehouse_id, ${day}, -sum(quantity)
      from stock_movements
      where type in ('adjustment', 'shipment') and quantity < 0
      group by tenant_id, product_id, warehouse_id, ${day}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stock_movements_tenant_type_created_idx').execute();
  await db.schema.dropTable('stock_daily_usage').execute();
  await db.schema.dropIndex('inventory_records_low_stock_idx').execute();
  await db.schema.alterTable('inventory_records').dropColumn('low_stock_point').execute();
}
