import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { engineOf } from '../../../db/dialect.js';
import type {
  DB,
  EventsTable,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
  WebhookDeliveryStatus,
} from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { paginate } from '../../../db/paginate.js';
import { chunks } from '../../../lib/chunks.js';

export type Delivery = Selectable<WebhookDeliveriesTable>;
export type DeliveryAttempt = Selectable<WebhookDeliveryAttemptsTable>;
export type DeliveredEvent = Pick<
  Selectable<EventsTable>,
  'id' | 'event_type' | 'entity_type' | 'entity_id' | 'occurred_at' | 'payload'
>;
/** What a new delivery needs to know of its event. */
export type EventIdentity = Pick<
  Selectable<EventsTable>,
  'id' | 'tenant_id' | 'event_type' | 'entity_type' | 'entity_id' | 'occurred_at' | 'created_at'
>;

export interface DeliveryFilter {
  status?: WebhookDeliveryStatus;
  eventType?: string;
  /** Only deliveries of these entity types. */
  entityTypes: readonly string[];
}

export interface ReplayWindow {
  tenantId: string;
  /** Inclusive bounds on `occurred_at`, ISO 8601 in UTC. */
  since: string;
  until: string;
  eventTypes: readonly string[];
  entityTypes: readonly string[];
}

/**
 * Delivery states whose event is still on its way: at most one such delivery per event and subscription, and
 * retention keeps their events.
 */
const OPEN: readonly WebhookDeliveryStatus[] = ['pending', 'delivering'];
// 18 columns a row: well below either engine's parameter limit.
const INSERT_CHUNK = 100;

export class DeliveryRepository {
  private ofSubscription(db: Executor, tenantId: string, subscriptionId: string) {
    return db
      .selectFrom('webhook_deliveries')
      .where('tenant_id', '=', tenantId)
      .where('subscription_id', '=', subscriptionId);
  }

  async list(
    db: Executor,
    tenantId: string,
    subscriptionId: string,
    filter: DeliveryFilter,
    page: PageRequest,
  ): Promise<Page<Delivery>> {
    let query = this.ofSubscription(db, tenantId, subscriptionId).where('entity_type', 'in', filter.entityTypes);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.eventType) query = query.where('event_type', '=', filter.eventType);
    return paginate(db, query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
  }

