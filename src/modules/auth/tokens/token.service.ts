// API tokens: issued once in plain text, stored only as a SHA-256 hash, found by a public prefix and
// compared in constant time. The fixed `qm_` start lets secret scanners recognise a leaked token.
import type { Transaction } from 'kysely';
import {
  BusinessRuleError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
  type FieldErrors,
} from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { ApiToken, DB, TokenType } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import { chunks } from '../../../lib/chunks.js';
import { addDays, type Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { constantTimeEqual, randomBase62, sha256Hex } from '../../../lib/secrets.js';
import { reachesHighAbility, unknownGrants } from '../abilities.js';
import type { AuthContext } from '../auth-context.js';
import { ipAllowed, whitelistEntryError } from '../ip-whitelist.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import type { TokenCache } from './token-cache.js';
import type { TokenFilters, TokenRepository } from './token.repository.js';

export const TOKEN_START = 'qm_';
const LOOKUP_LENGTH = 10;
const SECRET_LENGTH = 40;
/** last_used_at is written at most this often per token, to keep authentication off the write path. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const DEFAULT_EXPIRY_DAYS: Record<TokenType, number | null> = {
  personal: 30,
  application: 365,
  integration: null,
};

export const TOKEN_TYPES = Object.keys(DEFAULT_EXPIRY_DAYS) as TokenType[];

export interface IssueTokenInput {
  tenantId: string;
  userId: string;
  name: string;
  type: TokenType;
  abilities: string[];
  expirationDays?: number | null;
  ipWhitelist?: string[] | null;
  /** An operator's CLI act counts as approval; a token made over HTTP with High abilities waits. */
  preApproved: boolean;
  /** An exact expiry, in place of expirationDays (the console's session tokens last minutes). */
  expiresAt?: Date;
}

/** A console token of a signed-in session: its owner, its session and when it stops working. */
export interface SessionTokenInput {
  tenantId: string;
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export const CONSOLE_TOKEN_NAME = 'Console session';
/** Sessions whose console tokens one statement revokes: far below either engine's parameter limit. */
const SESSION_BATCH = 500;
/**
 * How long an ended console token (revoked with its session, or expired) stays before it is deleted: a week to
 * look into a recent session, after which the row serves nothing (its session is gone, no list shows it).
 */
export const ENDED_CONSOLE_TOKEN_RETENTION_DAYS = 7;
/** Short transactions when a backlog of ended console tokens goes at once. */
const PURGE_BATCH = 500;

export interface IssuedToken {
  token: ApiToken;
  plainText: string;
}

/** The public shape of a token: never its hash or secret. */
export function tokenResource(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    type: token.type,
    abilities: token.abilities,
    status: token.status,
    expires_at: token.expires_at,
    ip_whitelist: token.ip_whitelist,
    last_used_at: token.last_used_at,
    created_at: token.created_at,
  };
}

function lookupPrefix(plainText: string): string {
  return plainText.slice(0, TOKEN_START.length + LOOKUP_LENGTH);
}

