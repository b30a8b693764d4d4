import type { Executor } from '../../db/transaction.js';

export class LoginThrottleRepository {
  async insert(db: Executor, row: { id: string; throttle_key: string; attempted_at: string }): Promise<void> {
    await db.insertInto('login_attempts').values(row).execute();
  }

  /** The times of the key's attempts after `since`, oldest first. */
  async attemptTimesSince(db: Executor, key: string, since: string): Promise<string[]> {
    const rows = await db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('throttle_key', '=', key)
      .where('attempted_at', '>', since)
      .orderBy('attempted_at')
      .execute();
    return rows.map((r) => r.attempted_at);
  }

  async delete(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('login_attempts').where('id', '=', id).execute();
  }

  async deleteKey(db: Executor, key: string): Promise<void> {
    await db.deleteFrom('login_attempts').where('throttle_key', '=', key).execute();
  }

  /** Deletes the attempts made at or before `cutoff`; answers how many. */
  async deleteUntil(db: Executor, cutoff: string): Promise<number> {
    const result = await db.deleteFrom('login_attempts').where('attempted_at', '<=', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
