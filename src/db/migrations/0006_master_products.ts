// Master products, which generate variants: a variant is a product row pointing at its master, unique per
// combination of attribute values; and the audit trail of variant deletions.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const live = sql.ref('deleted_at');

  await db.schema
    .createTable('master_products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('description', 'text')
    .addColumn('short_description', 'text')
    .addColumn('category_id', 'text', (c) => c.references('product_categories.id'))
    .addColumn('supplier_id', 'text', (c) => c.references('suppliers.id'))
    .addColumn('brand', 'text')
    .addColumn('model', 'text')
    // Minor units of `currency`.
    .addColumn('base_price', t.money)
    .addColumn('base_cost_price', t.money)
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('base_weight', t.float)
    .addColumn('base_dimensions', t.json)
    // Shape 1 of a variant configuration: {attributes: [{name, values}], allowCombinations}.
    .addColumn('variant_attributes', t.json)
    .addColumn('images', t.json)
    .addColumn('tags', t.json)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requires_shipping', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_taxable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('tax_class', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('meta_keywords', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('master_products').columns(columns).where(live, 'is', null).execute();
  await db.schema
    .createIndex('master_products_tenant_slug_unique')
    .on('master_products')
    .columns(['tenant_id', 'slug'])
    .unique()
    .where(live, 'is', null)
    .execute();
  await index('master_products_tenant_created_idx', ['tenant_id', 'created_at', 'id']);
  await index('master_products_tenant_status_idx', ['tenant_id', 'status', 'created_at']);
  await index('master_products_tenant_category_idx', ['tenant_id', 'category_id']);

  // The canonical text of a variant's combination (attribute names and values in configuration order): the
  // database itself keeps one live variant per combination of a master.
  await db.schema.alterTable('products').addColumn('variant_key', 'text').execute();
  await db.schema.alterTable('products').addColumn('images', t.json).execute();
  await db.schema
    .createIndex('products_tenant_master_variant_unique')
    .on('products')
    .columns(['tenant_id', 'master_product_id', 'variant_key'])
    .unique()
    .where((eb) => eb.and([eb(live, 'is', null), eb(sql.ref('variant_key'), 'is not', null)]))
    .execute();

  await db.schema
    .createTable('variant_deletions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('master_product_id', 'text', (c) => c.notNull().references('master_products.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('variant_ids', t.json, (c) => c.notNull())
    .addColumn('deleted_count', 'integer', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('variant_deletions_tenant_master_idx')
    .on('variant_deletions')
    .columns(['tenant_id', 'master_product_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('variant_deletions').execute();
  await db.schema.dropIndex('products_tenant_master_variant_unique').execute();
  await db.schema.alterTable('products').dropColumn('images').execute();
  await db.schema.alterTable('products').dropColumn('variant_key').execute();
  await db.schema.dropTable('master_products').execute();
}
