// The sign-in throttle: at most N attempts a minute per (e-mail, IP), kept in the database so that all
// processes count together. An attempt is recorded before the password is checked, so that a burst of
// parallel guesses cannot slip past the limit; a successful sign-in clears the key. Two-factor codes are
// counted the same way per (user, IP), and also per user across every address, over a longer window.
import { TooManyRequestsError } from '../../core/errors.js';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/secrets.js';
import type { LoginThrottleRepository } from './login-throttle.repository.js';

const WINDOW_MS = 60_000;
/** The window of the per-user two-factor cap: long enough that many addresses cannot add up to many guesses. */
export const TWO_FACTOR_USER_WINDOW_MS = 15 * 60_000;

export interface ThrottleLimit {
  maxAttempts: number;
  windowMs: number;
}

export interface LoginThrottleDeps {
  db: Executor;
  attempts: LoginThrottleRepository;
  clock: Clock;
  newId: IdGenerator;
  maxAttempts: number;
  /** Two-factor codes one user may be sent from all addresses together within TWO_FACTOR_USER_WINDOW_MS. */
  twoFactorMaxAttemptsPerUser: number;
}

export class LoginThrottle {
  private readonly db: Executor;
  private readonly attempts: LoginThrottleRepository;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly maxAttempts: number;
  private readonly twoFactorMaxAttemptsPerUser: number;

  constructor(deps: LoginThrottleDeps) {
    this.db = deps.db;
    this.attempts = deps.attempts;
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.maxAttempts = deps.maxAttempts;
    this.twoFactorMaxAttemptsPerUser = deps.twoFactorMaxAttemptsPerUser;
  }

  static key(...parts: string[]): string {
    return sha256Hex(parts.map((p) => p.toLowerCase()).join('|'));
  }

  /**
   * Records an attempt for `key`.
   * @throws TooManyRequestsError (with Retry-After seconds) when the window already holds the maximum.
   */
  async hit(key: string, limit: ThrottleLimit = { maxAttempts: this.maxAttempts, windowMs: WINDOW_MS }): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
    const id = this.newId();
    await this.attempts.insert(this.db, { id, throttle_key: key, attempted_at: now.toISOString() });
    const attempts = await this.attempts.attemptTimesSince(this.db, key, windowStart);
    if (attempts.length > limit.maxAttempts) {
      await this.attempts.delete(this.db, id);
      const oldest = Date.parse(attempts[0]!);
      const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
      throw new TooManyRequestsError(retryAfter, `Too many login attempts. Please try again in ${retryAfter} seconds.`);
    }
  }

  /**
   * Records a two-factor attempt against the user, from whatever address: many addresses together may send
   * no more codes than the per-user cap. Never cleared by a success, which says nothing of the other addresses.
   * @throws TooManyRequestsError past the cap.
   */
  async hitTwoFactorUser(userId: string): Promise<void> {
    await this.hit(LoginThrottle.key('two-factor-user', userId), {
      maxAttempts: this.twoFactorMaxAttemptsPerUser,
      windowMs: TWO_FACTOR_USER_WINDOW_MS,
    });
  }

  async clear(key: string): Promise<void> {
    await this.attempts.deleteKey(this.db, key);
  }

  async purgeExpired(): Promise<number> {
    // Kept as long as the longest window reads them.
    const cutoff = new Date(this.clock.now().getTime() - Math.max(WINDOW_MS, TWO_FACTOR_USER_WINDOW_MS)).toISOString();
    return this.attempts.deleteUntil(this.db, cutoff);
  }
}
