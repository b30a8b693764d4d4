import type { Executor } from '../../db/transaction.js';
import type { IdempotencyKeysTable } from '../../db/schema.js';

export type IdempotencyRecord = IdempotencyKeysTable;

export class IdempotencyRepository {
  async find(db: Executor, tenantId: string, caller: string, key: string): Promise<IdempotencyRecord | undefined> {
    return db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('caller', '=', caller)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /** Inserts the claim; a unique violation means another request holds the key. */
  async claim(db: Executor, record: IdempotencyRecord): Promise<void> {
    await db.insertInto('idempotency_keys').values(record).execute();
  }

  async complete(
    db: Executor,
    id: string,
    statusCode: number,
    contentType: string | null,
    body: string,
  ): Promise<void> {
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, content_type: contentType, response_body: body })
      .where('id', '=', id)
      .execute();
  }

  async remove(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
  }

  async purgeExpired(db: Executor, now: string): Promise<number> {
    const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
