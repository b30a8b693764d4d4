import type { Executor } from '../../../db/transaction.js';
import type { ApiToken, NewApiToken } from '../../../db/schema.js';

export class TokenRepository {
  async insert(db: Executor, token: NewApiToken): Promise<ApiToken> {
    return db.insertInto('api_tokens').values(token).returningAll().executeTakeFirstOrThrow();
  }

  /** Installation-wide lookup: a bearer token arrives before its tenant is known. */
  async findByPrefix(db: Executor, prefix: string): Promise<ApiToken[]> {
    return db.selectFrom('api_tokens').selectAll().where('token_prefix', '=', prefix).execute();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<ApiToken | undefined> {
    return db.selectFrom('api_tokens').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  async touchLastUsed(db: Executor, tenantId: string, id: string, at: string): Promise<void> {
    await db.updateTable('api_tokens').set({ last_used_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }
}
