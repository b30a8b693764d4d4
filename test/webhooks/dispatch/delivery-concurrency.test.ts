// Several delivery workers on one database: each delivery is claimed by exactly one of them, sent once and
// recorded once. On PostgreSQL the claims race for real (FOR UPDATE SKIP LOCKED); on SQLite the write lock
// serialises them, and the outcome must be the same.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type WebhookSettings } from '../../../src/config.js';
import { FixedClock } from '../../../src/lib/clock.js';
import type { WebhookDispatcher } from '../../../src/modules/webhooks/dispatch/webhook-dispatcher.js';
import { bearer, makeToken } from '../../helpers/factories.js';
import { buildTestApp, jsonCaller, type TestApp } from '../../helpers/test-app.js';
import { runUntilIdle, WebhookReceiver } from '../webhook-receiver.js';

const EVENTS = 300;
const WORKERS = 4;
// Small enough that each worker has to claim many times, so the claims interleave.
const SLOTS_PER_WORKER = 16;

const webhooks: WebhookSettings = {
  ...loadConfig({}).webhooks,
  allowHttp: true,
  allowPrivateTargets: true,
  concurrency: SLOTS_PER_WORKER,
};

describe('webhook delivery with concurrent workers', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await buildTestApp({ clock: new FixedClock(new Date('2026-06-01T08:00:00.000Z')), config: { webhooks } });
    receiver = await WebhookReceiver.start(() => ({ status: 200, delayMs: Math.floor(Math.random() * 21) }));
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const unfinished = async () => {
    const row = await t.database.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'delivering'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /** One worker's share: passes until nothing is left to deliver by anyone, pausing briefly when it found nothing. */
  async function work(dispatcher: WebhookDispatcher): Promise<void> {
    while ((await unfinished()) > 0) {
      await runUntilIdle(dispatcher);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  it(
    `delivers ${EVENTS} events exactly once each with ${WORKERS} workers claiming at the same time`,
    { timeout: 180_000 },
    async () => {
      const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { type: 'integration' });
      const call = jsonCaller(t.app, bearer(token));
      const created = await call('POST', '/api/v1/webhooks/subscriptions', {
        url: receiver.url(),
        event_types: ['product.created'],
      });
      expect(created.statusCode).toBe(201);
      const subscriptionId = (created.json().data as { id: string }).id;
      for (let i = 0; i < EVENTS; i++) {
        const res = await call('POST', '/api/v1/operations/products', { name: `Concurrent product ${i}` });
        expect(res.statusCode).toBe(201);
      }
      // Published up front so that no worker finds the queue empty only because another is still publishing.
      await t.services.publisher.publishAll();

      const queue = t.services.webhooks.queue;
      const claimedBy = new Map<string, number>();
      const claim = queue.claim.bind(queue);
      const spy = vi.spyOn(queue, 'claim').mockImplementation(async (workerId, ...rest) => {
        const claimed = await claim(workerId, ...rest);
        claimedBy.set(workerId, (claimedBy.get(workerId) ?? 0) + claimed.length);
        return claimed;
      });
      const errors: object[] = [];
      const dispatchers = Array.from({ length: WORKERS }, () =>
        t.services.webhooks.createDispatcher({ error: (object) => void errors.push(object) }),
      );
      try {
        await Promise.all(dispatchers.map(work));
      } finally {
        spy.mockRestore();
      }

      expect(errors).toEqual([]);
      const deliveries = await t.database.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .execute();
      expect(deliveries).toHaveLength(EVENTS);
      expect(deliveries.filter((d) => d.status !== 'delivered' || d.attempts !== 1)).toEqual([]);

      const received = receiver.requests.map((r) => String(r.headers['x-webhook-delivery-id']));
      expect(received).toHaveLength(EVENTS);
      expect(new Set(received)).toEqual(new Set(deliveries.map((d) => d.id)));
      expect(receiver.requests.every((r) => r.headers['x-webhook-attempt'] === '1')).toBe(true);

      const attempts = await t.database.db
        .selectFrom('webhook_delivery_attempts')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .execute();
      expect(attempts).toHaveLength(EVENTS);
      expect(attempts.every((a) => Boolean(a.succeeded) && a.attempt === 1)).toBe(true);

      expect([...claimedBy.values()].reduce((sum, n) => sum + n, 0)).toBe(EVENTS);
      // The work was shared: more than one worker claimed deliveries.
      expect([...claimedBy.values()].filter((n) => n > 0).length).toBeGreaterThan(1);
    },
  );
});
