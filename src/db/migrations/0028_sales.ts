// Sales (docs/sales.md): orders, their lines, the shipments that send them out and the returns that bring goods
// back, with the tenant's sales settings and each warehouse's allocation rank. Per line, what is allocated,
// shipped and returned is derived from reservations, shipment lines and return lines, never kept on the line; the
// line keeps only what no other row says: what was ordered and what was cancelled of it.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));

  // SQLite adds one column per ALTER TABLE statement.
  // A draft whose total (minor units) exceeds this goes to pending_approval; null: no approval.
  await db.schema.alterTable('tenants').addColumn('sales_approval_threshold', t.money).execute();
  // warehouse_priority, most_stock or fewest_shipments (docs/sales.md, Allocation).
  await db.schema
    .alterTable('tenants')
    .addColumn('allocation_strategy', 'text', (c) => c.notNull().defaultTo('warehouse_priority'))
    .execute();
  await db.schema
    .alterTable('tenants')
    .addColumn('auto_allocate_backorders', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // The warehouse_priority strategy takes warehouses by this rank, lowest first; unranked ones after, by name.
  await db.schema.alterTable('warehouses').addColumn('allocation_rank', 'integer').execute();

  // The last number issued per tenant, kind (order, shipment, return) and month (`yyyymm`).
  await db.schema
    .createTable('sales_sequences')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_sequences_pk', ['tenant_id', 'kind', 'period'])
    .execute();

  await db.schema
    .createTable('sales_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    // Where the order came from (a shop's name) and its id there: together unique, so an import can be retried.
    .addColumn('channel', 'text')
    .addColumn('external_ref', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('ship_to', t.json)
    .addColumn('requested_ship_date', t.date)
    // Higher first when stock arriving is allocated to waiting lines; then the older confirmation.
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('subtotal', t.money, (c) => c.notNull())
    .addColumn('discount_amount', t.money, (c) => c.notNull())
    .addColumn('shipping_amount', t.money, (c) => c.notNull())
    .addColumn('tax_amount', t.money, (c) => c.notNull())
    .addColumn('total_amount', t.money, (c) => c.notNull())
    // The status an order on hold returns to.
    .addColumn('held_from_status', 'text')
    .addColumn('hold_reason', 'text')
    .addColumn('submitted_at', t.timestamp)
    .addColumn('approved_by', 'text', (c) => c.references('users.id'))
    .addColumn('approved_at', t.timestamp)
    .addColumn('approval_notes', 'text')
    .addColumn('rejected_by', 'text', (c) => c.references('users.id'))
    .addColumn('rejected_at', t.timestamp)
    .addColumn('rejection_reason', 'text')
    .addColumn('confirmed_at', t.timestamp)
    .addColumn('shipped_at', t.timestamp)
    .addColumn('closed_at', t.timestamp)
    .addColumn('close_reason', 'text')
    .addColumn('completed_at', t.timestamp)
    .addColumn('cancelled_by', 'text', (c) => c.references('users.id'))
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('cancellation_reason', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('sales_orders_tenant_number_unique')
    .on('sales_orders')
    .columns(['tenant_id', 'order_number'])
    .unique()
    .execute();
  // An order without a channel still has one external_ref per tenant: coalesce makes the NULL channel a value.
  await db.schema
    .createIndex('sales_orders_tenant_channel_ref_unique')
    .on('sales_orders')
    .expression(sql`tenant_id, coalesce(channel, ''), external_ref`)
    .unique()
    .where(sql.ref('external_ref'), 'is not', null)
    .execute();
  for (const [name, columns] of [
    ['sales_orders_tenant_created_idx', ['tenant_id', 'created_at', 'id']],
    ['sales_orders_tenant_updated_idx', ['tenant_id', 'updated_at', 'id']],
    ['sales_orders_tenant_status_idx', ['tenant_id', 'status', 'created_at']],
    ['sales_orders_tenant_customer_idx', ['tenant_id', 'customer_id', 'created_at']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('sales_orders')
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable('sales_order_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_orders.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    // Snapshots taken when the line is written: the order keeps what was sold.
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_sku', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // Cut from the line by a close or an edit after confirmation: demand that will never ship.
    .addColumn('cancelled_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_price', t.money, (c) => c.notNull())
    .addColumn('discount_amount', t.money, (c) => c.notNull())
    .addColumn('line_total', t.money, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'sales_order_lines_quantities_check',
      sql`quantity > 0 and cancelled_quantity >= 0 and cancelled_quantity <= quantity`,
    )
    .execute();
  await db.schema
    .createIndex('sales_order_lines_order_idx')
    .on('sales_order_lines')
    .columns(['order_id', 'position'])
    .execute();
  // The lines of one product: what stock arriving may be allocated to, and the product's backordered demand.
  await db.schema
    .createIndex('sales_order_lines_tenant_product_idx')
    .on('sales_order_lines')
    .columns(['tenant_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('shipment_number', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_orders.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    // draft, picking, packed, shipped, delivered or cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text')
    .addColumn('service', 'text')
    .addColumn('tracking_numbers', t.json)
    .addColumn('notes', 'text')
    .addColumn('picked_at', t.timestamp)
    .addColumn('packed_at', t.timestamp)
    .addColumn('shipped_at', t.timestamp)
    .addColumn('delivered_at', t.timestamp)
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('cancellation_reason', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shipments_tenant_number_unique')
    .on('shipments')
    .columns(['tenant_id', 'shipment_number'])
    .unique()
    .execute();
  for (const [name, columns] of [
    ['shipments_tenant_created_idx', ['tenant_id', 'created_at', 'id']],
    ['shipments_tenant_order_idx', ['tenant_id', 'order_id', 'created_at']],
    ['shipments_tenant_warehouse_status_idx', ['tenant_id', 'warehouse_id', 'status', 'created_at']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('shipments')
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable('shipment_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('shipment_id', 'text', (c) => c.notNull().references('shipments.id'))
    .addColumn('order_line_id', 'text', (c) => c.notNull().references('sales_order_lines.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addCheckConstraint('shipment_lines_quantity_check', sql`quantity > 0`)
    .execute();
  await db.schema
    .createIndex('shipment_lines_shipment_idx')
    .on('shipment_lines')
    .columns(['shipment_id', 'position'])
    .execute();
  await db.schema
    .createIndex('shipment_lines_order_line_idx')
    .on('shipment_lines')
    .columns(['order_line_id'])
    .execute();

  await db.schema
    .createTable('sales_returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('return_number', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('sales_orders.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sales_returns_tenant_number_unique')
    .on('sales_returns')
    .columns(['tenant_id', 'return_number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sales_returns_tenant_order_idx')
    .on('sales_returns')
    .columns(['tenant_id', 'order_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sales_return_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('return_id', 'text', (c) => c.notNull().references('sales_returns.id'))
    .addColumn('order_line_id', 'text', (c) => c.notNull().references('sales_order_lines.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // Back into stock (a `return` movement) or recorded only (damaged, kept by the customer).
    .addColumn('restock', 'boolean', (c) => c.notNull())
    .addCheckConstraint('sales_return_lines_quantity_check', sql`quantity > 0`)
    .execute();
  await db.schema
    .createIndex('sales_return_lines_return_idx')
    .on('sales_return_lines')
    .columns(['return_id', 'position'])
    .execute();
  await db.schema
    .createIndex('sales_return_lines_order_line_idx')
    .on('sales_return_lines')
    .columns(['order_line_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sales_return_lines',
    'sales_returns',
    'shipment_lines',
    'shipments',
    'sales_order_lines',
    'sales_orders',
    'sales_sequences',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('warehouses').dropColumn('allocation_rank').execute();
  for (const column of ['auto_allocate_backorders', 'allocation_strategy', 'sales_approval_threshold']) {
    await db.schema.alterTable('tenants').dropColumn(column).execute();
  }
}
