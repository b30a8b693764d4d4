// Retention: events leave the feed after EVENT_RETENTION_DAYS; idempotency keys after their TTL.
import type { Executor } from '../../db/transaction.js';
import type { IdempotencyRepository } from '../../http/idempotency/idempotency.repository.js';
import { addDays, type Clock } from '../../lib/clock.js';
import type { EventRepository } from './event.repository.js';

export interface PurgeResult {
  events_deleted: number;
  idempotency_keys_deleted: number;
  sessions_deleted: number;
  login_attempts_deleted: number;
}

interface Purgeable {
  purgeExpired(): Promise<number>;
}

export interface RetentionServiceDeps {
  db: Executor;
  events: EventRepository;
  idempotency: IdempotencyRepository;
  sessions: Purgeable;
  loginAttempts: Purgeable;
  clock: Clock;
  eventRetentionDays: number;
}

export class RetentionService {
  private readonly db: Executor;
  private readonly events: EventRepository;
  private readonly idempotency: IdempotencyRepository;
  private readonly sessions: Purgeable;
  private readonly loginAttempts: Purgeable;
  private readonly clock: Clock;
  private readonly eventRetentionDays: number;

  constructor(deps: RetentionServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.idempotency = deps.idempotency;
    this.sessions = deps.sessions;
    this.loginAttempts = deps.loginAttempts;
    this.clock = deps.clock;
    this.eventRetentionDays = deps.eventRetentionDays;
  }

  /** Deletes events older than the retention window (by `occurred_at`), and expired idempotency keys, sessions and sign-in attempts. */
  async purge(): Promise<PurgeResult> {
    const now = this.clock.now();
    const cutoff = addDays(now, -this.eventRetentionDays).toISOString();
    return {
      events_deleted: await this.events.purgeOccurredBefore(this.db, cutoff),
      idempotency_keys_deleted: await this.idempotency.purgeExpired(this.db, now.toISOString()),
      sessions_deleted: await this.sessions.purgeExpired(),
      login_attempts_deleted: await this.loginAttempts.purgeExpired(),
    };
  }
}
