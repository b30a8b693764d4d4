// The workers' queue. A claim takes due deliveries (and ones whose lease ran out) for one worker for a lease;
// on PostgreSQL `FOR UPDATE SKIP LOCKED` lets any number of workers claim at once without taking the same row.
// Results are written only while the worker still holds the lease, so a worker that lost it cannot overwrite
// the outcome of the worker that took the delivery over.
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { inTransaction, type Executor } from '../../../db/transaction.js';
import { chunks } from '../../../lib/chunks.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { DeliveryQueueRepository, LeasedDelivery } from './delivery-queue.repository.js';

/** Attempts a delivery gets by itself; a manual retry adds one more each time. */
export const AUTOMATIC_ATTEMPTS = 5;
export const ABANDONED_ATTEMPT_ERROR = 'No result recorded: the worker stopped or lost its lease during this attempt.';

/** A delivery leased to a worker; `attempt` is the number of the attempt about to be made. */
export type ClaimedDelivery = LeasedDelivery;

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
  queue: DeliveryQueueRepository;
  newId: IdGenerator;
}

/** What an attempt's result makes of its delivery: delivered, pending again after its retry delay, or failed. */
function nextState(
  r: AttemptResult,
  now: Date,
  retryDelaysSeconds: readonly number[],
): {
  outcome: Exclude<ResultOutcome, 'lease_lost'>;
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: string | null;
} {
  if (r.ok) return { outcome: 'delivered', status: 'delivered', nextAttemptAt: null };
  if (r.delivery.attempt >= AUTOMATIC_ATTEMPTS) return { outcome: 'failed', status: 'failed', nextAttemptAt: null };
  const delaySeconds = Math.max(retryDelaysSeconds[r.delivery.attempt - 1] ?? 0, r.retryAfterSeconds ?? 0);
  return {
    outcome: 'retrying',
    status: 'pending',
    nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000).toISOString(),
  };
}

/** Results per statement: 11 bound values each, well within both engines' limits on a statement's parameters. */
const RESULTS_PER_STATEMENT = 500;

export class DeliveryQueue {
  private readonly db: Executor;
  private readonly queue: DeliveryQueueRepository;
  private readonly newId: IdGenerator;

  constructor(deps: DeliveryQueueDeps) {
    this.db = deps.db;
    this.queue = deps.queue;
    this.newId = deps.newId;
  }

  /** Claims up to `limit` deliveries for `workerId` until `now + leaseMs`, recording abandoned attempts first. */
  async claim(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    return inTransaction(this.db, async (trx) => {
      const at = now.toISOString();
      const rows = await this.queue.lockDue(trx, at, limit);
      if (rows.length === 0) return [];

      const abandoned = rows.filter((row) => row.status === 'delivering');
      if (abandoned.length > 0) await this.recordAbandoned(trx, abandoned, at);
      const claimable = rows
        .filter((row) => row.status === 'pending' || row.attempts < AUTOMATIC_ATTEMPTS)
        .map((row) => row.id);
      const exhausted = abandoned.filter((row) => row.attempts >= AUTOMATIC_ATTEMPTS).map((row) => row.id);
      if (exhausted.length > 0) await this.queue.fail(trx, exhausted, ABANDONED_ATTEMPT_ERROR, at);
      if (claimable.length === 0) return [];
      await this.queue.lease(trx, claimable, workerId, new Date(now.getTime() + leaseMs).toISOString(), at);
      return this.queue.leased(trx, claimable);
    });
  }

  private async recordAbandoned(
    trx: Transaction<DB>,
    rows: ReadonlyArray<{ id: string; tenant_id: string; subscription_id: string; attempts: number }>,
    at: string,
  ) {
    await this.queue.insertAttempts(
      trx,
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
    );
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
      await this.queue.insertAttempts(
        trx,
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
      );

      const planned = results.map((r) => nextState(r, now, retryDelaysSeconds));
      const recorded = new Set<string>();
      const rows = results.map((r, i) => ({
        id: r.delivery.id,
        status: planned[i]!.status,
        nextAttemptAt: planned[i]!.nextAttemptAt,
        responseCode: r.statusCode,
        responseTimeMs: Math.round(r.durationMs),
        error: r.error,
      }));
      for (const part of chunks(rows, RESULTS_PER_STATEMENT)) {
        for (const id of await this.queue.writeResults(trx, part, workerId, at)) recorded.add(id);
      }
      // A delivery's row takes its first result; a second one in the batch (an attempt whose result waited
      // through a lost lease) finds the lease gone, as it would have written after the first.
      const outcomes = planned.map((next, i): ResultOutcome =>
        recorded.delete(results[i]!.delivery.id) ? next.outcome : 'lease_lost',
      );

      const failing = [...new Set(results.filter((r) => !r.ok).map((r) => r.delivery.subscription_id))];
      for (const subscriptionId of failing) await this.disableIfFailing(trx, subscriptionId, now, rule);
      return outcomes;
    });
  }

  private async disableIfFailing(
    trx: Transaction<DB>,
    subscriptionId: string,
    now: Date,
    rule: AutoDisableRule,
  ): Promise<void> {
    const since = new Date(now.getTime() - rule.windowMs).toISOString();
    const { total, failed } = await this.queue.attemptCounts(trx, subscriptionId, since);
    if (total < rule.minAttempts || failed / total <= rule.failureRatio) return;
    const reason = `Disabled automatically: ${failed} of ${total} delivery attempts failed in the last 24 hours.`;
    await this.queue.disableSubscription(trx, subscriptionId, reason, now.toISOString());
  }

  /** Pending and in-flight counts, and how long the oldest due delivery has waited (for /metrics). */
  async stats(now: Date): Promise<QueueStats> {
    const at = now.toISOString();
    const row = await this.queue.counts(this.db, at);
    const oldest = row.oldestDue ? Date.parse(row.oldestDue) : null;
    return {
      pending: row.pending,
      due: row.due,
      delivering: row.delivering,
      oldestDueAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    };
  }
}