  async find(db: Executor, tenantId: string, subscriptionId: string, id: string): Promise<Delivery | undefined> {
    return this.ofSubscription(db, tenantId, subscriptionId).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async eventOf(db: Executor, delivery: Delivery): Promise<DeliveredEvent | undefined> {
    return db
      .selectFrom('events')
      .select(['id', 'event_type', 'entity_type', 'entity_id', 'occurred_at', 'payload'])
      .where('tenant_id', '=', delivery.tenant_id)
      .where('id', '=', delivery.event_id)
      .executeTakeFirst();
  }

  async attemptsOf(db: Executor, delivery: Delivery): Promise<DeliveryAttempt[]> {
    return db
      .selectFrom('webhook_delivery_attempts')
      .selectAll()
      .where('tenant_id', '=', delivery.tenant_id)
      .where('delivery_id', '=', delivery.id)
      .orderBy('attempt')
      .orderBy('attempted_at')
      .execute();
  }

  /**
   * Makes `seen` pending and due at `now`, only if the row is still as it was read (same status and schedule), so
   * that of two requests that read the same row only one moves it. Undefined when the row had changed. Throws the
   * driver's unique violation when another delivery of the same event to the subscription is already open.
   */
  async makeDue(db: Executor, seen: Delivery, now: string): Promise<Delivery | undefined> {
    return db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: now, updated_at: now })
      .where('tenant_id', '=', seen.tenant_id)
      .where('id', '=', seen.id)
      .where('status', '=', seen.status)
      .where('next_attempt_at', '=', seen.next_attempt_at)
      .returningAll()
      .executeTakeFirst();
  }

  /** The pending or delivering delivery of this event to this subscription, other than `exceptId`. */
  async findOpen(
    db: Executor,
    tenantId: string,
    subscriptionId: string,
    eventId: string,
    exceptId: string,
  ): Promise<Delivery | undefined> {
    return this.ofSubscription(db, tenantId, subscriptionId)
      .selectAll()
      .where('event_id', '=', eventId)
      .where('status', 'in', OPEN)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
  }

  async insert(db: Executor, delivery: WebhookDeliveriesTable): Promise<void> {
    await db.insertInto('webhook_deliveries').values(delivery).execute();
  }

  async insertMany(db: Executor, deliveries: readonly WebhookDeliveriesTable[]): Promise<void> {
    for (const part of chunks(deliveries, INSERT_CHUNK))
      await db.insertInto('webhook_deliveries').values(part).execute();
  }

  /**
   * Inserts the deliveries whose event has no open delivery to the same subscription yet; the partial unique index
   * decides, so concurrent replays cannot double one. Returns how many were inserted.
   */
  async insertUnlessOpen(db: Executor, deliveries: readonly WebhookDeliveriesTable[]): Promise<number> {
    let inserted = 0;
    for (const part of chunks(deliveries, INSERT_CHUNK)) {
      const rows = await db
        .insertInto('webhook_deliveries')
        .values(part)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute();
      inserted += rows.length;
    }
    return inserted;
  }

  /**
   * Up to `limit` events of the window after `afterId`, in id order. On PostgreSQL they are key-share locked until
   * the transaction ends, so retention cannot delete an event while a delivery is being made for it.
   */
  async eventsInWindow(
    db: Executor,
    window: ReplayWindow,
    afterId: string | null,
    limit: number,
  ): Promise<EventIdentity[]> {
    if (window.eventTypes.length === 0 || window.entityTypes.length === 0) return [];
    return db
      .selectFrom('events')
      .select(['id', 'tenant_id', 'event_type', 'entity_type', 'entity_id', 'occurred_at', 'created_at'])
      .where('tenant_id', '=', window.tenantId)
      .where('occurred_at', '>=', window.since)
      .where('occurred_at', '<=', window.until)
      .where('event_type', 'in', window.eventTypes)
      .where('entity_type', 'in', window.entityTypes)
      .$if(afterId !== null, (qb) => qb.where('id', '>', afterId!))
      .orderBy('id')
      .limit(limit)
      .$if(engineOf(db) === 'postgres', (qb) => qb.forKeyShare())
      .execute();
  }

  /** Condition on `events` rows: the event has an open delivery. */
  hasOpenDelivery(eb: ExpressionBuilder<DB, 'events'>): Expression<SqlBool> {
    return eb.exists(
      eb
        .selectFrom('webhook_deliveries as d')
        .select('d.id')
        .whereRef('d.event_id', '=', 'events.id')
        .where('d.status', 'in', OPEN),
    );
  }

  /**
   * Of `eventIds`, those with an open delivery. On PostgreSQL every delivery of those events stays locked until
   * the transaction ends, so none is retried while retention decides about its event.
   */
  async eventsWithOpenDeliveries(db: Executor, eventIds: readonly string[]): Promise<Set<string>> {
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'status'])
      .where('event_id', 'in', [...eventIds])
      .$if(engineOf(db) === 'postgres', (qb) => qb.forUpdate())
      .execute();
    return new Set(deliveries.filter((d) => OPEN.includes(d.status)).map((d) => d.event_id));
  }

  /** Deletes every delivery of `eventIds` with its attempts (their events are being deleted). */
  async deleteOfEvents(db: Executor, eventIds: readonly string[]): Promise<void> {
    const ids = [...eventIds];
    await db
      .deleteFrom('webhook_delivery_attempts')
      .where('delivery_id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', ids))
      .execute();
    await db.deleteFrom('webhook_deliveries').where('event_id', 'in', ids).execute();
  }
}
