// A reservation becomes a record of its own (docs/inventory.md, Reservations): an inventory record's
// quantity_reserved is the sum of its active reservations, so that what is held can be named, listed and released
// one by one, and later belong to an order line. Existing reserved stock becomes one manual reservation per record,
// so that the sum holds on a database migrated with stock already reserved.
import { sql, type Kysely } from 'kysely';
import { chunks } from '../../lib/chunks.js';
import { newId } from '../../lib/ids.js';
import { columnTypes, engineOf } from '../dialect.js';

/** What this migration reads of inventory_records and writes of stock_reservations. */
interface Tables {
  inventory_records: { tenant_id: string; product_id: string; warehouse_id: string; quantity_reserved: number };
  stock_reservations: {
    id: string;
    tenant_id: string;
    product_id: string;
    warehouse_id: string;
    quantity: number;
    original_quantity: number;
    released_quantity: number;
    consumed_quantity: number;
    reference_type: string | null;
    reference_id: string | null;
    status: string;
    created_at: string;
    updated_at: string;
  };
}

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .createTable('stock_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    // What is still held: the part neither released nor consumed.
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('original_quantity', 'integer', (c) => c.notNull())
    .addColumn('released_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    // The sales order line that holds it; null for a manual reservation. No foreign key until that table exists.
    .addColumn('order_line_id', 'text')
    .addColumn('reference_type', 'text')
    .addColumn('reference_id', 'text')
    .addColumn('notes', 'text')
    // active, released or consumed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('released_at', t.timestamp)
    .addColumn('consumed_at', t.timestamp)
    // The database refuses what no interleaving of requests may produce: every unit held, released or consumed,
    // and active exactly while something is held.
    .addCheckConstraint(
      'stock_reservations_quantities_check',
      sql`quantity >= 0 and released_quantity >= 0 and consumed_quantity >= 0
        and quantity + released_quantity + consumed_quantity = original_quantity
        and (status = 'active') = (quantity > 0)`,
    )
    .execute();
  // The active reservations of one inventory record, oldest first: what a release takes and reconcile sums.
  await db.schema
    .createIndex('stock_reservations_active_record_idx')
    .on('stock_reservations')
    .columns(['tenant_id', 'product_id', 'warehouse_id', 'created_at', 'id'])
    .where(sql.ref('status'), '=', 'active')
    .execute();
  // The list's filters, each newest or oldest first.
  for (const [name, columns] of [
    ['stock_reservations_tenant_created_idx', ['tenant_id', 'created_at', 'id']],
    ['stock_reservations_tenant_product_idx', ['tenant_id', 'product_id', 'created_at']],
    ['stock_reservations_tenant_warehouse_idx', ['tenant_id', 'warehouse_id', 'created_at']],
    ['stock_reservations_tenant_status_idx', ['tenant_id', 'status', 'created_at']],
    ['stock_reservations_tenant_reference_idx', ['tenant_id', 'reference_type', 'reference_id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('stock_reservations')
      .columns([...columns])
      .execute();
  }
  await db.schema
    .createIndex('stock_reservations_tenant_order_line_idx')
    .on('stock_reservations')
    .columns(['tenant_id', 'order_line_id'])
    .where(sql.ref('order_line_id'), 'is not', null)
    .execute();

  const tables = db as Kysely<Tables>;
  const reserved = await tables
    .selectFrom('inventory_records')
    .select(['tenant_id', 'product_id', 'warehouse_id', 'quantity_reserved'])
    .where('quantity_reserved', '>', 0)
    .execute();
  const now = new Date().toISOString();
  for (const part of chunks(reserved, BATCH)) {
    await tables
      .insertInto('stock_reservations')
      .values(
        part.map((r) => ({
          id: newId(),
          tenant_id: r.tenant_id,
          product_id: r.product_id,
          warehouse_id: r.warehouse_id,
          quantity: r.quantity_reserved,
          original_quantity: r.quantity_reserved,
          released_quantity: 0,
          consumed_quantity: 0,
          reference_type: 'migrated',
          reference_id: null,
          status: 'active',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_reservations').execute();
}
