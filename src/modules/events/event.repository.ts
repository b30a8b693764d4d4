import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { compiledStatement } from '../../db/compiled.js';
import { engineOf } from '../../db/dialect.js';
import type { DB, EventOutboxTable, EventsTable } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { chunks } from '../../lib/chunks.js';

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

/**
 * `column` is one of `list`, bound as one JSON array: the SQL text is the same for a list of any length, so the
 * feed's statements are compiled once (and prepared on PostgreSQL) whatever the reader's abilities and filters.
 */
function isOneOf(db: Executor, column: 'entity_type' | 'event_type', list: readonly string[]): RawBuilder<SqlBool> {
  return engineOf(db) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} in (select jsonb_array_elements_text(${list}::jsonb))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${list}))`;
}

// A type, not an interface: a statement's parameters must fit `StatementParameters`' index signature.
type FeedParameters = {
  tenantId: string;
  entityTypes: readonly string[];
  eventTypes: readonly string[];
  after: string;
  limit: number;
};

/** The feed's statement with or without a cursor and an event type filter: four fixed shapes. */
function feedStatement(withCursor: boolean, withEventTypes: boolean) {
  return compiledStatement((db: Executor, p: FeedParameters) => {
    // Named apart from `payload`, which both engines' readers parse into objects.
    const payloadText = engineOf(db) === 'postgres' ? sql<string | null>`payload::text` : sql<string | null>`payload`;
    return db
      .selectFrom('events')
      .select(['id', 'event_type', 'entity_type', 'entity_id', 'occurred_at', payloadText.as('payload_json')])
      .where('tenant_id', '=', p.tenantId)
      .where(isOneOf(db, 'entity_type', p.entityTypes))
      .$if(withEventTypes, (qb) => qb.where(isOneOf(db, 'event_type', p.eventTypes)))
      .$if(withCursor, (qb) => qb.where('id', '>', p.after))
      .orderBy('id')
      .limit(p.limit);
  });
}

/** Indexed by cursor (0: none, 1: `after`), then by event type filter (0: none, 1: some). */
const FEED_STATEMENTS = [
  [feedStatement(false, false), feedStatement(false, true)],
  [feedStatement(true, false), feedStatement(true, true)],
] as const;

// Any constant both engines agree on; only PostgreSQL takes it, as an advisory lock key.
const PUBLISHER_LOCK = 7_362_001;

export type OutboxRow = Selectable<EventOutboxTable>;

export class EventRepository {
  async insertOutbox(trx: Transaction<DB>, rows: readonly Insertable<EventOutboxTable>[]): Promise<void> {
    await trx
      .insertInto('event_outbox')
      .values([...rows])
      .execute();
  }

  /** Whether any outbox row waits: a plain read, which takes no write lock on SQLite. */
  async hasOutbox(db: Executor): Promise<boolean> {
    return (await db.selectFrom('event_outbox').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** When the oldest outbox row still waiting for the publisher occurred; null when none waits. */
  async oldestOutboxAt(db: Executor): Promise<string | null> {
    const oldest = await db.selectFrom('event_outbox').select('occurred_at').orderBy('id').limit(1).executeTakeFirst();
    return oldest?.occurred_at ?? null;
  }

  /**
   * Takes the publisher's turn for the transaction: false when another process has it (PostgreSQL advisory lock;
   * SQLite's write lock serialises by itself, so always true there).
   */
  async tryPublisherLock(trx: Transaction<DB>): Promise<boolean> {
    if (engineOf(trx) !== 'postgres') return true;
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${PUBLISHER_LOCK}) as locked`.execute(trx);
    return rows[0]?.locked === true;
  }

  /**
   * Deletes up to `limit` of the oldest outbox rows and answers them, in no order (RETURNING keeps none): one
   * round trip on the path from a commit to the feed; the transaction puts them back if it fails.
   */
  async takeOutbox(trx: Transaction<DB>, limit: number): Promise<OutboxRow[]> {
    return trx
      .deleteFrom('event_outbox')
      .where('id', 'in', (eb) => eb.selectFrom('event_outbox').select('id').orderBy('id').limit(limit))
      .returningAll()
      .execute();
  }

  async newestId(trx: Transaction<DB>): Promise<string | null> {
    const newest = await trx.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return newest?.id ?? null;
  }

  async insertEvents(trx: Transaction<DB>, events: readonly Insertable<EventsTable>[]): Promise<void> {
    // 8 columns a row: 100 rows stay far below SQLite's parameter limit.
    for (const part of chunks(events, 100)) await trx.insertInto('events').values(part).execute();
  }

  /** Events of one tenant in feed order (ascending id), filtered as asked. */
  async listFeed(db: Executor, filter: FeedFilter): Promise<FeedRow[]> {
    if (filter.entityTypes.length === 0 || filter.eventTypes?.length === 0) return [];
    const statement = FEED_STATEMENTS[filter.after === null ? 0 : 1][filter.eventTypes === null ? 0 : 1];
    return statement.execute(db, {
      tenantId: filter.tenantId,
      entityTypes: filter.entityTypes,
      eventTypes: filter.eventTypes ?? [],
      after: filter.after ?? '',
      limit: filter.limit,
    });
  }

  /**
   * Up to `limit` ids of events that occurred before `cutoff` and have no open delivery (`hasOpenDelivery`, the
   * webhooks module's condition), in id order. On PostgreSQL the rows stay locked until the transaction ends, so
   * a delivery cannot be retried, nor one made, while its event goes; SQLite's write lock keeps everyone out.
   */
  async purgeCandidates(
    trx: Transaction<DB>,
    cutoff: string,
    limit: number,
    hasOpenDelivery: OpenDeliveryCondition,
  ): Promise<string[]> {
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
    const result = await trx
      .deleteFrom('events')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
