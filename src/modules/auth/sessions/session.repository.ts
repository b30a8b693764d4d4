import { engineOf } from '../../../db/dialect.js';
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

  /** The session, held against other writers until `db`'s transaction ends (PostgreSQL; SQLite's writers take turns). */
  async findForUpdate(db: Executor, id: string): Promise<Session | undefined> {
    const query = db.selectFrom('sessions').selectAll().where('id', '=', id);
    return (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async touch(db: Executor, id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async remove(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends every session of a user, but `keep` (the caller's own, when it changes its password); answers the ids. */
  async removeForUser(db: Executor, tenantId: string, userId: string, keep: string | null = null): Promise<string[]> {
    let query = db.deleteFrom('sessions').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
    if (keep !== null) query = query.where('id', '!=', keep);
    return (await query.returning('id').execute()).map((row) => row.id);
  }

  /** Deletes the sessions expired at `now`; answers how many went, and the ids of those that were signed in. */
  async purgeExpired(db: Executor, now: string): Promise<{ count: number; signedIn: string[] }> {
    const rows = await db.deleteFrom('sessions').where('expires_at', '<=', now).returning(['id', 'user_id']).execute();
    return { count: rows.length, signedIn: rows.filter((row) => row.user_id !== null).map((row) => row.id) };
  }
}
