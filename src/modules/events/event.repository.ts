import type { Transaction } from 'kysely';
import { engineOf } from '../../db/dialect.js';
import type { DB, EventsTable, WebhookDeliveryStatus } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';

export interface FeedFilter {
  tenantId: string;
  /** Exclusive cursor: only events with a greater id. */
  after: string | null;
  /** The entity types the reader may see and asked for; empty selects nothing. */
  entityTypes: readonly string[];
  /** Null: every event type. */
  eventTypes: readonly string[] | null;
  limit: number;
}

/** A delivery in one of these states still needs its event, so retention leaves that event alone. */
const OPEN_DELIVERY: readonly WebhookDeliveryStatus[] = ['pending', 'delivering'];
// Short transactions, and ids lists far below SQLite's parameter limit.
const PURGE_BATCH = 500;

export class EventRepository {
  /** Events of one tenant in feed order (ascending id), filtered as asked. */
  async listFeed(db: Executor, filter: FeedFilter): Promise<EventsTable[]> {
    if (filter.entityTypes.length === 0 || filter.eventTypes?.length === 0) return [];
    return db
      .selectFrom('events')
      .selectAll()
      .where('tenant_id', '=', filter.tenantId)
      .where('entity_type', 'in', filter.entityTypes)
      .$if(filter.eventTypes !== null, (qb) => qb.where('event_type', 'in', filter.eventTypes!))
      .$if(filter.after !== null, (qb) => qb.where('id', '>', filter.after!))
      .orderBy('id')
      .limit(filter.limit)
      .execute();
  }

  /**
   * Deletes events that occurred before `cutoff`, with their webhook deliveries and attempts; the feed keeps
   * only the retention window. An event with a delivery still pending or delivering stays until that ends.
   */
  async purgeOccurredBefore(db: Executor, cutoff: string): Promise<number> {
    let total = 0;
    for (;;) {
      const { examined, deleted } = await inTransaction(db, (trx) => this.purgeBatch(trx, cutoff));
      total += deleted;
      if (examined < PURGE_BATCH) return total;
    }
  }

  private async purgeBatch(trx: Transaction<DB>, cutoff: string): Promise<{ examined: number; deleted: number }> {
    // On PostgreSQL the rows are locked, so a delivery cannot be retried, nor one made, while its event goes.
    // SQLite's write lock already keeps everyone else out.
    const lock = engineOf(trx) === 'postgres';
    const candidates = await trx
      .selectFrom('events')
      .select('id')
      .where('occurred_at', '<', cutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'events.id').where('d.status', 'in', OPEN_DELIVERY),
          ),
        ),
      )
      .orderBy('id')
      .limit(PURGE_BATCH)
      .$if(lock, (qb) => qb.forUpdate())
      .execute();
    if (candidates.length === 0) return { examined: 0, deleted: 0 };

    const candidateIds = candidates.map((row) => row.id);
    const deliveries = await trx
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'status'])
      .where('event_id', 'in', candidateIds)
      .$if(lock, (qb) => qb.forUpdate())
      .execute();
    // Re-checked under the lock: a delivery may have been retried since the candidates were chosen.
    const held = new Set(deliveries.filter((d) => OPEN_DELIVERY.includes(d.status)).map((d) => d.event_id));
    const ids = candidateIds.filter((id) => !held.has(id));
    if (ids.length === 0) return { examined: candidates.length, deleted: 0 };

    await trx
      .deleteFrom('webhook_delivery_attempts')
      .where('delivery_id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', ids))
      .execute();
    await trx.deleteFrom('webhook_deliveries').where('event_id', 'in', ids).execute();
    const result = await trx.deleteFrom('events').where('id', 'in', ids).executeTakeFirst();
    return { examined: candidates.length, deleted: Number(result.numDeletedRows) };
  }
}
