// Administering a tenant's users (docs/decisions/tenants-and-users.md, User administration): invitations, names and roles,
// deactivation and reactivation, and password resets an administrator starts. A tenant always keeps one active
// admin, and nobody acts on a user whose role allows more than they hold (user-authority.ts). Every change is
// recorded in the audit log in its own transaction.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../core/errors.js';
import type { Page, PageRequest } from '../../core/pagination.js';
import type { Precondition } from '../../core/precondition.js';
import { checkPrecondition } from '../../db/precondition.js';
import type { DB, Role, User } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../audit/audit-trail.js';
import type { SessionService } from '../auth/sessions/session.service.js';
import type { LinkDelivery, PasswordLinks } from './password-links.js';
import { assertMayActOnRole, assertMayGiveRole, type UserAdministrator } from './user-authority.js';
import type { UserFilters, UserRepository } from './user.repository.js';
import { profileErrors, userResource, userStatus, type UserResource, type UserService } from './user.service.js';

/**
 * The password hash of an invited user: no argon2 hash, so no password matches it (verification fails on its
 * form). Sign-in refuses an invited user before comparing anyway.
 */
export const NO_PASSWORD_HASH = '!invited';

export const LAST_ADMIN = 'A tenant keeps at least one active admin: make another user an admin first.';

export interface InviteInput {
  name: string;
  email: string;
  role: Role;
}

export interface UserChanges {
  name?: string;
  role?: Role;
}

