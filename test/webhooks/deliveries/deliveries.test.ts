// Webhook deliveries over HTTP, with the worker run in-process against a local receiver: the list and detail
// (fields, body as sent, attempts), filters and paging, manual retry (after five failures, of a waiting pending
// delivery, refused states, parallel retries, another open delivery of the event), the test event, tenant
// isolation and bearer-only access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type WebhookSettings } from '../../../src/config.js';
import { FixedClock } from '../../../src/lib/clock.js';
import type { AuthContext } from '../../../src/modules/auth/auth-context.js';
import { EventFeedService } from '../../../src/modules/events/event-feed.service.js';
import { EventRepository } from '../../../src/modules/events/event.repository.js';
import { TEST_EVENT_MESSAGE } from '../../../src/modules/webhooks/deliveries/delivery.service.js';
import type { WebhookDispatcher } from '../../../src/modules/webhooks/dispatch/webhook-dispatcher.js';
import { bearer, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type HttpMethod, type TestApp } from '../../helpers/test-app.js';
import {
  always,
  inSequence,
  ok,
  WebhookReceiver,
  type ReceivedRequest,
  type ResponseScript,
} from '../webhook-receiver.js';

const API = '/api/v1';
const SUBSCRIPTIONS = `${API}/webhooks/subscriptions`;
const PRODUCTS = `${API}/operations/products`;
const MISSING_ID = '01hzzzzzzzzzzzzzzzzzzzzzzz';
const MINUTE = 60_000;
const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200];
const SUBSCRIPTION_NOT_FOUND = {
  success: false,
  code: 'not_found',
  message: 'Webhook subscription not found.',
  data: null,
  meta: {},
};
const DELIVERY_NOT_FOUND = {
  success: false,
  code: 'not_found',
  message: 'Webhook delivery not found.',
  data: null,
  meta: {},
};
const failing = always({ status: 500, body: 'down' });

const webhooks: WebhookSettings = {
  ...loadConfig({}).webhooks,
  allowHttp: true,
  allowPrivateTargets: true,
  retryDelaysSeconds: RETRY_DELAYS_SECONDS,
};

