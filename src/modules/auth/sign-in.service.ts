// Signing in to the first-party web app: password, throttle, two-factor, and a fresh session each time
// the identity changes.
import { UnauthenticatedError, ValidationError } from '../../core/errors.js';
import type { Session, User } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { afterAnswer, type Actor } from '../../lib/work-context.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import type { UserCredentials } from '../tenancy/user-credentials.js';
import type { AuthContext } from './auth-context.js';
import { LoginThrottle } from './login-throttle.js';
import type { OpenSession, SessionService } from './sessions/session.service.js';
import { isTwoFactorEnabled, type TwoFactorService } from './two-factor/two-factor.service.js';

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export const TWO_FACTOR_REQUIRED = 'Two-factor authentication required';
/** A challenge with no sign-in waiting: 401, since 423 means only "send the code" to a web app. */
export const NO_PENDING_SIGN_IN = 'No sign-in is waiting for a two-factor code. Sign in again.';

/**
 * Compared against when the e-mail names no user with a password (unknown, or invited), so that every refused
 * sign-in costs one argon2 verification and timing does not tell which e-mails exist. Made once, by the same
 * function and parameters as every stored hash.
 */
const DUMMY_HASH = hashPassword('not-a-real-password-0123456789');

export type SignInResult =
  { kind: 'signed_in'; user: User; opened: OpenSession } | { kind: 'two_factor_required'; opened: OpenSession };

export interface TwoFactorProof {
  code?: string;
  recovery_code?: string;
}

export interface SignInServiceDeps {
  db: Executor;
  users: UserCredentials;
  sessions: SessionService;
  twoFactor: TwoFactorService;
  throttle: LoginThrottle;
  audit: AuditLog;
}

/** The actor of a sign-in: not authenticated yet, so named here. */
function signingIn(user: User): Actor {
  return { type: 'user', user_id: user.id, token_id: null, name: user.email };
}

export class SignInService {
  private readonly db: Executor;
  private readonly users: UserCredentials;
  private readonly sessions: SessionService;
  private readonly twoFactor: TwoFactorService;
  private readonly throttle: LoginThrottle;
  private readonly audit: AuditLog;

  constructor(deps: SignInServiceDeps) {
    this.db = deps.db;
    this.users = deps.users;
    this.sessions = deps.sessions;
    this.twoFactor = deps.twoFactor;
    this.throttle = deps.throttle;
    this.audit = deps.audit;
  }

  /**
   * Checks e-mail and password. A user with two-factor gets a session that remembers them as pending
   * (the caller answers 423); anyone else gets a new signed-in session.
   * @throws TooManyRequestsError after too many attempts; UnauthenticatedError for wrong credentials.
   */
  async signIn(email: string, password: string, ip: string, previous: Session | null): Promise<SignInResult> {
    const key = LoginThrottle.key('login', email.trim(), ip);
    await this.throttle.hit(key);
    const user = await this.users.findByEmailForSignIn(this.db, email);
    // An invited user has no password yet (a placeholder that fails at once, not a hash); a deactivated one is
    // refused whatever the password.
    const hasPassword = user !== undefined && user.password_set_at !== null;
    const valid = await verifyPassword(hasPassword ? user.password_hash : await DUMMY_HASH, password);
    if (!user || !hasPassword || !valid || !user.is_active) {
      // After the answer, so that a known e-mail is answered as fast as an unknown one, which has no entry.
      if (user)
        await afterAnswer(() =>
          this.recordFailure(user, !hasPassword ? 'invited' : !valid ? 'password' : 'deactivated'),
        );
      throw new UnauthenticatedError(INVALID_CREDENTIALS);
    }
    await this.throttle.clear(key);

    if (isTwoFactorEnabled(user)) {
      return {
        kind: 'two_factor_required',
        opened: await this.sessions.open({ kind: 'two_factor_pending', userId: user.id }, previous),
      };
    }
    const opened = await this.openSignedIn(user, previous, 'password');
    return { kind: 'signed_in', user, opened };
  }