function validate(input: IssueTokenInput): void {
  const errors: FieldErrors = {};
  const name = input.name.trim();
  if (name === '' || name.length > 255) errors.name = ['The name must be 1 to 255 characters.'];
  if (!TOKEN_TYPES.includes(input.type)) errors.type = [`The type must be one of ${TOKEN_TYPES.join(', ')}.`];
  if (input.abilities.length === 0) errors.abilities = ['The abilities field is required.'];
  const unknown = unknownGrants(input.abilities);
  if (unknown.length > 0) errors.abilities = [`Unknown abilities: ${unknown.join(', ')}.`];
  const days = input.expirationDays ?? null;
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > 3650)) {
    errors.expiration_days = ['The expiration days must be an integer between 1 and 3650.'];
  }
  const whitelist = input.ipWhitelist ?? [];
  if (whitelist.length > 0 && input.type !== 'integration') {
    errors.ip_whitelist = ['IP whitelists apply to integration tokens only.'];
  }
  whitelist.forEach((entry, i) => {
    const problem = whitelistEntryError(entry);
    if (problem) errors[`ip_whitelist.${i}`] = [`${entry} ${problem}.`];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export interface TokenServiceDeps {
  db: Executor;
  tokens: TokenRepository;
  /** Where authentication finds tokens it has seen lately, instead of querying them on every request. */
  cache: TokenCache;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

/** A token as the audit log shows it: its resource (never its hash or plain text) and whose it is. */
function audited(token: ApiToken) {
  return {
    ...tokenResource(token),
    user_id: token.user_id,
    approved_by: token.approved_by,
    revoked_at: token.revoked_at,
  };
}

export class TokenService {
  private readonly db: Executor;
  private readonly tokens: TokenRepository;
  private readonly cache: TokenCache;
  private readonly audit: AuditLog;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: TokenServiceDeps) {
    this.db = deps.db;
    this.tokens = deps.tokens;
    this.cache = deps.cache;
    this.audit = deps.audit;
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /**
   * Creates a token and returns its plain text, which is never retrievable again. A token reaching a
   * High ability starts `pending_approval` unless pre-approved.
   * @throws ValidationError for unknown abilities, a bad expiry or whitelist, or a whitelist on a
   *         token type other than integration.
   */
  async issue(input: IssueTokenInput, db: Executor = this.db): Promise<IssuedToken> {
    validate(input);
    return inTransaction(db, async (trx) => {
      const issued = await this.insert(trx, input, null);
      await this.record(trx, 'api_token.created', null, issued.token);
      return issued;
    });
  }

  /**
   * A console token: stands in for the signed-in session `sessionId` where the API takes bearer tokens only (master
   * products, webhooks, the event feed). It holds `*`, so the user's role alone bounds it, as it bounds the session,
   * and the user's own sign-in counts as approval. It is part of the session, not a token the user manages: no audit
   * entry, absent from the lists, revoked when the session ends (SessionService). See docs/decisions/console.md (Console).
   */
  issueForSession(db: Executor, { tenantId, userId, sessionId, expiresAt }: SessionTokenInput): Promise<IssuedToken> {
    return this.insert(
      db,
      {
        tenantId,
        userId,
        name: CONSOLE_TOKEN_NAME,
        type: 'application',
        abilities: ['*'],
        preApproved: true,
        expiresAt,
      },
      sessionId,
    );
  }

  /** Deletes console tokens that ended more than ENDED_CONSOLE_TOKEN_RETENTION_DAYS ago; answers how many went. */
  async purgeEndedConsoleTokens(): Promise<number> {
    const before = addDays(this.clock.now(), -ENDED_CONSOLE_TOKEN_RETENTION_DAYS).toISOString();
    let total = 0;
    for (;;) {
      const deleted = await inTransaction(this.db, async (trx) => {
        const ids = await this.tokens.endedConsoleTokenIds(trx, before, PURGE_BATCH);
        await this.tokens.deleteByIds(trx, ids);
        return ids.length;
      });
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }

  /** Revokes the console tokens of sessions that ended, through the transaction that ended them. */
  async revokeForSessions(db: Executor, sessionIds: readonly string[]): Promise<void> {
    const at = this.clock.now().toISOString();
    for (const batch of chunks(sessionIds, SESSION_BATCH)) await this.tokens.revokeForSessions(db, batch, at);
  }

  /** Writes a new token and answers its plain text, which is never retrievable again. */
  private async insert(db: Executor, input: IssueTokenInput, sessionId: string | null): Promise<IssuedToken> {
    const now = this.clock.now();
    const expiryDays = input.expirationDays ?? DEFAULT_EXPIRY_DAYS[input.type];
    const plainText = `${TOKEN_START}${randomBase62(LOOKUP_LENGTH + SECRET_LENGTH)}`;
    const needsApproval = !input.preApproved && reachesHighAbility(input.abilities);
    const whitelist = input.ipWhitelist ?? [];
    const token = await this.tokens.insert(db, {
      id: this.newId(),
      tenant_id: input.tenantId,
      user_id: input.userId,
      name: input.name.trim(),
      type: input.type,
      token_prefix: lookupPrefix(plainText),
      token_hash: sha256Hex(plainText),
      abilities: [...new Set(input.abilities)],
      status: needsApproval ? 'pending_approval' : 'active',
      ip_whitelist: whitelist.length > 0 ? whitelist : null,
      expires_at: input.expiresAt
        ? input.expiresAt.toISOString()
        : expiryDays === null
          ? null
          : addDays(now, expiryDays).toISOString(),
      last_used_at: null,
      approved_by: null,
      approved_at: null,
      revoked_at: null,
      session_id: sessionId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    return { token, plainText };
  }

  private record(trx: Executor, action: string, before: ApiToken | null, after: ApiToken): Promise<void> {
    return this.audit.recordChange(trx, {
      tenantId: after.tenant_id,
      action,
      entityType: 'api_token',
      entityId: after.id,
      before: before && audited(before),
      after: audited(after),
    });
  }

  /**
   * Resolves a bearer token to its tenant and user.
   * @throws UnauthenticatedError for an unknown, expired, revoked or unapproved token or inactive user;
   *         ForbiddenError when an integration token is used from outside its whitelist.
   */
  async authenticate(plainText: string, clientIp: string): Promise<AuthContext> {
    if (!plainText.startsWith(TOKEN_START)) throw UnauthenticatedError.invalidToken();
    const hash = sha256Hex(plainText);
    const prefix = lookupPrefix(plainText);
    const candidates = await this.cache.lookup(prefix, () => this.tokens.findByPrefixWithOwner(this.db, prefix));
    const match = candidates.find((c) => constantTimeEqual(c.token.token_hash, hash));
    if (!match || match.token.status === 'revoked') throw UnauthenticatedError.invalidToken();
    const { token, owner: user } = match;
    if (token.status === 'pending_approval') throw UnauthenticatedError.invalidToken('API token is pending approval.');
    const now = this.clock.now();
    if (token.expires_at !== null && Date.parse(token.expires_at) <= now.getTime()) {
      throw UnauthenticatedError.invalidToken('API token has expired.');
    }
    if (token.ip_whitelist && !ipAllowed(token.ip_whitelist, clientIp)) {
      throw new ForbiddenError('This token may not be used from this IP address.');
    }
    if (!user.is_active) throw UnauthenticatedError.invalidToken();

    if (token.last_used_at === null || now.getTime() - Date.parse(token.last_used_at) >= LAST_USED_RESOLUTION_MS) {
      const usedAt = now.toISOString();
      await this.tokens.touchLastUsed(this.db, token.tenant_id, token.id, usedAt);
      this.cache.touched(prefix, token.id, usedAt);
    }
    return {
      tenantId: token.tenant_id,
      user: { id: user.id, name: user.name, email: user.email, role: user.role },
      via: 'token',
      tokenAbilities: token.abilities,
      tokenId: token.id,
      tokenType: token.type,
      ...(token.session_id === null ? {} : { consoleSessionId: token.session_id }),
    };
  }

  /** Administrators manage every token of their tenant; anyone else only their own. */
  private ownerFilter(auth: AuthContext): string | null {
    return auth.user.role === 'admin' ? null : auth.user.id;
  }

  list(auth: AuthContext, filters: Omit<TokenFilters, 'userId'>, page: PageRequest): Promise<Page<ApiToken>> {
    return this.tokens.list(
      this.db,
      auth.tenantId,
      { ...withUpdatedSinceBound(filters), userId: this.ownerFilter(auth) },
      page,
    );
  }

  /** @throws NotFoundError('API token') for a token of another user (non-admins) or tenant. */
  async get(auth: AuthContext, id: string, db: Executor = this.db): Promise<ApiToken> {
    const token = await this.tokens.findById(db, auth.tenantId, id);
    const owner = this.ownerFilter(auth);
    if (!token || (owner !== null && token.user_id !== owner)) throw new NotFoundError('API token');
    return token;
  }

  /** Revokes at once: the next request with it is refused. Revoking twice is harmless. */
  async revoke(auth: AuthContext, id: string, precondition?: Precondition): Promise<ApiToken> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, auth, id, precondition);
      const token = await this.get(auth, id, trx);
      const now = this.clock.now().toISOString();
      const revoked = await this.tokens.transition(trx, auth.tenantId, token.id, ['active', 'pending_approval'], {
        status: 'revoked',
        revoked_at: now,
        updated_at: now,
      });
      if (revoked) await this.record(trx, 'api_token.revoked', token, revoked);
      return revoked ?? token;
    });
  }

  /**
   * A tenant administrator approves a token waiting for approval.
   * @throws ForbiddenError for non-admins; NotFoundError; BusinessRuleError unless pending approval.
   */
  async approve(auth: AuthContext, id: string, precondition?: Precondition): Promise<ApiToken> {
    if (auth.user.role !== 'admin') throw new ForbiddenError('Only tenant administrators can approve API tokens.');
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, auth, id, precondition);
      const token = await this.get(auth, id, trx);
      const now = this.clock.now().toISOString();
      const approved = await this.tokens.transition(trx, auth.tenantId, token.id, ['pending_approval'], {
        status: 'active',
        approved_by: auth.user.id,
        approved_at: now,
        updated_at: now,
      });
      if (!approved)
        throw new BusinessRuleError(
          'invalid_transition',
          `Only tokens pending approval can be approved; this one is ${token.status}.`,
        );
      await this.record(trx, 'api_token.approved', token, approved);
      return approved;
    });
  }

  /** If-Match against the token as GET answers it. @throws PreconditionFailedError; NotFoundError('API token'). */
  private checkPrecondition(
    trx: Transaction<DB>,
    auth: AuthContext,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'api_tokens', tenantId: auth.tenantId, id }, async () =>
      tokenResource(await this.get(auth, id, trx)),
    );
  }
}
