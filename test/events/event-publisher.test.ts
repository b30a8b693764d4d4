// The outbox publisher: outbox rows become feed events with increasing ids, atomically with the fan-out;
// and the feed read with `after` sees every event exactly once while many writers and two publishers race.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import type { DB } from '../../src/db/schema.js';
import type { Executor } from '../../src/db/transaction.js';
import { FixedClock, systemClock } from '../../src/lib/clock.js';
import { createIdGenerator, newId } from '../../src/lib/ids.js';
import { EventPublisher, type EventFanOut, type PublishedEvent } from '../../src/modules/events/event-publisher.js';
import { EventRecorder, type DomainEvent } from '../../src/modules/events/event-recorder.js';
import { EventRepository } from '../../src/modules/events/event.repository.js';
import type { EventType } from '../../src/modules/events/event-types.js';
import { makeTenant, makeTenantWithToken } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngine } from '../helpers/test-database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function domainEvent(type: EventType, payload: Record<string, unknown> = {}): DomainEvent {
  return { type, entityId: newId(), payload };
}

async function recordCommitted(
  db: Kysely<DB>,
  recorder: EventRecorder,
  tenantId: string,
  events: DomainEvent[],
): Promise<void> {
  await db.transaction().execute((trx) => recorder.record(trx, tenantId, ...events));
}

function tenantEvents(db: Executor, tenantId: string) {
  return db.selectFrom('events').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
}

function tenantOutbox(db: Executor, tenantId: string) {
  return db.selectFrom('event_outbox').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
}

