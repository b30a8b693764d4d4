// Purchase orders for the whole lifecycle: the order and its lines (product names and SKUs snapshotted), the
// per-tenant monthly number sequence that keeps `PO-<yyyymm>-<seq>` gapless, and receipts with their lines.
import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));

  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('po_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('order_date', t.date, (c) => c.notNull())
    .addColumn('expected_delivery_date', t.date)
    .addColumn('actual_delivery_date', t.date)
    .addColumn('currency', 'text', (c) => c.notNull())
    // Minor units of `currency`.
    .addColumn('subtotal', t.money, (c) => c.notNull())
    .addColumn('tax_amount', t.money, (c) => c.notNull())
    .addColumn('shipping_cost', t.money, (c) => c.notNull())
    .addColumn('discount_amount', t.money, (c) => c.notNull())
    .addColumn('total_amount', t.money, (c) => c.notNull())
    .addColumn('payment_terms', 'text')
    .addColumn('shipping_method', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('notes', 'text')
    .addColumn('internal_notes', 'text')
    .addColumn('approver_id', 'text', (c) => c.references('users.id'))
    .addColumn('submitted_at', t.timestamp)
    .addColumn('approved_by', 'text', (c) => c.references('users.id'))
    .addColumn('approved_at', t.timestamp)
    .addColumn('approval_notes', 'text')
    .addColumn('rejected_by', 'text', (c) => c.references('users.id'))
    .addColumn('rejected_at', t.timestamp)
    .addColumn('rejection_reason', 'text')
    .addColumn('sent_at', t.timestamp)
    .addColumn('sent_to', 'text')
    .addColumn('acknowledged_at', t.timestamp)
    .addColumn('supplier_reference', 'text')
    .addColumn('confirmed_delivery_date', t.date)
    .addColumn('received_at', t.timestamp)
    .addColumn('invoice_number', 'text')
    .addColumn('invoice_amount', t.money)
    .addColumn('invoice_date', t.date)
    .addColumn('invoiced_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .addColumn('cancelled_by', 'text', (c) => c.references('users.id'))
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('cancellation_reason', 'text')
    .addColumn('supplier_notified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  // Numbers stay unique even among deleted orders: a number once issued is never issued again.
  await db.schema
    .createIndex('purchase_orders_tenant_number_unique')
    .unique()
    .on('purchase_orders')
    .columns(['tenant_id', 'po_number'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_tenant_status_idx')
    .on('purchase_orders')
    .columns(['tenant_id', 'status', 'order_date'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_tenant_supplier_idx')
    .on('purchase_orders')
    .columns(['tenant_id', 'supplier_id', 'order_date'])
    .execute();
  await db.schema
    .createIndex('purchase_orders_tenant_order_date_idx')
    .on('purchase_orders')
    .columns(['tenant_id', 'order_date', 'id'])
    .execute();

  await db.schema
    .createTable('purchase_order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('purchase_order_id', 'text', (c) => c.notNull().references('purchase_orders.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_sku', 'text')
    .addColumn('quantity_ordered', 'integer', (c) => c.notNull())
    .addColumn('quantity_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity_cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_price', t.money, (c) => c.notNull())
    .addColumn('line_total', t.money, (c) => c.notNull())
    .addColumn('warehouse_id', 'text', (c) => c.references('warehouses.id'))
    .addColumn('receiving_notes', 'text')
    .addColumn('received_at', t.timestamp)
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  // One line per product and order (docs/decisions/purchase-orders.md, Purchase orders), enforced by the database as well.
  await db.schema
    .createIndex('purchase_order_items_tenant_order_product_unique')
    .unique()
    .on('purchase_order_items')
    .columns(['tenant_id', 'purchase_order_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('purchase_order_items_tenant_product_idx')
    .on('purchase_order_items')
    .columns(['tenant_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('purchase_order_sequences')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('purchase_order_sequences_pkey', ['tenant_id', 'period'])
    .execute();

  await db.schema
    .createTable('purchase_order_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('purchase_order_id', 'text', (c) => c.notNull().references('purchase_orders.id'))
    .addColumn('received_date', t.date, (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('quality_check_passed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('quality_notes', 'text')
    .addColumn('received_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_order_receipts_tenant_order_idx')
    .on('purchase_order_receipts')
    .columns(['tenant_id', 'purchase_order_id'])
    .execute();

  await db.schema
    .createTable('purchase_order_receipt_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('receipt_id', 'text', (c) => c.notNull().references('purchase_order_receipts.id'))
    .addColumn('purchase_order_item_id', 'text', (c) => c.notNull().references('purchase_order_items.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('quantity_received', 'integer', (c) => c.notNull())
    .addColumn('bin_location', 'text')
    .addColumn('notes', 'text')
    .addColumn('quality_check_passed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('quality_notes', 'text')
    .addColumn('stock_movement_id', 'text', (c) => c.references('stock_movements.id'))
    .execute();
  await db.schema
    .createIndex('purchase_order_receipt_lines_tenant_receipt_idx')
    .on('purchase_order_receipt_lines')
    .columns(['tenant_id', 'receipt_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('purchase_order_receipt_lines').execute();
  await db.schema.dropTable('purchase_order_receipts').execute();
  await db.schema.dropTable('purchase_order_sequences').execute();
  await db.schema.dropTable('purchase_order_items').execute();
  await db.schema.dropTable('purchase_orders').execute();
}
