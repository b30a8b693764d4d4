// Who may read and change webhook subscriptions and deliveries: the webhook abilities and the roles that may hold
// them, the caller's view abilities judging every pattern, target change, replay and retry, deliveries shown only
// for entities the caller may view, and custom header values that are never answered or logged.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type WebhookSettings } from '../../src/config.js';
import { newId } from '../../src/lib/ids.js';
import type { WebhookDispatcher } from '../../src/modules/webhooks/dispatch/webhook-dispatcher.js';
import { bearer, makeToken, makeUser } from '../helpers/factories.js';
import { buildTestApp, type HttpMethod, type TestApp } from '../helpers/test-app.js';
import { always, ok, WebhookReceiver } from './webhook-receiver.js';

const SUBSCRIPTIONS = '/api/v1/webhooks/subscriptions';
const RECEIVER_CREDENTIAL = 'Bearer receiver-credential-4f1c9e';
const MASK = '••••';
const webhooks: WebhookSettings = { ...loadConfig({}).webhooks, allowHttp: true, allowPrivateTargets: true };

type Headers = Record<string, string>;
const needs = (ability: string) => ({
  success: false,
  code: 'forbidden',
  message: `This action requires the ability ${ability}.`,
});

describe('webhook authorization', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let dispatcher: WebhookDispatcher;
  const logLines: string[] = [];
  /** The admin's integration token: every ability. */
  let admin: Headers;
  /** A token of the admin holding the webhook abilities but viewing only products. */
  let productsOnly: Headers;
  let subscriptionId: string;
  let productDeliveryId: string;
  let purchaseOrderDeliveryId: string;

  const call = (method: HttpMethod, url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const token = async (abilities: string[], role: 'admin' | 'manager' | 'viewer' = 'admin') => {
    const userId = role === 'admin' ? t.tenant.adminId : (await makeUser(t.services, t.tenant.tenantId, role)).id;
    return bearer(await makeToken(t.services, t.tenant.tenantId, userId, { type: 'application', abilities }));
  };
  const subscriptionRow = (id: string) =>
    t.database.db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const deliveryCount = async () =>
    (await t.database.db.selectFrom('webhook_deliveries').select('id').execute()).length;

  async function subscribe(body: object, headers: Headers = admin): Promise<string> {
    const res = await call('POST', SUBSCRIPTIONS, headers, { url: receiver.url('/hook'), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as { id: string }).id;
  }

  /** Writes published events of the tenant that occurred at `now`, as the publisher would have. */
  async function publish(
    now: string,
    ...entityTypes: Array<'product' | 'purchase_order' | 'inventory'>
  ): Promise<void> {
    const type = {
      product: 'product.created',
      purchase_order: 'purchase_order.created',
      inventory: 'inventory.adjusted',
    };
    await t.database.db
      .insertInto('events')
      .values(
        entityTypes.map((entity) => ({
          id: newId(),
          tenant_id: t.tenant.tenantId,
          event_type: type[entity],
          entity_type: entity,
          entity_id: newId(),
          payload: { notes: `${entity} payload` },
          occurred_at: now,
          created_at: now,
        })),
      )
      .execute();
  }

  async function runWorker(): Promise<void> {
    while (await dispatcher.tick()) {
      // a pass that found work is followed by another
    }
    await dispatcher.drain();
  }

  beforeAll(async () => {
    const logStream = new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) });
    t = await buildTestApp({ config: { webhooks }, loggerInstance: pino({ level: 'trace' }, logStream) });
    receiver = await WebhookReceiver.start(always(ok));
    dispatcher = t.services.webhooks.createDispatcher({ error: (object, message) => console.error(message, object) });
    admin = await token(['*']);
    productsOnly = await token(['system:view-webhooks', 'system:manage-webhooks', 'operations:view-products']);

    const since = new Date().toISOString();
    subscriptionId = await subscribe({
      event_types: ['purchase_order.*', 'inventory.*', 'stock_movement.*', 'product.*'],
      headers: { Authorization: RECEIVER_CREDENTIAL },
    });
    await publish(since, 'purchase_order', 'product');
    const replayed = await call('POST', `${SUBSCRIPTIONS}/${subscriptionId}/replay`, admin, { since });
    expect(replayed.json().data).toMatchObject({ deliveries_created: 2 });
    await runWorker();
    const deliveries = await t.database.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'entity_type'])
      .where('subscription_id', '=', subscriptionId)
      .execute();
    productDeliveryId = deliveries.find((d) => d.entity_type === 'product')!.id;
    purchaseOrderDeliveryId = deliveries.find((d) => d.entity_type === 'purchase_order')!.id;
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  /** Every subscription and delivery route, with the ability it needs and a body it would accept. */
  const routes = () => {
    const one = `${SUBSCRIPTIONS}/${subscriptionId}`;
    const delivery = `${one}/deliveries/${purchaseOrderDeliveryId}`;
    const view = 'system:view-webhooks';
    const manage = 'system:manage-webhooks';
    return [
      ['GET', SUBSCRIPTIONS, view, undefined],
      ['POST', SUBSCRIPTIONS, manage, { url: receiver.url('/mine'), event_types: ['*'] }],
      ['GET', one, view, undefined],
      ['PATCH', one, manage, { url: receiver.url('/mine') }],
      ['POST', `${one}/rotate-secret`, manage, undefined],
      ['POST', `${one}/replay`, manage, { since: '2020-01-01T00:00:00Z' }],
      ['POST', `${one}/test`, manage, undefined],
      ['GET', `${one}/deliveries`, view, undefined],
      ['GET', delivery, view, undefined],
      ['POST', `${delivery}/retry`, manage, undefined],
      ['POST', `${one}/disable`, manage, undefined],
      ['POST', `${one}/activate`, manage, undefined],
      ['DELETE', one, manage, undefined],
    ] as const;
  };

  it('refuses every subscription and delivery route to a viewer token without the webhook abilities, and changes nothing', async () => {
    const outsider = await token(['crm:view-leads'], 'viewer');
    const before = await subscriptionRow(subscriptionId);
    const deliveries = await deliveryCount();
    const received = receiver.received('/mine').length;
    for (const [method, url, ability, payload] of routes()) {
      const res = await call(method, url, outsider, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual(needs(ability));
    }
    expect(await subscriptionRow(subscriptionId)).toEqual(before);
    expect(await deliveryCount()).toBe(deliveries);
    await runWorker();
    expect(receiver.received('/mine')).toHaveLength(received);
  });

  it('lets a viewer read with system:view-webhooks but never manage, whatever its token grants', async () => {
    const viewer = await token(['*'], 'viewer');
    for (const [method, url, ability, payload] of routes()) {
      const res = await call(method, url, viewer, payload);
      if (ability === 'system:view-webhooks') expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      else expect(res.json(), `${method} ${url}`).toEqual(needs(ability));
    }
  });

  it('keeps managers, whose role covers only operations, away from webhooks', async () => {
    const manager = await token(['*'], 'manager');
    expect((await call('GET', SUBSCRIPTIONS, manager)).json()).toEqual(needs('system:view-webhooks'));
    expect(
      (await call('POST', SUBSCRIPTIONS, manager, { url: receiver.url('/mine'), event_types: ['*'] })).json(),
    ).toEqual(needs('system:manage-webhooks'));
  });

  it('never stores an answer that carries a secret for an Idempotency-Key replay, nor replays it to another token', async () => {
    const body = { url: receiver.url('/idempotent'), event_types: ['product.*'] };
    const other = await token(['*']);
    const withKey = (headers: Headers) => ({ ...headers, 'idempotency-key': 'subscription-key-1' });
    const first = await call('POST', SUBSCRIPTIONS, withKey(admin), body);
    const second = await call('POST', SUBSCRIPTIONS, withKey(other), body);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data.secret).not.toBe(first.json().data.secret);
    const rotateUrl = `${SUBSCRIPTIONS}/${first.json().data.id}/rotate-secret`;
    const rotated = await call('POST', rotateUrl, withKey(admin));
    const rotatedByOther = await call('POST', rotateUrl, withKey(other));
    expect(rotatedByOther.headers['idempotent-replayed']).toBeUndefined();
    expect(rotatedByOther.json().data.secret).not.toBe(rotated.json().data.secret);
    const stored = await t.database.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(stored.filter((row) => row.response_body?.includes('whsec_'))).toEqual([]);
  });

  describe('custom header values', () => {
    it('are answered masked by every read and by creation', async () => {
      const got = await call('GET', `${SUBSCRIPTIONS}/${subscriptionId}`, admin);
      expect(got.json().data.headers).toEqual({ Authorization: MASK });
      const listed = await call('GET', SUBSCRIPTIONS, admin);
      expect(listed.body).not.toContain(RECEIVER_CREDENTIAL);
      const created = await call('POST', SUBSCRIPTIONS, admin, {
        url: receiver.url('/masked'),
        event_types: ['*'],
        headers: { 'X-Key': 'k-123' },
      });
      expect(created.json().data.headers).toEqual({ 'X-Key': MASK });
    });

    it('still go to the receiver as set', async () => {
      const sent = receiver.received('/hook');
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((request) => request.headers.authorization === RECEIVER_CREDENTIAL)).toBe(true);
    });

    it('keep their stored value when sent back masked, and a masked value for a new header is refused', async () => {
      const id = await subscribe({
        event_types: ['product.*'],
        headers: { Authorization: 'Bearer keep-me', 'X-Old': 'old' },
      });
      const res = await call('PATCH', `${SUBSCRIPTIONS}/${id}`, admin, {
        headers: { authorization: MASK, 'X-New': 'new' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.headers).toEqual({ authorization: MASK, 'X-New': MASK });
      expect((await subscriptionRow(id)).headers).toEqual({ authorization: 'Bearer keep-me', 'X-New': 'new' });

      const refused = await call('PATCH', `${SUBSCRIPTIONS}/${id}`, admin, { headers: { 'X-Unknown': MASK } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        'headers.X-Unknown': ['The header X-Unknown has no stored value to keep; send its value.'],
      });
      expect((await subscriptionRow(id)).headers).toEqual({ authorization: 'Bearer keep-me', 'X-New': 'new' });
    });

    it('never reach the log', async () => {
      await call('PATCH', `${SUBSCRIPTIONS}/${subscriptionId}`, admin, {
        headers: { Authorization: RECEIVER_CREDENTIAL, 'Bad Name': 'x' },
      });
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.filter((line) => line.includes('receiver-credential'))).toEqual([]);
    });
  });

  describe("the caller's view abilities", () => {
    it('refuse patterns of entities the caller may not view at creation, naming the ability', async () => {
      const res = await call('POST', SUBSCRIPTIONS, productsOnly, {
        url: receiver.url('/p'),
        event_types: ['product.*', 'purchase_order.*', 'inventory.adjusted'],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        'event_types.1': [
          'You may not view purchase_order events: they need the ability operations:view-purchase-orders.',
        ],
        'event_types.2': ['You may not view inventory events: they need the ability operations:view-inventory.'],
      });
      const id = await subscribe({ event_types: ['*'] }, productsOnly);
      expect((await subscriptionRow(id)).visible_entity_types).toEqual(['product']);
    });

    it('judge a change of target: patterns the caller may not view are refused, and the subscription then gets what the caller may view', async () => {
      const before = await subscriptionRow(subscriptionId);
      const refused = await call('PATCH', `${SUBSCRIPTIONS}/${subscriptionId}`, productsOnly, {
        url: receiver.url('/stolen'),
      });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['event_types.0', 'event_types.1', 'event_types.2']);
      expect(await subscriptionRow(subscriptionId)).toEqual(before);

      const everything = await subscribe({ event_types: ['*'] });
      const moved = await call('PATCH', `${SUBSCRIPTIONS}/${everything}`, productsOnly, {
        url: receiver.url('/moved'),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await subscriptionRow(everything)).visible_entity_types).toEqual(['product']);
    });

    it('leave the subscription as it was when only its description changes', async () => {
      const res = await call('PATCH', `${SUBSCRIPTIONS}/${subscriptionId}`, productsOnly, {
        description: 'Purchasing sync',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await subscriptionRow(subscriptionId)).visible_entity_types).toContain('purchase_order');
    });

    it('limit a replay to entities the caller may view, and refuse patterns it may not', async () => {
      const id = await subscribe({ event_types: ['*'] });
      const window = { since: '2030-01-01T00:00:00.000Z', until: '2030-01-02T00:00:00.000Z' };
      await publish(window.since, 'product', 'purchase_order', 'inventory');
      const refused = await call('POST', `${SUBSCRIPTIONS}/${id}/replay`, productsOnly, {
        ...window,
        event_types: ['purchase_order.*'],
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        'event_types.0': [
          'You may not view purchase_order events: they need the ability operations:view-purchase-orders.',
        ],
      });

      const replayed = await call('POST', `${SUBSCRIPTIONS}/${id}/replay`, productsOnly, window);
      expect(replayed.statusCode, replayed.body).toBe(200);
      const created = await t.database.db
        .selectFrom('webhook_deliveries')
        .select('entity_type')
        .where('subscription_id', '=', id)
        .execute();
      expect(created.map((d) => d.entity_type)).toEqual(['product']);
    });

    it('show deliveries, payloads and retries only of entities the caller may view', async () => {
      const deliveries = `${SUBSCRIPTIONS}/${subscriptionId}/deliveries`;
      const listed = await call('GET', deliveries, productsOnly);
      expect(listed.json().data.map((d: { id: string }) => d.id)).toEqual([productDeliveryId]);
      expect(listed.json().meta.total).toBe(1);
      expect((await call('GET', deliveries, admin)).json().meta.total).toBe(2);

      const product = await call('GET', `${deliveries}/${productDeliveryId}`, productsOnly);
      expect(product.json().data.payload.payload).toEqual({ notes: 'product payload' });
      for (const [method, url] of [
        ['GET', `${deliveries}/${purchaseOrderDeliveryId}`],
        ['POST', `${deliveries}/${purchaseOrderDeliveryId}/retry`],
      ] as const) {
        const res = await call(method, url, productsOnly);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('Webhook delivery not found.');
      }
      expect(
        (await call('GET', `${deliveries}/${purchaseOrderDeliveryId}`, admin)).json().data.payload.payload,
      ).toEqual({ notes: 'purchase_order payload' });
    });
  });
});
