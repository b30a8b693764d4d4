// Webhook subscriptions: at most MAX_ACTIVE_SUBSCRIPTIONS active per tenant, counted under the tenant lock in the
// same transaction as the write, so parallel requests cannot pass the limit; URLs checked against the address
// policy whenever they are set; the secret shown only at creation and rotation.
import { BusinessRuleError, NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { Precondition } from '../../../core/precondition.js';
import { withUpdatedSinceBound } from '../../../core/updated-since.js';
import { checkPrecondition } from '../../../db/precondition.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import { auditTrail, type AuditTrail } from '../../audit/audit-trail.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { eventTypeErrors, visibleEntityTypes } from '../../events/event-visibility.js';
import { checkWebhookUrl, type AddressPolicy, type Resolver } from '../transport/address-guard.js';
import { generateWebhookSecret } from '../transport/signatures.js';
import type {
  Subscription,
  SubscriptionChanges,
  SubscriptionFilters,
  SubscriptionRepository,
} from './subscription.repository.js';
import type { SubscriptionCreateBody, SubscriptionUpdateBody } from './subscription.schemas.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';

export const MAX_ACTIVE_SUBSCRIPTIONS = 25;
export const MAX_HEADERS = 20;
export const MAX_HEADER_NAME_LENGTH = 100;
export const MAX_HEADER_VALUE_LENGTH = 1000;
export const DISABLED_BY_REQUEST = 'Disabled by request.';
/** How every answer shows a custom header's value: they are write-only, as they usually carry a credential. */
export const MASKED_HEADER_VALUE = '••••';

const RESOURCE = 'Webhook subscription';
const SECRET_NOT_HERE =
  'The secret cannot be changed here; use POST /api/v1/webhooks/subscriptions/{id}/rotate-secret.';

/** RFC 7230 `token`: the characters a header name may contain. */
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const LINE_BREAK = /[\r\n]/;
/** What Node's HTTP client accepts in a header value; anything else would fail every delivery. */
const INVALID_VALUE_CHARACTER = /[^\t\x20-\x7e\x80-\xff]/;
const SIGNATURE_PREFIXES = ['x-webhook-', 'webhook-'];

const SENDER_SETS_IT = 'the webhook sender sets it';
const HOP_BY_HOP = 'it is a hop-by-hop header';
/** Headers the sender owns or that describe the connection rather than the request. */
const REFUSED_HEADERS: ReadonlyMap<string, string> = new Map([
  ['content-type', SENDER_SETS_IT],
  ['content-length', SENDER_SETS_IT],
  ['content-encoding', SENDER_SETS_IT],
  ['user-agent', SENDER_SETS_IT],
  ['host', SENDER_SETS_IT],
  ['expect', SENDER_SETS_IT],
  ['connection', HOP_BY_HOP],
  ['keep-alive', HOP_BY_HOP],
  ['proxy-connection', HOP_BY_HOP],
  ['proxy-authenticate', HOP_BY_HOP],
  ['proxy-authorization', HOP_BY_HOP],
  ['transfer-encoding', HOP_BY_HOP],
  ['te', HOP_BY_HOP],
  ['trailer', HOP_BY_HOP],
  ['upgrade', HOP_BY_HOP],
]);

/** The resource as every read answers it: never the secret. */
export function subscriptionResource(s: Subscription) {
  return {
    id: s.id,
    url: s.url,
    event_types: s.event_types,
    payload_mode: s.payload_mode,
    headers: Object.fromEntries(Object.keys(s.headers).map((name) => [name, MASKED_HEADER_VALUE])),
    description: s.description,
    status: s.status,
    disabled_reason: s.disabled_reason,
    disabled_at: s.disabled_at,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

/** The creation answer: the only read, with rotation, that shows the secret. */
export function subscriptionWithSecret(s: Subscription) {
  return { ...subscriptionResource(s), secret: s.secret };
}

/** The result of activate or disable; `changed` is false when the subscription already had that status. */
export interface StatusChange {
  subscription: Subscription;
  changed: boolean;
}

function headerNameProblem(name: string): string | null {
  if (name.length > MAX_HEADER_NAME_LENGTH || !HEADER_TOKEN.test(name)) {
    return `The header name ${JSON.stringify(name)} must be an RFC 7230 token of at most ${MAX_HEADER_NAME_LENGTH} characters.`;
  }
  const lower = name.toLowerCase();
  const reason = REFUSED_HEADERS.get(lower);
  if (reason) return `The header ${name} cannot be set: ${reason}.`;
  if (SIGNATURE_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
    return `The header ${name} cannot be set: X-Webhook-* and Webhook-* headers carry the delivery's signature and identifiers.`;
  }
  return null;
}

function headerValueProblem(name: string, value: string): string | null {
  if (value.length > MAX_HEADER_VALUE_LENGTH)
    return `The header ${name} value must not be greater than ${MAX_HEADER_VALUE_LENGTH} characters.`;
  if (LINE_BREAK.test(value)) return `The header ${name} value must not contain line breaks.`;
  if (INVALID_VALUE_CHARACTER.test(value))
    return `The header ${name} value may contain only visible characters, spaces and tabs.`;
  return null;
}

/** Problems with custom headers, each under `headers.<name>` (the count under `headers`). */
function headerErrors(headers: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  const names = Object.keys(headers);
  if (names.length > MAX_HEADERS)
    errors.headers = [`The headers field must not have more than ${MAX_HEADERS} headers.`];
  const seen = new Set<string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    const problems = [headerNameProblem(name), headerValueProblem(name, headers[name]!)];
    // Header names are case-insensitive: two spellings of one name would be sent as one header.
    if (seen.has(lower))
      problems.push(`The header ${name} is given more than once (header names are case-insensitive).`);
    seen.add(lower);
    const found = problems.filter((problem): problem is string => problem !== null);
    if (found.length > 0) errors[`headers.${name}`] = found;
  }
  return errors;
}

/**
 * The header set to store from the one sent: a value sent back as MASKED_HEADER_VALUE keeps the stored value of
 * that header, so a client may send back what it read. A masked value for a header that has none is refused.
 */
function unmaskHeaders(
  sent: Record<string, string>,
  stored: Record<string, string>,
): { headers: Record<string, string>; errors: FieldErrors } {
  const storedByName = new Map(Object.entries(stored).map(([name, value]) => [name.toLowerCase(), value]));
  const headers: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(sent)) {
    if (value !== MASKED_HEADER_VALUE) {
      headers[name] = value;
      continue;
    }
    const kept = storedByName.get(name.toLowerCase());
    if (kept === undefined)
      errors[`headers.${name}`] = [`The header ${name} has no stored value to keep; send its value.`];
    else headers[name] = kept;
  }
  return { headers, errors };
}

/** The patterns in the order given, each once. */
function distinct(patterns: readonly string[]): string[] {
  return [...new Set(patterns)];
}

/** A subscription in the audit log: the resource with its secret and header values, which the log writes as "[REDACTED]". */
function auditedSubscription(s: Subscription) {
  return { ...subscriptionResource(s), headers: s.headers, secret: s.secret };
}

export interface SubscriptionServiceDeps {
  db: Executor;
  subscriptions: SubscriptionRepository;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  policy: AddressPolicy;
  resolve?: Resolver;
}

export class SubscriptionService {
  private readonly db: Executor;
  private readonly subscriptions: SubscriptionRepository;
  /** The audit entry of a change to one subscription; its secret and header values only ever as "[REDACTED]". */
  private readonly audited: AuditTrail<Subscription>;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly policy: AddressPolicy;
  private readonly resolve: Resolver | undefined;

  constructor(deps: SubscriptionServiceDeps) {
    this.db = deps.db;
    this.subscriptions = deps.subscriptions;
    this.audited = auditTrail(deps.audit, 'webhook_subscription', auditedSubscription);
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.policy = deps.policy;
    this.resolve = deps.resolve;
  }

  /** Newest first; deleted subscriptions never appear. */
  list(tenantId: string, filters: SubscriptionFilters, page: PageRequest): Promise<Page<Subscription>> {
    return this.subscriptions.list(this.db, tenantId, withUpdatedSinceBound(filters), page);
  }

  /** @throws NotFoundError('Webhook subscription'), also for another tenant's or a deleted one. */
  async get(tenantId: string, id: string, db: Executor = this.db): Promise<Subscription> {
    const subscription = await this.subscriptions.find(db, tenantId, id);
    if (!subscription) throw new NotFoundError(RESOURCE);
    return subscription;
  }

  /**
   * Creates an active subscription for the caller's tenant. It remembers which entity types the caller may view
   * (it never receives events of others), who created it and with which token. The secret is generated when none
   * is given.
   * @throws ValidationError for a refused url, unknown patterns, patterns of entities the caller may not view, or
   * refused headers; BusinessRuleError when the tenant already has MAX_ACTIVE_SUBSCRIPTIONS active subscriptions.
   */
  async create(auth: AuthContext, input: SubscriptionCreateBody): Promise<Subscription> {
    const headers = input.headers ?? {};
    await this.assertValid(auth, { url: input.url, event_types: input.event_types, headers });
    return inTransaction(this.db, async (trx) => {
      await this.subscriptions.lockTenant(trx, auth.tenantId);
      await this.assertBelowActiveLimit(trx, auth.tenantId, 'create');
      const now = this.clock.now().toISOString();
      const created = await this.subscriptions.insert(trx, {
        id: this.newId(),
        tenant_id: auth.tenantId,
        url: input.url,
        event_types: distinct(input.event_types),
        payload_mode: input.payload_mode ?? 'full',
        secret: input.secret ?? generateWebhookSecret(),
        headers,
        description: input.description ?? null,
        status: 'active',
        disabled_reason: null,
        disabled_at: null,
        active_since: now,
        visible_entity_types: visibleEntityTypes(auth),
        created_by: auth.user.id,
        token_id: auth.tokenId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      await this.audited(trx, 'webhook_subscription.created', null, created);
      return created;
    });
  }

  /**
   * Partial update of the fields sent; `headers` replaces the whole set (a masked value keeps the stored one). The
   * secret is refused here (rotation has its own endpoint) and the status is not writable. A change of what is
   * sent where (url, patterns, payload mode) is judged by the caller's view abilities: every pattern the
   * subscription keeps must name entities the caller may view, and from then on the subscription receives what
   * the caller may view.
   * @throws NotFoundError('Webhook subscription'); ValidationError as for create, or when a secret is sent.
   */
  async update(
    auth: AuthContext,
    id: string,
    input: SubscriptionUpdateBody,
    precondition?: Precondition,
  ): Promise<Subscription> {
    const current = await this.get(auth.tenantId, id);
    const retargets = input.url !== undefined || input.event_types !== undefined || input.payload_mode !== undefined;
    const unmasked = input.headers === undefined ? null : unmaskHeaders(input.headers, current.headers);
    await this.assertValid(
      auth,
      {
        ...input,
        event_types: retargets ? (input.event_types ?? current.event_types) : undefined,
        headers: unmasked?.headers,
      },
      unmasked?.errors,
    );
    const changes: SubscriptionChanges = { updated_at: this.clock.now().toISOString() };
    if (input.url !== undefined) changes.url = input.url;
    if (input.event_types !== undefined) changes.event_types = distinct(input.event_types);
    if (input.payload_mode !== undefined) changes.payload_mode = input.payload_mode;
    if (unmasked) changes.headers = unmasked.headers;
    if (input.description !== undefined) changes.description = input.description;
    if (retargets) changes.visible_entity_types = visibleEntityTypes(auth);
    // The address was checked above, outside the transaction: a DNS lookup must not hold it open.
    const updated = await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, auth.tenantId, id, precondition);
      const changed = await this.subscriptions.update(trx, auth.tenantId, id, changes);
      if (changed) await this.audited(trx, 'webhook_subscription.updated', current, changed);
      return changed;
    });
    if (!updated) throw new NotFoundError(RESOURCE);
    return updated;
  }

  /**
   * Soft delete: the subscription disappears from reads and gets no new deliveries; deliveries already made keep
   * their schedule.
   * @throws NotFoundError('Webhook subscription').
   */
  async remove(tenantId: string, id: string, precondition?: Precondition): Promise<void> {
    const now = this.clock.now().toISOString();
    await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      await this.subscriptions.softDelete(trx, tenantId, id, now);
      await this.audited(trx, 'webhook_subscription.deleted', current, null);
    });
  }

  /**
   * disabled -> active, clearing the reason and time of disabling; an active subscription is answered unchanged.
   * @throws NotFoundError('Webhook subscription'); BusinessRuleError when the tenant is at the active limit.
   */
  async activate(tenantId: string, id: string, precondition?: Precondition): Promise<StatusChange> {
    return inTransaction(this.db, async (trx) => {
      await this.subscriptions.lockTenant(trx, tenantId);
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      if (current.status === 'active') return { subscription: current, changed: false };
      await this.assertBelowActiveLimit(trx, tenantId, 'activate');
      const now = this.clock.now().toISOString();
      const changes = {
        status: 'active' as const,
        disabled_reason: null,
        disabled_at: null,
        active_since: now,
        updated_at: now,
      };
      const moved = await this.subscriptions.transition(trx, tenantId, id, 'disabled', changes);
      if (moved) await this.audited(trx, 'webhook_subscription.activated', current, moved);
      return moved
        ? { subscription: moved, changed: true }
        : { subscription: await this.get(tenantId, id, trx), changed: false };
    });
  }

  /**
   * active -> disabled with reason DISABLED_BY_REQUEST; a disabled subscription is answered unchanged (keeping the
   * reason it was disabled for).
   * @throws NotFoundError('Webhook subscription').
   */
  async disable(tenantId: string, id: string, precondition?: Precondition): Promise<StatusChange> {
    return inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const now = this.clock.now().toISOString();
      const changes = {
        status: 'disabled' as const,
        disabled_reason: DISABLED_BY_REQUEST,
        disabled_at: now,
        updated_at: now,
      };
      const moved = await this.subscriptions.transition(trx, tenantId, id, 'active', changes);
      // Only an active subscription moves, and activation leaves no reason or time of disabling behind.
      if (moved)
        await this.audited(
          trx,
          'webhook_subscription.disabled',
          { ...moved, status: 'active', disabled_reason: null, disabled_at: null },
          moved,
        );
      return moved
        ? { subscription: moved, changed: true }
        : { subscription: await this.get(tenantId, id, trx), changed: false };
    });
  }

  /**
   * Replaces the secret with a generated one; deliveries signed from now on use it, and the old one is gone.
   * @throws NotFoundError('Webhook subscription').
   */
  async rotateSecret(tenantId: string, id: string, precondition?: Precondition): Promise<Subscription> {
    const changes = { secret: generateWebhookSecret(), updated_at: this.clock.now().toISOString() };
    const rotated = await inTransaction(this.db, async (trx) => {
      await this.checkPrecondition(trx, tenantId, id, precondition);
      const current = await this.get(tenantId, id, trx);
      const changed = await this.subscriptions.update(trx, tenantId, id, changes);
      if (changed) await this.audited(trx, 'webhook_subscription.secret_rotated', current, changed);
      return changed;
    });
    if (!rotated) throw new NotFoundError(RESOURCE);
    return rotated;
  }

  /** Every problem of the fields sent at once, the url checked against the address policy. */
  private async assertValid(
    auth: AuthContext,
    input: { url?: string; event_types?: readonly string[]; headers?: Record<string, string>; secret?: unknown },
    knownErrors: FieldErrors = {},
  ) {
    const errors: FieldErrors = {
      ...(input.event_types ? eventTypeErrors(input.event_types, auth) : {}),
      ...(input.headers ? headerErrors(input.headers) : {}),
      ...knownErrors,
    };
    if (input.secret !== undefined) errors.secret = [SECRET_NOT_HERE];
    if (input.url !== undefined) {
      const problems = await checkWebhookUrl(input.url, this.policy, this.resolve);
      if (problems.length > 0) errors.url = problems;
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  private async assertBelowActiveLimit(trx: Executor, tenantId: string, verb: 'create' | 'activate'): Promise<void> {
    const active = await this.subscriptions.countActive(trx, tenantId);
    if (active >= MAX_ACTIVE_SUBSCRIPTIONS) {
      throw new BusinessRuleError(
        'subscription_limit_reached',
        `Cannot ${verb} the webhook subscription: a tenant may have at most ${MAX_ACTIVE_SUBSCRIPTIONS} active subscriptions. Disable or delete one first.`,
      );
    }
  }

  /** If-Match against the webhook subscription as GET answers it. @throws PreconditionFailedError; NotFoundError. */
  private checkPrecondition(
    trx: Transaction<DB>,
    tenantId: string,
    id: string,
    precondition: Precondition | undefined,
  ): Promise<void> {
    return checkPrecondition(trx, precondition, { table: 'webhook_subscriptions', tenantId, id }, async () =>
      subscriptionResource(await this.get(tenantId, id, trx)),
    );
  }
}