export interface UserAdministrationServiceDeps {
  db: Executor;
  users: UserRepository;
  userService: UserService;
  links: PasswordLinks;
  sessions: SessionService;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class UserAdministrationService {
  private readonly db: Executor;
  private readonly users: UserRepository;
  private readonly userService: UserService;
  private readonly links: PasswordLinks;
  private readonly sessions: SessionService;
  private readonly audit: AuditLog;
  /** The audit entry of a change to one user, as the API presents them. */
  private readonly audited: AuditTrail<User>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: UserAdministrationServiceDeps) {
    this.db = deps.db;
    this.users = deps.users;
    this.userService = deps.userService;
    this.links = deps.links;
    this.sessions = deps.sessions;
    this.audit = deps.audit;
    this.audited = auditTrail(deps.audit, 'user', userResource);
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  list(tenantId: string, filters: UserFilters, page: PageRequest): Promise<Page<User>> {
    return this.users.list(this.db, tenantId, filters, page);
  }

  /** @throws NotFoundError('User'), also for another tenant's user. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<User> {
    const user = await this.users.findById(db, tenantId, id);
    if (!user) throw new NotFoundError('User');
    return user;
  }

  /** The user whose e-mail this is in the tenant (the CLI names users by e-mail). @throws NotFoundError('User') */
  async getByEmail(tenantId: string, email: string): Promise<User> {
    const user = await this.users.findByEmail(this.db, tenantId, email.trim());
    if (!user) throw new NotFoundError('User');
    return user;
  }

  /**
   * Invites a user: created without a password (status `invited`, unable to sign in) with an invitation link.
   * @throws ValidationError for bad fields or an e-mail already taken (in any tenant); ForbiddenError when the
   * caller may not give the role.
   */
  async invite(
    tenantId: string,
    input: InviteInput,
    caller: UserAdministrator,
    baseUrl: string | null,
  ): Promise<{ user: User; delivery: LinkDelivery }> {
    const errors = profileErrors(input);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    assertMayGiveRole(caller, input.role);
    const { user, issued } = await inTransaction(this.db, async (trx) => {
      const now = this.clock.now().toISOString();
      const user = await this.userService.insertAudited(trx, {
        id: this.newId(),
        tenant_id: tenantId,
        name: input.name.trim(),
        email: input.email.trim().toLowerCase(),
        password_hash: NO_PASSWORD_HASH,
        role: input.role,
        is_active: true,
        password_set_at: null,
        created_at: now,
        updated_at: now,
      });
      return { user, issued: await this.links.issue(trx, user, 'invitation', linkIssuer(caller)) };
    });
    return { user, delivery: await this.links.deliver(user, issued, baseUrl) };
  }

  /**
   * Changes a user's name and role. The last active admin cannot be demoted.
   * @throws NotFoundError('User'); PreconditionFailedError; ForbiddenError when the caller may not act on the
   * user or give the role; BusinessRuleError('last_admin').
   */
  async update(
    tenantId: string,
    id: string,
    changes: UserChanges,
    caller: UserAdministrator,
    precondition?: Precondition,
  ): Promise<User> {
    if (changes.name !== undefined && (changes.name.trim() === '' || changes.name.length > 255)) {
      throw ValidationError.field('name', 'The name must be 1 to 255 characters.');
    }
    return inTransaction(this.db, async (trx) => {
      // The tenant first, then the user (If-Match): every writer of the tenant's users locks in this order.
      await this.users.lockTenant(trx, tenantId);
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.getToActOn(tenantId, id, caller, trx);
      if (changes.role !== undefined) assertMayGiveRole(caller, changes.role);
      const name = changes.name?.trim() ?? before.name;
      const role = changes.role ?? before.role;
      if (name === before.name && role === before.role) return before;
      if (before.role === 'admin' && role !== 'admin') await this.assertNotLastAdmin(trx, before);
      await this.users.update(trx, tenantId, id, { name, role, updated_at: this.clock.now().toISOString() });
      const after = await this.get(tenantId, id, trx);
      const action = role !== before.role ? 'user.role_changed' : 'user.updated';
      await this.audited(trx, action, before, after);
      return after;
    });
  }

  /**
   * Deactivates a user: refused at sign-in, sessions ended and tokens suspended at once (their next request is
   * 401), unused links ended. Deactivating a deactivated user changes nothing.
   * @throws NotFoundError('User'); PreconditionFailedError; ForbiddenError; BusinessRuleError('last_admin').
   */
  async deactivate(
    tenantId: string,
    id: string,
    caller: UserAdministrator,
    precondition?: Precondition,
  ): Promise<User> {
    return inTransaction(this.db, async (trx) => {
      // The tenant first, then the user (If-Match): every writer of the tenant's users locks in this order.
      await this.users.lockTenant(trx, tenantId);
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.getToActOn(tenantId, id, caller, trx);
      if (!before.is_active) return before;
      if (before.role === 'admin') await this.assertNotLastAdmin(trx, before);
      const now = this.clock.now().toISOString();
      await this.users.update(trx, tenantId, id, { is_active: false, deactivated_at: now, updated_at: now });
      await this.sessions.endAllOf(trx, tenantId, id);
      await this.links.expireOpen(trx, before);
      const after = await this.get(tenantId, id, trx);
      await this.audited(trx, 'user.deactivated', before, after);
      return after;
    });
  }

  /**
   * Reactivates a user: they may sign in again (an invited user is invited again, with a new invitation to be
   * sent) and their tokens work again; their ended sessions stay ended. Reactivating an active user changes
   * nothing.
   * @throws NotFoundError('User'); PreconditionFailedError; ForbiddenError.
   */
  async reactivate(
    tenantId: string,
    id: string,
    caller: UserAdministrator,
    precondition?: Precondition,
  ): Promise<User> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const before = await this.getToActOn(tenantId, id, caller, trx);
      if (before.is_active) return before;
      await this.users.update(trx, tenantId, id, {
        is_active: true,
        deactivated_at: null,
        updated_at: this.clock.now().toISOString(),
      });
      const after = await this.get(tenantId, id, trx);
      await this.audited(trx, 'user.reactivated', before, after);
      return after;
    });
  }

  /**
   * A new invitation link for a user who has not set a password yet; earlier links stop working.
   * @throws NotFoundError('User'); ForbiddenError; BusinessRuleError('user_deactivated' | 'user_not_invited').
   */
  async resendInvitation(
    tenantId: string,
    id: string,
    caller: UserAdministrator,
    baseUrl: string | null,
  ): Promise<{ user: User; delivery: LinkDelivery }> {
    return this.sendLink(tenantId, id, caller, baseUrl, 'invitation');
  }

  /**
   * A password-reset link for an active user, valid for an hour and once; their password works until the link is
   * used, and earlier links stop working.
   * @throws NotFoundError('User'); ForbiddenError; BusinessRuleError('user_deactivated' | 'user_invited').
   */
  async startPasswordReset(
    tenantId: string,
    id: string,
    caller: UserAdministrator,
    baseUrl: string | null,
  ): Promise<{ user: User; delivery: LinkDelivery }> {
    return this.sendLink(tenantId, id, caller, baseUrl, 'reset');
  }

  private async sendLink(
    tenantId: string,
    id: string,
    caller: UserAdministrator,
    baseUrl: string | null,
    purpose: 'invitation' | 'reset',
  ) {
    const { user, issued } = await inTransaction(this.db, async (trx) => {
      await this.users.lockTenant(trx, tenantId);
      const user = await this.getToActOn(tenantId, id, caller, trx);
      const status = userStatus(user);
      if (status === 'deactivated')
        throw new BusinessRuleError('user_deactivated', 'The user is deactivated: reactivate them first.');
      if (purpose === 'invitation' && status !== 'invited') {
        throw new BusinessRuleError(
          'user_not_invited',
          'The user has set a password already: start a password reset instead.',
        );
      }
      if (purpose === 'reset' && status === 'invited') {
        throw new BusinessRuleError(
          'user_invited',
          'The user has not set a password yet: resend the invitation instead.',
        );
      }
      const issued = await this.links.issue(trx, user, purpose, linkIssuer(caller));
      const action = purpose === 'invitation' ? 'user.invitation_resent' : 'user.password_reset_started';
      await this.audit.record(trx, {
        tenantId,
        action,
        entityType: 'user',
        entityId: user.id,
        changes: { password_link_expires_at: { before: null, after: issued.link.expires_at } },
      });
      return { user, issued };
    });
    return { user, delivery: await this.links.deliver(user, issued, baseUrl) };
  }

  /** The user, read in the caller's transaction, when the caller may act on their role. @throws NotFoundError('User'); ForbiddenError */
  private async getToActOn(tenantId: string, id: string, caller: UserAdministrator, trx: Executor): Promise<User> {
    const user = await this.get(tenantId, id, trx);
    assertMayActOnRole(caller, user.role);
    return user;
  }

  /** @throws BusinessRuleError('last_admin') when `user` is the tenant's only active admin (the tenant is locked). */
  private async assertNotLastAdmin(trx: Executor, user: User): Promise<void> {
    if (userStatus(user) !== 'active') return;
    if ((await this.users.countActiveAdmins(trx, user.tenant_id)) <= 1)
      throw new BusinessRuleError('last_admin', LAST_ADMIN);
  }

  /** If-Match against the user as GET answers them. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'users', tenantId, id }, async () => {
      const user = await this.users.findById(trx, tenantId, id);
      return user && (userResource(user) satisfies UserResource);
    });
  }
}

/** Who a link is recorded as issued by: the caller's user, or nobody for the CLI. */
function linkIssuer(caller: UserAdministrator): string | null {
  return caller?.user.id ?? null;
}
