import type { Executor } from '../../../db/transaction.js';
import type { ApiToken, NewApiToken, TokenStatus } from '../../../db/schema.js';
import { offsetOf, type Page, type PageRequest } from '../../../http/pagination.js';

export interface TokenFilters {
  /** Only this user's tokens; null for every token of the tenant (administrators). */
  userId: string | null;
  status?: TokenStatus;
  type?: ApiToken['type'];
}

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

  async list(db: Executor, tenantId: string, filters: TokenFilters, page: PageRequest): Promise<Page<ApiToken>> {
    let query = db.selectFrom('api_tokens').where('tenant_id', '=', tenantId);
    if (filters.userId) query = query.where('user_id', '=', filters.userId);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.type) query = query.where('type', '=', filters.type);
    const [items, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(page.per_page).offset(offsetOf(page)).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.n) };
  }

  /** Moves a token from `from` to the new state in one conditional statement; false when it was not in `from`. */
  async transition(db: Executor, tenantId: string, id: string, from: TokenStatus[], changes: Partial<ApiToken>): Promise<ApiToken | undefined> {
    return db
      .updateTable('api_tokens')
      .set(changes)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }
}
