// Webhook delivery end to end: events made through the API, published and fanned out by the worker, sent to a real
// local receiver. Signatures, headers, bodies, pattern matching and visibility, the retry schedule (Retry-After,
// redirects), automatic and manual disabling, secret rotation, lease recovery and the queue metrics.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type WebhookSettings } from '../../../src/config.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { ABANDONED_ATTEMPT_ERROR } from '../../../src/modules/webhooks/dispatch/delivery-queue.js';
import type { WebhookDispatcher } from '../../../src/modules/webhooks/dispatch/webhook-dispatcher.js';
import { bearer, makeToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import { always, inSequence, ok, runUntilIdle, WebhookReceiver, type ReceivedRequest } from '../webhook-receiver.js';

const SUBSCRIPTIONS = '/api/v1/webhooks/subscriptions';
const PRODUCTS = '/api/v1/operations/products';
const ADJUST = '/api/v1/operations/inventory/adjust';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const failing = always({ status: 500, body: 'down' });

const devWebhooks: WebhookSettings = { ...loadConfig({}).webhooks, allowHttp: true, allowPrivateTargets: true };

function hmacHex(secret: string, body: Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex');
}

function signatureMatches(request: ReceivedRequest, secret: string): boolean {
  const expected = Buffer.from(hmacHex(secret, request.body), 'utf8');
  const given = Buffer.from(String(request.headers['x-webhook-signature']), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A `whsec_` secret is base64 key material for Standard Webhooks; one the subscriber chose is used as its bytes. */
function standardVerifier(secret: string): Webhook {
  return secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' });
}

function verifiesAsStandardWebhook(request: ReceivedRequest, secret: string): boolean {
  try {
    standardVerifier(secret).verify(request.body, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;

describe('webhook delivery worker', () => {
  let t: TestApp;
  // Real time, so that the Standard Webhooks library's timestamp tolerance accepts what is signed.
  let clock: FixedClock;
  let receiver: WebhookReceiver;
  let dispatcher: WebhookDispatcher;
  let dispatchErrors: object[];
  let call: ReturnType<typeof jsonCaller>;

  beforeEach(async () => {
    clock = new FixedClock(new Date());
    t = await buildTestApp({ clock, config: { webhooks: devWebhooks } });
    receiver = await WebhookReceiver.start();
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { type: 'integration' });
    call = jsonCaller(t.app, bearer(token));
    dispatchErrors = [];
    dispatcher = t.services.webhooks.createDispatcher({ error: (object) => void dispatchErrors.push(object) });
  });
  afterEach(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
    expect(dispatchErrors).toEqual([]);
  });

  const settle = () => runUntilIdle(dispatcher);
  const db = () => t.database.db;

  interface Created {
    id: string;
    secret: string;
  }

  async function subscribe(body: object, as = call): Promise<Created> {
    const res = await as('POST', SUBSCRIPTIONS, { url: receiver.url(), event_types: ['product.created'], ...body });
    expect(res.statusCode, res.body).toBe(201);
    const { id, secret } = res.json().data as Created;
    return { id, secret };
  }

  async function createProduct(name = `Widget ${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
    const res = await call('POST', PRODUCTS, { name });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as { id: string }).id;
  }

  async function adjustStock(productId: string, quantity: number): Promise<void> {
    const res = await call('POST', ADJUST, { product_id: productId, quantity, reason: 'Counted' });
    expect(res.statusCode, res.body).toBe(200);
  }

  const deliveriesOf = (subscriptionId: string) =>
    db()
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  const attemptsOf = (deliveryId: string) =>
    db()
      .selectFrom('webhook_delivery_attempts')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .orderBy('attempt')
      .execute();

  const subscription = async (id: string) => {
    const res = await call('GET', `${SUBSCRIPTIONS}/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as { status: string; disabled_reason: string | null };
  };

  describe('signatures', () => {
    it('signs the raw body with the generated secret, both as X-Webhook-Signature and as a Standard Webhook', async () => {
      const { secret } = await subscribe({});
      expect(secret).toMatch(/^whsec_/);
      await createProduct();
      await settle();

      expect(receiver.requests).toHaveLength(1);
      const [request] = receiver.requests;
      expect(request!.headers['x-webhook-signature']).toMatch(/^[0-9a-f]{64}$/);
      expect(signatureMatches(request!, secret)).toBe(true);
      expect(verifiesAsStandardWebhook(request!, secret)).toBe(true);
      expect(signatureMatches(request!, `${secret}x`)).toBe(false);
    });

    it('signs with a secret the subscriber chose', async () => {
      const secret = 'my-own-shared-secret-0123456789';
      const created = await subscribe({ secret });
      expect(created.secret).toBe(secret);
      await createProduct();
      await settle();

      const [request] = receiver.requests;
      expect(signatureMatches(request!, secret)).toBe(true);
      expect(verifiesAsStandardWebhook(request!, secret)).toBe(true);
    });
  });

  describe('headers', () => {
    it('sends the X-Webhook-* headers and the custom ones, keeping the delivery id across retries', async () => {
      receiver.respondWith(inSequence({ status: 500 }, ok));
      const { id } = await subscribe({ headers: { 'X-Tenant-Tag': 'north', Authorization: 'Bearer downstream' } });
      await createProduct();
      await settle();
      clock.advance(MINUTE);
      await settle();

      const [delivery] = await deliveriesOf(id);
      const event = await db()
        .selectFrom('events')
        .selectAll()
        .where('id', '=', delivery!.event_id)
        .executeTakeFirstOrThrow();
      expect(receiver.requests).toHaveLength(2);
      receiver.requests.forEach((request, i) => {
        expect(request.method).toBe('POST');
        expect(request.url).toBe('/hook');
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['user-agent']).toBe('Quartermaster-Webhooks/1.0');
        expect(request.headers['x-webhook-delivery-id']).toBe(delivery!.id);
        expect(request.headers['x-webhook-attempt']).toBe(String(i + 1));
        expect(request.headers['x-webhook-event-id']).toBe(event.id);
        expect(request.headers['x-tenant-tag']).toBe('north');
        expect(request.headers.authorization).toBe('Bearer downstream');
      });
      expect(delivery!.status).toBe('delivered');
      expect(delivery!.attempts).toBe(2);
    });

    it('never lets a stored custom header override a standard one, whatever its case', async () => {
      const { id, secret } = await subscribe({ headers: { 'X-Kept': 'yes' } });
      // The API refuses these names; written directly, they show the worker's own guard.
      const forged = {
        'X-Kept': 'yes',
        'content-type': 'text/plain',
        'USER-AGENT': 'forged-agent',
        'X-Webhook-Delivery-Id': 'forged-delivery',
        'x-webhook-signature': 'forged-signature',
        'Webhook-Id': 'forged-id',
      };
      await db().updateTable('webhook_subscriptions').set({ headers: forged }).where('id', '=', id).execute();
      await createProduct();
      await settle();

      const [request] = receiver.requests;
      const [delivery] = await deliveriesOf(id);
      expect(request!.headers['x-kept']).toBe('yes');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers['user-agent']).toBe('Quartermaster-Webhooks/1.0');
      expect(request!.headers['x-webhook-delivery-id']).toBe(delivery!.id);
      expect(request!.headers['webhook-id']).toBe(delivery!.id);
      expect(signatureMatches(request!, secret)).toBe(true);
      expect(request!.rawHeaders.filter((value) => value.startsWith('forged') || value === 'text/plain')).toEqual([]);
    });
  });

  describe('bodies', () => {
    it('sends the event with its payload in full mode and with a null payload in thin mode', async () => {
      await subscribe({ url: receiver.url('/full') });
      await subscribe({ url: receiver.url('/thin'), payload_mode: 'thin' });
      const productId = await createProduct('Copper pipe');
      await settle();

      const event = await db()
        .selectFrom('events')
        .selectAll()
        .where('entity_id', '=', productId)
        .executeTakeFirstOrThrow();
      const envelope = {
        id: event.id,
        event_type: 'product.created',
        entity_type: 'product',
        entity_id: productId,
        occurred_at: event.occurred_at,
      };
      const [full] = receiver.received('/full');
      const [thin] = receiver.received('/thin');
      expect(bodyOf(full!)).toEqual({ ...envelope, payload: event.payload });
      expect(event.payload).toMatchObject({ id: productId, name: 'Copper pipe' });
      expect(bodyOf(thin!)).toEqual({ ...envelope, payload: null });
    });
  });

  describe('pattern matching and visibility', () => {
    it('delivers by exact name, entity wildcard and *, once per subscription however many patterns match', async () => {
      const exact = await subscribe({ url: receiver.url('/exact'), event_types: ['product.created'] });
      const entity = await subscribe({ url: receiver.url('/entity'), event_types: ['product.*'] });
      const everything = await subscribe({ url: receiver.url('/all'), event_types: ['*'] });
      const overlapping = await subscribe({
        url: receiver.url('/overlap'),
        event_types: ['product.created', 'product.*', '*'],
      });
      const productId = await createProduct();
      await adjustStock(productId, 5);
      await settle();

      const typesAt = (path: string) =>
        receiver
          .received(path)
          .map((r) => bodyOf(r).event_type)
          .sort();
      expect(typesAt('/exact')).toEqual(['product.created']);
      expect(typesAt('/entity')).toEqual(['product.created']);
      expect(typesAt('/all')).toEqual(['inventory.adjusted', 'product.created', 'stock_movement.recorded']);
      expect(typesAt('/overlap')).toEqual(['inventory.adjusted', 'product.created', 'stock_movement.recorded']);
      expect(await deliveriesOf(exact.id)).toHaveLength(1);
      expect(await deliveriesOf(entity.id)).toHaveLength(1);
      expect(await deliveriesOf(everything.id)).toHaveLength(3);
      expect(await deliveriesOf(overlapping.id)).toHaveLength(3);
      const deliveryIds = receiver.requests.map((r) => r.headers['x-webhook-delivery-id']);
      expect(new Set(deliveryIds).size).toBe(deliveryIds.length);
    });

    it('gives a subscription only the events its creator token may view', async () => {
      const productsOnly = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, {
        type: 'integration',
        abilities: ['system:manage-webhooks', 'operations:view-products'],
      });
      await subscribe(
        { url: receiver.url('/products-only'), event_types: ['*'] },
        jsonCaller(t.app, bearer(productsOnly)),
      );
      await subscribe({ url: receiver.url('/admin'), event_types: ['*'] });
      const productId = await createProduct();
      await adjustStock(productId, 3);
      await settle();

      const typesAt = (path: string) =>
        receiver
          .received(path)
          .map((r) => bodyOf(r).event_type)
          .sort();
      expect(typesAt('/products-only')).toEqual(['product.created']);
      expect(typesAt('/admin')).toEqual(['inventory.adjusted', 'product.created', 'stock_movement.recorded']);
    });
  });

  describe('retries', () => {
    /** Advances the clock to just before `delayMs` after the last attempt, then to it: the attempt comes only then. */
    async function expectNextAttemptAfter(delayMs: number, attemptsSoFar: number) {
      clock.advance(delayMs - SECOND);
      await settle();
      expect(receiver.requests, `nothing before ${delayMs / SECOND}s`).toHaveLength(attemptsSoFar);
      clock.advance(SECOND);
      await settle();
      expect(receiver.requests, `attempt ${attemptsSoFar + 1} at ${delayMs / SECOND}s`).toHaveLength(attemptsSoFar + 1);
    }

    it('retries after 1, 5, 30 and 120 minutes, then marks the delivery failed and stops', async () => {
      receiver.respondWith(failing);
      const { id } = await subscribe({});
      await createProduct();
      await settle();
      expect(receiver.requests).toHaveLength(1);

      await expectNextAttemptAfter(60 * SECOND, 1);
      await expectNextAttemptAfter(300 * SECOND, 2);
      await expectNextAttemptAfter(1800 * SECOND, 3);
      await expectNextAttemptAfter(7200 * SECOND, 4);

      const [delivery] = await deliveriesOf(id);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 5, last_response_code: 500 });
      clock.advance(24 * 60 * MINUTE);
      await settle();
      expect(receiver.requests).toHaveLength(5);
      expect(receiver.requests.map((r) => r.headers['x-webhook-attempt'])).toEqual(['1', '2', '3', '4', '5']);
      expect(new Set(receiver.requests.map((r) => r.headers['x-webhook-delivery-id']))).toEqual(
        new Set([delivery!.id]),
      );
      const attempts = await attemptsOf(delivery!.id);
      expect(attempts.map((a) => [a.attempt, Boolean(a.succeeded), a.response_code])).toEqual(
        [1, 2, 3, 4, 5].map((n) => [n, false, 500]),
      );
    });

    it('waits as long as a 429 Retry-After asks when that is longer than the schedule', async () => {
      receiver.respondWith(inSequence({ status: 429, headers: { 'Retry-After': '600' } }, ok));
      const { id } = await subscribe({});
      await createProduct();
      await settle();

      const [pending] = await deliveriesOf(id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_response_code: 429 });
      expect(Date.parse(pending!.next_attempt_at) - clock.now().getTime()).toBe(600 * SECOND);
      await expectNextAttemptAfter(600 * SECOND, 1);
      expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    });

    it('keeps the 1 minute delay when Retry-After asks for less', async () => {
      receiver.respondWith(inSequence({ status: 429, headers: { 'Retry-After': '10' } }, ok));
      await subscribe({});
      await createProduct();
      await settle();

      await expectNextAttemptAfter(60 * SECOND, 1);
    });

    it('counts a redirect as a failure and does not follow it', async () => {
      receiver.respondWith((request) =>
        request.url === '/hook' ? { status: 302, headers: { Location: receiver.url('/moved') } } : ok,
      );
      const { id } = await subscribe({});
      await createProduct();
      await settle();

      expect(receiver.requests.map((r) => r.url)).toEqual(['/hook']);
      const [delivery] = await deliveriesOf(id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_response_code: 302 });
      expect(delivery!.last_error).toMatch(/redirect/i);
    });
  });

  describe('disabling', () => {
    it('disables a subscription automatically once at least 10 attempts in 24 hours failed, and makes no more deliveries', async () => {
      receiver.respondWith(failing);
      const { id } = await subscribe({});
      for (let i = 0; i < 9; i++) await createProduct();
      await settle();
      expect(receiver.requests).toHaveLength(9);
      expect((await subscription(id)).status).toBe('active');

      await createProduct();
      await settle();
      const disabled = await subscription(id);
      expect(disabled.status).toBe('disabled');
      expect(disabled.disabled_reason).toMatch(/10 of 10/);

      await createProduct();
      await settle();
      expect(await deliveriesOf(id)).toHaveLength(10);
    });

    it('stays active while exactly 95% of the attempts failed, and is disabled above that', async () => {
      // The first attempt succeeds, every later one fails.
      receiver.respondWith((_request, index) => (index === 0 ? ok : { status: 500 }));
      const { id } = await subscribe({});
      await createProduct();
      await settle();
      for (let i = 0; i < 19; i++) await createProduct();
      await settle();
      expect(receiver.requests).toHaveLength(20);
      expect((await subscription(id)).status).toBe('active');

      await createProduct();
      await settle();
      expect(await subscription(id)).toMatchObject({
        status: 'disabled',
        disabled_reason: expect.stringMatching(/20 of 21/),
      });
    });

    it('delivers nothing of what happened while a subscription was disabled, even after it is activated', async () => {
      const { id } = await subscribe({});
      expect((await call('POST', `${SUBSCRIPTIONS}/${id}/disable`)).statusCode).toBe(200);
      const whileDisabled = await createProduct();
      await settle();
      expect((await call('POST', `${SUBSCRIPTIONS}/${id}/activate`)).statusCode).toBe(200);
      await settle();
      expect(receiver.requests).toHaveLength(0);

      const afterActivation = await createProduct();
      await settle();
      expect(receiver.requests.map((r) => bodyOf(r).entity_id)).toEqual([afterActivation]);
      expect((await deliveriesOf(id)).map((d) => d.entity_id)).not.toContain(whileDisabled);
    });

    it('does not deliver an event of the disabled time that is published only after the activation', async () => {
      const { id } = await subscribe({});
      expect((await call('POST', `${SUBSCRIPTIONS}/${id}/disable`)).statusCode).toBe(200);
      const whileDisabled = await createProduct();
      clock.advance(1000);
      expect((await call('POST', `${SUBSCRIPTIONS}/${id}/activate`)).statusCode).toBe(200);
      const afterActivation = await createProduct();
      await settle();
      expect(receiver.requests.map((r) => bodyOf(r).entity_id)).toEqual([afterActivation]);
      expect((await deliveriesOf(id)).map((d) => d.entity_id)).not.toContain(whileDisabled);
    });
  });

  it('signs with the new secret after a rotation, which the old secret no longer verifies', async () => {
    const { id, secret: oldSecret } = await subscribe({});
    await createProduct();
    await settle();
    const rotated = await call('POST', `${SUBSCRIPTIONS}/${id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = (rotated.json().data as { secret: string }).secret;
    expect(newSecret).not.toBe(oldSecret);
    await createProduct();
    await settle();

    const [before, after] = receiver.requests;
    expect(signatureMatches(before!, oldSecret)).toBe(true);
    expect(signatureMatches(after!, newSecret)).toBe(true);
    expect(verifiesAsStandardWebhook(after!, newSecret)).toBe(true);
    expect(signatureMatches(after!, oldSecret)).toBe(false);
    expect(verifiesAsStandardWebhook(after!, oldSecret)).toBe(false);
  });

  it('takes over a delivery whose worker died once its lease ran out, recording the abandoned attempt', async () => {
    const { id } = await subscribe({});
    await createProduct();
    await t.services.publisher.publishAll();
    const leaseMs = devWebhooks.leaseMs;
    const taken = await t.services.webhooks.queue.claim('dead-worker', clock.now(), leaseMs, 10);
    expect(taken).toHaveLength(1);

    await settle();
    expect(receiver.requests, 'the lease still holds').toHaveLength(0);
    clock.advance(leaseMs + SECOND);
    const survivor = t.services.webhooks.createDispatcher({ error: (object) => void dispatchErrors.push(object) });
    await runUntilIdle(survivor);

    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.headers['x-webhook-attempt']).toBe('2');
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ id: taken[0]!.id, status: 'delivered', attempts: 2, lease_owner: null });
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts.map((a) => ({ attempt: a.attempt, succeeded: Boolean(a.succeeded), error: a.error }))).toEqual([
      { attempt: 1, succeeded: false, error: ABANDONED_ATTEMPT_ERROR },
      { attempt: 2, succeeded: true, error: null },
    ]);
  });

  it('records a batch of results together: each delivery its own state, none for a lease another worker took', async () => {
    const { id } = await subscribe({});
    for (let i = 0; i < 5; i++) await createProduct();
    await t.services.publisher.publishAll();
    const { queue } = t.services.webhooks;
    const leaseMs = devWebhooks.leaseMs;
    const [lost, ...claimed] = await queue.claim('worker-a', clock.now(), leaseMs, 10);
    expect(claimed).toHaveLength(4);
    // The first delivery's lease runs out and worker B takes it over before A writes what it got.
    await db()
      .updateTable('webhook_deliveries')
      .set({ lease_expires_at: new Date(clock.now().getTime() - SECOND).toISOString() })
      .where('id', '=', lost!.id)
      .execute();
    expect((await queue.claim('worker-b', clock.now(), leaseMs, 10)).map((d) => d.id)).toEqual([lost!.id]);

    const attemptedAt = clock.now();
    const result = (
      delivery: typeof lost,
      outcome: { ok: boolean; statusCode: number | null; error: string | null; retryAfterSeconds?: number },
    ) => ({
      delivery: delivery!,
      attemptedAt,
      durationMs: 12.4,
      retryAfterSeconds: null,
      ...outcome,
    });
    const [delivered, retried, retriedLater, last] = claimed;
    const outcomes = await queue.record(
      'worker-a',
      [
        result(lost, { ok: true, statusCode: 200, error: null }),
        result(delivered, { ok: true, statusCode: 204, error: null }),
        result(retried, { ok: false, statusCode: 500, error: 'HTTP 500' }),
        result(retriedLater, { ok: false, statusCode: 429, error: 'HTTP 429', retryAfterSeconds: 600 }),
        result({ ...last!, attempt: 5 }, { ok: false, statusCode: null, error: 'Connection refused' }),
      ],
      clock.now(),
      devWebhooks.retryDelaysSeconds,
    );
    expect(outcomes).toEqual(['lease_lost', 'delivered', 'retrying', 'retrying', 'failed']);

    const rows = new Map((await deliveriesOf(id)).map((row) => [row.id, row]));
    expect(rows.get(lost!.id), 'worker B still holds it').toMatchObject({
      status: 'delivering',
      lease_owner: 'worker-b',
      last_response_code: null,
    });
    expect(rows.get(delivered!.id)).toMatchObject({
      status: 'delivered',
      last_response_code: 204,
      last_response_time_ms: 12,
      last_error: null,
      lease_owner: null,
      lease_expires_at: null,
    });
    const retryAt = (seconds: number) => new Date(attemptedAt.getTime() + seconds * SECOND).toISOString();
    expect(rows.get(retried!.id)).toMatchObject({
      status: 'pending',
      next_attempt_at: retryAt(devWebhooks.retryDelaysSeconds[0]!),
      last_response_code: 500,
      last_error: 'HTTP 500',
      lease_owner: null,
    });
    expect(rows.get(retriedLater!.id)).toMatchObject({
      status: 'pending',
      next_attempt_at: retryAt(600),
      last_response_code: 429,
      lease_owner: null,
    });
    expect(rows.get(last!.id)).toMatchObject({
      status: 'failed',
      last_response_code: null,
      last_error: 'Connection refused',
      lease_owner: null,
    });
    expect(await attemptsOf(delivered!.id)).toMatchObject([
      { attempt: 1, succeeded: expect.anything(), response_code: 204 },
    ]);
  });

  it('reports the queue and the attempts on /metrics', async () => {
    await subscribe({ url: receiver.url('/up') });
    await subscribe({ url: receiver.url('/down') });
    receiver.respondWith((request) => (request.url === '/down' ? { status: 503 } : ok));
    await createProduct();
    await settle();
    clock.advance(90 * SECOND);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const metrics = res.body;
    expect(metrics).toContain('webhook_deliveries_queued{status="pending"} 1');
    expect(metrics).toContain('webhook_deliveries_queued{status="due"} 1');
    expect(metrics).toContain('webhook_deliveries_queued{status="delivering"} 0');
    // Due 60 s after the failed attempt, read 90 s after it.
    expect(metrics).toMatch(/^webhook_oldest_due_delivery_age_seconds 30$/m);
    expect(metrics).toContain('webhook_delivery_attempts_total{outcome="delivered"} 1');
    expect(metrics).toContain('webhook_delivery_attempts_total{outcome="retrying"} 1');
    expect(metrics).toMatch(/^webhook_attempt_duration_seconds_count 2$/m);
  });
});
