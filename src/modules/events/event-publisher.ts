// Moves committed outbox rows into the event feed, one publisher at a time, giving each event a feed id above
// every id published before it; in the same transaction it hands the new events to the fan-out, which makes
// the webhook deliveries. An outbox row is either still waiting or published with its deliveries, never half.
import type { Transaction } from 'kysely';
import type { DB, EventsTable } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { asJob } from '../../lib/job-runs.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { EventRepository } from './event.repository.js';
import { idAfter } from './feed-ids.js';

export type PublishedEvent = EventsTable;

export interface EventFanOut {
  /** Creates what the new events cause (deliveries), inside the publishing transaction. */
  eventsPublished(trx: Transaction<DB>, events: readonly PublishedEvent[]): Promise<void>;
}

const BATCH = 500;

export interface EventPublisherDeps {
  db: Executor;
  events: EventRepository;
  clock: Clock;
  newId: IdGenerator;
  /** What published events cause (the webhook deliveries); without one, events are only published. */
  fanOut?: EventFanOut | null;
}

export class EventPublisher {
  private readonly db: Executor;
  private readonly events: EventRepository;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly fanOut: EventFanOut | null;

  constructor(deps: EventPublisherDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.fanOut = deps.fanOut ?? null;
  }

  /**
   * Publishes up to `limit` outbox rows, oldest first; returns how many. Returns 0 without waiting when
   * another process is publishing (PostgreSQL advisory lock; SQLite's write lock serialises by itself).
   */
  async publishBatch(limit = BATCH): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      if (!(await this.events.tryPublisherLock(trx))) return 0;
      const pending = await this.events.takeOutbox(trx, limit);
      if (pending.length === 0) return 0;
      pending.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

      let last = await this.events.newestId(trx);
      const publishedAt = this.clock.now().toISOString();
      const events: PublishedEvent[] = pending.map((row) => {
        last = idAfter(last, this.newId);
        return {
          id: last,
          tenant_id: row.tenant_id,
          event_type: row.event_type,
          entity_type: row.entity_type,
          entity_id: row.entity_id,
          payload: row.payload,
          occurred_at: row.occurred_at,
          created_at: publishedAt,
        };
      });
      await this.events.insertEvents(trx, events);
      await this.fanOut?.eventsPublished(trx, events);
      return pending.length;
    });
  }

  /**
   * Writes one event straight to the feed's table, past the outbox and the fan-out, in the caller's transaction:
   * the webhook test event, which only the one delivery made with it carries.
   */
  async publishDirect(trx: Transaction<DB>, event: PublishedEvent): Promise<void> {
    await this.events.insertEvents(trx, [event]);
  }

  /**
   * Publishes until the outbox is empty (or another process holds the publisher lock). `committed`: a commit
   * just recorded events, so there is no need to look first.
   */
  async publishAll(committed = false): Promise<number> {
    // A plain read first: an idle worker then asks every poll without taking SQLite's write lock.
    if (!committed && !(await this.events.hasOutbox(this.db))) return 0;
    return asJob('events publish', {}, async () => {
      let total = 0;
      for (;;) {
        const published = await this.publishBatch();
        total += published;
        if (published < BATCH) return total;
      }
    });
  }
}
