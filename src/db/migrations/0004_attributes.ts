// EAV attributes: definitions per tenant, and one value per product and attribute, stored as text.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));

  await db.schema
    .createTable('attribute_definitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('options', t.json)
    .addColumn('validation_rules', t.json)
    .addColumn('unit', 'text')
    // The default in its stored form (a value string, as product values are stored).
    .addColumn('default_value', 'text')
    .addColumn('is_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_filterable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_searchable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_visible_on_frontend', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('attribute_definitions_tenant_code_unique')
    .on('attribute_definitions')
    .columns(['tenant_id', 'code'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('product_attribute_values')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('attribute_id', 'text', (c) => c.notNull().references('attribute_definitions.id'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attribute_values_pk', ['tenant_id', 'product_id', 'attribute_id'])
    .execute();
  // Filterable attributes filter the product list by value.
  await db.schema
    .createIndex('product_attribute_values_attribute_value_idx')
    .on('product_attribute_values')
    .columns(['tenant_id', 'attribute_id', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_attribute_values').execute();
  await db.schema.dropTable('attribute_definitions').execute();
}
