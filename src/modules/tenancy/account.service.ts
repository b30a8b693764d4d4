// A user's own account: their name, their password (the current one required; their other sessions end), and
// setting a password through a one-time link (an invitation or a reset), which needs no sign-in.
import { UnauthenticatedError, ValidationError } from '../../core/errors.js';
import type { Session, User } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { changesBetween } from '../audit/audit-changes.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../audit/audit-trail.js';
import type { SessionService } from '../auth/sessions/session.service.js';
import type { PasswordLinks } from './password-links.js';
import { passwordErrors } from './password-policy.js';
import type { UserRepository } from './user.repository.js';
import { userResource } from './user.service.js';

export const LINK_INVALID = 'This link is invalid, has been used or has expired. Ask an administrator for a new one.';

export interface AccountServiceDeps {
  db: Executor;
  users: UserRepository;
  links: PasswordLinks;
  sessions: SessionService;
  audit: AuditLog;
  clock: Clock;
}

export class AccountService {
  private readonly db: Executor;
  private readonly users: UserRepository;
  private readonly links: PasswordLinks;
  private readonly sessions: SessionService;
  private readonly audit: AuditLog;
  private readonly audited: AuditTrail<User>;
  private readonly clock: Clock;

  constructor(deps: AccountServiceDeps) {
    this.db = deps.db;
    this.users = deps.users;
    this.links = deps.links;
    this.sessions = deps.sessions;
    this.audit = deps.audit;
    this.audited = auditTrail(deps.audit, 'user', userResource);
    this.clock = deps.clock;
  }

  private async current(db: Executor, tenantId: string, userId: string): Promise<User> {
    const user = await this.users.findById(db, tenantId, userId);
    if (!user) throw new UnauthenticatedError();
    return user;
  }

  /** @throws ValidationError on `name`. */
  async rename(tenantId: string, userId: string, name: string): Promise<User> {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 255)
      throw ValidationError.field('name', 'The name must be 1 to 255 characters.');
    return inTransaction(this.db, async (trx) => {
      const before = await this.current(trx, tenantId, userId);
      if (before.name === trimmed) return before;
      await this.users.update(trx, tenantId, userId, { name: trimmed, updated_at: this.clock.now().toISOString() });
      const after = await this.current(trx, tenantId, userId);
      await this.audited(trx, 'user.updated', before, after);
      return after;
    });
  }

  /**
   * Changes the caller's password: the current one must be given. Every other session of the user ends; `keep`
   * (the session making the change) stays signed in. Unused reset links end too.
   * @throws ValidationError on `current_password` (wrong) or `password` (too short, common, the e-mail).
   */
  async changePassword(
    tenantId: string,
    userId: string,
    currentPassword: string,
    password: string,
    keep: Session | null,
  ): Promise<void> {
    const user = await this.current(this.db, tenantId, userId);
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      throw ValidationError.field('current_password', 'The provided password does not match your current password.');
    }
    const problems = passwordErrors(password, user.email);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
    const hash = await hashPassword(password);
    await inTransaction(this.db, async (trx) => {
      const before = await this.current(trx, tenantId, userId);
      const now = this.clock.now().toISOString();
      await this.users.update(trx, tenantId, userId, { password_hash: hash, password_set_at: now, updated_at: now });
      await this.sessions.endAllOf(trx, tenantId, userId, keep);
      await this.links.expireOpen(trx, before);
      const after = await this.current(trx, tenantId, userId);
      await this.audit.recordChange(trx, {
        tenantId,
        action: 'user.password_changed',
        entityType: 'user',
        entityId: userId,
        // The hashes only make the field read as changed: secrets are written "[REDACTED]".
        before: { ...userResource(before), password: before.password_hash },
        after: { ...userResource(after), password: hash },
      });
    });
  }

  /**
   * Sets a password through a one-time link: an invitation (the user becomes active) or a reset. The link works
   * once and not after it expires; a refused password leaves it usable. Every session of the user ends.
   * @throws ValidationError on `token` (code password_link_invalid) or `password`.
   */
  async setPassword(secret: string, password: string): Promise<User> {
    const link = await this.links.find(this.db, secret);
    const now = this.clock.now();
    if (!link || link.used_at !== null || Date.parse(link.expires_at) <= now.getTime()) throw this.invalidLink();
    const user = await this.users.findById(this.db, link.tenant_id, link.user_id);
    if (!user || !user.is_active) throw this.invalidLink();
    const problems = passwordErrors(password, user.email);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
    const hash = await hashPassword(password);
    return inTransaction(this.db, async (trx) => {
      if (!(await this.links.claim(trx, link))) throw this.invalidLink();
      const before = await this.current(trx, link.tenant_id, link.user_id);
      if (!before.is_active) throw this.invalidLink();
      const at = this.clock.now().toISOString();
      await this.users.update(trx, link.tenant_id, link.user_id, {
        password_hash: hash,
        password_set_at: at,
        updated_at: at,
      });
      await this.sessions.endAllOf(trx, link.tenant_id, link.user_id);
      await this.links.expireOpen(trx, before);
      const after = await this.current(trx, link.tenant_id, link.user_id);
      await this.audit.record(trx, {
        tenantId: link.tenant_id,
        action: 'user.password_set',
        entityType: 'user',
        entityId: link.user_id,
        changes: changesBetween(
          { ...userResource(before), password: before.password_hash, link: null },
          { ...userResource(after), password: hash, link: link.purpose },
        ),
        // Not signed in: the link's owner sets their own password.
        actor: { type: 'user', user_id: after.id, token_id: null, name: after.email },
      });
      return after;
    });
  }

  private invalidLink(): ValidationError {
    return ValidationError.field('token', LINK_INVALID, 'password_link_invalid');
  }
}
