// The product list filtered by category (or a category tree) and status, the catalog's most common
// browsing query: 0005's category index made every match a row read to check the status, and a price sort
// walked the whole tenant's price index instead. Status and the price key in the index let both the
// count and the page read the index alone, then sort only the matches.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

const NAME = 'products_tenant_category_status_idx';

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const nullsFirst = engine === 'postgres' ? ' nulls first' : '';
  // As in 0005: SQLite treats an index as covering only when it also holds the partial index's column.
  const key = `tenant_id, category_id, status, currency${nullsFirst}, selling_price${nullsFirst}, id${engine === 'sqlite' ? ', deleted_at' : ''}`;
  await db.schema
    .createIndex(NAME)
    .on('products')
    .expression(sql.raw(key))
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex(NAME).execute();
}
