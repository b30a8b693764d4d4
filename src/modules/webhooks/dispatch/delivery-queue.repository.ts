// The statements of the workers' queue (delivery-queue.ts): claims under row locks, leases, attempt rows and
// results written only while the lease is held.
import { sql, type Insertable, type RawBuilder, type Transaction } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type {
  DB,
  WebhookDeliveryAttemptsTable,
  WebhookDeliveryStatus,
  WebhookPayloadMode,
} from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';

/** A due delivery as a claim first reads it. */
export interface DueDelivery {
  id: string;
  tenant_id: string;
  subscription_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
}

/** A leased delivery with what sending it needs: its subscription's target and its event. */
export interface LeasedDelivery {
  id: string;
  tenant_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  attempt: number;
  url: string;
  secret: string;
  headers: Record<string, string>;
  payload_mode: WebhookPayloadMode;
  payload: Record<string, unknown> | null;
  occurred_at: string;
}

/** The state an attempt's result gives its delivery. */
export interface DeliveryResultRow {
  id: string;
  status: 'delivered' | 'pending' | 'failed';
  /** Null: the delivery keeps its next_attempt_at. */
  nextAttemptAt: string | null;
  responseCode: number | null;
  responseTimeMs: number;
  error: string | null;
}

export interface QueueCounts {
  pending: number;
  due: number;
  delivering: number;
  oldestDue: string | null;
}

export class DeliveryQueueRepository {
  /**
   * Up to `limit` deliveries due at `at`, or delivering with a lease that ran out, by next_attempt_at. On
   * PostgreSQL they stay locked until the transaction ends and rows another claim holds are skipped.
   */
  async lockDue(trx: Transaction<DB>, at: string, limit: number): Promise<DueDelivery[]> {
    let due = trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'tenant_id', 'subscription_id', 'status', 'attempts'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]),
          eb.and([eb('status', '=', 'delivering'), eb('lease_expires_at', '<', at)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(limit);
    if (engineOf(trx) === 'postgres') due = due.forUpdate().skipLocked();
    return due.execute();
  }

  async fail(trx: Transaction<DB>, ids: readonly string[], error: string, at: string): Promise<void> {
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', lease_owner: null, lease_expires_at: null, last_error: error, updated_at: at })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Leases the deliveries to `workerId` until `leaseExpiresAt`, counting the attempt about to be made. */
  async lease(
    trx: Transaction<DB>,
    ids: readonly string[],
    workerId: string,
    leaseExpiresAt: string,
    at: string,
  ): Promise<void> {
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: 'delivering',
        attempts: eb('attempts', '+', 1),
        lease_owner: workerId,
        lease_expires_at: leaseExpiresAt,
        last_attempt_at: at,
        updated_at: at,
      }))
      .where('id', 'in', [...ids])
      .execute();
  }

  async leased(trx: Transaction<DB>, ids: readonly string[]): Promise<LeasedDelivery[]> {
    return trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .select([
        'd.id',
        'd.tenant_id',
        'd.subscription_id',
        'd.event_id',
        'd.event_type',
        'd.entity_type',
        'd.entity_id',
        'd.attempts as attempt',
        's.url',
        's.secret',
        's.headers',
        's.payload_mode',
        'e.payload',
        'e.occurred_at',
      ])
      .where('d.id', 'in', [...ids])
      .orderBy('d.next_attempt_at')
      .execute();
  }

  async insertAttempts(trx: Transaction<DB>, rows: readonly Insertable<WebhookDeliveryAttemptsTable>[]): Promise<void> {
    await trx
      .insertInto('webhook_delivery_attempts')
      .values([...rows])
      .execute();
  }

  /**
   * Writes each delivery's result while `workerId` still holds its lease; answers the ids written. One statement
   * for them all instead of one per result (a round trip each on PostgreSQL): every column is a CASE over the
   * delivery's id. Each row has its arm; the ELSE, the column itself, is never taken but gives PostgreSQL the
   * column's type for the parameters (alone they would be text).
   */
  async writeResults(
    trx: Transaction<DB>,
    rows: readonly DeliveryResultRow[],
    workerId: string,
    at: string,
  ): Promise<string[]> {
    const byId = <T>(column: string, value: (row: DeliveryResultRow) => unknown): RawBuilder<T> =>
      sql<T>`case ${sql.ref('id')} ${sql.join(
        rows.map((row) => sql`when ${row.id} then ${value(row)}`),
        sql` `,
      )} else ${sql.ref(column)} end`;
    const written = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: byId('status', (row) => row.status),
        next_attempt_at: byId('next_attempt_at', (row) => row.nextAttemptAt ?? sql.ref('next_attempt_at')),
        last_response_code: byId('last_response_code', (row) => row.responseCode),
        last_response_time_ms: byId('last_response_time_ms', (row) => row.responseTimeMs),
        last_error: byId('last_error', (row) => row.error),
        lease_owner: null,
        lease_expires_at: null,
        updated_at: at,
      })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .where('status', '=', 'delivering')
      .where('lease_owner', '=', workerId)
      .returning('id')
      .execute();
    return written.map((row) => row.id);
  }

  /** The subscription's attempts since `since`, and how many of them failed. */
  async attemptCounts(
    trx: Transaction<DB>,
    subscriptionId: string,
    since: string,
  ): Promise<{ total: number; failed: number }> {
    const row = await trx
      .selectFrom('webhook_delivery_attempts')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('succeeded', '=', false).then(1).else(0).end()).as('failed'),
      ])
      .where('subscription_id', '=', subscriptionId)
      .where('attempted_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), failed: Number(row.failed ?? 0) };
  }

  /** Disables the subscription if it is active. */
  async disableSubscription(trx: Transaction<DB>, subscriptionId: string, reason: string, at: string): Promise<void> {
    await trx
      .updateTable('webhook_subscriptions')
      .set({ status: 'disabled', disabled_at: at, disabled_reason: reason, updated_at: at })
      .where('id', '=', subscriptionId)
      .where('status', '=', 'active')
      .execute();
  }

  async counts(db: Executor, at: string): Promise<QueueCounts> {
    const row = await db
      .selectFrom('webhook_deliveries')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('due'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'delivering').then(1).else(0).end()).as('delivering'),
        eb.fn
          .min<string>(
            eb
              .case()
              .when(eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)]))
              .then(eb.ref('next_attempt_at'))
              .end(),
          )
          .as('oldest_due'),
      ])
      .where('status', 'in', ['pending', 'delivering'])
      .executeTakeFirstOrThrow();
    return {
      pending: Number(row.pending ?? 0),
      due: Number(row.due ?? 0),
      delivering: Number(row.delivering ?? 0),
      oldestDue: row.oldest_due ?? null,
    };
  }
}
