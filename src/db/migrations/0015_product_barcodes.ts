// Barcodes of products and variants (variants are product rows): the code and its kind (products/barcode.ts).
// A code is unique among a tenant's live products; the partial unique index is the last word when two writes
// race past the service's own check, and it also serves the `?barcode=` filter and the scanner lookup.
import { sql, type Kysely } from 'kysely';

const INDEX = 'products_tenant_barcode_unique';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('barcode', 'text').execute();
  await db.schema.alterTable('products').addColumn('barcode_type', 'text').execute();
  await db.schema
    .createIndex(INDEX)
    .on('products')
    .columns(['tenant_id', 'barcode'])
    .unique()
    .where((eb) => eb.and([eb(sql.ref('deleted_at'), 'is', null), eb(sql.ref('barcode'), 'is not', null)]))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(INDEX).execute();
  await db.schema.alterTable('products').dropColumn('barcode_type').execute();
  await db.schema.alterTable('products').dropColumn('barcode').execute();
}