type Headers = Record<string, string>;
interface Caller {
  tenantId: string;
  userId: string;
  auth: Headers;
}
interface DeliveryItem {
  id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  entity_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  updated_at: string;
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;

describe('webhook deliveries', () => {
  let t: TestApp;
  let clock: FixedClock;
  let receiver: WebhookReceiver;
  let dispatcher: WebhookDispatcher;
  let caller: Caller;
  let paths = 0;

  beforeAll(async () => {
    clock = new FixedClock(new Date('2026-03-10T12:00:00.000Z'));
    t = await buildTestApp({ clock, config: { webhooks } });
    receiver = await WebhookReceiver.start((request, index) => answerByPath(request, index));
    dispatcher = t.services.webhooks.createDispatcher({ error: (object, message) => console.error(message, object) });
    caller = await integrationCaller();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  async function integrationCaller(): Promise<Caller> {
    const tenant = await makeTenant(t.services);
    const token = await makeToken(t.services, tenant.tenantId, tenant.adminId, { type: 'integration' });
    return { tenantId: tenant.tenantId, userId: tenant.adminId, auth: bearer(token) };
  }

  const call = (method: HttpMethod, url: string, payload?: object, headers: Headers = caller.auth) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  /** Publishes, sends what is due and records the results, until nothing is left to do now. */
  async function runWorker(): Promise<void> {
    while (await dispatcher.tick()) {
      // a pass that found work is followed by another
    }
    await dispatcher.drain();
  }

  /** How each receiver path answers; the index a script sees counts the requests to its own path. */
  const scripts = new Map<string, ResponseScript>();
  const answerByPath: ResponseScript = (request) =>
    (scripts.get(request.url) ?? always(ok))(request, receiver.received(request.url).length - 1);

  /** A subscription on a receiver path of its own, answered by `script`. */
  async function subscribe(extra: object = {}, script: ResponseScript = always(ok), as: Caller = caller) {
    const path = `/deliveries-${++paths}`;
    scripts.set(path, script);
    const res = await call(
      'POST',
      SUBSCRIPTIONS,
      { url: receiver.url(path), event_types: ['product.*'], ...extra },
      as.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as { id: string }).id;
    return {
      id,
      received: () => receiver.received(path),
      answerWith: (next: ResponseScript) => scripts.set(path, next),
    };
  }

  async function createProduct(as: Caller = caller): Promise<string> {
    const res = await call('POST', PRODUCTS, { name: `Widget ${Math.random().toString(36).slice(2, 8)}` }, as.auth);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as { id: string }).id;
  }

  const deliveriesUrl = (subscriptionId: string) => `${SUBSCRIPTIONS}/${subscriptionId}/deliveries`;
  const deliveryUrl = (subscriptionId: string, deliveryId: string) => `${deliveriesUrl(subscriptionId)}/${deliveryId}`;

  async function listDeliveries(subscriptionId: string, query = '', as: Caller = caller): Promise<DeliveryItem[]> {
    const res = await call('GET', `${deliveriesUrl(subscriptionId)}${query}`, undefined, as.auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DeliveryItem[];
  }

  async function onlyDelivery(subscriptionId: string): Promise<DeliveryItem> {
    const items = await listDeliveries(subscriptionId);
    expect(items).toHaveLength(1);
    return items[0]!;
  }

  const retry = (subscriptionId: string, deliveryId: string, as: Caller = caller) =>
    call('POST', `${deliveryUrl(subscriptionId, deliveryId)}/retry`, undefined, as.auth);

  /** Makes one product.created delivery fail all five automatic attempts, the clock moved past each delay. */
  async function failedDelivery() {
    const subscription = await subscribe({}, failing);
    await createProduct();
    const createdAt = clock.now().toISOString();
    await runWorker();
    for (const delaySeconds of RETRY_DELAYS_SECONDS) {
      clock.advance(delaySeconds * 1000);
      await runWorker();
    }
    expect(subscription.received()).toHaveLength(5);
    const delivery = await onlyDelivery(subscription.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 5, next_attempt_at: null });
    return { subscription, delivery, createdAt };
  }

  describe('list and detail', () => {
    it('lists a delivery with its fields and shows the body as sent and every attempt', async () => {
      const subscription = await subscribe();
      const productId = await createProduct();
      const createdAt = clock.now().toISOString();
      await runWorker();
      const [request] = subscription.received();
      expect(request).toBeDefined();

      const items = await listDeliveries(subscription.id);
      expect(items).toEqual([
        {
          id: request!.headers['x-webhook-delivery-id'],
          subscription_id: subscription.id,
          event_id: request!.headers['x-webhook-event-id'],
          event_type: 'product.created',
          entity_id: productId,
          status: 'delivered',
          attempts: 1,
          next_attempt_at: null,
          last_attempt_at: createdAt,
          last_response_code: 200,
          last_response_time_ms: expect.any(Number),
          last_error: null,
          created_at: createdAt,
          updated_at: createdAt,
        },
      ]);

      const res = await call('GET', deliveryUrl(subscription.id, items[0]!.id));
      expect(res.statusCode, res.body).toBe(200);
      const { attempts, attempts_count, payload, entity_type, ...listFields } = res.json().data;
      expect(listFields).toEqual((({ attempts: _count, ...rest }) => rest)(items[0]!));
      expect(entity_type).toBe('product');
      expect(attempts_count).toBe(1);
      expect(payload).toEqual(bodyOf(request!));
      expect(payload).toMatchObject({
        event_type: 'product.created',
        entity_type: 'product',
        entity_id: productId,
        payload: { id: productId },
      });
      expect(attempts).toEqual([
        { attempt: 1, attempted_at: createdAt, response_code: 200, response_time_ms: expect.any(Number), error: null },
      ]);
    });

    it("shows payload null in the body of a thin subscription's delivery", async () => {
      const subscription = await subscribe({ payload_mode: 'thin' });
      await createProduct();
      await runWorker();
      const delivery = await onlyDelivery(subscription.id);
      const res = await call('GET', deliveryUrl(subscription.id, delivery.id));
      expect(res.json().data.payload).toEqual({ ...bodyOf(subscription.received()[0]!), payload: null });
    });

    it('lists the attempts in order after a failure and then a success', async () => {
      const subscription = await subscribe({}, inSequence({ status: 503, body: 'busy' }, ok));
      await createProduct();
      const first = clock.now().toISOString();
      await runWorker();
      const waiting = await onlyDelivery(subscription.id);
      expect(waiting).toMatchObject({
        status: 'pending',
        attempts: 1,
        next_attempt_at: new Date(clock.now().getTime() + MINUTE).toISOString(),
      });

      clock.advance(MINUTE);
      await runWorker();
      const res = await call('GET', deliveryUrl(subscription.id, waiting.id));
      const detail = res.json().data;
      expect(detail).toMatchObject({
        status: 'delivered',
        attempts_count: 2,
        last_response_code: 200,
        last_error: null,
      });
      expect(detail.attempts).toEqual([
        { attempt: 1, attempted_at: first, response_code: 503, response_time_ms: expect.any(Number), error: null },
        {
          attempt: 2,
          attempted_at: clock.now().toISOString(),
          response_code: 200,
          response_time_ms: expect.any(Number),
          error: null,
        },
      ]);
    });

    it('filters by status and exact event type, newest first, in pages with links', async () => {
      const subscription = await subscribe({ event_types: ['product.created', 'product.activated'] });
      const first = await createProduct();
      clock.advance(1000);
      const second = await createProduct();
      clock.advance(1000);
      expect((await call('POST', `${PRODUCTS}/${second}/activate`)).statusCode).toBe(200);
      await runWorker();
      clock.advance(1000);
      await createProduct();
      await t.services.publisher.publishAll();

      const all = await listDeliveries(subscription.id);
      expect(all.map((d) => [d.event_type, d.status])).toEqual([
        ['product.created', 'pending'],
        ['product.activated', 'delivered'],
        ['product.created', 'delivered'],
        ['product.created', 'delivered'],
      ]);
      expect(all.slice(2).map((d) => d.entity_id)).toEqual([second, first]);
      expect(await listDeliveries(subscription.id, '?status=pending')).toEqual([all[0]]);
      expect(
        (await listDeliveries(subscription.id, '?status=delivered&event_type=product.created')).map((d) => d.id),
      ).toEqual([all[2]!.id, all[3]!.id]);
      expect(await listDeliveries(subscription.id, '?event_type=product.activated')).toEqual([all[1]]);
      expect(await listDeliveries(subscription.id, '?status=failed')).toEqual([]);

      const page = await call('GET', `${deliveriesUrl(subscription.id)}?per_page=3&page=2`);
      const body = page.json();
      expect(body.data.map((d: DeliveryItem) => d.id)).toEqual([all[3]!.id]);
      expect(body.meta).toEqual({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
      expect(body.links.prev).toContain('page=1');
      expect(body.links.next).toBeNull();
      await runWorker();
    });

    it('refuses an unknown status, a malformed, wildcard or unknown-entity event type and a page size above 100', async () => {
      const subscription = await subscribe();
      const errorsOf = async (query: string) => {
        const res = await call('GET', `${deliveriesUrl(subscription.id)}${query}`);
        expect(res.statusCode, res.body).toBe(422);
        return Object.keys(res.json().errors as object);
      };
      expect(await errorsOf('?status=lost')).toEqual(['status']);
      expect(await errorsOf('?event_type=product.*')).toEqual(['event_type']);
      expect(await errorsOf('?event_type=spaceship.launched')).toEqual(['event_type']);
      expect(await errorsOf('?event_type=product')).toEqual(['event_type']);
      // An event of another module of the platform, which this service does not emit, is a well-formed filter
      // that finds nothing.
      expect((await call('GET', `${deliveriesUrl(subscription.id)}?event_type=order.shipped`)).json().data).toEqual([]);
      expect(await errorsOf('?per_page=101')).toEqual(['per_page']);
      expect((await call('GET', `${deliveriesUrl(subscription.id)}?per_page=100`)).statusCode).toBe(200);
    });
  });

  describe('retry', () => {
    it('gives a failed delivery a sixth attempt, with the same delivery id', async () => {
      const { subscription, delivery } = await failedDelivery();
      clock.advance(MINUTE);
      subscription.answerWith(always(ok));

      const res = await retry(subscription.id, delivery.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Webhook delivery queued for retry',
        data: { delivery_id: delivery.id, status: 'pending', attempt: 6, updated_at: clock.now().toISOString() },
      });
      expect(await onlyDelivery(subscription.id)).toMatchObject({
        status: 'pending',
        attempts: 5,
        next_attempt_at: clock.now().toISOString(),
      });

      await runWorker();
      const requests = subscription.received();
      expect(requests).toHaveLength(6);
      expect(requests[5]!.headers['x-webhook-attempt']).toBe('6');
      expect(new Set(requests.map((r) => r.headers['x-webhook-delivery-id']))).toEqual(new Set([delivery.id]));
      const detail = (await call('GET', deliveryUrl(subscription.id, delivery.id))).json().data;
      expect(detail).toMatchObject({ status: 'delivered', attempts_count: 6, last_response_code: 200 });
      expect(
        detail.attempts.map((a: { attempt: number; response_code: number }) => [a.attempt, a.response_code]),
      ).toEqual([
        [1, 500],
        [2, 500],
        [3, 500],
        [4, 500],
        [5, 500],
        [6, 200],
      ]);
    });

    it('fails again after the one extra attempt when the endpoint still fails', async () => {
      const { subscription, delivery } = await failedDelivery();
      expect((await retry(subscription.id, delivery.id)).statusCode).toBe(200);
      await runWorker();
      expect(await onlyDelivery(subscription.id)).toMatchObject({ status: 'failed', attempts: 6 });
      clock.advance(24 * 60 * MINUTE);
      await runWorker();
      expect(subscription.received()).toHaveLength(6);
    });

    it('makes a pending delivery that waits for its retry delay due now, and refuses one already due', async () => {
      const subscription = await subscribe({}, inSequence({ status: 500 }, ok));
      await createProduct();
      await runWorker();
      const waiting = await onlyDelivery(subscription.id);
      expect(waiting.next_attempt_at).toBe(new Date(clock.now().getTime() + MINUTE).toISOString());

      const res = await retry(subscription.id, waiting.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'pending', attempt: 2 });
      expect((await onlyDelivery(subscription.id)).next_attempt_at).toBe(clock.now().toISOString());

      const again = await retry(subscription.id, waiting.id);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        success: false,
        code: 'delivery_already_due',
        message: 'The delivery is already pending and due: attempt 2 will be made shortly.',
      });

      await runWorker();
      expect(await onlyDelivery(subscription.id)).toMatchObject({ status: 'delivered', attempts: 2 });
    });

    it('refuses a delivered delivery and one being delivered, naming the status', async () => {
      const subscription = await subscribe();
      await createProduct();
      await runWorker();
      const delivered = await onlyDelivery(subscription.id);
      const res = await retry(subscription.id, delivered.id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'invalid_transition',
        message: 'Cannot retry a delivery whose status is delivered. Only failed or pending deliveries can be retried.',
      });

      await createProduct();
      await t.services.publisher.publishAll();
      await t.services.webhooks.queue.claim('stalled-worker', clock.now(), 60_000, 100);
      const inFlight = (await listDeliveries(subscription.id, '?status=delivering'))[0]!;
      const busy = await retry(subscription.id, inFlight.id);
      expect(busy.statusCode).toBe(422);
      expect(busy.json().message).toContain('status is delivering');
      // Let the lease run out so that the stalled claim does not hold later tests.
      clock.advance(2 * MINUTE);
      await runWorker();
    });

    it('lets exactly one of two parallel retries move a failed delivery', async () => {
      const { subscription, delivery } = await failedDelivery();
      const answers = await Promise.all([retry(subscription.id, delivery.id), retry(subscription.id, delivery.id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      expect(answers.find((r) => r.statusCode === 422)!.json().message).toBe(
        'The delivery is already pending and due: attempt 6 will be made shortly.',
      );
      await runWorker();
      expect(subscription.received()).toHaveLength(6);
    });

    it('records a replay in the audit log with what it created, in the transaction of its deliveries', async () => {
      const { subscription, createdAt } = await failedDelivery();
      expect(
        (await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, { since: createdAt })).json().data,
      ).toMatchObject({ deliveries_created: 1 });
      const entries = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', subscription.id)
        .where('action', '=', 'webhook_subscription.replayed')
        .execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]!.changes).toMatchObject({
        deliveries_created: { before: null, after: 1 },
        since: { before: null, after: createdAt },
      });
    });

    it('refuses to reopen a failed delivery while another delivery of its event is open', async () => {
      const { subscription, delivery, createdAt } = await failedDelivery();
      const replay = await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, { since: createdAt });
      expect(replay.json().data).toMatchObject({ deliveries_created: 1 });
      const reopened = (await listDeliveries(subscription.id, '?status=pending'))[0]!;
      expect(reopened.event_id).toBe(delivery.event_id);

      const res = await retry(subscription.id, delivery.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        `Another delivery of this event to this subscription (${reopened.id}) is already pending or in progress; it cannot be retried until that one ends.`,
      );
      expect((await listDeliveries(subscription.id, '?status=failed')).map((d) => d.id)).toEqual([delivery.id]);
      subscription.answerWith(always(ok));
      await runWorker();
    });
  });

  describe('test event', () => {
    it('delivers a webhook.test event to that subscription only, never into the feed', async () => {
      const tested = await subscribe({ event_types: ['*'] });
      const other = await subscribe({ event_types: ['*'] });

      const res = await call('POST', `${SUBSCRIPTIONS}/${tested.id}/test`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { delivery_id: string };
      expect(res.json().data).toEqual({
        delivery_id: expect.stringMatching(/^[0-9a-z]{26}$/),
        event_type: 'webhook.test',
        status: 'pending',
      });

      await runWorker();
      const [request] = tested.received();
      expect(tested.received()).toHaveLength(1);
      expect(request!.headers['x-webhook-delivery-id']).toBe(data.delivery_id);
      expect(request!.headers['x-webhook-event-type']).toBe('webhook.test');
      expect(bodyOf(request!)).toEqual({
        id: request!.headers['x-webhook-event-id'],
        event_type: 'webhook.test',
        entity_type: 'webhook',
        entity_id: tested.id,
        occurred_at: clock.now().toISOString(),
        payload: { subscription_id: tested.id, message: TEST_EVENT_MESSAGE },
      });
      expect(other.received()).toEqual([]);
      expect(await listDeliveries(other.id)).toEqual([]);
      expect(await listDeliveries(tested.id, '?event_type=webhook.test')).toMatchObject([
        { id: data.delivery_id, status: 'delivered', entity_id: tested.id },
      ]);

      const feed = await new EventFeedService({ db: t.services.db, events: new EventRepository() }).page(
        adminAuth(caller),
        { per_page: 100 },
      );
      expect(feed.events.map((e) => e.event_type)).not.toContain('webhook.test');
      const stored = await t.database.db
        .selectFrom('events')
        .select('event_type')
        .where('tenant_id', '=', caller.tenantId)
        .where('event_type', '=', 'webhook.test')
        .execute();
      expect(stored).toHaveLength(1);
    });

    it('sends the test to a disabled subscription too, so its endpoint can be checked before activating', async () => {
      const subscription = await subscribe();
      expect((await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/disable`)).statusCode).toBe(200);
      const res = await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/test`);
      expect(res.statusCode, res.body).toBe(200);
      await runWorker();
      expect(subscription.received().map((r) => r.headers['x-webhook-event-type'])).toEqual(['webhook.test']);
    });
  });

  describe('access', () => {
    it("answers 404 for another tenant's subscription and delivery, and for a delivery under another subscription", async () => {
      const subscription = await subscribe();
      const sibling = await subscribe();
      await createProduct();
      await runWorker();
      const delivery = await onlyDelivery(subscription.id);
      const stranger = await integrationCaller();
      const strangers = await subscribe({}, always(ok), stranger);

      const expectNotFound = async (
        method: HttpMethod,
        url: string,
        body: object,
        as: Caller = caller,
        payload?: object,
      ) => {
        const res = await call(method, url, payload, as.auth);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual(body);
      };
      for (const [method, url, payload] of [
        ['GET', deliveriesUrl(subscription.id), undefined],
        ['GET', deliveryUrl(subscription.id, delivery.id), undefined],
        ['POST', `${deliveryUrl(subscription.id, delivery.id)}/retry`, undefined],
        ['POST', `${SUBSCRIPTIONS}/${subscription.id}/test`, undefined],
        ['POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, { since: '2026-03-01T00:00:00Z' }],
      ] as const) {
        await expectNotFound(method, url, SUBSCRIPTION_NOT_FOUND, stranger, payload);
      }
      await expectNotFound('GET', deliveryUrl(sibling.id, delivery.id), DELIVERY_NOT_FOUND);
      await expectNotFound('POST', `${deliveryUrl(sibling.id, delivery.id)}/retry`, DELIVERY_NOT_FOUND);
      await expectNotFound('GET', deliveryUrl(subscription.id, MISSING_ID), DELIVERY_NOT_FOUND);
      await expectNotFound('GET', deliveryUrl(subscription.id, 'not-a-ulid'), DELIVERY_NOT_FOUND);
      await expectNotFound('GET', deliveriesUrl(strangers.id), SUBSCRIPTION_NOT_FOUND);
      await expectNotFound('GET', deliveriesUrl(MISSING_ID), SUBSCRIPTION_NOT_FOUND);

      expect((await call('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`)).statusCode).toBe(200);
      await expectNotFound('GET', deliveryUrl(subscription.id, delivery.id), SUBSCRIPTION_NOT_FOUND);
      await expectNotFound('POST', `${SUBSCRIPTIONS}/${subscription.id}/test`, SUBSCRIPTION_NOT_FOUND);
    });

    it('refuses personal tokens and requests without a token', async () => {
      const subscription = await subscribe();
      const personal = bearer(await makeToken(t.services, caller.tenantId, caller.userId, { type: 'personal' }));
      const routes = [
        ['GET', deliveriesUrl(subscription.id), undefined],
        ['GET', deliveryUrl(subscription.id, MISSING_ID), undefined],
        ['POST', `${deliveryUrl(subscription.id, MISSING_ID)}/retry`, undefined],
        ['POST', `${SUBSCRIPTIONS}/${subscription.id}/test`, undefined],
        ['POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, { since: '2026-03-01T00:00:00Z' }],
      ] as const;
      for (const [method, url, payload] of routes) {
        const forbidden = await call(method, url, payload, personal);
        expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
        expect(forbidden.json().message).toBe(
          'personal tokens cannot be used here; use one of: application, integration.',
        );
        expect((await call(method, url, payload, {})).statusCode).toBe(401);
      }
      expect(await listDeliveries(subscription.id)).toEqual([]);
    });

    it('documents the delivery, test and replay routes in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ url: `${API}/openapi.json` })).json();
      const paths = doc.paths as Record<string, Record<string, { tags: string[]; summary: string }>>;
      for (const [path, method] of [
        ['/{subscriptionId}/deliveries', 'get'],
        ['/{subscriptionId}/deliveries/{deliveryId}', 'get'],
        ['/{subscriptionId}/deliveries/{deliveryId}/retry', 'post'],
        ['/{id}/test', 'post'],
        ['/{id}/replay', 'post'],
      ] as const) {
        const operation = paths[`${SUBSCRIPTIONS}${path}`]?.[method];
        expect(operation, `${method} ${path}`).toMatchObject({ tags: ['Webhooks'], summary: expect.any(String) });
      }
    });
  });
});

/** The admin's view for the feed service, as the integration token (all abilities) sees it. */
function adminAuth(caller: Caller): AuthContext {
  return {
    tenantId: caller.tenantId,
    user: { id: caller.userId, name: 'Admin', email: 'admin@example.test', role: 'admin' },
    via: 'token',
    tokenAbilities: ['*'],
    tokenId: null,
    tokenType: 'integration',
  };
}
