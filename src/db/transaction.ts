import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

export type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Runs `work` inside a transaction: joins the caller's transaction when `db` already is one, so that a
 * multi-step flow stays atomic however many services it passes through.
 */
export async function inTransaction<T>(db: Executor, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<DB>);
  return db.transaction().execute(work);
}
