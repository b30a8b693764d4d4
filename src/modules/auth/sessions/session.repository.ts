import type { Executor } from '../../../db/transaction.js';
import type { Session } from '../../../db/schema.js';

export class SessionRepository {
  async insert(db: Executor, session: Session): Promise<Session> {
    return db.insertInto('sessions').values(session).returningAll().executeTakeFirstOrThrow();
  }

  /** Sessions are found by the hash of their cookie, before any tenant is known. */
  async findById(db: Executor, id: string): Promise<Session | undefined> {
    return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async touch(db: Executor, id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async remove(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends every session of a user, but `keep` (the caller's own, when it changes its password). */
  async removeForUser(db: Executor, tenantId: string, userId: string, keep: string | null = null): Promise<number> {
    let query = db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
    if (keep !== null) query = query.where('id', '!=', keep);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async purgeExpired(db: Executor, now: string): Promise<number> {
    const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
