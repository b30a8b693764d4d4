// The product record's own columns, the stock ledger it is counted from (inventory records and immutable
// movements), and the event outbox that services write domain events to inside their transactions.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes, engineOf, type Engine } from '../dialect.js';

type Column = [name: string, type: string, build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

// No endpoint wrote products before this migration, so NOT NULL columns take plain defaults.
function productColumns(engine: Engine): Column[] {
  const t = columnTypes(engine);
  return [
    ['slug', 'text', (c) => c.notNull().defaultTo('')],
    ['type', 'text', (c) => c.notNull().defaultTo('physical')],
    ['status', 'text', (c) => c.notNull().defaultTo('draft')],
    ['status_reason', 'text', (c) => c],
    ['status_changed_at', t.timestamp, (c) => c],
    ['is_variant', 'boolean', (c) => c.notNull().defaultTo(false)],
    ['master_product_id', 'text', (c) => c],
    ['variant_attributes', t.json, (c) => c],
    // Minor units of `currency`; null on a variant inherits the master's base value.
    ['selling_price', t.money, (c) => c],
    ['cost_price', t.money, (c) => c],
    ['currency', 'text', (c) => c],
    // Sums of the product's inventory records, kept in the same transaction as every stock movement.
    ['stock_quantity', 'integer', (c) => c.notNull().defaultTo(0)],
    ['reserved_quantity', 'integer', (c) => c.notNull().defaultTo(0)],
    ['reorder_point', 'integer', (c) => c],
    ['reorder_quantity', 'integer', (c) => c],
    ['track_inventory', 'boolean', (c) => c.notNull().defaultTo(true)],
    ['allow_backorders', 'boolean', (c) => c.notNull().defaultTo(false)],
    ['short_description', 'text', (c) => c],
    ['description', 'text', (c) => c],
    ['meta_description', 'text', (c) => c],
    ['meta_keywords', 'text', (c) => c],
    ['weight', t.float, (c) => c],
    ['length', t.float, (c) => c],
    ['width', t.float, (c) => c],
    ['height', t.float, (c) => c],
    ['dimensions_unit', 'text', (c) => c],
    ['tax_class_id', 'text', (c) => c],
    ['is_featured', 'boolean', (c) => c.notNull().defaultTo(false)],
    ['is_taxable', 'boolean', (c) => c.notNull().defaultTo(true)],
    ['requires_shipping', 'boolean', (c) => c.notNull().defaultTo(true)],
  ];
}

/**
 * Indexes of the product list (product-list.ts), each over live products of one tenant and ending in the
 * list's tie-breaker `id`, so that a filter, the sort and LIMIT meet in one index range on both engines.
 * Name -> key; `lower(...)` keys serve the case-insensitive sorts.
 */
function productIndexes(engine: Engine): Array<[name: string, key: string]> {
  // Prices sort with nulls as the lowest value on both engines (SQLite's order; PostgreSQL is told).
  const nullsFirst = engine === 'postgres' ? ' nulls first' : '';
  // The default order's index also carries the columns of the flag and stock filters, so that those filters,
  // and counting their matches, read the narrow index instead of whole rows.
  const flags =
    'status, type, is_featured, is_variant, track_inventory, stock_quantity, reserved_quantity, reorder_point, currency, selling_price';
  const indexes: Array<[string, string]> = [
    [
      'products_tenant_created_idx',
      engine === 'postgres' ? `tenant_id, created_at, id) include (${flags}` : `tenant_id, created_at, id, ${flags}`,
    ],
    ['products_tenant_updated_idx', 'tenant_id, updated_at, id'],
    ['products_tenant_status_created_idx', 'tenant_id, status, created_at, id'],
    ['products_tenant_type_created_idx', 'tenant_id, type, created_at, id'],
    ['products_tenant_category_created_idx', 'tenant_id, category_id, created_at, id'],
    ['products_tenant_brand_created_idx', 'tenant_id, brand_id, created_at, id'],
    ['products_tenant_supplier_created_idx', 'tenant_id, supplier_id, created_at, id'],
    ['products_tenant_master_created_idx', 'tenant_id, master_product_id, created_at, id'],
    ['products_tenant_name_idx', 'tenant_id, lower(name), id'],
    ['products_tenant_sku_idx', 'tenant_id, lower(sku), id'],
    ['products_tenant_price_idx', `tenant_id, currency${nullsFirst}, selling_price${nullsFirst}, id`],
    ['products_tenant_stock_idx', 'tenant_id, stock_quantity, id'],
  ];
  // SQLite counts an index as covering only when it holds every column the query names, `deleted_at` of the
  // partial-index condition included; without it each count would read every matching row.
  return engine === 'sqlite' ? indexes.map(([name, key]) => [name, `${key}, deleted_at`]) : indexes;
}

/** 0003's plain link indexes, replaced by the partial ones above (every reader filters live products). */
const REPLACED_LINK_INDEXES: Array<[name: string, columns: string[]]> = [
  ['products_tenant_category_idx', ['tenant_id', 'category_id']],
  ['products_tenant_brand_idx', ['tenant_id', 'brand_id']],
  ['products_tenant_supplier_idx', ['tenant_id', 'supplier_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const t = columnTypes(engine);
  const live = sql.ref('deleted_at');

  for (const [name, type, build] of productColumns(engine)) {
    await db.schema.alterTable('products').addColumn(name, sql.raw(type), build).execute();
  }

  await db.schema
    .createIndex('products_tenant_slug_unique')
    .on('products')
    .columns(['tenant_id', 'slug'])
    .unique()
    .where(live, 'is', null)
    .execute();
  for (const [name] of REPLACED_LINK_INDEXES) await db.schema.dropIndex(name).execute();
  for (const [name, key] of productIndexes(engine)) {
    await db.schema.createIndex(name).on('products').expression(sql.raw(key)).where(live, 'is', null).execute();
  }
  // Tag filters read product ids by tag straight from the index (0003's covered only the tag).
  await db.schema.dropIndex('product_tags_tenant_tag_idx').execute();
  await db.schema
    .createIndex('product_tags_tenant_tag_product_idx')
    .on('product_tags')
    .columns(['tenant_id', 'tag_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('inventory_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('quantity_on_hand', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reorder_point', 'integer')
    .addColumn('reorder_quantity', 'integer')
    .addColumn('last_counted_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    // The database refuses what no interleaving of requests may produce.
    .addCheckConstraint(
      'inventory_records_quantities_check',
      sql`quantity_on_hand >= 0 and quantity_reserved >= 0 and quantity_reserved <= quantity_on_hand`,
    )
    .execute();
  await db.schema
    .createIndex('inventory_records_tenant_product_warehouse_unique')
    .on('inventory_records')
    .columns(['tenant_id', 'product_id', 'warehouse_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('inventory_records_tenant_warehouse_idx')
    .on('inventory_records')
    .columns(['tenant_id', 'warehouse_id'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('warehouse_id', 'text', (c) => c.notNull().references('warehouses.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    // Signed change of on-hand (or, for reservation and release, of reserved) quantity.
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('quantity_before', 'integer', (c) => c.notNull())
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('notes', 'text')
    .addColumn('reference_type', 'text')
    .addColumn('reference_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_tenant_product_idx')
    .on('stock_movements')
    .columns(['tenant_id', 'product_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('stock_movements_tenant_warehouse_idx')
    .on('stock_movements')
    .columns(['tenant_id', 'warehouse_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('event_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('payload', t.json)
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  for (const table of ['event_outbox', 'stock_movements', 'inventory_records'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('product_tags_tenant_tag_product_idx').execute();
  await db.schema
    .createIndex('product_tags_tenant_tag_idx')
    .on('product_tags')
    .columns(['tenant_id', 'tag_id'])
    .execute();
  for (const [name] of productIndexes(engine)) await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('products_tenant_slug_unique').execute();
  for (const [name, columns] of REPLACED_LINK_INDEXES)
    await db.schema.createIndex(name).on('products').columns(columns).execute();
  for (const [name] of productColumns(engine).reverse())
    await db.schema.alterTable('products').dropColumn(name).execute();
}
