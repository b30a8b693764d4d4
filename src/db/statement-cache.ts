// Kysely's SQLite driver prepares every statement it runs, and preparing (parsing and planning the SQL) costs
// more than running a point read. The app sends the same few hundred SQL texts over and over, so prepared
// statements are kept by text, least recently used dropped first. Sharing one statement is safe: the driver
// runs each one to completion synchronously, one query at a time on its single connection.
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const STATEMENT_CACHE_SIZE = 500;

/** `database` with `prepare` answering a cached statement for SQL it has prepared before. */
export function withStatementCache(database: SqliteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Re-inserting moves it to the end: the map's order is the recency order.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
