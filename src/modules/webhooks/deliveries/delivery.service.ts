// A subscription's deliveries: reading them with their attempts, retrying one by hand, sending a test event, and
// replaying the retained events of a time window after an outage. At most one delivery per event and
// subscription is open (pending or delivering) at a time: the partial unique index holds that under any
// concurrency, and these methods answer 422 instead of doubling one.
import type { Transaction } from 'kysely';
import { BusinessRuleError, NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import type { Page, PageRequest } from '../../../core/pagination.js';
import type { DB, EventsTable } from '../../../db/schema.js';
import { uniqueViolation } from '../../../db/errors.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { eventTypeProblem, eventTypesMatching } from '../../events/event-patterns.js';
import { EVENT_TYPES } from '../../events/event-types.js';
import { deliveryEntityTypes, eventTypeErrors, visibleEntityTypes } from '../../events/event-visibility.js';
import { newDelivery } from '../dispatch/delivery-fan-out.js';
import type { Subscription, SubscriptionRepository } from '../subscriptions/subscription.repository.js';
import type {
  Delivery,
  DeliveryAttempt,
  DeliveredEvent,
  DeliveryFilter,
  DeliveryRepository,
  EventIdentity,
  ReplayWindow,
} from './delivery.repository.js';
import type { DeliveryDetailResponse, DeliveryListQuery, DeliveryResponse, ReplayBody } from './delivery.schemas.js';
import { eventBody } from '../../events/event-body.js';
import type { EventPublisher } from '../../events/event-publisher.js';

export const TEST_EVENT_TYPE = 'webhook.test';
export const TEST_EVENT_MESSAGE = 'Test event from Quartermaster.';
const REPLAY_CHUNK = 500;
/** Read-and-move rounds a retry makes when the worker changes the delivery in between, before giving up. */
const RETRY_ROUNDS = 3;

export interface DeliveryDetail {
  delivery: Delivery;
  event: DeliveredEvent;
  attempts: DeliveryAttempt[];
  subscription: Subscription;
}

export interface RetryResult {
  delivery: Delivery;
  /** The number of the attempt the worker will make next. */
  attempt: number;
}

export interface ReplayResult {
  subscription_id: string;
  since: string;
  until: string;
  deliveries_created: number;
  already_pending: number;
}

/** The list form; a delivered or failed delivery has no next attempt scheduled. */
export function deliveryResource(d: Delivery): DeliveryResponse {
  return {
    id: d.id,
    subscription_id: d.subscription_id,
    event_id: d.event_id,
    event_type: d.event_type,
    entity_id: d.entity_id,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === 'delivered' || d.status === 'failed' ? null : d.next_attempt_at,
    last_attempt_at: d.last_attempt_at,
    last_response_code: d.last_response_code,
    last_response_time_ms: d.last_response_time_ms,
    last_error: d.last_error,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** The detail form: the body as sent in the subscription's payload mode, and every attempt. */
export function deliveryDetailResource({
  delivery,
  event,
  attempts,
  subscription,
}: DeliveryDetail): DeliveryDetailResponse {
  const { attempts: attemptsCount, ...fields } = deliveryResource(delivery);
  return {
    ...fields,
    entity_type: delivery.entity_type,
    payload: eventBody(event, subscription.payload_mode),
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: a.attempted_at,
      response_code: a.response_code,
      response_time_ms: a.response_time_ms,
      error: a.error,
    })),
    attempts_count: attemptsCount,
  };
}

/** Why `delivery` cannot be made due now, or null when a retry may move it. */
function retryProblem(delivery: Delivery, now: Date): BusinessRuleError | null {
  switch (delivery.status) {
    case 'failed':
      return null;
    case 'pending':
      return Date.parse(delivery.next_attempt_at) > now.getTime()
        ? null
        : new BusinessRuleError(
            'delivery_already_due',
            `The delivery is already pending and due: attempt ${delivery.attempts + 1} will be made shortly.`,
          );
    case 'delivering':
      return new BusinessRuleError(
        'invalid_transition',
        'Cannot retry a delivery whose status is delivering: an attempt is in progress. Only failed or pending deliveries can be retried.',
      );
    case 'delivered':
      return new BusinessRuleError(
        'invalid_transition',
        'Cannot retry a delivery whose status is delivered. Only failed or pending deliveries can be retried.',
      );
  }
}

