// Two-factor authentication with TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step of drift) and eight
// single-use recovery codes, stored as hashes.
import { Secret, TOTP } from 'otpauth';
import { BusinessRuleError, ValidationError } from '../../../core/errors.js';
import type { User } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import { verifyPassword } from '../../../lib/passwords.js';
import { randomBase62, sha256Hex } from '../../../lib/secrets.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import type { TwoFactorChange, UserCredentials } from '../../tenancy/user-credentials.js';
import { userResource } from '../../tenancy/user.service.js';

const ISSUER = 'Quartermaster';
const PERIOD = 30;
const RECOVERY_CODE_COUNT = 8;

function totp(user: User, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: user.email,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD,
    algorithm: 'SHA1',
  });
}

function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase();
}

function newRecoveryCode(): string {
  const raw = randomBase62(10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export function isTwoFactorEnabled(user: User): boolean {
  return user.two_factor_confirmed_at !== null && user.two_factor_secret !== null;
}

export interface TwoFactorServiceDeps {
  db: Executor;
  users: UserCredentials;
  audit: AuditLog;
  clock: Clock;
}

export class TwoFactorService {
  private readonly db: Executor;
  private readonly users: UserCredentials;
  private readonly audit: AuditLog;
  private readonly clock: Clock;

  constructor(deps: TwoFactorServiceDeps) {
    this.db = deps.db;
    this.users = deps.users;
    this.audit = deps.audit;
    this.clock = deps.clock;
  }

  /** The time step a code belongs to, within one step of drift, or null for a wrong code. */
  private stepOf(user: User, secret: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const timestamp = this.clock.now().getTime();
    const delta = totp(user, secret).validate({ token: code, timestamp, window: 1 });
    return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
  }

  /**
   * Starts enrolment: a new secret, not in force until confirmed.
   * @throws BusinessRuleError when two-factor is already on.
   */
  async enable(user: User): Promise<{ secret: string; otpauth_url: string }> {
    if (isTwoFactorEnabled(user))
      throw new BusinessRuleError('two_factor_already_enabled', 'Two-factor authentication is already enabled.');
    const secret = new Secret({ size: 20 }).base32;
    await this.change(user, 'user.two_factor_enabled', {
      two_factor_secret: secret,
      two_factor_confirmed_at: null,
      two_factor_recovery_codes: null,
      two_factor_last_step: null,
      updated_at: this.clock.now().toISOString(),
    });
    return { secret, otpauth_url: totp(user, secret).toString() };
  }

  /**
   * Turns two-factor on with a first valid code, and returns the recovery codes (shown this once).
   * @throws BusinessRuleError when not enrolling; ValidationError for a wrong code.
   */
  async confirm(user: User, code: string): Promise<string[]> {
    if (isTwoFactorEnabled(user))
      throw new BusinessRuleError('two_factor_already_enabled', 'Two-factor authentication is already enabled.');
    if (!user.two_factor_secret)
      throw new BusinessRuleError('two_factor_not_started', 'Enable two-factor authentication first.');
    const step = this.stepOf(user, user.two_factor_secret, code);
    if (step === null) throw ValidationError.field('code', 'The provided two factor authentication code was invalid.');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.change(user, 'user.two_factor_confirmed', {
      two_factor_confirmed_at: this.clock.now().toISOString(),
      two_factor_recovery_codes: codes.map((c) => sha256Hex(c)),
      two_factor_last_step: step,
      updated_at: this.clock.now().toISOString(),
    });
    return codes;
  }

  /** @throws ValidationError when the password is wrong. */
  async disable(user: User, password: string): Promise<void> {
    if (!(await verifyPassword(user.password_hash, password))) {
      throw ValidationError.field('password', 'The provided password is incorrect.');
    }
    await this.change(user, 'user.two_factor_disabled', {
      two_factor_secret: null,
      two_factor_confirmed_at: null,
      two_factor_recovery_codes: null,
      two_factor_last_step: null,
      updated_at: this.clock.now().toISOString(),
    });
  }

  /**
   * Replaces the recovery codes with eight new ones (shown this once); the old ones stop working.
   * @throws ValidationError when the password is wrong; BusinessRuleError when two-factor is off.
   */
  async regenerateRecoveryCodes(user: User, password: string): Promise<string[]> {
    if (!isTwoFactorEnabled(user))
      throw new BusinessRuleError('two_factor_not_started', 'Two-factor authentication is not enabled.');
    if (!(await verifyPassword(user.password_hash, password))) {
      throw ValidationError.field('password', 'The provided password is incorrect.');
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.change(user, 'user.recovery_codes_regenerated', {
      two_factor_recovery_codes: codes.map((c) => sha256Hex(c)),
      updated_at: this.clock.now().toISOString(),
    });
    return codes;
  }

  /**
   * Writes a two-factor change and its audit entry together. The entry names the changed fields the user
   * resource shows (two_factor_enabled), and the secret and codes as "[REDACTED]".
   */
  private async change(user: User, action: string, changes: TwoFactorChange): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.users.changeTwoFactor(trx, user.tenant_id, user.id, changes);
      const after = { ...user, ...changes } as User;
      const secrets = (u: User) => ({
        two_factor_secret: u.two_factor_secret,
        recovery_codes: u.two_factor_recovery_codes,
      });
      await this.audit.recordChange(trx, {
        tenantId: user.tenant_id,
        action,
        entityType: 'user',
        entityId: user.id,
        before: { ...userResource(user), ...secrets(user) },
        after: { ...userResource(after), ...secrets(after) },
      });
    });
  }

  /** True for a valid code not used before; spends it. */
  async verifyCode(user: User, code: string): Promise<boolean> {
    if (!isTwoFactorEnabled(user)) return false;
    const step = this.stepOf(user, user.two_factor_secret!, code);
    return step !== null && this.users.claimTotpStep(this.db, user.tenant_id, user.id, step);
  }

  /** True for an unused recovery code; spends it. */
  async useRecoveryCode(user: User, code: string): Promise<boolean> {
    const hashes = user.two_factor_recovery_codes ?? [];
    const hash = sha256Hex(normaliseRecoveryCode(code));
    if (!isTwoFactorEnabled(user) || !hashes.includes(hash)) return false;
    return this.users.replaceRecoveryCodes(
      this.db,
      user.tenant_id,
      user.id,
      hashes,
      hashes.filter((h) => h !== hash),
    );
  }
}
