// The module that owns each table: the only one whose repositories insert, update or delete its rows
// (scripts/check-layers.ts checks it; docs/architecture.md states the rule). A module is a folder under src/.
// Other modules read an owner's table only in a repository's read-join for a list view, and change it
// through the owner's service.
import type { DB } from './schema.js';

export const TABLE_OWNERS: Readonly<Record<keyof DB, string>> = {
  tenants: 'modules/tenancy',
  users: 'modules/tenancy',
  password_links: 'modules/tenancy',
  sessions: 'modules/auth/sessions',
  api_tokens: 'modules/auth/tokens',
  login_attempts: 'modules/auth',
  idempotency_keys: 'http/idempotency',
  events: 'modules/events',
  event_outbox: 'modules/events',
  audit_log: 'modules/audit',
  product_categories: 'modules/catalog/categories',
  brands: 'modules/catalog/brands',
  tags: 'modules/catalog/tags',
  product_tags: 'modules/catalog/tags',
  suppliers: 'modules/catalog/suppliers',
  supplier_ratings: 'modules/catalog/suppliers',
  products: 'modules/catalog/products',
  attribute_definitions: 'modules/catalog/attributes',
  product_attribute_values: 'modules/catalog/attributes',
  master_products: 'modules/catalog/master-products',
  variant_deletions: 'modules/catalog/variants',
  warehouses: 'modules/inventory/warehouses',
  inventory_records: 'modules/inventory/stock',
  stock_movements: 'modules/inventory/stock',
  stock_daily_usage: 'modules/inventory/stock',
  stock_daily_flow: 'modules/inventory/stock',
  stock_reservations: 'modules/inventory/stock',
  physical_counts: 'modules/inventory/stock-operations',
  purchase_orders: 'modules/purchasing',
  purchase_order_items: 'modules/purchasing',
  purchase_order_sequences: 'modules/purchasing',
  purchase_order_receipts: 'modules/purchasing',
  purchase_order_receipt_lines: 'modules/purchasing',
  documents: 'modules/documents',
  webhook_subscriptions: 'modules/webhooks',
  webhook_deliveries: 'modules/webhooks',
  webhook_delivery_attempts: 'modules/webhooks',
  import_jobs: 'modules/imports',
  import_batches: 'modules/imports',
  import_errors: 'modules/imports',
  customers: 'modules/crm/customers',
  sales_sequences: 'modules/sales',
  sales_orders: 'modules/sales',
  sales_order_lines: 'modules/sales',
  shipments: 'modules/sales',
  shipment_lines: 'modules/sales',
  sales_returns: 'modules/sales',
  sales_return_lines: 'modules/sales',
};

/**
 * Modules of the same group that also write a column set of another's table, each for a reason of the data's
 * shape: a variant is a row of `products`; a product keeps its category's root; an inventory record carries its
 * reorder settings and the time of its last count.
 */
export const SHARED_WRITERS: Readonly<Partial<Record<keyof DB, readonly string[]>>> = {
  products: ['modules/catalog/variants', 'modules/catalog/categories'],
  inventory_records: ['modules/inventory/reorder', 'modules/inventory/stock-operations'],
};

/**
 * SQLite's FTS5 search indexes (migrations 0029 and 0031, db/search.ts), each with the shadow tables FTS5 keeps it in
 * (`<name>_data`, `_idx`, `_docsize`, `_config`). No module writes them: the triggers of the table they index
 * do, in the transaction of each write to it, so they have no owner and no type in schema.ts (only SQLite has
 * them, and only db/search.ts reads them).
 */
export const TRIGGER_MAINTAINED_TABLES: readonly string[] = [
  'products_search',
  'master_products_search',
  'suppliers_search',
  'customers_search',
  'sales_orders_search',
];
