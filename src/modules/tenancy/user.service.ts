// Users belong to one tenant and carry one role. Passwords are stored as argon2id hashes.
import { NotFoundError, ValidationError, type FieldErrors } from '../../core/errors.js';
import type { NewUser, Role, User } from '../../db/schema.js';
import { uniqueViolation } from '../../db/errors.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../audit/audit-trail.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-policy.js';
import type { TenantRepository } from './tenant.repository.js';
import type { UserRepository, UserStatus } from './user.repository.js';

/**
 * Every role, a key each: a role added to `Role` and not here does not compile. Lists offer them in the keys'
 * order: the administrator first, the read-only viewer last.
 */
const ROLE_KEYS: Readonly<Record<Role, true>> = {
  admin: true,
  manager: true,
  sales: true,
  warehouse: true,
  viewer: true,
};
export const ROLES: readonly Role[] = Object.keys(ROLE_KEYS) as Role[];
export { MIN_PASSWORD_LENGTH };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Deactivated wins over invited: a deactivated user is refused whatever else holds. */
export function userStatus(user: Pick<User, 'is_active' | 'password_set_at'>): UserStatus {
  if (!user.is_active) return 'deactivated';
  return user.password_set_at === null ? 'invited' : 'active';
}

/** A user as the API answers it: never the password hash, two-factor secret or recovery codes. */
export function userResource(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: userStatus(user),
    two_factor_enabled: user.two_factor_confirmed_at !== null && user.two_factor_secret !== null,
    password_set_at: user.password_set_at,
    deactivated_at: user.deactivated_at,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

export type UserResource = ReturnType<typeof userResource>;

/** The fields of a user other than the password: name, e-mail and role. */
export function profileErrors(input: { name: string; email: string; role: Role }): FieldErrors {
  const errors: FieldErrors = {};
  if (input.name.trim() === '' || input.name.length > 255) errors.name = ['The name must be 1 to 255 characters.'];
  if (!EMAIL_PATTERN.test(input.email) || input.email.length > 255)
    errors.email = ['The email must be a valid email address.'];
  if (!ROLES.includes(input.role)) errors.role = [`The role must be one of ${ROLES.join(', ')}.`];
  return errors;
}

export interface CreateUserInput {
  tenantId: string;
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** An operator's new user (CLI, first admin): the profile, and a password of the allowed length. */
export function validateUserInput(input: Omit<CreateUserInput, 'tenantId'>): void {
  const errors = profileErrors(input);
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
    errors.password = [`The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export interface UserServiceDeps {
  db: Executor;
  users: UserRepository;
  tenants: TenantRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class UserService {
  private readonly db: Executor;
  private readonly users: UserRepository;
  private readonly tenants: TenantRepository;
  private readonly audited: AuditTrail<User>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: UserServiceDeps) {
    this.db = deps.db;
    this.users = deps.users;
    this.tenants = deps.tenants;
    this.audited = auditTrail(deps.audit, 'user', userResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /**
   * Creates a user in a tenant. E-mails are unique across the installation (case-insensitive).
   * @throws NotFoundError('Tenant'); ValidationError for bad fields or an e-mail already taken.
   */
  async create(input: CreateUserInput, db: Executor = this.db): Promise<User> {
    return this.insertHashed(input, await hashPassword(input.password), db);
  }

  /**
   * Creates a user whose password was hashed beforehand, so that a caller's transaction does not hold
   * its locks through the deliberately slow hash.
   */
  async insertHashed(input: CreateUserInput, passwordHash: string, db: Executor = this.db): Promise<User> {
    validateUserInput(input);
    return inTransaction(db, async (trx) => {
      if (!(await this.tenants.findById(trx, input.tenantId))) throw new NotFoundError('Tenant');
      const now = this.clock.now().toISOString();
      const user = await this.insertAudited(trx, {
        id: this.newId(),
        tenant_id: input.tenantId,
        name: input.name.trim(),
        email: input.email.trim().toLowerCase(),
        password_hash: passwordHash,
        role: input.role,
        is_active: true,
        password_set_at: now,
        created_at: now,
        updated_at: now,
      });
      return user;
    });
  }

  /**
   * Inserts a user and records `user.created` through `trx`.
   * @throws ValidationError on `email` when the e-mail is taken (in any tenant).
   */
  async insertAudited(trx: Executor, row: NewUser): Promise<User> {
    let user: User;
    try {
      user = await this.users.insert(trx, row);
    } catch (error) {
      if (uniqueViolation(error)) throw ValidationError.taken('email');
      throw error;
    }
    await this.audited(trx, 'user.created', null, user);
    return user;
  }

  async findByEmail(tenantId: string, email: string): Promise<User | undefined> {
    return this.users.findByEmail(this.db, tenantId, email);
  }

  /** The tenant's user, or undefined (also for another tenant's). */
  async findById(tenantId: string, id: string, db: Executor = this.db): Promise<User | undefined> {
    return this.users.findById(db, tenantId, id);
  }

  /** Names and e-mails of many of the tenant's users in one query: the people shown beside what they did. */
  async summariesByIds(
    tenantId: string,
    ids: readonly string[],
    db: Executor = this.db,
  ): Promise<Array<Pick<User, 'id' | 'name' | 'email'>>> {
    return this.users.findSummariesByIds(db, tenantId, ids);
  }
}
