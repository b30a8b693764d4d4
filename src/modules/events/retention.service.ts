// Retention: events leave the feed after EVENT_RETENTION_DAYS; idempotency keys after their TTL.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import { addDays, type Clock } from '../../lib/clock.js';
import type { EventRepository, OpenDeliveryCondition } from './event.repository.js';

// Short transactions, and ids lists far below SQLite's parameter limit.
const PURGE_BATCH = 500;

export interface PurgeResult {
  events_deleted: number;
  idempotency_keys_deleted: number;
  sessions_deleted: number;
  login_attempts_deleted: number;
  audit_entries_deleted: number;
}

interface Purgeable {
  purgeExpired(): Promise<number>;
}

/** The Idempotency-Key answers that http/idempotency/ keeps, each until its expiry. */
export interface IdempotencyKeys {
  /** Deletes the keys expired at `now` (ISO 8601); answers how many. */
  purgeExpired(db: Executor, now: string): Promise<number>;
}

/**
 * The webhook deliveries of events, which the webhooks module keeps: an event with a delivery still pending or
 * delivering stays, and an event that goes takes its deliveries and their attempts with it.
 */
export interface EventDeliveries {
  hasOpenDelivery: OpenDeliveryCondition;
  /** Of `eventIds`, those with an open delivery, read with their deliveries locked (PostgreSQL) until the transaction ends. */
  eventsWithOpenDeliveries(db: Executor, eventIds: readonly string[]): Promise<Set<string>>;
  /** Deletes every delivery of `eventIds` with its attempts. */
  deleteOfEvents(db: Executor, eventIds: readonly string[]): Promise<void>;
}

export interface RetentionServiceDeps {
  db: Executor;
  events: EventRepository;
  idempotency: IdempotencyKeys;
  sessions: Purgeable;
  loginAttempts: Purgeable;
  /** Keeps its entries AUDIT_RETENTION_DAYS. */
  auditLog: Purgeable;
  clock: Clock;
  eventRetentionDays: number;
  deliveries: EventDeliveries;
}

export class RetentionService {
  private readonly db: Executor;
  private readonly events: EventRepository;
  private readonly idempotency: IdempotencyKeys;
  private readonly sessions: Purgeable;
  private readonly loginAttempts: Purgeable;
  private readonly auditLog: Purgeable;
  private readonly clock: Clock;
  private readonly eventRetentionDays: number;
  private readonly deliveries: EventDeliveries;

  constructor(deps: RetentionServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.idempotency = deps.idempotency;
    this.sessions = deps.sessions;
    this.loginAttempts = deps.loginAttempts;
    this.auditLog = deps.auditLog;
    this.clock = deps.clock;
    this.eventRetentionDays = deps.eventRetentionDays;
    this.deliveries = deps.deliveries;
  }

  /** Deletes events older than the retention window (by `occurred_at`), expired idempotency keys, sessions and sign-in attempts, and audit entries past theirs. */
  async purge(): Promise<PurgeResult> {
    const now = this.clock.now();
    const cutoff = addDays(now, -this.eventRetentionDays).toISOString();
    return {
      events_deleted: await this.purgeEventsBefore(cutoff),
      idempotency_keys_deleted: await this.idempotency.purgeExpired(this.db, now.toISOString()),
      sessions_deleted: await this.sessions.purgeExpired(),
      login_attempts_deleted: await this.loginAttempts.purgeExpired(),
      audit_entries_deleted: await this.auditLog.purgeExpired(),
    };
  }

  /**
   * Deletes events that occurred before `cutoff`, with their webhook deliveries and attempts, in batches of one
   * short transaction each; the feed keeps only the retention window. An event with a delivery still pending
   * or delivering stays until that ends. Answers how many events went.
   */
  async purgeEventsBefore(cutoff: string): Promise<number> {
    let total = 0;
    for (;;) {
      const { examined, deleted } = await inTransaction(this.db, (trx) => this.purgeBatch(trx, cutoff));
      total += deleted;
      if (examined < PURGE_BATCH) return total;
    }
  }

  private async purgeBatch(trx: Transaction<DB>, cutoff: string): Promise<{ examined: number; deleted: number }> {
    const candidateIds = await this.events.purgeCandidates(trx, cutoff, PURGE_BATCH, (eb) =>
      this.deliveries.hasOpenDelivery(eb),
    );
    if (candidateIds.length === 0) return { examined: 0, deleted: 0 };
    // Re-checked under the lock: a delivery may have been retried since the candidates were chosen.
    const held = await this.deliveries.eventsWithOpenDeliveries(trx, candidateIds);
    const ids = candidateIds.filter((id) => !held.has(id));
    if (ids.length === 0) return { examined: candidateIds.length, deleted: 0 };
    await this.deliveries.deleteOfEvents(trx, ids);
    return { examined: candidateIds.length, deleted: await this.events.deleteByIds(trx, ids) };
  }
}
