// Turns newly published events into deliveries: one per event and matching active subscription, within what
// the subscription's creator could view, for events that occurred while it was active (an event recorded while
// it was disabled is not delivered later, even when it is published after a re-activation). Runs inside the
// publisher's transaction.
import type { Transaction } from 'kysely';
import type { DB, WebhookDeliveriesTable } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import { matchesAny } from '../../events/event-patterns.js';
import type { EventFanOut, PublishedEvent } from '../../events/event-publisher.js';
import type { DeliveryRepository } from '../deliveries/delivery.repository.js';
import type { SubscriptionRepository } from '../subscriptions/subscription.repository.js';

/** A pending delivery of `event` to `subscriptionId`, due now. */
export function newDelivery(
  id: string,
  subscriptionId: string,
  event: PublishedEvent,
  now: string,
): WebhookDeliveriesTable {
  return {
    id,
    tenant_id: event.tenant_id,
    subscription_id: subscriptionId,
    event_id: event.id,
    event_type: event.event_type,
    entity_type: event.entity_type,
    entity_id: event.entity_id,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    lease_owner: null,
    lease_expires_at: null,
    last_attempt_at: null,
    last_response_code: null,
    last_response_time_ms: null,
    last_error: null,
    created_at: now,
    updated_at: now,
  };
}

export interface DeliveryFanOutDeps {
  subscriptions: SubscriptionRepository;
  deliveries: DeliveryRepository;
  clock: Clock;
  newId: IdGenerator;
}

export class DeliveryFanOut implements EventFanOut {
  private readonly subscriptions: SubscriptionRepository;
  private readonly deliveries: DeliveryRepository;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;

  constructor(deps: DeliveryFanOutDeps) {
    this.subscriptions = deps.subscriptions;
    this.deliveries = deps.deliveries;
    this.clock = deps.clock;
    this.newId = deps.newId;
  }

  async eventsPublished(trx: Transaction<DB>, events: readonly PublishedEvent[]): Promise<void> {
    const subscriptions = await this.subscriptions.activeOf(trx, [...new Set(events.map((e) => e.tenant_id))]);
    if (subscriptions.length === 0) return;
    const now = this.clock.now().toISOString();
    const deliveries: WebhookDeliveriesTable[] = [];
    for (const event of events) {
      for (const subscription of subscriptions) {
        if (
          subscription.tenant_id === event.tenant_id &&
          event.occurred_at >= subscription.active_since &&
          subscription.visible_entity_types.includes(event.entity_type) &&
          matchesAny(subscription.event_types, event.event_type)
        ) {
          deliveries.push(newDelivery(this.newId(), subscription.id, event, now));
        }
      }
    }
    await this.deliveries.insertMany(trx, deliveries);
  }
}
