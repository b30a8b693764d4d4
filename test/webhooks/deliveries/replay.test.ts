// Replay after an outage: retained events of a window delivered again to an active subscription, once per event
// while a delivery is open (also under parallel replays and across chunks), within the subscription's patterns
// and visibility, narrowed by the request's patterns and bounds; validation, states, tenancy and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type WebhookSettings } from '../../../src/config.js';
import { FixedClock } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import type { WebhookDispatcher } from '../../../src/modules/webhooks/dispatch/webhook-dispatcher.js';
import { bearer, makeTenant, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type HttpMethod, type TestApp } from '../../helpers/test-app.js';
import { always, ok, WebhookReceiver, type ReceivedRequest } from '../webhook-receiver.js';

const API = '/api/v1';
const SUBSCRIPTIONS = `${API}/webhooks/subscriptions`;
const PRODUCTS = `${API}/operations/products`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const webhooks: WebhookSettings = {
  ...loadConfig({}).webhooks,
  allowHttp: true,
  allowPrivateTargets: true,
  retryDelaysSeconds: [60, 300, 1800, 7200],
};

type Headers = Record<string, string>;
interface Caller {
  tenantId: string;
  userId: string;
  auth: Headers;
}
interface ReplayAnswer {
  subscription_id: string;
  since: string;
  until: string;
  deliveries_created: number;
  already_pending: number;
}

const isCaller = (as: Caller | Headers): as is Caller => typeof (as as Caller).tenantId === 'string';
const eventOf = (request: ReceivedRequest) =>
  JSON.parse(request.body.toString('utf8')) as { event_type: string; entity_id: string };

