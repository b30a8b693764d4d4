import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Executor } from '../../../db/transaction.js';
import type { ApiToken, NewApiToken, TokenStatus, User } from '../../../db/schema.js';
import { paginate } from '../../../db/paginate.js';

export interface TokenFilters {
  /** Only this user's tokens; null for every token of the tenant (administrators). */
  userId: string | null;
  status?: TokenStatus;
  type?: ApiToken['type'];
  /** An inclusive bound on updated_at, in stored form. */
  updated_since?: string;
  /** Omitted: newest first (by id). */
  sort_by?: 'created_at' | 'updated_at';
  sort_direction?: 'asc' | 'desc';
}

export interface TokenWithOwner {
  token: ApiToken;
  owner: Pick<User, 'id' | 'name' | 'email' | 'role' | 'is_active'>;
}

export class TokenRepository {
  async insert(db: Executor, token: NewApiToken): Promise<ApiToken> {
    return db.insertInto('api_tokens').values(token).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Installation-wide lookup: a bearer token arrives before its tenant is known. Each candidate comes with
   * its owner (one statement per authenticated request instead of two).
   */
  async findByPrefixWithOwner(db: Executor, prefix: string): Promise<TokenWithOwner[]> {
    const rows = await db
      .selectFrom('api_tokens')
      .innerJoin('users', (join) =>
        join.onRef('users.id', '=', 'api_tokens.user_id').onRef('users.tenant_id', '=', 'api_tokens.tenant_id'),
      )
      .selectAll('api_tokens')
      // `is_active` keeps its column name, so that SQLite's 0/1 is read as a boolean like every is_active.
      .select(['users.name as owner_name', 'users.email as owner_email', 'users.role as owner_role', 'users.is_active'])
      .where('api_tokens.token_prefix', '=', prefix)
      .execute();
    return rows.map(({ owner_name, owner_email, owner_role, is_active, ...token }) => ({
      token,
      owner: { id: token.user_id, name: owner_name, email: owner_email, role: owner_role, is_active },
    }));
  }

  /** A token the API manages: never a console token, which belongs to its session (session_id). */
  async findById(db: Executor, tenantId: string, id: string): Promise<ApiToken | undefined> {
    return db
      .selectFrom('api_tokens')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('session_id', 'is', null)
      .executeTakeFirst();
  }

  async touchLastUsed(db: Executor, tenantId: string, id: string, at: string): Promise<void> {
    await db
      .updateTable('api_tokens')
      .set({ last_used_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** The tokens the API manages, as findById: console tokens are left out. */
  async list(db: Executor, tenantId: string, filters: TokenFilters, page: PageRequest): Promise<Page<ApiToken>> {
    let query = db.selectFrom('api_tokens').where('tenant_id', '=', tenantId).where('session_id', 'is', null);
    if (filters.userId) query = query.where('user_id', '=', filters.userId);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.type) query = query.where('type', '=', filters.type);
    if (filters.updated_since !== undefined) query = query.where('updated_at', '>=', filters.updated_since);
    if (filters.sort_by === undefined) return paginate(db, query.selectAll().orderBy('id', 'desc'), page);
    const direction = filters.sort_direction ?? (filters.sort_by === 'created_at' ? 'desc' : 'asc');
    return paginate(db, query.selectAll().orderBy(filters.sort_by, direction).orderBy('id', direction), page);
  }

  /** Moves a token from `from` to the new state in one conditional statement; false when it was not in `from`. */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    from: TokenStatus[],
    changes: Partial<ApiToken>,
  ): Promise<ApiToken | undefined> {
    return db
      .updateTable('api_tokens')
      .set(changes)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }

  /** Revokes the console tokens of sessions that ended: found by session, installation-wide, as sessions are. */
  /**
   * Up to `limit` console tokens (those of a session) that ended, revoked or expired, before `before`. A token a
   * webhook subscription names as its creator stays: that foreign key (webhook_subscriptions.token_id) would
   * refuse the delete.
   */
  async endedConsoleTokenIds(db: Executor, before: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('api_tokens')
      .select('api_tokens.id')
      .where('api_tokens.session_id', 'is not', null)
      .where((eb) => eb.or([eb('api_tokens.revoked_at', '<', before), eb('api_tokens.expires_at', '<', before)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_subscriptions')
              .select('webhook_subscriptions.id')
              .whereRef('webhook_subscriptions.token_id', '=', 'api_tokens.id'),
          ),
        ),
      )
      .orderBy('api_tokens.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async deleteByIds(db: Executor, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await db.deleteFrom('api_tokens').where('id', 'in', ids).execute();
  }

  async revokeForSessions(db: Executor, sessionIds: readonly string[], at: string): Promise<void> {
    await db
      .updateTable('api_tokens')
      .set({ status: 'revoked', revoked_at: at, updated_at: at })
      .where('session_id', 'in', sessionIds)
      .where('status', '!=', 'revoked')
      .execute();
  }
}
