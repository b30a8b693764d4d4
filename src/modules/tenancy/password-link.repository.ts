import type { Executor } from '../../db/transaction.js';
import type { PasswordLink, PasswordLinkPurpose } from '../../db/schema.js';

export class PasswordLinkRepository {
  async insert(db: Executor, link: PasswordLink): Promise<PasswordLink> {
    return db.insertInto('password_links').values(link).returningAll().executeTakeFirstOrThrow();
  }

  /** Installation-wide: a link arrives before its tenant is known, named only by its secret's hash. */
  async findByHash(db: Executor, tokenHash: string): Promise<PasswordLink | undefined> {
    return db.selectFrom('password_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /**
   * Spends a link in one conditional statement: true only for the one caller that found it unused and
   * unexpired, so a link presented twice, even at once, works once.
   */
  async claim(db: Executor, id: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('password_links')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends the user's unused links (of one purpose, or all): a newer link, or a change of state, replaces them. */
  async expireOpen(
    db: Executor,
    tenantId: string,
    userId: string,
    now: string,
    purpose?: PasswordLinkPurpose,
  ): Promise<void> {
    let query = db
      .updateTable('password_links')
      .set({ expires_at: now })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    if (purpose) query = query.where('purpose', '=', purpose);
    await query.execute();
  }
}
