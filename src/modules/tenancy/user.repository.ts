import { sql } from 'kysely';
import type { Page, PageRequest } from '../../core/pagination.js';
import { engineOf } from '../../db/dialect.js';
import { paginate } from '../../db/paginate.js';
import { containsText } from '../../db/search.js';
import type { Executor } from '../../db/transaction.js';
import type { NewUser, Role, User, UserUpdate } from '../../db/schema.js';

/** Invited: no password yet; active: signs in; deactivated: refused (whatever else holds). */
export type UserStatus = 'invited' | 'active' | 'deactivated';
export const USER_SORTS = ['name', 'email', 'created_at', 'updated_at'] as const;

export interface UserFilters {
  role?: Role;
  status?: UserStatus;
  /** Matches name or e-mail, case-insensitive. */
  search?: string;
  sort_by: (typeof USER_SORTS)[number];
  sort_direction: 'asc' | 'desc';
}

export class UserRepository {
  async insert(db: Executor, user: NewUser): Promise<User> {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async findById(db: Executor, tenantId: string, id: string): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** Names and emails of many users at once (creators shown beside the records they made). */
  async findSummariesByIds(
    db: Executor,
    tenantId: string,
    ids: readonly string[],
  ): Promise<Array<Pick<User, 'id' | 'name' | 'email'>>> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async findByEmail(db: Executor, tenantId: string, email: string): Promise<User | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** Sign-in lookup: an e-mail is unique across the installation, so no tenant is needed. */
  async findByEmailForSignIn(db: Executor, email: string): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  /** A pending two-factor sign-in knows the user id but not yet the tenant. */
  async findByIdForSignIn(db: Executor, id: string): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(db: Executor, tenantId: string, id: string, changes: UserUpdate): Promise<void> {
    await db.updateTable('users').set(changes).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async list(db: Executor, tenantId: string, filters: UserFilters, page: PageRequest): Promise<Page<User>> {
    let query = db.selectFrom('users').where('tenant_id', '=', tenantId);
    if (filters.role) query = query.where('role', '=', filters.role);
    if (filters.status === 'deactivated') query = query.where('is_active', '=', false);
    if (filters.status === 'invited') query = query.where('is_active', '=', true).where('password_set_at', 'is', null);
    if (filters.status === 'active')
      query = query.where('is_active', '=', true).where('password_set_at', 'is not', null);
    if (filters.search) {
      const term = filters.search;
      query = query.where((eb) => containsText(eb, ['users.name', 'users.email'], term));
    }
    return paginate(
      db,
      query.selectAll().orderBy(filters.sort_by, filters.sort_direction).orderBy('id', filters.sort_direction),
      page,
    );
  }

  /**
   * Holds the tenant's row until the transaction ends, so that rules over all of its users (the last active
   * admin) see every concurrent change before them. SQLite's transactions already hold the write lock.
   */
  async lockTenant(db: Executor, tenantId: string): Promise<void> {
    if (engineOf(db) === 'postgres') await sql`select id from tenants where id = ${tenantId} for update`.execute(db);
  }

  /** The tenant's admins who can sign in: active, with a password set. */
  async countActiveAdmins(db: Executor, tenantId: string): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'admin')
      .where('is_active', '=', true)
      .where('password_set_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Accepts a TOTP time step only if it is later than the last one accepted, in one conditional
   * statement: the same code presented twice, even at once, succeeds once.
   */
  async claimTotpStep(db: Executor, tenantId: string, id: string, step: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ two_factor_last_step: step })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Swaps the recovery-code list only if it is still `expected`, so a code is spent once. */
  async replaceRecoveryCodes(
    db: Executor,
    tenantId: string,
    id: string,
    expected: string[],
    next: string[],
  ): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ two_factor_recovery_codes: next })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      // eb.val: one JSON value; a bare array would be compiled as a value list `= (?, ?, …)`.
      .where((eb) => eb('two_factor_recovery_codes', '=', eb.val(expected)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
