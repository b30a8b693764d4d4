// Categories, brands, tags and suppliers; and the product link tables they are counted against (the
// products table grows its own columns with the product module).
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const live = sql.ref('deleted_at');

  await db.schema
    .createTable('product_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('parent_id', 'text', (c) => c.references('product_categories.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('depth_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('product_categories_tenant_slug_unique')
    .on('product_categories')
    .columns(['tenant_id', 'slug'])
    .unique()
    .where(live, 'is', null)
    .execute();
  await db.schema
    .createIndex('product_categories_tenant_parent_idx')
    .on('product_categories')
    .columns(['tenant_id', 'parent_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('brands')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('website_url', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('brands_tenant_slug_unique')
    .on('brands')
    .columns(['tenant_id', 'slug'])
    .unique()
    .where(live, 'is', null)
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tags_tenant_name_unique').on('tags').columns(['tenant_id', 'name']).unique().execute();
  await db.schema.createIndex('tags_tenant_slug_unique').on('tags').columns(['tenant_id', 'slug']).unique().execute();

  await db.schema
    .createTable('suppliers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('rating', t.float)
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_approved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_preferred', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('address', t.json)
    .addColumn('payment_terms', 'text')
    .addColumn('lead_time_days', 'integer')
    // Minor units of the tenant's currency (USD).
    .addColumn('minimum_order_amount', t.money)
    .addColumn('suspension_reason', 'text')
    .addColumn('suspended_until', t.date)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('suppliers_tenant_code_unique')
    .on('suppliers')
    .columns(['tenant_id', 'code'])
    .unique()
    .where(live, 'is', null)
    .execute();

  await db.schema
    .createTable('supplier_ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id'))
    .addColumn('rating', t.float, (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('rated_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('supplier_ratings_tenant_supplier_idx')
    .on('supplier_ratings')
    .columns(['tenant_id', 'supplier_id'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.references('product_categories.id'))
    .addColumn('brand_id', 'text', (c) => c.references('brands.id'))
    .addColumn('supplier_id', 'text', (c) => c.references('suppliers.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('products_tenant_sku_unique')
    .on('products')
    .columns(['tenant_id', 'sku'])
    .unique()
    .where(live, 'is', null)
    .execute();
  await db.schema
    .createIndex('products_tenant_category_idx')
    .on('products')
    .columns(['tenant_id', 'category_id'])
    .execute();
  await db.schema.createIndex('products_tenant_brand_idx').on('products').columns(['tenant_id', 'brand_id']).execute();
  await db.schema
    .createIndex('products_tenant_supplier_idx')
    .on('products')
    .columns(['tenant_id', 'supplier_id'])
    .execute();

  await db.schema
    .createTable('product_tags')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('product_tags_pk', ['tenant_id', 'product_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('product_tags_tenant_tag_idx')
    .on('product_tags')
    .columns(['tenant_id', 'tag_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'product_tags',
    'products',
    'supplier_ratings',
    'suppliers',
    'tags',
    'brands',
    'product_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
