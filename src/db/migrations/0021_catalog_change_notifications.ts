// Announces every change to the catalog's records on the `quartermaster_catalog` channel, so that the catalog
// answers kept in memory by every process are dropped (see docs/decisions/performance-caches.md). As for the
// authentication tables (migration 0019): triggers, so that every writer announces, at commit only.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * The tables whose rows a product's resource or a product list is made of: those the catalog's answer cache
 * watches (modules/catalog/catalog-answers.ts), written out rather than imported, since a migration stays as it
 * ran. A table watched later needs a migration of its own; the cache's test of every table fails until then.
 */
const CATALOG_TABLES = [
  'tenants',
  'products',
  'product_categories',
  'brands',
  'suppliers',
  'master_products',
  'tags',
  'product_tags',
  'attribute_definitions',
  'product_attribute_values',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create function quartermaster_catalog_changed() returns trigger language plpgsql as $$
    begin perform pg_notify('quartermaster_catalog', ''); return null; end $$`.execute(db);
  for (const table of CATALOG_TABLES) {
    await sql`create trigger ${sql.id(`${table}_catalog_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function quartermaster_catalog_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const table of CATALOG_TABLES)
    await sql`drop trigger ${sql.id(`${table}_catalog_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function quartermaster_catalog_changed()`.execute(db);
}
