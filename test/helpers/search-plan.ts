// The plan of a search query, to show which index serves it (db/search.ts). SQLite: `EXPLAIN QUERY PLAN`.
// PostgreSQL: `EXPLAIN` in a transaction rolled back, with the searched tables' other indexes dropped (DDL is
// transactional there) and sequential and plain index scans priced out: a test's few rows would be read whole, or walked in a
// tenant's list index, by any planner, and the question is whether the search's indexes answer the condition.
import {
  sql,
  type CompiledQuery,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
  type Transaction,
} from 'kysely';
import { engineOf } from '../../src/db/dialect.js';
import type { Db } from '../../src/db/database.js';
import type { DB } from '../../src/db/schema.js';
import type { Executor } from '../../src/db/transaction.js';

/**
 * The plan of `compiled`: SQLite's `EXPLAIN QUERY PLAN`; on PostgreSQL its `EXPLAIN`, after `prepare` has set the
 * scene in a transaction that is then rolled back.
 */
export async function planInRolledBackTransaction(
  db: Db,
  compiled: CompiledQuery,
  prepare: (trx: Transaction<DB>) => Promise<void>,
): Promise<string> {
  if (engineOf(db) === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
    return rows.rows.map((r) => r.detail).join('\n');
  }
  let lines: string[] = [];
  const rolledBack = new Error('rolled back');
  await db
    .transaction()
    .execute(async (trx) => {
      await prepare(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `explain (costs off) ${compiled.sql}`,
      });
      lines = rows.rows.map((r) => r['QUERY PLAN']);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return lines.join('\n');
}

/** `keep`: indexes of `tables` beside the trigram ones that the search's condition itself names a key of. */
export function searchPlan(
  db: Db,
  compiled: CompiledQuery,
  tables: readonly string[],
  keep: readonly string[] = [],
): Promise<string> {
  return planInRolledBackTransaction(db, compiled, async (trx) => {
    const others = await sql<{ name: string }>`
      select i.indexrelid::regclass::text as name from pg_index i
      where i.indrelid::regclass::text in (${sql.join(tables)})
        and i.indexrelid::regclass::text not like '%\\_trgm\\_idx'
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(trx);
    for (const { name } of others.rows) if (!keep.includes(name)) await sql`drop index ${sql.id(name)}`.execute(trx);
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
  });
}

/** The statements `work` runs, compiled as they were sent (a subquery's builder is transformed too, not run). */
export async function statementsOf(db: Db, work: (db: Executor) => Promise<unknown>): Promise<CompiledQuery[]> {
  const nodes = new Map<QueryId, RootOperationNode>();
  const ran: QueryId[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.set(args.queryId, args.node);
      return args.node;
    },
    transformResult: async (args) => {
      ran.push(args.queryId);
      return args.result;
    },
  };
  await work(db.withPlugin(capture));
  return ran.map((queryId) => db.getExecutor().compileQuery(nodes.get(queryId)!, queryId));
}
