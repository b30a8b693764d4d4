// Holding a tenant's record against other writers until the transaction ends, for a check that must still be true
// when the transaction writes (an If-Match precondition).
import { sql, type Transaction } from 'kysely';
import { engineOf } from './dialect.js';
import type { DB } from './schema.js';

/** The tables of a tenant's records, each with `tenant_id` and `id`, and the tenants themselves (their id is the tenant's). */
export type RecordTable =
  | {
      [T in keyof DB]: DB[T] extends { tenant_id: string; id: string } ? T : never;
    }[keyof DB]
  | 'tenants';

/**
 * Locks the row `id` of `table` in the tenant until `trx` ends: on PostgreSQL with `FOR UPDATE`, so that a
 * concurrent writer of the row waits for this transaction and then reads what it wrote. On SQLite every
 * transaction already holds the database's write lock from its start (`begin immediate`, see dialect.ts), so
 * there is nothing more to take. A row that does not exist locks nothing; the caller's read then finds none.
 */
export async function lockRecord(
  trx: Transaction<DB>,
  table: RecordTable,
  tenantId: string,
  id: string,
): Promise<void> {
  if (engineOf(trx) === 'sqlite') return;
  const row = table === 'tenants' ? sql`id = ${id} and id = ${tenantId}` : sql`tenant_id = ${tenantId} and id = ${id}`;
  await sql`select 1 from ${sql.table(table)} where ${row} for update`.execute(trx);
}
