// Wires webhooks: the publisher's fan-out into deliveries, the delivery queue and worker, the subscription and
// delivery endpoints, and their metrics.
import { hostname } from 'node:os';
import type { WebhookSettings } from '../../config.js';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { EventPublisher } from '../events/event-publisher.js';
import type { EventSignal } from '../events/event-signal.js';
import { DeliveryRepository } from './deliveries/delivery.repository.js';
import { deliveryRoutes } from './deliveries/delivery.routes.js';
import { DeliveryService } from './deliveries/delivery.service.js';
import { DeliveryFanOut } from './dispatch/delivery-fan-out.js';
import { DeliveryQueue } from './dispatch/delivery-queue.js';
import { DeliveryQueueRepository } from './dispatch/delivery-queue.repository.js';
import { WebhookDispatcher, type DispatcherLog } from './dispatch/webhook-dispatcher.js';
import { WEBHOOK_USER_AGENT } from './dispatch/webhook-request.js';
import { SubscriptionRepository } from './subscriptions/subscription.repository.js';
import { subscriptionRoutes } from './subscriptions/subscription.routes.js';
import { SubscriptionService } from './subscriptions/subscription.service.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Resolver } from './transport/address-guard.js';
import { WebhookSender } from './transport/webhook-sender.js';
import { WebhookMetrics } from './webhook-metrics.js';

export interface WebhookModuleDeps {
  db: Executor;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  publisher: EventPublisher;
  /** Wakes the dispatchers when events are committed. */
  signal?: EventSignal;
  settings: WebhookSettings;
  /** DNS for SSRF checks; the system resolver unless a test injects one. */
  resolve?: Resolver;
}

/**
 * The publisher's fan-out: in the transaction that publishes events, one delivery per matching subscription.
 * Built before the publisher, which the rest of the webhooks module needs.
 */
export function createDeliveryFanOut(deps: Pick<WebhookModuleDeps, 'clock' | 'newId'>): DeliveryFanOut {
  return new DeliveryFanOut({
    subscriptions: new SubscriptionRepository(),
    deliveries: new DeliveryRepository(),
    clock: deps.clock,
    newId: deps.newId,
  });
}

export function createWebhooks(deps: WebhookModuleDeps) {
  const subscriptionRepository = new SubscriptionRepository();
  const queue = new DeliveryQueue({ db: deps.db, queue: new DeliveryQueueRepository(), newId: deps.newId });
  const metrics = new WebhookMetrics({ queue, clock: deps.clock });
  const policy = { allowHttp: deps.settings.allowHttp, allowPrivateTargets: deps.settings.allowPrivateTargets };
  const subscriptions = new SubscriptionService({
    db: deps.db,
    subscriptions: subscriptionRepository,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
    policy,
    resolve: deps.resolve,
  });
  const deliveryRepository = new DeliveryRepository();
  const deliveries = new DeliveryService({
    db: deps.db,
    deliveries: deliveryRepository,
    subscriptions: subscriptionRepository,
    publisher: deps.publisher,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
  });

  const routes: FastifyPluginAsyncTypebox = async (app) => {
    await app.register(subscriptionRoutes({ service: subscriptions }));
    await app.register(deliveryRoutes({ service: deliveries }));
  };

  /** A delivery worker for this process; each has its own id, which names it as the holder of its leases. */
  const createDispatcher = (log: DispatcherLog) =>
    new WebhookDispatcher({
      workerId: `${hostname()}:${process.pid}:${deps.newId()}`,
      publisher: deps.publisher,
      queue,
      sender: new WebhookSender({
        timeoutMs: deps.settings.timeoutMs,
        policy,
        resolve: deps.resolve,
        userAgent: WEBHOOK_USER_AGENT,
        clock: deps.clock,
      }),
      clock: deps.clock,
      settings: deps.settings,
      log,
      observer: metrics,
      signal: deps.signal ?? null,
    });

  // deliveryRepository: event retention keeps and deletes deliveries through it.
  return {
    subscriptions,
    subscriptionRepository,
    deliveryRepository,
    queue,
    metrics,
    policy,
    createDispatcher,
    routes,
  };
}
