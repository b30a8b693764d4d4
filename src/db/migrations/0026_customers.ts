// Customers, the first records of sales (docs/sales.md): whom goods are sold and shipped to. Their billing and
// shipping addresses are JSON of the shape suppliers and warehouses keep theirs in. Sales orders, which will
// reference a customer, come with a migration of their own.
import { sql, type Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Indexes of the customer list, each over one tenant's live customers and ending in the list's tie-breaker `id`:
 * the default order (name, case-insensitive), and the sync order (docs/sync.md). SQLite counts a partial index as
 * covering only when it also holds the condition's column.
 */
function listIndexes(sqlite: boolean): Array<[name: string, key: string]> {
  const indexes: Array<[string, string]> = [
    ['customers_tenant_name_idx', 'tenant_id, lower(name), id'],
    ['customers_tenant_updated_idx', 'tenant_id, updated_at, id'],
  ];
  return sqlite ? indexes.map(([name, key]) => [name, `${key}, deleted_at`]) : indexes;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const t = columnTypes(engine);
  const live = sql.ref('deleted_at');

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    // The customer's id in another system (a shop, a CRM); unique per tenant among live customers.
    .addColumn('external_id', 'text')
    .addColumn('billing_address', t.json)
    .addColumn('shipping_address', t.json)
    .addColumn('notes', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('deleted_at', t.timestamp)
    .execute();
  // Both engines treat NULLs as distinct: any number of customers may have no external id.
  await db.schema
    .createIndex('customers_tenant_external_id_unique')
    .on('customers')
    .columns(['tenant_id', 'external_id'])
    .unique()
    .where(live, 'is', null)
    .execute();
  for (const [name, key] of listIndexes(engine === 'sqlite')) {
    await db.schema.createIndex(name).on('customers').expression(sql.raw(key)).where(live, 'is', null).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customers').execute();
}
