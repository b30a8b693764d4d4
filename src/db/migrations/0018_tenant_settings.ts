// Tenant settings: the default currency (used where a request omits one), the time zone, the company's address
// and tax id, and the footer of purchase-order documents.
import type { Kysely } from 'kysely';

const TEXT_COLUMNS = [
  'time_zone',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'tax_id',
  'purchase_order_footer',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('default_currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();
  // SQLite adds one column per ALTER TABLE statement.
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('tenants').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...TEXT_COLUMNS].reverse()) await db.schema.alterTable('tenants').dropColumn(column).execute();
  await db.schema.alterTable('tenants').dropColumn('default_currency').execute();
}