function openDeliveryExists(openId: string | undefined): BusinessRuleError {
  const which = openId ? ` (${openId})` : '';
  return new BusinessRuleError(
    'delivery_already_open',
    `Another delivery of this event to this subscription${which} is already pending or in progress; it cannot be retried until that one ends.`,
  );
}

/** The list's filters; only deliveries of entities the caller may view are listed. */
function listFilter(query: Pick<DeliveryListQuery, 'status' | 'event_type'>, auth: AuthContext): DeliveryFilter {
  const problem = query.event_type === undefined ? null : eventTypeProblem(query.event_type);
  if (problem) throw ValidationError.field('event_type', problem);
  return { status: query.status, eventType: query.event_type, entityTypes: deliveryEntityTypes(auth) };
}

/** The window's bounds in the stored form, with every problem of the request at once. */
function replayBounds(input: ReplayBody, auth: AuthContext, now: Date): { since: string; until: string } {
  const since = new Date(input.since);
  const until = input.until === undefined ? now : new Date(input.until);
  const errors: FieldErrors = input.event_types ? eventTypeErrors(input.event_types, auth) : {};
  if (until.getTime() < since.getTime()) errors.until = ['The until field must be a date after or equal to since.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { since: since.toISOString(), until: until.toISOString() };
}

/**
 * The event types a replay may deliver: the subscription's, narrowed by the request's, of entities both the
 * subscription and the caller may view (a replay never sends what its caller could not read).
 */
function replayEventTypes(
  subscription: Subscription,
  requested: readonly string[] | undefined,
  callerEntities: readonly string[],
): string[] {
  const own = eventTypesMatching(subscription.event_types);
  const asked = requested === undefined ? null : new Set<string>(eventTypesMatching(requested));
  return own.filter((type) => {
    const entity = EVENT_TYPES[type].entity_type;
    return (
      (asked === null || asked.has(type)) &&
      subscription.visible_entity_types.includes(entity) &&
      callerEntities.includes(entity)
    );
  });
}

export interface DeliveryServiceDeps {
  db: Executor;
  deliveries: DeliveryRepository;
  subscriptions: SubscriptionRepository;
  /** The events module's way into the feed's table, for the test event. */
  publisher: Pick<EventPublisher, 'publishDirect'>;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
}

export class DeliveryService {
  private readonly db: Executor;
  private readonly deliveries: DeliveryRepository;
  private readonly subscriptions: SubscriptionRepository;
  private readonly publisher: Pick<EventPublisher, 'publishDirect'>;
  private readonly audit: AuditLog;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: DeliveryServiceDeps) {
    this.db = deps.db;
    this.deliveries = deps.deliveries;
    this.subscriptions = deps.subscriptions;
    this.publisher = deps.publisher;
    this.audit = deps.audit;
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  /**
   * The subscription's deliveries of entities the caller may view (and test events), newest first, filtered by
   * status and exact event type.
   * @throws NotFoundError('Webhook subscription'); ValidationError for a malformed event type or one of an unknown entity.
   */
  async list(
    auth: AuthContext,
    subscriptionId: string,
    query: DeliveryListQuery,
    page: PageRequest,
  ): Promise<Page<Delivery>> {
    const filter = listFilter(query, auth);
    await this.subscription(this.db, auth.tenantId, subscriptionId);
    return this.deliveries.list(this.db, auth.tenantId, subscriptionId, filter, page);
  }

  /**
   * One delivery with its event and every attempt.
   * @throws NotFoundError('Webhook subscription'), NotFoundError('Webhook delivery'), also for a delivery of another
   * subscription or of an entity the caller may not view.
   */
  async get(auth: AuthContext, subscriptionId: string, deliveryId: string): Promise<DeliveryDetail> {
    const subscription = await this.subscription(this.db, auth.tenantId, subscriptionId);
    const delivery = await this.delivery(auth, subscriptionId, deliveryId);
    const [event, attempts] = await Promise.all([
      this.deliveries.eventOf(this.db, delivery),
      this.deliveries.attemptsOf(this.db, delivery),
    ]);
    // Retention deletes an event together with its deliveries, so a delivery without its event was just purged.
    if (!event) throw new NotFoundError('Webhook delivery');
    return { delivery, event, attempts, subscription };
  }

  /**
   * failed -> pending, or a pending delivery waiting out its retry delay -> due, both due now; the attempt counter
   * continues, so a failed delivery gets one more attempt. Of concurrent retries of one delivery exactly one moves
   * it; the others find it pending and due. The subscription may be disabled: the retry is asked for by hand.
   * @throws NotFoundError for the subscription or the delivery (also one of an entity the caller may not view);
   * BusinessRuleError when the delivery is delivering, delivered or already due, or when another delivery of the
   * same event to the subscription is open.
   */
  async retry(auth: AuthContext, subscriptionId: string, deliveryId: string): Promise<RetryResult> {
    await this.subscription(this.db, auth.tenantId, subscriptionId);
    for (let round = 0; round < RETRY_ROUNDS; round++) {
      const seen = await this.delivery(auth, subscriptionId, deliveryId);
      const now = this.clock.now();
      const problem = retryProblem(seen, now);
      if (problem) throw problem;
      const moved = await this.makeDue(seen, now);
      if (moved) return { delivery: moved, attempt: moved.attempts + 1 };
    }
    throw new BusinessRuleError(
      'concurrent_change',
      'The delivery kept changing while it was being retried; try again.',
    );
  }

  /**
   * Records a `webhook.test` event (entity `webhook`, never visible in the feed) and one pending delivery of it to
   * this subscription only, in one transaction. A disabled subscription gets it too, so that its endpoint can be
   * checked before it is activated again.
   * @throws NotFoundError('Webhook subscription').
   */
  async sendTest(tenantId: string, subscriptionId: string): Promise<Delivery> {
    return inTransaction(this.db, async (trx) => {
      const subscription = await this.subscription(trx, tenantId, subscriptionId);
      const now = this.clock.now().toISOString();
      const event: EventsTable = {
        id: this.newId(),
        tenant_id: tenantId,
        event_type: TEST_EVENT_TYPE,
        entity_type: EVENT_TYPES[TEST_EVENT_TYPE].entity_type,
        entity_id: subscription.id,
        payload: { subscription_id: subscription.id, message: TEST_EVENT_MESSAGE },
        occurred_at: now,
        created_at: now,
      };
      await this.publisher.publishDirect(trx, event);
      const delivery = newDelivery(this.newId(), subscription.id, event, now);
      await this.deliveries.insert(trx, delivery);
      await this.audit.record(trx, {
        tenantId,
        action: 'webhook_subscription.tested',
        entityType: 'webhook_subscription',
        entityId: subscription.id,
        changes: { test_delivery_id: { before: null, after: delivery.id } },
      });
      return delivery;
    });
  }

  /**
   * Creates a pending delivery, due now, for every retained event of the tenant that occurred in [since, until]
   * and that the subscription would receive (its patterns, the entities its creator could view, and the request's
   * patterns) of entities the caller may view too, unless that event already has an open delivery to it. Works in
   * chunks, each in its own transaction; replaying the same window again creates nothing while the first
   * deliveries are open.
   * @throws NotFoundError('Webhook subscription'); ValidationError for bad bounds, bad patterns or patterns of
   * entities the caller may not view; BusinessRuleError when the subscription is disabled.
   */
  async replay(auth: AuthContext, subscriptionId: string, input: ReplayBody): Promise<ReplayResult> {
    const { tenantId } = auth;
    const { since, until } = replayBounds(input, auth, this.clock.now());
    const subscription = await this.subscription(this.db, tenantId, subscriptionId);
    if (subscription.status !== 'active') {
      throw new BusinessRuleError(
        'subscription_disabled',
        `Cannot replay events to a webhook subscription whose status is ${subscription.status}; activate it first.`,
      );
    }
    const callerEntities = visibleEntityTypes(auth);
    const window: ReplayWindow = {
      tenantId,
      since,
      until,
      eventTypes: replayEventTypes(subscription, input.event_types, callerEntities),
      entityTypes: subscription.visible_entity_types.filter((entity) => callerEntities.includes(entity)),
    };
    const result: ReplayResult = {
      subscription_id: subscription.id,
      since,
      until,
      deliveries_created: 0,
      already_pending: 0,
    };
    let after: string | null = null;
    for (;;) {
      const chunk = await inTransaction(this.db, (trx) => this.replayChunk(trx, subscription, window, after));
      result.deliveries_created += chunk.created;
      result.already_pending += chunk.matched - chunk.created;
      if (chunk.matched < REPLAY_CHUNK) return result;
      after = chunk.lastEventId;
    }
  }

  private async replayChunk(
    trx: Transaction<DB>,
    subscription: Subscription,
    window: ReplayWindow,
    after: string | null,
  ) {
    const events = await this.deliveries.eventsInWindow(trx, window, after, REPLAY_CHUNK);
    const now = this.clock.now().toISOString();
    const created = await this.deliveries.insertUnlessOpen(
      trx,
      events.map((event) => newDelivery(this.newId(), subscription.id, withoutPayload(event), now)),
    );
    // One entry per chunk: it commits with the deliveries it counts.
    if (created > 0) {
      await this.audit.record(trx, {
        tenantId: subscription.tenant_id,
        action: 'webhook_subscription.replayed',
        entityType: 'webhook_subscription',
        entityId: subscription.id,
        changes: {
          deliveries_created: { before: null, after: created },
          since: { before: null, after: window.since },
          until: { before: null, after: window.until },
        },
      });
    }
    return { matched: events.length, created, lastEventId: events.at(-1)?.id ?? after };
  }

  /** Moves `seen` when it is unchanged; a unique violation means another open delivery of the event exists. */
  private async makeDue(seen: Delivery, now: Date): Promise<Delivery | undefined> {
    try {
      return await inTransaction(this.db, async (trx) => {
        const moved = await this.deliveries.makeDue(trx, seen, now.toISOString());
        if (moved) {
          await this.audit.record(trx, {
            tenantId: seen.tenant_id,
            action: 'webhook_delivery.retried',
            entityType: 'webhook_delivery',
            entityId: seen.id,
            changes: {
              status: { before: seen.status, after: moved.status },
              next_attempt_at: { before: seen.next_attempt_at, after: moved.next_attempt_at },
            },
          });
        }
        return moved;
      });
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      const open = await this.deliveries.findOpen(
        this.db,
        seen.tenant_id,
        seen.subscription_id,
        seen.event_id,
        seen.id,
      );
      throw openDeliveryExists(open?.id);
    }
  }

  private async subscription(db: Executor, tenantId: string, id: string): Promise<Subscription> {
    const subscription = await this.subscriptions.find(db, tenantId, id);
    if (!subscription) throw new NotFoundError('Webhook subscription');
    return subscription;
  }

  /** The delivery, when it exists and is of an entity the caller may view. */
  private async delivery(auth: AuthContext, subscriptionId: string, id: string): Promise<Delivery> {
    const delivery = await this.deliveries.find(this.db, auth.tenantId, subscriptionId, id);
    if (!delivery || !deliveryEntityTypes(auth).includes(delivery.entity_type))
      throw new NotFoundError('Webhook delivery');
    return delivery;
  }
}

/** newDelivery reads only the event's identity; the payload stays in `events` and is read when the delivery is sent. */
function withoutPayload(event: EventIdentity): EventsTable {
  return { ...event, payload: null };
}
