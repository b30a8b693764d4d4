import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import { engineOf } from '../../db/dialect.js';
import type { DB } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';

/** A condition on `events` rows: the event has a webhook delivery still on its way. */
export type OpenDeliveryCondition = (eb: ExpressionBuilder<DB, 'events'>) => Expression<SqlBool>;

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

/** An event as the feed sends it: its payload as the JSON text stored, sent without being parsed. */
export interface FeedRow {
  id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  occurred_at: string;
  payload_json: string | null;
}

export class EventRepository {
  /** Events of one tenant in feed order (ascending id), filtered as asked. */
  async listFeed(db: Executor, filter: FeedFilter): Promise<FeedRow[]> {
    if (filter.entityTypes.length === 0 || filter.eventTypes?.length === 0) return [];
    // Named apart from `payload`, which both engines' readers parse into objects.
    const payloadText = engineOf(db) === 'postgres' ? sql<string | null>`payload::text` : sql<string | null>`payload`;
    return db
      .selectFrom('events')
      .select(['id', 'event_type', 'entity_type', 'entity_id', 'occurred_at', payloadText.as('payload_json')])
      .where('tenant_id', '=', filter.tenantId)
      .where('entity_type', 'in', filter.entityTypes)
      .$if(filter.eventTypes !== null, (qb) => qb.where('event_type', 'in', filter.eventTypes!))
      .$if(filter.after !== null, (qb) => qb.where('id', '>', filter.after!))
      .orderBy('id')
      .limit(filter.limit)
      .execute();
  }

  /**
   * Up to `limit` ids of events that occurred before `cutoff` and have no open delivery (`hasOpenDelivery`, the
   * webhooks module's condition), in id order. On PostgreSQL the rows stay locked until the transaction ends, so
   * a delivery cannot be retried, nor one made, while its event goes; SQLite's write lock keeps everyone out.
   */
  async purgeCandidates(trx: Transaction<DB>, cutoff: string, limit: number, hasOpenDelivery: OpenDeliveryCondition): Promise<string[]> {
    const rows = await trx
      .selectFrom('events')
      .select('id')
      .where('occurred_at', '<', cutoff)
      .where((eb) => eb.not(hasOpenDelivery(eb)))
      .orderBy('id')
      .limit(limit)
      .$if(engineOf(trx) === 'postgres', (qb) => qb.forUpdate())
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deletes the events; answers how many there were. Their deliveries must be gone first. */
  async deleteByIds(trx: Transaction<DB>, ids: readonly string[]): Promise<number> {
    const result = await trx.deleteFrom('events').where('id', 'in', [...ids]).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
