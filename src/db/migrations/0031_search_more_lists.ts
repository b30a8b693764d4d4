// Indexes of `search` on the other large lists, and the barcode in the product search (db/search.ts,
// `matchesSearch`; docs/decisions/requests-and-responses.md). Built as migration 0029 built the products' own:
// SQLite gets an FTS5 trigram table per searched table, an external-content table keyed by the table's rowid and
// kept by triggers in the transaction of every write; PostgreSQL gets a pg_trgm GIN index on lower(column) of
// each searched column, over live rows. A term of one or two characters is a prefix of the list's name-like
// columns: on SQLite a range of a btree index on (tenant_id, lower(column)) over live rows, created here where
// the list had none; on PostgreSQL the same trigram indexes serve `LIKE 'ab%'`.
//
// PostgreSQL also keeps statistics of each searched lower(column) (CREATE STATISTICS on an expression, PostgreSQL
// 14 and later). A trigram index holds trigrams, so ANALYZE gathers no statistics of its expression, and the
// planner took every `LIKE '%term%'` for a rare one (3 rows estimated, 4,796 found): it fetched and sorted all
// the matches of a common word for the first page. With the statistics it estimates the matches from the
// column's sample and walks the list's order index for a common word, stopping at the page's end
// (bench/history/2026-12-02-search-ranking-and-lists.md).
//
// The products' FTS5 table gains the barcode: an FTS5 table cannot take a column, so it is made again (the
// triggers of 0029 with it) and rebuilt from the table.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

interface SearchedTable {
  table: string;
  /** The FTS5 table on SQLite, over exactly `columns`. */
  fts: string;
  columns: string[];
  /** Columns searched as a prefix by a short term that have no (tenant_id, lower(column)) index yet (SQLite). */
  prefixIndexes: string[];
}

/** The products' FTS5 table as migration 0029 made it, made again here with the barcode. */
const PRODUCTS_BEFORE = { fts: 'products_search', columns: ['name', 'sku', 'description'] };

const SEARCHED: SearchedTable[] = [
  {
    table: 'products',
    fts: 'products_search',
    columns: ['name', 'sku', 'description', 'barcode'],
    prefixIndexes: ['barcode'],
  },
  {
    table: 'master_products',
    fts: 'master_products_search',
    columns: ['name', 'slug'],
    prefixIndexes: ['name', 'slug'],
  },
  { table: 'suppliers', fts: 'suppliers_search', columns: ['name', 'code', 'email'], prefixIndexes: ['name', 'code'] },
  // The customer list's default order has its (tenant_id, lower(name)) index already (migration 0026).
  {
    table: 'customers',
    fts: 'customers_search',
    columns: ['name', 'email', 'company', 'external_id'],
    prefixIndexes: [],
  },
  {
    table: 'sales_orders',
    fts: 'sales_orders_search',
    columns: ['order_number', 'external_ref'],
    prefixIndexes: ['order_number', 'external_ref'],
  },
];

const trigramIndex = (table: string, column: string) => `${table}_${column}_trgm_idx`;
const statistics = (table: string, column: string) => `${table}_${column}_search_stats`;
/** Statistics of an expression came with PostgreSQL 14 (`server_version_num`). */
const EXPRESSION_STATISTICS = 140000;
const prefixIndex = (table: string, column: string) => `${table}_tenant_${column}_lower_idx`;
const triggers = (fts: string) => [`${fts}_after_insert`, `${fts}_after_delete`, `${fts}_after_update`];

async function dropSqliteSearch(db: Kysely<unknown>, fts: string): Promise<void> {
  for (const trigger of triggers(fts)) await sql.raw(`drop trigger ${trigger}`).execute(db);
  await sql.raw(`drop table ${fts}`).execute(db);
}

async function createSqliteSearch(db: Kysely<unknown>, table: string, fts: string, columns: string[]): Promise<void> {
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const [afterInsert, afterDelete, afterUpdate] = triggers(fts);
  await sql
    .raw(
      `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
    )
    .execute(db);
  // An external-content table is told the old values to remove: exactly what it indexed for that rowid.
  await sql
    .raw(
      `create trigger ${afterInsert} after insert on ${table} begin
         insert into ${fts}(rowid, ${list}) values (new.rowid, ${values('new')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${afterDelete} after delete on ${table} begin
         insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.rowid, ${values('old')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${afterUpdate} after update of ${list} on ${table} begin
         insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.rowid, ${values('old')});
         insert into ${fts}(rowid, ${list}) values (new.rowid, ${values('new')});
       end`,
    )
    .execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
}

async function createSqlitePrefixIndexes(db: Kysely<unknown>, { table, prefixIndexes }: SearchedTable) {
  for (const column of prefixIndexes) {
    // `deleted_at` in the key lets SQLite count the partial index as covering (as the lists' indexes do).
    await db.schema
      .createIndex(prefixIndex(table, column))
      .on(table)
      .expression(sql.raw(`tenant_id, lower(${column}), deleted_at`))
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  }
}

/** The columns of `table` with no trigram index yet: the products' name, SKU and description have theirs (0029). */
function newTrigramColumns({ table, columns }: SearchedTable): string[] {
  return table === 'products' ? columns.filter((c) => !PRODUCTS_BEFORE.columns.includes(c)) : columns;
}

async function createPostgresSearch(db: Kysely<unknown>, searched: SearchedTable): Promise<void> {
  for (const column of newTrigramColumns(searched)) {
    await db.schema
      .createIndex(trigramIndex(searched.table, column))
      .on(searched.table)
      .using('gin')
      .expression(sql.raw(`lower(${column}) gin_trgm_ops`))
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  }
}

async function expressionStatisticsKept(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ version: string }>`select current_setting('server_version_num') as version`.execute(db);
  return Number(rows[0]!.version) >= EXPRESSION_STATISTICS;
}

async function createPostgresStatistics(db: Kysely<unknown>, { table, columns }: SearchedTable): Promise<void> {
  for (const column of columns) {
    await sql.raw(`create statistics ${statistics(table, column)} on (lower(${column})) from ${table}`).execute(db);
  }
  await sql.raw(`analyze ${table}`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const withStatistics = engine === 'postgres' && (await expressionStatisticsKept(db));
  if (engine === 'sqlite') await dropSqliteSearch(db, PRODUCTS_BEFORE.fts);
  for (const searched of SEARCHED) {
    if (engine === 'sqlite') {
      await createSqliteSearch(db, searched.table, searched.fts, searched.columns);
      await createSqlitePrefixIndexes(db, searched);
    } else {
      await createPostgresSearch(db, searched);
      if (withStatistics) await createPostgresStatistics(db, searched);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  for (const searched of SEARCHED) {
    if (engine === 'sqlite') {
      await dropSqliteSearch(db, searched.fts);
      for (const column of searched.prefixIndexes)
        await db.schema.dropIndex(prefixIndex(searched.table, column)).execute();
    } else {
      for (const column of newTrigramColumns(searched))
        await db.schema.dropIndex(trigramIndex(searched.table, column)).execute();
      for (const column of searched.columns)
        await sql.raw(`drop statistics if exists ${statistics(searched.table, column)}`).execute(db);
    }
  }
  if (engine === 'sqlite') await createSqliteSearch(db, 'products', PRODUCTS_BEFORE.fts, PRODUCTS_BEFORE.columns);
}
