// Database sessions for the first-party web app, so that any process can serve any request. The cookie
// carries a random secret; the database keeps only its SHA-256. Each session has its own CSRF token.
import type { Session } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../../../lib/secrets.js';
import type { SessionRepository } from './session.repository.js';

/** How long a password-checked user has to present the two-factor code. */
const TWO_FACTOR_WINDOW_MS = 5 * 60_000;
/** A session's expiry slides forward at most this often, to keep requests off the write path. */
const TOUCH_RESOLUTION_MS = 60_000;

export interface OpenSession {
  session: Session;
  /** The cookie value; only its hash is stored. */
  secret: string;
}

export type SessionState =
  | { kind: 'anonymous' }
  | { kind: 'two_factor_pending'; userId: string }
  | { kind: 'authenticated'; userId: string; tenantId: string };

export interface SessionServiceDeps {
  db: Executor;
  sessions: SessionRepository;
  clock: Clock;
  lifetimeMinutes: number;
}

export class SessionService {
  private readonly db: Executor;
  private readonly sessions: SessionRepository;
  private readonly clock: Clock;
  private readonly lifetimeMinutes: number;

  constructor(deps: SessionServiceDeps) {
    this.db = deps.db;
    this.sessions = deps.sessions;
    this.clock = deps.clock;
    this.lifetimeMinutes = deps.lifetimeMinutes;
  }

  private expiry(now: Date): string {
    return new Date(now.getTime() + this.lifetimeMinutes * 60_000).toISOString();
  }

  /** The live session a cookie names, or null for a missing, unknown or expired one. */
  async fromCookie(secret: string | undefined): Promise<Session | null> {
    if (!secret || secret.length > 200) return null;
    const session = await this.sessions.findById(this.db, sha256Hex(secret));
    if (!session) return null;
    const now = this.clock.now();
    if (Date.parse(session.expires_at) <= now.getTime()) {
      await this.sessions.remove(this.db, session.id);
      return null;
    }
    if (now.getTime() - Date.parse(session.last_seen_at) >= TOUCH_RESOLUTION_MS) {
      await this.sessions.touch(this.db, session.id, now.toISOString(), this.expiry(now));
    }
    return session;
  }

  /**
   * Opens a new session in the given state, and ends `previous` if any. Used at every change of
   * identity (login, two-factor completion), so a session id known before login is worthless after it.
   */
  async open(state: SessionState, previous: Session | null = null, db: Executor = this.db): Promise<OpenSession> {
    if (previous) await this.sessions.remove(db, previous.id);
    const now = this.clock.now();
    const secret = randomBase62(48);
    const session = await this.sessions.insert(db, {
      id: sha256Hex(secret),
      tenant_id: state.kind === 'authenticated' ? state.tenantId : null,
      user_id: state.kind === 'authenticated' ? state.userId : null,
      csrf_token: randomBase62(40),
      two_factor_user_id: state.kind === 'two_factor_pending' ? state.userId : null,
      two_factor_expires_at: state.kind === 'two_factor_pending' ? new Date(now.getTime() + TWO_FACTOR_WINDOW_MS).toISOString() : null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: this.expiry(now),
    });
    return { session, secret };
  }

  async end(session: Session): Promise<void> {
    await this.sessions.remove(this.db, session.id);
  }

  /** The user who still owes a two-factor code in this session, if the window has not closed. */
  pendingTwoFactorUser(session: Session): string | null {
    if (!session.two_factor_user_id || !session.two_factor_expires_at) return null;
    return Date.parse(session.two_factor_expires_at) > this.clock.now().getTime() ? session.two_factor_user_id : null;
  }

  /** Double-submit check: the X-XSRF-TOKEN header must equal this session's CSRF token. */
  csrfMatches(session: Session, header: string | string[] | undefined): boolean {
    return typeof header === 'string' && constantTimeEqual(header, session.csrf_token);
  }

  /**
   * Ends the user's sessions at once, through `db` (the transaction of the change that calls for it), all but
   * the session `keep` if given: their next request is 401.
   */
  endAllOf(db: Executor, tenantId: string, userId: string, keep: Session | null = null): Promise<number> {
    return this.sessions.removeForUser(db, tenantId, userId, keep?.id ?? null);
  }

  purgeExpired(): Promise<number> {
    return this.sessions.purgeExpired(this.db, this.clock.now().toISOString());
  }
}
