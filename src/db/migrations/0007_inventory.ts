// The inventory ledger made append-only by the database itself, the last movement time of each record,
// and physical counts.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

const REFUSAL = 'stock movements are immutable';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const t = columnTypes(engine);

  await db.schema.alterTable('inventory_records').addColumn('last_movement_at', t.timestamp).execute();

  // No UPDATE or DELETE on the ledger, whoever asks: the application, an operator's SQL or a later bug.
  if (engine === 'postgres') {
    await sql`create function stock_movements_refuse_change() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(REFUSAL)}'; end $$`.execute(db);
    await sql`create trigger stock_movements_no_update before update or delete on stock_movements
      for each row execute function stock_movements_refuse_change()`.execute(db);
  } else {
    for (const action of ['update', 'delete']) {
      await sql`create trigger ${sql.raw(`stock_movements_no_${action}`)} before ${sql.raw(action)} on stock_movements
        begin select raise(abort, '${sql.raw(REFUSAL)}'); end`.execute(db);
    }
  }

  await db.schema
    .createTable('physical_counts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('counted_quantity', 'integer', (c) => c.notNull())
    .addColumn('system_quantity_before', 'integer', (c) => c.notNull())
    .addColumn('variance', 'integer', (c) => c.notNull())
    // Null when the system quantity was 0 (a percentage of nothing).
    .addColumn('variance_percentage', t.float)
    .addColumn('counted_by', 'text', (c) => c.references('users.id'))
    .addColumn('counted_at', t.timestamp, (c) => c.notNull())
    .addColumn('adjustment_movement_id', 'text', (c) => c.references('stock_movements.id'))
    .execute();
  await db.schema
    .createIndex('physical_counts_tenant_product_idx')
    .on('physical_counts')
    .columns(['tenant_id', 'product_id', 'counted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('physical_counts').execute();
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger stock_movements_no_update on stock_movements`.execute(db);
    await sql`drop function stock_movements_refuse_change()`.execute(db);
  } else {
    await sql`drop trigger stock_movements_no_update`.execute(db);
    await sql`drop trigger stock_movements_no_delete`.execute(db);
  }
  await db.schema.alterTable('inventory_records').dropColumn('last_movement_at').execute();
}