describe('event publisher', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  const recordedAt = new Date('2026-03-04T05:06:07.089Z');
  const publishedAt = new Date('2026-03-04T05:09:00.000Z');
  const recorder = new EventRecorder({ events: new EventRepository(), clock: new FixedClock(recordedAt), newId });
  let publisher: EventPublisher;
  const publisherWith = (fanOut: EventFanOut) =>
    new EventPublisher({ db, events: new EventRepository(), clock: new FixedClock(publishedAt), newId, fanOut });

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.database.db;
  });
  afterAll(() => t.close());

  /** A tenant of its own, with every earlier outbox row already published so that limits count only ours. */
  const freshTenant = async () => {
    const { tenantId } = await makeTenant(t.services);
    publisher = new EventPublisher({ db, events: new EventRepository(), clock: new FixedClock(publishedAt), newId });
    await publisher.publishAll();
    return tenantId;
  };

  it('turns outbox rows into events with increasing ids, keeping their order and content, and empties the outbox', async () => {
    const tenantId = await freshTenant();
    const recorded = [
      domainEvent('product.created', { name: 'Lamp', price: 1999, tags: ['a', 'b'] }),
      domainEvent('inventory.adjusted', { quantity: -3, nested: { warehouse: 'main' } }),
      domainEvent('product.price_changed', { price: 2499 }),
    ];
    await recordCommitted(db, recorder, tenantId, recorded);
    await recordCommitted(db, recorder, tenantId, [domainEvent('purchase_order.created', { number: 'PO-1' })]);

    expect(await publisher.publishAll()).toBe(4);

    const events = await tenantEvents(db, tenantId);
    expect(events.map((e) => e.event_type)).toEqual([
      'product.created',
      'inventory.adjusted',
      'product.price_changed',
      'purchase_order.created',
    ]);
    expect(events.slice(0, 3).map((e) => [e.entity_type, e.entity_id, e.payload])).toEqual(
      recorded.map((r) => [r.type.split('.')[0], r.entityId, r.payload]),
    );
    for (const event of events) {
      expect(new Date(event.occurred_at).toISOString()).toBe(recordedAt.toISOString());
      expect(new Date(event.created_at).toISOString()).toBe(publishedAt.toISOString());
    }
    const ids = events.map((e) => e.id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await tenantOutbox(db, tenantId)).toEqual([]);
  });

  it('gives new events ids above every published id, even one ahead of this clock', async () => {
    const tenantId = await freshTenant();
    const ahead = `0${'z'.repeat(25)}`;
    await db
      .insertInto('events')
      .values({
        id: ahead,
        tenant_id: tenantId,
        event_type: 'product.created',
        entity_type: 'product',
        entity_id: newId(),
        payload: {},
        occurred_at: recordedAt.toISOString(),
        created_at: recordedAt.toISOString(),
      })
      .execute();
    await recordCommitted(db, recorder, tenantId, [domainEvent('product.updated'), domainEvent('product.activated')]);
    expect(await publisher.publishAll()).toBe(2);
    const ids = (await tenantEvents(db, tenantId)).map((e) => e.id);
    expect(ids[0]).toBe(ahead);
    expect(ids).toHaveLength(3);
    expect(ids[1]! > ahead && ids[2]! > ids[1]!).toBe(true);
  });

  it('publishes at most `limit` rows per batch, oldest first', async () => {
    const tenantId = await freshTenant();
    const recorded = Array.from({ length: 5 }, (_, i) => domainEvent('inventory.reserved', { i }));
    await recordCommitted(db, recorder, tenantId, recorded);

    expect(await publisher.publishBatch(2)).toBe(2);
    expect((await tenantEvents(db, tenantId)).map((e) => e.entity_id)).toEqual(
      recorded.slice(0, 2).map((r) => r.entityId),
    );
    expect(await tenantOutbox(db, tenantId)).toHaveLength(3);

    expect(await publisher.publishBatch(10)).toBe(3);
    expect((await tenantEvents(db, tenantId)).map((e) => e.entity_id)).toEqual(recorded.map((r) => r.entityId));
    expect(await publisher.publishBatch(10)).toBe(0);
  });

  it('hands the new events to the fan-out inside the publishing transaction', async () => {
    const tenantId = await freshTenant();
    await recordCommitted(db, recorder, tenantId, [
      domainEvent('product.created'),
      domainEvent('product.discontinued'),
    ]);
    const calls: { inTransaction: boolean; events: PublishedEvent[]; visibleInside: number }[] = [];
    publisher = publisherWith({
      async eventsPublished(trx, events) {
        const inside = await trx
          .selectFrom('events')
          .select('id')
          .where(
            'id',
            'in',
            events.map((e) => e.id),
          )
          .execute();
        calls.push({ inTransaction: trx.isTransaction, events: [...events], visibleInside: inside.length });
      },
    });

    expect(await publisher.publishAll()).toBe(2);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.inTransaction).toBe(true);
    expect(calls[0]!.visibleInside).toBe(2);
    const stored = await tenantEvents(db, tenantId);
    expect(calls[0]!.events.map((e) => [e.id, e.event_type, e.entity_id])).toEqual(
      stored.map((e) => [e.id, e.event_type, e.entity_id]),
    );
  });

  it('rolls everything back when the fan-out fails: the outbox rows wait, no event is published', async () => {
    const tenantId = await freshTenant();
    const recorded = [domainEvent('purchase_order.approved'), domainEvent('purchase_order.sent')];
    await recordCommitted(db, recorder, tenantId, recorded);
    const outboxBefore = await tenantOutbox(db, tenantId);
    publisher = publisherWith({
      async eventsPublished(trx) {
        await trx
          .insertInto('events')
          .values({
            id: newId(),
            tenant_id: tenantId,
            event_type: 'product.created',
            entity_type: 'product',
            entity_id: newId(),
            payload: null,
            occurred_at: recordedAt.toISOString(),
            created_at: recordedAt.toISOString(),
          })
          .execute();
        throw new Error('fan-out broke');
      },
    });

    await expect(publisher.publishBatch()).rejects.toThrow('fan-out broke');

    expect(await tenantEvents(db, tenantId)).toEqual([]);
    expect(await tenantOutbox(db, tenantId)).toEqual(outboxBefore);

    publisher = publisherWith({ eventsPublished: async () => undefined });
    expect(await publisher.publishAll()).toBe(2);
    expect((await tenantEvents(db, tenantId)).map((e) => e.entity_id)).toEqual(recorded.map((r) => r.entityId));
  });
});

