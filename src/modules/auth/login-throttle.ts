// The sign-in throttle: at most N attempts a minute per (e-mail, IP), kept in the database so that all
// processes count together. An attempt is recorded before the password is checked, so that a burst of
// parallel guesses cannot slip past the limit; a successful sign-in clears the key.
import type { Executor } from '../../db/transaction.js';
import { TooManyRequestsError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/secrets.js';

const WINDOW_MS = 60_000;

export class LoginThrottle {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly newId: IdGenerator,
    private readonly maxAttempts: number,
  ) {}

  static key(...parts: string[]): string {
    return sha256Hex(parts.map((p) => p.toLowerCase()).join('|'));
  }

  /**
   * Records an attempt for `key`.
   * @throws TooManyRequestsError (with Retry-After seconds) when the window already holds the maximum.
   */
  async hit(key: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
    const id = this.newId();
    await this.db.insertInto('login_attempts').values({ id, throttle_key: key, attempted_at: now.toISOString() }).execute();
    const attempts = await this.db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('throttle_key', '=', key)
      .where('attempted_at', '>', windowStart)
      .orderBy('attempted_at')
      .execute();
    if (attempts.length > this.maxAttempts) {
      await this.db.deleteFrom('login_attempts').where('id', '=', id).execute();
      const oldest = Date.parse(attempts[0]!.attempted_at);
      const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
      throw new TooManyRequestsError(retryAfter, `Too many login attempts. Please try again in ${retryAfter} seconds.`);
    }
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('throttle_key', '=', key).execute();
  }

  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - WINDOW_MS).toISOString();
    const result = await this.db.deleteFrom('login_attempts').where('attempted_at', '<=', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
