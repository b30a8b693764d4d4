// Moves committed outbox rows into the event feed, one publisher at a time, giving each event a feed id above
// every id published before it; in the same transaction it hands the new events to the fan-out, which makes
// the webhook deliveries. An outbox row is either still waiting or published with its deliveries, never half.
import { sql, type Transaction } from 'kysely';
import { engineOf } from '../../db/dialect.js';
import type { DB, EventsTable } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { chunks } from '../../lib/chunks.js';
import type { IdGenerator } from '../../lib/ids.js';
import { idAfter } from './feed-ids.js';

export type PublishedEvent = EventsTable;

export interface EventFanOut {
  /** Creates what the new events cause (deliveries), inside the publishing transaction. */
  eventsPublished(trx: Transaction<DB>, events: readonly PublishedEvent[]): Promise<void>;
}

// Any constant both engines agree on; only PostgreSQL takes it, as an advisory lock key.
const PUBLISHER_LOCK = 7_362_001;
const BATCH = 500;

export interface EventPublisherDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  /** What published events cause (the webhook deliveries); without one, events are only published. */
  fanOut?: EventFanOut | null;
}

export class EventPublisher {
  private readonly db: Executor;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly fanOut: EventFanOut | null;

  constructor(deps: EventPublisherDeps) {
    this.db = deps.db;
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
      if (engineOf(trx) === 'postgres') {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${PUBLISHER_LOCK}) as locked`.execute(trx);
        if (!rows[0]?.locked) return 0;
      }
      // Taken out of the outbox in the statement that reads them (one round trip less on the path from a commit to
      // the feed); the transaction puts them back if anything below fails. RETURNING keeps no order: sorted here.
      const pending = await trx
        .deleteFrom('event_outbox')
        .where('id', 'in', (eb) => eb.selectFrom('event_outbox').select('id').orderBy('id').limit(limit))
        .returningAll()
        .execute();
      if (pending.length === 0) return 0;
      pending.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

      const newest = await trx.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
      let last = newest?.id ?? null;
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
      // 8 columns a row: 100 rows stay far below SQLite's parameter limit.
      for (const part of chunks(events, 100)) await trx.insertInto('events').values(part).execute();
      await this.fanOut?.eventsPublished(trx, events);
      return pending.length;
    });
  }

  /**
   * Publishes until the outbox is empty (or another process holds the publisher lock). `committed`: a commit
   * just recorded events, so there is no need to look first.
   */
  async publishAll(committed = false): Promise<number> {
    // A plain read first: an idle worker then asks every poll without taking SQLite's write lock.
    if (!committed && !(await this.db.selectFrom('event_outbox').select('id').limit(1).executeTakeFirst())) return 0;
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < BATCH) return total;
    }
  }
}
