// Savepoints: a part of a transaction undone while the rest goes on, on either engine.
import { sql, type Transaction } from 'kysely';
import type { DB } from './schema.js';

const NAME = /^[a-z_]+$/;

/** The name is written into the statement as it is: a fixed word of the caller's, never input. */
function named(name: string) {
  if (!NAME.test(name)) throw new Error(`Not a savepoint name: ${name}`);
  return sql.raw(name);
}

export async function savepoint(trx: Transaction<DB>, name: string): Promise<void> {
  await sql`savepoint ${named(name)}`.execute(trx);
}

export async function releaseSavepoint(trx: Transaction<DB>, name: string): Promise<void> {
  await sql`release savepoint ${named(name)}`.execute(trx);
}

/** Undoes what the transaction did since the savepoint, which stays open. */
export async function rollbackToSavepoint(trx: Transaction<DB>, name: string): Promise<void> {
  await sql`rollback to savepoint ${named(name)}`.execute(trx);
}
