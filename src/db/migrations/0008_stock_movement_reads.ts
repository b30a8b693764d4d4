// Indexes for the stock-movement list: the tenant-wide newest-first page and lookups by reference
// (the movements of one purchase order, transfer or count).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('stock_movements_tenant_created_idx')
    .on('stock_movements')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movements_tenant_reference_idx')
    .on('stock_movements')
    .columns(['tenant_id', 'reference_type', 'reference_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stock_movements_tenant_reference_idx').execute();
  await db.schema.dropIndex('stock_movements_tenant_created_idx').execute();
}
