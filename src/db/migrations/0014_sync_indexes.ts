// Incremental sync (docs/sync.md) reads each list with `updated_since` and sorted by `updated_at`, then id: an
// index on (tenant_id, updated_at, id) lets the bound, the order and the page meet in one index range, as
// products have had since 0005. Added for the tables that grow with a tenant's catalogue and trade; the lists of
// a handful of rows (warehouses, attributes, webhook subscriptions, tokens) read their few rows either way, and a
// variant list or a document list reads one master's or one owner's rows through its own index.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/** Table -> whether it soft-deletes (its lists read live rows only, so the index holds only those). */
const TABLES: Array<[table: string, softDeletes: boolean]> = [
  ['master_products', true],
  ['product_categories', true],
  ['brands', true],
  ['tags', false],
  ['suppliers', true],
  ['inventory_records', false],
  ['purchase_orders', true],
];

const nameOf = (table: string) => `${table}_tenant_updated_idx`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = engineOf(db) === 'sqlite';
  for (const [table, softDeletes] of TABLES) {
    // As in 0005: SQLite treats a partial index as covering a count only when it also holds the condition's column.
    const key = `tenant_id, updated_at, id${softDeletes && sqlite ? ', deleted_at' : ''}`;
    const index = db.schema.createIndex(nameOf(table)).on(table).expression(sql.raw(key));
    await (softDeletes ? index.where(sql.ref('deleted_at'), 'is', null) : index).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of [...TABLES].reverse()) await db.schema.dropIndex(nameOf(table)).execute();
}
