// An If-Match precondition checked inside the writing transaction (core/precondition.ts), with the record locked
// so that the check is still true when the transaction writes.
import type { Transaction } from 'kysely';
import { assertPrecondition, type Precondition } from '../core/precondition.js';
import { lockRecord, type RecordTable } from './record-lock.js';
import type { DB } from './schema.js';

/**
 * Checks an If-Match precondition inside the writing transaction, before the write reads anything else: locks the
 * record (see lockRecord), then compares the ETag of its current resource, which `current` loads through `trx`.
 * `current` answers undefined when there is no record to compare (its own NotFoundError answers 404 instead, as
 * without If-Match). Nothing is done without a precondition.
 * @throws PreconditionFailedError (412) when the record's ETag is not one given, or there is no record.
 */
export async function checkPrecondition(
  trx: Transaction<DB>,
  precondition: Precondition | undefined,
  record: { table: RecordTable; tenantId: string; id: string },
  current: () => Promise<unknown>,
): Promise<void> {
  if (!precondition) return;
  await lockRecord(trx, record.table, record.tenantId, record.id);
  assertPrecondition(precondition, await current());
}
