// Bulk inserts for seeding: each chunk of rows travels as one JSON parameter and is unpacked by the database
// (json_each on SQLite, json_populate_recordset on PostgreSQL), so a million rows cost a few hundred
// statements instead of a million, and neither engine's parameter limit applies.
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';

const ROWS_PER_STATEMENT = 5000;

type Row = Record<string, unknown>;

function insertChunk(db: Db, engine: Engine, table: string, columns: string[], rows: Row[]) {
  const json = JSON.stringify(rows);
  const target = sql`${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})`;
  if (engine === 'postgres') {
    return sql`insert into ${target} select ${sql.join(columns.map((c) => sql.ref(c)))} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
      db,
    );
  }
  const values = sql.join(columns.map((c) => sql`value ->> ${sql.lit(c)}`));
  return sql`insert into ${target} select ${values} from json_each(${json})`.execute(db);
}

/** Inserts `rows` (all with the same keys, named like the table's columns) into `table`. */
export async function bulkInsert(db: Db, engine: Engine, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await insertChunk(db, engine, table, columns, rows.slice(i, i + ROWS_PER_STATEMENT) as Row[]);
  }
}

/** Streams rows from a generator in chunks, so that a million rows never sit in memory at once. */
export async function bulkInsertFrom(db: Db, engine: Engine, table: string, rows: Iterable<Row>): Promise<number> {
  let chunk: Row[] = [];
  let count = 0;
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === ROWS_PER_STATEMENT) {
      await bulkInsert(db, engine, table, chunk);
      count += chunk.length;
      chunk = [];
    }
  }
  await bulkInsert(db, engine, table, chunk);
  return count + chunk.length;
}
