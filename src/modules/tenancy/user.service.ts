// Users belong to one tenant and carry one role. Passwords are stored as argon2id hashes.
import type { Role, User } from '../../db/schema.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/transaction.js';
import { NotFoundError, ValidationError, type FieldErrors } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import type { TenantRepository } from './tenant.repository.js';
import type { UserRepository } from './user.repository.js';

export const ROLES: readonly Role[] = ['admin', 'manager', 'viewer'];
export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CreateUserInput {
  tenantId: string;
  name: string;
  email: string;
  password: string;
  role: Role;
}

export function validateUserInput(input: Omit<CreateUserInput, 'tenantId'>): void {
  const errors: FieldErrors = {};
  if (input.name.trim() === '' || input.name.length > 255) errors.name = ['The name must be 1 to 255 characters.'];
  if (!EMAIL_PATTERN.test(input.email) || input.email.length > 255) errors.email = ['The email must be a valid email address.'];
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > 1024) {
    errors.password = [`The password must be ${MIN_PASSWORD_LENGTH} to 1024 characters.`];
  }
  if (!ROLES.includes(input.role)) errors.role = [`The role must be one of ${ROLES.join(', ')}.`];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export interface UserServiceDeps {
  db: Executor;
  users: UserRepository;
  tenants: TenantRepository;
  clock: Clock;
  newId: IdGenerator;
}

export class UserService {
  private readonly db: Executor;
  private readonly users: UserRepository;
  private readonly tenants: TenantRepository;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: UserServiceDeps) {
    this.db = deps.db;
    this.users = deps.users;
    this.tenants = deps.tenants;
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
    if (!(await this.tenants.findById(db, input.tenantId))) throw new NotFoundError('Tenant');
    const now = this.clock.now().toISOString();
    try {
      return await this.users.insert(db, {
        id: this.newId(),
        tenant_id: input.tenantId,
        name: input.name.trim(),
        email: input.email.trim().toLowerCase(),
        password_hash: passwordHash,
        role: input.role,
        is_active: true,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (uniqueViolation(error)) throw ValidationError.taken('email');
      throw error;
    }
  }

  async findByEmail(tenantId: string, email: string): Promise<User | undefined> {
    return this.users.findByEmail(this.db, tenantId, email);
  }

  /** The tenant's user, or undefined (also for another tenant's). */
  async findById(tenantId: string, id: string, db: Executor = this.db): Promise<User | undefined> {
    return this.users.findById(db, tenantId, id);
  }

  /** Names and e-mails of many of the tenant's users in one query: the people shown beside what they did. */
  async summariesByIds(tenantId: string, ids: readonly string[], db: Executor = this.db): Promise<Array<Pick<User, 'id' | 'name' | 'email'>>> {
    return this.users.findSummariesByIds(db, tenantId, ids);
  }
}
