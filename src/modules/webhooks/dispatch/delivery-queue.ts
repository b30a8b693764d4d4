// The workers' queue. A claim takes due deliveries (and ones whose lease ran out) for one worker for a lease;
// on PostgreSQL `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once without taking the same row.
// Results are written only while the worker still holds the lease, so a worker that lost it cannot overwrite
// the outcome of the worker that took the delivery over.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { DB, WebhookPayloadMode } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import { chunks } from '../../../lib/chunks.js';
import type { IdGenerator } from '../../../lib/ids.js';

/** Attempts a delivery gets by itself; a manual retry adds one more each time. */
export const AUTOMATIC_ATTEMPTS = 5;
export const ABANDONED_ATTEMPT_ERROR = 'No result recorded: the worker stopped or lost its lease during this attempt.';

export interface ClaimedDelivery {
  id: string;
  tenant_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  entity_type: string;
  entity_id: string;
  /** The number of the attempt about to be made. */
  attempt: number;
  url: string;
  secret: string;
  headers: Record<string, string>;
  payload_mode: WebhookPayloadMode;
  payload: Record<string, unknown> | null;
  occurred_at: string;
}

export interface AttemptResult {
  delivery: ClaimedDelivery;
  attemptedAt: Date;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  retryAfterSeconds: number | null;
}

export type ResultOutcome = 'delivered' | 'retrying' | 'failed' | 'lease_lost';

export interface QueueStats {
  pending: number;
  due: number;
  delivering: number;
  oldestDueAgeSeconds: number;
}

export interface AutoDisableRule {
  windowMs: number;
  minAttempts: number;
  /** Disabled when the failed share is above this (0.95 = more than 95%). */
  failureRatio: number;
}

export const AUTO_DISABLE: AutoDisableRule = { windowMs: 24 * 3_600_000, minAttempts: 10, failureRatio: 0.95 };

export interface DeliveryQueueDeps {
  db: Executor;
  newId: IdGenerator;
}

/** What an attempt's result makes of its delivery: delivered, pending again after its retry delay, or failed. */
function nextState(r: AttemptResult, now: Date, retryDelaysSeconds: readonly number[]): { outcome: Exclude<ResultOutcome, 'lease_lost'>; status: 'delivered' | 'pending' | 'failed'; nextAttemptAt: string | null } {
  if (r.ok) return { outcome: 'delivered', status: 'delivered', nextAttemptAt: null };
  if (r.delivery.attempt >= AUTOMATIC_ATTEMPTS) return { outcome: 'failed', status: 'failed', nextAttemptAt: null };
  const delaySeconds = Math.max(retryDelaysSeconds[r.delivery.attempt - 1] ?? 0, r.retryAfterSeconds ?? 0);
  return { outcome: 'retrying', status: 'pending', nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000).toISOString() };
}

/** Results per statement: 11 bound values each, well within both engines' limits on a statement's parameters. */
const RESULTS_PER_STATEMENT = 500;

export class DeliveryQueue {
  private readonly db: Executor;
  private readonly newId: IdGenerator;

  constructor(deps: DeliveryQueueDeps) {
    this.db = deps.db;
    this.newId = deps.newId;
  }

