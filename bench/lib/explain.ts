// The plan of one SQL statement as the engine chooses it: EXPLAIN QUERY PLAN on SQLite; on PostgreSQL EXPLAIN
// ANALYZE (the statement runs, so only reads are explained) with the buffers it touched unless asked not to.
import { CompiledQuery } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';

/** Whether the statement only reads, so that EXPLAIN ANALYZE may run it. */
export function isRead(statement: string): boolean {
  return /^\s*(select|with)\b/i.test(statement);
}

export async function explainStatement(
  db: Db,
  engine: Engine,
  statement: { sql: string; parameters: readonly unknown[] },
  options: { buffers?: boolean } = {},
): Promise<string[]> {
  const prefix =
    engine === 'sqlite'
      ? 'explain query plan '
      : `explain (analyze, buffers ${options.buffers === false ? 'off' : 'on'}, costs off) `;
  const plan = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${prefix}${statement.sql}`, [...statement.parameters]),
  );
  return plan.rows.map((row) => (engine === 'sqlite' ? String(row.detail) : String(row['QUERY PLAN'])));
}
