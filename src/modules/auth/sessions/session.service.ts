// Database sessions for the first-party web app, so that any process can serve any request. The cookie
// carries a random secret; the database keeps only its SHA-256. Each session has its own CSRF token, and may hand
// the console short-lived tokens that end with it.
import { UnauthenticatedError } from '../../../core/errors.js';
import type { Session } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../../../lib/secrets.js';
import type { IssuedToken, SessionTokenInput } from '../tokens/token.service.js';
import type { SessionRepository } from './session.repository.js';

/** How long a password-checked user has to present the two-factor code. */
const TWO_FACTOR_WINDOW_MS = 5 * 60_000;
/** A session's expiry slides forward at most this often, to keep requests off the write path. */
const TOUCH_RESOLUTION_MS = 60_000;
/** How long a console token works at most; the console asks for a new one before it runs out. */
export const CONSOLE_TOKEN_MINUTES = 15;

/** The console tokens of sessions (TokenService): issued to one, revoked when it ends, deleted a while after. */
export interface SessionTokens {
  issueForSession(db: Executor, input: SessionTokenInput): Promise<IssuedToken>;
  revokeForSessions(db: Executor, sessionIds: readonly string[]): Promise<void>;
  purgeEndedConsoleTokens(): Promise<number>;
}

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
  tokens: SessionTokens;
  clock: Clock;
  lifetimeMinutes: number;
}

export class SessionService {
  private readonly db: Executor;
  private readonly sessions: SessionRepository;
  private readonly tokens: SessionTokens;
  private readonly clock: Clock;
  private readonly lifetimeMinutes: number;

  constructor(deps: SessionServiceDeps) {
    this.db = deps.db;
    this.sessions = deps.sessions;
    this.tokens = deps.tokens;
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
      await this.remove(this.db, session);
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
  open(state: SessionState, previous: Session | null = null, db: Executor = this.db): Promise<OpenSession> {
    return inTransaction(db, async (trx) => {
      if (previous) await this.remove(trx, previous);
      return this.insert(trx, state);
    });
  }

  private async insert(db: Executor, state: SessionState): Promise<OpenSession> {
    const now = this.clock.now();
    const secret = randomBase62(48);
    const session = await this.sessions.insert(db, {
      id: sha256Hex(secret),
      tenant_id: state.kind === 'authenticated' ? state.tenantId : null,
      user_id: state.kind === 'authenticated' ? state.userId : null,
      csrf_token: randomBase62(40),
      two_factor_user_id: state.kind === 'two_factor_pending' ? state.userId : null,
      two_factor_expires_at:
        state.kind === 'two_factor_pending' ? new Date(now.getTime() + TWO_FACTOR_WINDOW_MS).toISOString() : null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: this.expiry(now),
    });
    return { session, secret };
  }

  end(session: Session): Promise<void> {
    return this.remove(this.db, session);
  }

  /** Deletes the session, and revokes its console tokens in the same transaction: every process refuses them next. */
  private remove(db: Executor, session: Session): Promise<void> {
    return inTransaction(db, async (trx) => {
      await this.sessions.remove(trx, session.id);
      // Only a signed-in session is handed console tokens: others need no write to api_tokens.
      if (session.user_id !== null) await this.tokens.revokeForSessions(trx, [session.id]);
    });
  }

  /**
   * A console token of this signed-in session, for the endpoints that take bearer tokens only: it works for
   * CONSOLE_TOKEN_MINUTES, never past the session's own expiry (which only moves later), and is revoked when the
   * session ends. The session is held while the token is written, so that an end of the session at the same time
   * either waits and then revokes the token, or comes first and leaves no session to issue it to.
   * @throws UnauthenticatedError when the session has ended meanwhile.
   */
  issueConsoleToken(session: Session): Promise<IssuedToken> {
    return inTransaction(this.db, async (trx) => {
      const live = await this.sessions.findForUpdate(trx, session.id);
      const now = this.clock.now().getTime();
      if (!live?.tenant_id || !live.user_id || Date.parse(live.expires_at) <= now) throw new UnauthenticatedError();
      const expiresAt = new Date(Math.min(now + CONSOLE_TOKEN_MINUTES * 60_000, Date.parse(live.expires_at)));
      return this.tokens.issueForSession(trx, {
        tenantId: live.tenant_id,
        userId: live.user_id,
        sessionId: live.id,
        expiresAt,
      });
    });
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
   * the session `keep` if given: their next request is 401, and so is the next of their console tokens.
   */
  endAllOf(db: Executor, tenantId: string, userId: string, keep: Session | null = null): Promise<number> {
    return inTransaction(db, async (trx) => {
      const ended = await this.sessions.removeForUser(trx, tenantId, userId, keep?.id ?? null);
      if (ended.length > 0) await this.tokens.revokeForSessions(trx, ended);
      return ended.length;
    });
  }

  /**
   * Deletes expired sessions and revokes their console tokens (expired already, unless the lifetime was shortened
   * since), then deletes the console tokens that ended past their retention, which nothing else would ever remove
   * (one is issued every few minutes of a signed-in console). Answers how many sessions went.
   */
  async purgeExpired(): Promise<number> {
    const count = await inTransaction(this.db, async (trx) => {
      const { count, signedIn } = await this.sessions.purgeExpired(trx, this.clock.now().toISOString());
      if (signedIn.length > 0) await this.tokens.revokeForSessions(trx, signedIn);
      return count;
    });
    await this.tokens.purgeEndedConsoleTokens();
    return count;
  }
}