describe('feed paging under 20 parallel writers and 2 publishers', () => {
  const WRITERS = 20;
  const TRANSACTIONS_PER_WRITER = 40;
  // A skip shows only at the feed's frontier, so the reader and publishers must keep up with the writers:
  // tuned so that publishing outbox rows under their record-time ids fails this test on PostgreSQL.
  const READ_PAGE = 100;
  const PUBLISH_BATCH = 50;
  const TYPES: EventType[] = [
    'product.created',
    'product.updated',
    'inventory.adjusted',
    'stock_movement.recorded',
    'purchase_order.created',
  ];

  let t: TestApp;
  // PostgreSQL: a pool of its own, big enough that every writer and publisher holds a connection at once.
  // SQLite: the app's one connection, which serialises transactions as the engine's write lock would.
  let writers: Database | null = null;

  beforeAll(async () => {
    t = await buildTestApp();
    if (testEngine === 'postgres')
      writers = createDatabase({
        databaseUrl: t.location.databaseUrl,
        sqliteFile: t.location.sqliteFile,
        poolSize: WRITERS + 4,
      });
  });
  afterAll(async () => {
    await writers?.close();
    await t.close();
  });

  it('lets a reader following `after` see every event exactly once, in ascending id order', async () => {
    const db = writers?.db ?? t.database.db;
    const other = await makeTenantWithToken(t.services);
    const reader = t.tenant;
    const expected = new Set<string>();
    let open = 0;
    let mostOpen = 0;

    const writer = async (index: number) => {
      const recorder = new EventRecorder({
        events: new EventRepository(),
        clock: systemClock,
        newId: createIdGenerator(),
      });
      for (let n = 0; n < TRANSACTIONS_PER_WRITER; n++) {
        const tenantId = (index + n) % 4 === 0 ? other.tenant.tenantId : reader.tenantId;
        const events = Array.from({ length: 1 + ((index * 7 + n) % 3) }, (_, i) =>
          domainEvent(TYPES[(index + n + i) % TYPES.length]!, { writer: index, n, i }),
        );
        // Some transactions stay open after recording, so later-id rows commit first.
        const holdMs = (index + n) % 3 === 0 ? 2 + ((index * 13 + n) % 30) : 0;
        await db.transaction().execute(async (trx) => {
          mostOpen = Math.max(mostOpen, ++open);
          try {
            await recorder.record(trx, tenantId, ...events);
            if (holdMs > 0) await sleep(holdMs);
          } finally {
            open--;
          }
        });
        if (tenantId === reader.tenantId) for (const event of events) expected.add(event.entityId);
        await sleep((index + n) % 4);
      }
    };

    let writing = true;
    const publishLoop = async (publisher: EventPublisher) => {
      while (writing) {
        if ((await publisher.publishBatch(PUBLISH_BATCH)) === 0) await sleep(1);
      }
    };

    const seen: { id: string; entity_id: string }[] = [];
    let seenWhileWriting = 0;
    let cursor: string | null = null;
    let drained = false;
    const readLoop = async () => {
      for (;;) {
        const finished = drained;
        const query: string = cursor === null ? `per_page=${READ_PAGE}` : `per_page=${READ_PAGE}&after=${cursor}`;
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/webhooks/events?${query}`, headers: t.auth });
        expect(res.statusCode).toBe(200);
        const body = res.json() as {
          data: { id: string; entity_id: string }[];
          meta: { cursor: string | null; has_more: boolean };
        };
        seen.push(...body.data);
        if (writing) seenWhileWriting += body.data.length;
        cursor = body.meta.cursor;
        // Stop only after a page that started once everything was published and found nothing more.
        if (finished && !body.meta.has_more) return;
        if (body.data.length === 0) await sleep(1);
      }
    };

    const publishers = [0, 1].map(
      () => new EventPublisher({ db, events: new EventRepository(), clock: systemClock, newId: createIdGenerator() }),
    );
    const publishing = publishers.map(publishLoop);
    const reading = readLoop();
    await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)));
    writing = false;
    await Promise.all(publishing);
    while ((await publishers[0]!.publishAll()) > 0);
    expect(await db.selectFrom('event_outbox').select('id').execute()).toEqual([]);
    drained = true;
    await reading;

    const ids = seen.map((e) => e.id);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    const seenEntities = seen.map((e) => e.entity_id);
    expect(new Set(seenEntities).size).toBe(seenEntities.length);
    expect(seenEntities.length).toBe(expected.size);
    expect(new Set(seenEntities)).toEqual(expected);
    expect(seenWhileWriting).toBeGreaterThan(0);
    expect(mostOpen).toBeGreaterThanOrEqual(testEngine === 'postgres' ? WRITERS / 2 : 1);
  });
});
