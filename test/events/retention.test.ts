// Event retention: old events leave the feed with their webhook deliveries and attempts, except events whose
// deliveries are still pending or delivering, which stay until those finish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryStatus } from '../../src/db/schema.js';
import type { Executor } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';
import { makeTenant } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

async function insertEvent(db: Executor, tenantId: string, occurredAt: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('events')
    .values({
      id,
      tenant_id: tenantId,
      event_type: 'product.created',
      entity_type: 'product',
      entity_id: newId(),
      payload: { name: 'Lamp' },
      occurred_at: occurredAt,
      created_at: occurredAt,
    })
    .execute();
  return id;
}

async function insertSubscription(db: Executor, tenantId: string): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('webhook_subscriptions')
    .values({
      id,
      tenant_id: tenantId,
      url: 'https://hooks.example.test/in',
      event_types: ['*'],
      payload_mode: 'full',
      secret: 'secret',
      headers: {},
      description: null,
      status: 'active',
      disabled_reason: null,
      disabled_at: null,
      active_since: now,
      visible_entity_types: ['product'],
      created_by: null,
      token_id: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return id;
}

/** A delivery of `eventId` with `attempts` attempts recorded; returns its id. */
async function insertDelivery(
  db: Executor,
  tenantId: string,
  subscriptionId: string,
  eventId: string,
  status: WebhookDeliveryStatus,
  attempts = 1,
): Promise<string> {
  const id = newId();
  const at = daysAgo(31);
  await db
    .insertInto('webhook_deliveries')
    .values({
      id,
      tenant_id: tenantId,
      subscription_id: subscriptionId,
      event_id: eventId,
      event_type: 'product.created',
      entity_type: 'product',
      entity_id: newId(),
      status,
      attempts,
      next_attempt_at: at,
      lease_owner: null,
      lease_expires_at: null,
      last_attempt_at: attempts > 0 ? at : null,
      last_response_code: null,
      last_response_time_ms: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await db
      .insertInto('webhook_delivery_attempts')
      .values({
        id: newId(),
        tenant_id: tenantId,
        delivery_id: id,
        subscription_id: subscriptionId,
        attempt,
        attempted_at: at,
        succeeded: status === 'delivered',
        response_code: 500,
        response_time_ms: 12,
        error: null,
      })
      .execute();
  }
  return id;
}

describe('event retention', () => {
  let t: TestApp;
  let db: Executor;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.database.db;
  });
  afterAll(() => t.close());

  const idsOf = async (table: 'events' | 'webhook_deliveries' | 'webhook_delivery_attempts', tenantId: string) =>
    (await db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).orderBy('id').execute()).map(
      (row) => row.id,
    );
  const attemptsOf = async (deliveryIds: string[]) =>
    (
      await db
        .selectFrom('webhook_delivery_attempts')
        .select('delivery_id')
        .where('delivery_id', 'in', deliveryIds)
        .execute()
    ).map((row) => row.delivery_id);

  it('deletes old events with their finished deliveries and attempts, keeps events whose deliveries are still open', async () => {
    const { tenantId } = await makeTenant(t.services);
    const first = await insertSubscription(db, tenantId);
    const second = await insertSubscription(db, tenantId);

    await insertEvent(db, tenantId, daysAgo(40)); // no deliveries at all
    const finished = await insertEvent(db, tenantId, daysAgo(35));
    const finishedDeliveries = [
      await insertDelivery(db, tenantId, first, finished, 'delivered', 2),
      await insertDelivery(db, tenantId, second, finished, 'failed', 4),
    ];
    const waiting = await insertEvent(db, tenantId, daysAgo(33));
    const waitingDeliveries = [
      await insertDelivery(db, tenantId, first, waiting, 'pending', 0),
      await insertDelivery(db, tenantId, second, waiting, 'failed', 3),
    ];
    const sending = await insertEvent(db, tenantId, daysAgo(32));
    const sendingDeliveries = [await insertDelivery(db, tenantId, first, sending, 'delivering', 1)];
    const recent = await insertEvent(db, tenantId, daysAgo(1));
    const recentDeliveries = [await insertDelivery(db, tenantId, first, recent, 'delivered', 1)];

    expect(await t.services.retention.purgeEventsBefore(daysAgo(30))).toBe(2);

    expect(await idsOf('events', tenantId)).toEqual([waiting, sending, recent]);
    const kept = [...waitingDeliveries, ...sendingDeliveries, ...recentDeliveries];
    expect(await idsOf('webhook_deliveries', tenantId)).toEqual([...kept].sort());
    expect(await attemptsOf(finishedDeliveries)).toEqual([]);
    expect(await attemptsOf(kept)).toHaveLength(3 + 1 + 1);
  });

  it('purges a held event once its last open delivery has finished', async () => {
    const { tenantId } = await makeTenant(t.services);
    const subscription = await insertSubscription(db, tenantId);
    const held = await insertEvent(db, tenantId, daysAgo(45));
    const delivery = await insertDelivery(db, tenantId, subscription, held, 'delivering', 2);

    expect(await t.services.retention.purgeEventsBefore(daysAgo(30))).toBe(0);
    expect(await idsOf('events', tenantId)).toEqual([held]);

    await db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('id', '=', delivery).execute();
    expect(await t.services.retention.purgeEventsBefore(daysAgo(30))).toBe(1);
    expect(await idsOf('events', tenantId)).toEqual([]);
    expect(await idsOf('webhook_deliveries', tenantId)).toEqual([]);
    expect(await idsOf('webhook_delivery_attempts', tenantId)).toEqual([]);
  });

  it('purges every tenant, in batches, and counts every event it deleted', async () => {
    const tenants = [(await makeTenant(t.services)).tenantId, (await makeTenant(t.services)).tenantId];
    const old = daysAgo(60);
    for (const tenantId of tenants) {
      for (let chunk = 0; chunk < 6; chunk++) {
        const rows = Array.from({ length: 100 }, () => ({
          id: newId(),
          tenant_id: tenantId,
          event_type: 'inventory.adjusted',
          entity_type: 'inventory',
          entity_id: newId(),
          payload: null,
          occurred_at: old,
          created_at: old,
        }));
        await db.insertInto('events').values(rows).execute();
      }
    }
    const survivors = await Promise.all(tenants.map((tenantId) => insertEvent(db, tenantId, daysAgo(2))));

    // Earlier tests leave only held events behind, so these are all there is to purge.
    expect(await t.services.retention.purgeEventsBefore(daysAgo(30))).toBe(1200);

    for (const [i, tenantId] of tenants.entries()) expect(await idsOf('events', tenantId)).toEqual([survivors[i]]);
  });

  it('is what the retention service runs: events past the configured window go, held ones stay', async () => {
    const { tenantId } = await makeTenant(t.services);
    const subscription = await insertSubscription(db, tenantId);
    const expired = await insertEvent(db, tenantId, daysAgo(t.config.eventRetentionDays + 1));
    const held = await insertEvent(db, tenantId, daysAgo(t.config.eventRetentionDays + 1));
    await insertDelivery(db, tenantId, subscription, held, 'pending', 0);
    const retained = await insertEvent(db, tenantId, daysAgo(t.config.eventRetentionDays - 1));

    const result = await t.services.retention.purge();

    expect(result.events_deleted).toBe(1);
    const left = await idsOf('events', tenantId);
    expect(left).toEqual([held, retained]);
    expect(left).not.toContain(expired);
  });
});