describe('webhook replay', () => {
  let t: TestApp;
  let clock: FixedClock;
  let receiver: WebhookReceiver;
  let dispatcher: WebhookDispatcher;
  let paths = 0;

  beforeAll(async () => {
    clock = new FixedClock(new Date('2026-04-01T08:00:00.000Z'));
    t = await buildTestApp({ clock, config: { webhooks } });
    receiver = await WebhookReceiver.start(always(ok));
    dispatcher = t.services.webhooks.createDispatcher({ error: (object, message) => console.error(message, object) });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  /** A tenant of its own, so that the events a replay finds are only this test's. */
  async function integrationCaller(abilities?: string[]): Promise<Caller> {
    const tenant = await makeTenant(t.services);
    const token = await makeToken(t.services, tenant.tenantId, tenant.adminId, { type: 'integration', abilities });
    return { tenantId: tenant.tenantId, userId: tenant.adminId, auth: bearer(token) };
  }

  const call = (method: HttpMethod, url: string, as: Caller | Headers, payload?: object) =>
    t.app.inject({ method, url, headers: isCaller(as) ? as.auth : as, ...(payload === undefined ? {} : { payload }) });

  async function runWorker(): Promise<void> {
    while (await dispatcher.tick()) {
      // a pass that found work is followed by another
    }
    await dispatcher.drain();
  }

  async function subscribe(as: Caller, eventTypes: string[] = ['product.*']) {
    const path = `/replay-${++paths}`;
    const res = await call('POST', SUBSCRIPTIONS, as, { url: receiver.url(path), event_types: eventTypes });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as { id: string }).id;
    return { id, received: () => receiver.received(path).map(eventOf) };
  }

  async function createProduct(as: Caller): Promise<string> {
    const res = await call('POST', PRODUCTS, as, { name: `Gadget ${paths}-${Math.random().toString(36).slice(2, 8)}` });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as { id: string }).id;
  }

  const setStatus = async (as: Caller, subscriptionId: string, verb: 'disable' | 'activate') =>
    expect((await call('POST', `${SUBSCRIPTIONS}/${subscriptionId}/${verb}`, as)).statusCode).toBe(200);

  async function replay(as: Caller, subscriptionId: string, body: object): Promise<ReplayAnswer> {
    const res = await call('POST', `${SUBSCRIPTIONS}/${subscriptionId}/replay`, as, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Webhook events replayed');
    return res.json().data as ReplayAnswer;
  }

  const openDeliveries = (subscriptionId: string) =>
    t.database.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'status'])
      .where('subscription_id', '=', subscriptionId)
      .where('status', 'in', ['pending', 'delivering'])
      .execute();

  it('delivers the events made while the subscription was disabled once it is activated and replayed', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const since = clock.now().toISOString();
    await setStatus(caller, subscription.id, 'disable');
    const products = [await createProduct(caller), await createProduct(caller)];
    await runWorker();
    expect(subscription.received()).toEqual([]);

    clock.advance(HOUR);
    await setStatus(caller, subscription.id, 'activate');
    const answer = await replay(caller, subscription.id, { since });
    expect(answer).toEqual({
      subscription_id: subscription.id,
      since,
      until: clock.now().toISOString(),
      deliveries_created: 2,
      already_pending: 0,
    });

    await runWorker();
    expect(subscription.received().map((e) => [e.event_type, e.entity_id])).toEqual(
      products.map((id) => ['product.created', id]),
    );
  });

  it('creates nothing the second time while the first deliveries are pending, and again once they ended', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const since = clock.now().toISOString();
    await createProduct(caller);
    await createProduct(caller);
    await runWorker();
    expect(subscription.received()).toHaveLength(2);

    expect(await replay(caller, subscription.id, { since })).toMatchObject({
      deliveries_created: 2,
      already_pending: 0,
    });
    expect(await replay(caller, subscription.id, { since })).toMatchObject({
      deliveries_created: 0,
      already_pending: 2,
    });
    expect(await openDeliveries(subscription.id)).toHaveLength(2);

    await runWorker();
    expect(subscription.received()).toHaveLength(4);
    expect(await replay(caller, subscription.id, { since })).toMatchObject({
      deliveries_created: 2,
      already_pending: 0,
    });
    await runWorker();
  });

  it('narrows to the requested patterns, within the subscription’s own', async () => {
    const caller = await integrationCaller();
    const everything = await subscribe(caller, ['*']);
    const createdOnly = await subscribe(caller, ['product.created']);
    const since = clock.now().toISOString();
    const product = await createProduct(caller);
    expect((await call('POST', `${PRODUCTS}/${product}/activate`, caller)).statusCode).toBe(200);
    await runWorker();
    const typesOf = async (subscriptionId: string) =>
      (
        await t.database.db
          .selectFrom('webhook_deliveries')
          .select('event_type')
          .where('subscription_id', '=', subscriptionId)
          .where('status', '=', 'pending')
          .execute()
      )
        .map((d) => d.event_type)
        .sort();

    expect(await replay(caller, everything.id, { since, event_types: ['product.activated'] })).toMatchObject({
      deliveries_created: 1,
    });
    expect(await typesOf(everything.id)).toEqual(['product.activated']);
    expect(await replay(caller, createdOnly.id, { since, event_types: ['product.*'] })).toMatchObject({
      deliveries_created: 1,
    });
    expect(await typesOf(createdOnly.id)).toEqual(['product.created']);
    expect(await replay(caller, createdOnly.id, { since, event_types: ['inventory.*'] })).toMatchObject({
      deliveries_created: 0,
      already_pending: 0,
    });
    await runWorker();
  });

  it('takes only the events that occurred between since and until, both included', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const first = await createProduct(caller);
    const firstAt = clock.now().toISOString();
    clock.advance(HOUR);
    const second = await createProduct(caller);
    const secondAt = clock.now().toISOString();
    clock.advance(HOUR);
    await createProduct(caller);
    await runWorker();
    const replayed = async (body: object) => {
      const before = subscription.received().length;
      const answer = await replay(caller, subscription.id, body);
      await runWorker();
      return {
        answer,
        entities: subscription
          .received()
          .slice(before)
          .map((e) => e.entity_id),
      };
    };

    expect(
      (await replayed({ since: firstAt, until: new Date(Date.parse(firstAt) + 30 * MINUTE).toISOString() })).entities,
    ).toEqual([first]);
    expect((await replayed({ since: firstAt, until: secondAt })).entities).toEqual([first, second]);
    const fromSecond = await replayed({ since: secondAt, until: secondAt });
    expect(fromSecond.entities).toEqual([second]);
    expect(fromSecond.answer).toMatchObject({ since: secondAt, until: secondAt });
    // Offsets are read as the instant they name and answered in UTC.
    const offset = await replay(caller, subscription.id, {
      since: '2026-04-01T10:00:00+02:00',
      until: '2026-04-01T10:30:00+02:00',
    });
    expect(offset).toMatchObject({ since: '2026-04-01T08:00:00.000Z', until: '2026-04-01T08:30:00.000Z' });
    await runWorker();
  });

  it('never replays test events, other tenants’ events or entities the subscription may not see', async () => {
    const caller = await integrationCaller([
      'system:manage-webhooks',
      'operations:view-products',
      'operations:create-products',
    ]);
    const subscription = await subscribe(caller, ['*']);
    const since = clock.now().toISOString();
    expect((await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/test`, caller)).statusCode).toBe(200);
    const product = await createProduct(caller);
    const stranger = await integrationCaller();
    await createProduct(stranger);
    await t.database.db
      .insertInto('events')
      .values({
        id: newId(),
        tenant_id: caller.tenantId,
        event_type: 'inventory.adjusted',
        entity_type: 'inventory',
        entity_id: newId(),
        payload: {},
        occurred_at: clock.now().toISOString(),
        created_at: clock.now().toISOString(),
      })
      .execute();
    await runWorker();
    // Delivered side by side by the worker: in either order.
    expect(
      subscription
        .received()
        .map((e) => e.event_type)
        .sort(),
    ).toEqual(['product.created', 'webhook.test']);

    expect(await replay(caller, subscription.id, { since })).toMatchObject({
      deliveries_created: 1,
      already_pending: 0,
    });
    await runWorker();
    expect(
      subscription
        .received()
        .slice(2)
        .map((e) => [e.event_type, e.entity_id]),
    ).toEqual([['product.created', product]]);
  });

  it('works through more events than one chunk, and parallel replays never double a delivery', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const since = clock.now().toISOString();
    const count = 1_203;
    const events = Array.from({ length: count }, () => ({
      id: newId(),
      tenant_id: caller.tenantId,
      event_type: 'product.updated',
      entity_type: 'product',
      entity_id: newId(),
      payload: { seeded: true },
      occurred_at: since,
      created_at: since,
    }));
    for (let i = 0; i < events.length; i += 100)
      await t.database.db
        .insertInto('events')
        .values(events.slice(i, i + 100))
        .execute();

    const answers = await Promise.all([
      replay(caller, subscription.id, { since }),
      replay(caller, subscription.id, { since }),
    ]);
    expect(answers.map((a) => a.deliveries_created + a.already_pending)).toEqual([count, count]);
    expect(answers[0]!.deliveries_created + answers[1]!.deliveries_created).toBe(count);
    const open = await openDeliveries(subscription.id);
    expect(open).toHaveLength(count);
    expect(new Set(open.map((d) => d.event_id)).size).toBe(count);
    expect(await replay(caller, subscription.id, { since })).toMatchObject({
      deliveries_created: 0,
      already_pending: count,
    });
    // Not sent: the seeded events stay pending, out of the way of the other tests' receivers.
    await t.database.db.deleteFrom('webhook_deliveries').where('subscription_id', '=', subscription.id).execute();
  });

  it('accepts a since older than the retention window and finds nothing older than what is retained', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const since = new Date(clock.now().getTime() - 90 * 24 * HOUR).toISOString();
    expect(await replay(caller, subscription.id, { since })).toMatchObject({
      since,
      deliveries_created: 0,
      already_pending: 0,
    });
  });

  it('reports every problem of the request', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const errorsOf = async (body: object) => {
      const res = await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, caller, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('The given data was invalid.');
      return res.json().errors as Record<string, string[]>;
    };
    expect(await errorsOf({})).toEqual({ since: ['The since field is required.'] });
    expect(await errorsOf({ since: 'yesterday' })).toEqual({ since: ['The since field must be a valid date time.'] });
    expect(await errorsOf({ since: '2026-04-01T08:00:00' })).toHaveProperty('since');
    expect(
      await errorsOf({
        since: '2026-04-01T08:00:00Z',
        until: '2026-04-01T07:59:59Z',
        event_types: ['product.created', 'product.sold', 'order.*', 'Order.*', 'spaceship.*'],
      }),
    ).toEqual({
      until: ['The until field must be a date after or equal to since.'],
      'event_types.3': [expect.stringContaining('The pattern "Order.*" is malformed')],
      'event_types.4': [expect.stringContaining('Unknown entity "spaceship"')],
    });
    expect(await errorsOf({ since: '2026-04-01T08:00:00Z', event_types: [] })).toHaveProperty('event_types');
    expect(await errorsOf({ since: new Date(clock.now().getTime() + HOUR).toISOString() })).toEqual({
      until: ['The until field must be a date after or equal to since.'],
    });
  });

  it('refuses a disabled subscription, and answers 404 for a deleted one or another tenant’s', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const body = { since: '2026-04-01T00:00:00Z' };
    await setStatus(caller, subscription.id, 'disable');
    const disabled = await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, caller, body);
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json()).toEqual({
      success: false,
      code: 'subscription_disabled',
      message: 'Cannot replay events to a webhook subscription whose status is disabled; activate it first.',
    });

    const notFound = {
      success: false,
      code: 'not_found',
      message: 'Webhook subscription not found.',
      data: null,
      meta: {},
    };
    const stranger = await integrationCaller();
    const foreign = await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, stranger, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(notFound);

    await setStatus(caller, subscription.id, 'activate');
    expect((await call('DELETE', `${SUBSCRIPTIONS}/${subscription.id}`, caller)).statusCode).toBe(200);
    const deleted = await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, caller, body);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual(notFound);
  });

  it('refuses personal tokens', async () => {
    const caller = await integrationCaller();
    const subscription = await subscribe(caller);
    const personal = bearer(await makeToken(t.services, caller.tenantId, caller.userId, { type: 'personal' }));
    const res = await call('POST', `${SUBSCRIPTIONS}/${subscription.id}/replay`, personal, {
      since: '2026-04-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(403);
    expect(await openDeliveries(subscription.id)).toEqual([]);
  });
});