  /** Claims up to `limit` deliveries for `workerId` until `now + leaseMs`, recording abandoned attempts first. */
  async claim(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    return inTransaction(this.db, async (trx) => {
      const at = now.toISOString();
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
      const rows = await due.execute();
      if (rows.length === 0) return [];

      const abandoned = rows.filter((row) => row.status === 'delivering');
      if (abandoned.length > 0) await this.recordAbandoned(trx, abandoned, at);
      const claimable = rows.filter((row) => row.status === 'pending' || row.attempts < AUTOMATIC_ATTEMPTS).map((row) => row.id);
      const exhausted = abandoned.filter((row) => row.attempts >= AUTOMATIC_ATTEMPTS).map((row) => row.id);
      if (exhausted.length > 0) {
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'failed', lease_owner: null, lease_expires_at: null, last_error: ABANDONED_ATTEMPT_ERROR, updated_at: at })
          .where('id', 'in', exhausted)
          .execute();
      }
      if (claimable.length === 0) return [];

      await trx
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: 'delivering',
          attempts: eb('attempts', '+', 1),
          lease_owner: workerId,
          lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
          last_attempt_at: at,
          updated_at: at,
        }))
        .where('id', 'in', claimable)
        .execute();
      const claimed = await trx
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
        .innerJoin('events as e', 'e.id', 'd.event_id')
        .select([
          'd.id', 'd.tenant_id', 'd.subscription_id', 'd.event_id', 'd.event_type', 'd.entity_type', 'd.entity_id',
          'd.attempts as attempt', 's.url', 's.secret', 's.headers', 's.payload_mode', 'e.payload', 'e.occurred_at',
        ])
        .where('d.id', 'in', claimable)
        .orderBy('d.next_attempt_at')
        .execute();
      return claimed;
    });
  }

  private async recordAbandoned(trx: Transaction<DB>, rows: ReadonlyArray<{ id: string; tenant_id: string; subscription_id: string; attempts: number }>, at: string) {
    await trx
      .insertInto('webhook_delivery_attempts')
      .values(
        rows.map((row) => ({
          id: this.newId(),
          tenant_id: row.tenant_id,
          delivery_id: row.id,
          subscription_id: row.subscription_id,
          attempt: row.attempts,
          attempted_at: at,
          succeeded: false,
          response_code: null,
          response_time_ms: null,
          error: ABANDONED_ATTEMPT_ERROR,
        })),
      )
      .execute();
  }

  /**
   * Writes a batch of attempt results in one transaction: the attempt rows, each delivery's next state
   * (delivered, pending again after its retry delay, or failed after its last attempt), and the automatic
   * disabling of subscriptions whose recent attempts nearly all failed. Returns each result's outcome.
   */
  async record(
    workerId: string,
    results: readonly AttemptResult[],
    now: Date,
    retryDelaysSeconds: readonly number[],
    rule: AutoDisableRule = AUTO_DISABLE,
  ): Promise<ResultOutcome[]> {
    if (results.length === 0) return [];
    return inTransaction(this.db, async (trx) => {
      const at = now.toISOString();
      await trx
        .insertInto('webhook_delivery_attempts')
        .values(
          results.map((r) => ({
            id: this.newId(),
            tenant_id: r.delivery.tenant_id,
            delivery_id: r.delivery.id,
            subscription_id: r.delivery.subscription_id,
            attempt: r.delivery.attempt,
            attempted_at: r.attemptedAt.toISOString(),
            succeeded: r.ok,
            response_code: r.statusCode,
            response_time_ms: Math.round(r.durationMs),
            error: r.error,
          })),
        )
        .execute();

      const planned = results.map((r) => nextState(r, now, retryDelaysSeconds));
      const recorded = new Set<string>();
      for (const part of chunks(results.map((r, i) => ({ id: r.delivery.id, result: r, next: planned[i]! })), RESULTS_PER_STATEMENT)) {
        // One statement for the batch instead of one per result (a round trip each on PostgreSQL): every column
        // is a CASE over the delivery's id. Each row has its arm; the ELSE, the column itself, is never taken
        // but gives PostgreSQL the column's type for the parameters (alone they would be text).
        const byId = <T>(column: string, value: (row: (typeof part)[number]) => unknown): RawBuilder<T> =>
          sql<T>`case ${sql.ref('id')} ${sql.join(
            part.map((row) => sql`when ${row.id} then ${value(row)}`),
            sql` `,
          )} else ${sql.ref(column)} end`;
        const rows = await trx
          .updateTable('webhook_deliveries')
          .set({
            status: byId('status', (row) => row.next.status),
            next_attempt_at: byId('next_attempt_at', (row) => row.next.nextAttemptAt ?? sql.ref('next_attempt_at')),
            last_response_code: byId('last_response_code', (row) => row.result.statusCode),
            last_response_time_ms: byId('last_response_time_ms', (row) => Math.round(row.result.durationMs)),
            last_error: byId('last_error', (row) => row.result.error),
            lease_owner: null,
            lease_expires_at: null,
            updated_at: at,
          })
          .where('id', 'in', part.map((row) => row.id))
          .where('status', '=', 'delivering')
          .where('lease_owner', '=', workerId)
          .returning('id')
          .execute();
        for (const row of rows) recorded.add(row.id);
      }
      // A delivery's row takes its first result; a second one in the batch (an attempt whose result waited
      // through a lost lease) finds the lease gone, as it would have written after the first.
      const outcomes = planned.map((next, i): ResultOutcome => (recorded.delete(results[i]!.delivery.id) ? next.outcome : 'lease_lost'));

      const failing = [...new Set(results.filter((r) => !r.ok).map((r) => r.delivery.subscription_id))];
      for (const subscriptionId of failing) await this.disableIfFailing(trx, subscriptionId, now, rule);
      return outcomes;
    });
  }

  private async disableIfFailing(trx: Transaction<DB>, subscriptionId: string, now: Date, rule: AutoDisableRule): Promise<void> {
    const since = new Date(now.getTime() - rule.windowMs).toISOString();
    const row = await trx
      .selectFrom('webhook_delivery_attempts')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('succeeded', '=', false).then(1).else(0).end()).as('failed'),
      ])
      .where('subscription_id', '=', subscriptionId)
      .where('attempted_at', '>=', since)
      .executeTakeFirstOrThrow();
    const total = Number(row.total);
    const failed = Number(row.failed ?? 0);
    if (total < rule.minAttempts || failed / total <= rule.failureRatio) return;
    const at = now.toISOString();
    await trx
      .updateTable('webhook_subscriptions')
      .set({
        status: 'disabled',
        disabled_at: at,
        disabled_reason: `Disabled automatically: ${failed} of ${total} delivery attempts failed in the last 24 hours.`,
        updated_at: at,
      })
      .where('id', '=', subscriptionId)
      .where('status', '=', 'active')
      .execute();
  }

  /** Pending and in-flight counts, and how long the oldest due delivery has waited (for /metrics). */
  async stats(now: Date): Promise<QueueStats> {
    const at = now.toISOString();
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
        eb.fn.sum<number>(eb.case().when(eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)])).then(1).else(0).end()).as('due'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'delivering').then(1).else(0).end()).as('delivering'),
        eb.fn.min<string>(eb.case().when(eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', at)])).then(eb.ref('next_attempt_at')).end()).as('oldest_due'),
      ])
      .where('status', 'in', ['pending', 'delivering'])
      .executeTakeFirstOrThrow();
    const oldest = row.oldest_due ? Date.parse(row.oldest_due) : null;
    return {
      pending: Number(row.pending ?? 0),
      due: Number(row.due ?? 0),
      delivering: Number(row.delivering ?? 0),
      oldestDueAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    };
  }
}