  /** A signed-in session, replacing `previous`, and its `auth.signed_in` entry in one transaction. */
  private openSignedIn(
    user: User,
    previous: Session | null,
    method: 'password' | 'two_factor' | 'recovery_code',
  ): Promise<OpenSession> {
    return inTransaction(this.db, async (trx) => {
      const opened = await this.sessions.open(
        { kind: 'authenticated', userId: user.id, tenantId: user.tenant_id },
        previous,
        trx,
      );
      await this.audit.record(trx, {
        tenantId: user.tenant_id,
        action: 'auth.signed_in',
        entityType: 'user',
        entityId: user.id,
        changes: { method: { before: null, after: method } },
        actor: signingIn(user),
      });
      return opened;
    });
  }

  /** `auth.sign_in_failed`, on its own (nothing else is written), for an e-mail that names a user. */
  private recordFailure(user: User, reason: 'password' | 'deactivated' | 'invited' | 'two_factor_code'): Promise<void> {
    return this.audit.record(this.db, {
      tenantId: user.tenant_id,
      action: 'auth.sign_in_failed',
      entityType: 'user',
      entityId: user.id,
      changes: { reason: { before: null, after: reason } },
      actor: signingIn(user),
    });
  }

  /**
   * Completes a sign-in that answered 423, with a TOTP code or a recovery code.
   * @throws UnauthenticatedError when no sign-in awaits a code in this session (none, expired, or already
   *         signed in), leaving the session as it is; ValidationError for a wrong or reused code;
   *         TooManyRequestsError after too many codes from this address, or for this user from all addresses
   *         together.
   */
  async completeTwoFactor(
    session: Session | null,
    proof: TwoFactorProof,
    ip: string,
  ): Promise<{ user: User; opened: OpenSession }> {
    const userId = session ? this.sessions.pendingTwoFactorUser(session) : null;
    if (!session || !userId) throw new UnauthenticatedError(NO_PENDING_SIGN_IN);
    if (!proof.code && !proof.recovery_code) {
      throw ValidationError.field('code', 'The code or recovery code field is required.');
    }
    const key = LoginThrottle.key('two-factor', userId, ip);
    await this.throttle.hit(key);
    await this.throttle.hitTwoFactorUser(userId);
    const user = await this.users.findByIdForSignIn(this.db, userId);
    if (!user || !user.is_active || user.password_set_at === null) throw new UnauthenticatedError(NO_PENDING_SIGN_IN);

    if (proof.code) {
      if (!(await this.twoFactor.verifyCode(user, proof.code))) {
        await this.recordFailure(user, 'two_factor_code');
        throw ValidationError.field('code', 'The provided two factor authentication code was invalid.');
      }
    } else if (!(await this.twoFactor.useRecoveryCode(user, proof.recovery_code!))) {
      await this.recordFailure(user, 'two_factor_code');
      throw ValidationError.field('recovery_code', 'The provided two factor recovery code was invalid.');
    }
    await this.throttle.clear(key);
    return { user, opened: await this.openSignedIn(user, session, proof.code ? 'two_factor' : 'recovery_code') };
  }

  /** The caller of a signed-in session. @throws UnauthenticatedError when it has none or the user is gone. */
  async sessionAuth(session: Session): Promise<AuthContext> {
    const auth = await this.signedInAuth(session);
    if (!auth) throw new UnauthenticatedError();
    return auth;
  }

  /** Who a web-app session (or none) is signed in as; null where a signed-in route would answer 401. */
  async signedInAuth(session: Session | null): Promise<AuthContext | null> {
    if (!session?.user_id || !session.tenant_id) return null;
    const user = await this.users.findById(this.db, session.tenant_id, session.user_id);
    if (!user || !user.is_active || user.password_set_at === null) return null;
    return {
      tenantId: user.tenant_id,
      user: { id: user.id, name: user.name, email: user.email, role: user.role },
      via: 'session',
      tokenAbilities: null,
      tokenId: null,
      tokenType: null,
    };
  }

  /** The full user record of a signed-in caller (for two-factor changes). */
  async currentUser(auth: AuthContext): Promise<User> {
    const user = await this.users.findById(this.db, auth.tenantId, auth.user.id);
    if (!user) throw new UnauthenticatedError();
    return user;
  }
}
