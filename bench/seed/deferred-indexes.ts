// Bulk loading with the secondary indexes built afterwards, as a restore does: each is dropped before the load and
// created again after it from the very definition the migrations left in the database (SQLite's sqlite_master,
// PostgreSQL's pg_indexes), so the schema the benchmark measures is the migrated one. Inserting a million rows into
// 20 indexes in random key order costs far more than sorting each index once. Indexes behind a constraint (primary
// keys, unique constraints) stay. On SQLite the insert triggers that keep a full-text table (FTS5, external
// content) go too; the table is rebuilt from its content afterwards.
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';

interface Definition {
  name: string;
  sql: string;
}

async function sqliteDefinitions(db: Db, tables: readonly string[]) {
  const rows = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where tbl_name in (${sql.join(tables)}) and sql is not null
      and (type = 'index' or (type = 'trigger' and sql like '%after insert%'))`.execute(db);
  const indexes = rows.rows.filter((r) => r.type === 'index');
  const triggers = rows.rows.filter((r) => r.type === 'trigger');
  // External-content FTS5 tables over these tables: what their insert triggers kept, rebuilt in one pass.
  const fts = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'table' and sql like '%using fts5%'`.execute(db);
  const fullText = fts.rows
    .filter((t) => tables.some((table) => new RegExp(`content\\s*=\\s*'?"?${table}\\b`, 'i').test(t.sql)))
    .map((t) => t.name);
  return { indexes, triggers, fullText };
}

async function postgresIndexes(db: Db, tables: readonly string[]): Promise<Definition[]> {
  const rows = await sql<{ name: string; sql: string }>`
    select i.indexname as name, i.indexdef as sql from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`.execute(
    db,
  );
  return rows.rows;
}

/** Runs `load` with the secondary indexes (and SQLite's full-text insert triggers) of `tables` built after it. */
export async function withIndexesAfter<T>(
  db: Db,
  engine: Engine,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  if (engine === 'postgres') {
    const indexes = await postgresIndexes(db, tables);
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
    const value = await load();
    for (const index of indexes) await sql.raw(index.sql).execute(db);
    return value;
  }
  const { indexes, triggers, fullText } = await sqliteDefinitions(db, tables);
  for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
  const value = await load();
  for (const index of indexes) await sql.raw(index.sql).execute(db);
  for (const table of fullText)
    await sql`insert into ${sql.table(table)} (${sql.ref(table)}) values ('rebuild')`.execute(db);
  for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);
  return value;
}

/** The tables the seeders fill with many rows and no reads of their own indexes while doing so. */
export const BULK_TABLES = [
  'products',
  'product_tags',
  'product_attribute_values',
  'stock_movements',
  'events',
  'purchase_order_items',
] as const;
