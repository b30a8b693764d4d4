// Indexes of the lists' text search (db/search.ts, `matchesSearch`). A term of three characters or more is a
// substring of a searched column: SQLite finds it in an FTS5 table with the trigram tokenizer, an external-content
// table of the searched table kept by triggers in the transaction of every write (bulk inserts included);
// PostgreSQL in pg_trgm GIN indexes on lower(column), which serve `lower(column) LIKE '%term%'`. A shorter term is
// a prefix of the name-like columns: on SQLite a range of the lists' btree indexes on lower(column) (migrations
// 0005 and later), on PostgreSQL `LIKE 'ab%'` through the same GIN indexes (pg_trgm looks up the trigrams of a
// word's start, "  a" and " ab", then rechecks each row).
// PostgreSQL needs the pg_trgm extension: a trusted extension since PostgreSQL 13, so a role with CREATE on the
// database installs it here; otherwise a superuser runs `CREATE EXTENSION pg_trgm` in the database first
// (docs/deployment.md).
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

interface SearchedTable {
  table: string;
  /** The FTS5 table on SQLite, over exactly `columns`. */
  fts: string;
  columns: string[];
}

const SEARCHED: SearchedTable[] = [
  {
    table: 'products',
    fts: 'products_search',
    columns: ['name', 'sku', 'description'],
  },
];

const trigramIndex = (table: string, column: string) => `${table}_${column}_trgm_idx`;
const triggers = (fts: string) => [`${fts}_after_insert`, `${fts}_after_delete`, `${fts}_after_update`];

async function createSqliteSearch(db: Kysely<unknown>, { table, fts, columns }: SearchedTable): Promise<void> {
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const [afterInsert, afterDelete, afterUpdate] = triggers(fts);
  // The table's own rowid keys the index: every table here is a rowid table whose text primary key is no alias
  // of it. SQLite's documentation lets VACUUM renumber such rowids (the app never runs one; SQLite 3.54 kept
  // them in our trial); after a VACUUM, the `'rebuild'` below, run again, realigns the index with the table
  // (docs/deployment.md).
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

async function createPgTrgm(db: Kysely<unknown>): Promise<void> {
  try {
    // IF NOT EXISTS asks for no right when the extension is there already.
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    throw new Error(
      'Text search needs the pg_trgm extension, which this role may not create: have a superuser run ' +
        '`CREATE EXTENSION pg_trgm;` in this database, then start again (docs/deployment.md).',
      { cause: error },
    );
  }
}

async function createPostgresSearch(db: Kysely<unknown>, { table, columns }: SearchedTable) {
  const live = sql.ref('deleted_at');
  for (const column of columns) {
    await db.schema
      .createIndex(trigramIndex(table, column))
      .on(table)
      .using('gin')
      .expression(sql.raw(`lower(${column}) gin_trgm_ops`))
      .where(live, 'is', null)
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  if (engine === 'postgres') await createPgTrgm(db);
  for (const searched of SEARCHED) {
    if (engine === 'sqlite') await createSqliteSearch(db, searched);
    else await createPostgresSearch(db, searched);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  for (const { table, fts, columns } of SEARCHED) {
    if (engine === 'sqlite') {
      for (const trigger of triggers(fts)) await sql.raw(`drop trigger ${trigger}`).execute(db);
      await db.schema.dropTable(fts).execute();
    } else {
      for (const column of columns) await db.schema.dropIndex(trigramIndex(table, column)).execute();
    }
  }
  // pg_trgm stays: other objects of the database may use it, and dropping it needs rights creating did not.
}
