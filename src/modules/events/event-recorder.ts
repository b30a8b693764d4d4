// Records domain events in the outbox inside the caller's transaction: the event exists exactly when the
// change that caused it committed. The publisher turns outbox rows into feed events and deliveries; once the
// transaction commits, the signal wakes it.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { afterCommit } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { EventSignal } from './event-signal.js';
import type { EventRepository } from './event.repository.js';
import { EVENT_TYPES, type EventType } from './event-types.js';

export interface DomainEvent {
  type: EventType;
  entityId: string;
  /** The entity's state after the change (full-mode payload). */
  payload: Record<string, unknown>;
}

export interface EventRecorderDeps {
  events: EventRepository;
  clock: Clock;
  newId: IdGenerator;
  signal?: Pick<EventSignal, 'committed'> | null;
}

export class EventRecorder {
  /** Transactions whose commit already signals: one signal per transaction, however many events it records. */
  private readonly signalling = new WeakSet<Transaction<DB>>();

  private readonly events: EventRepository;
  private readonly clock: Clock;
  private readonly newId: IdGenerator;
  private readonly signal: Pick<EventSignal, 'committed'> | null;

  constructor(deps: EventRecorderDeps) {
    this.events = deps.events;
    this.clock = deps.clock;
    this.newId = deps.newId;
    this.signal = deps.signal ?? null;
  }

  /** Writes the events in order. Takes a transaction, not a connection: an event outside one could outlive a rollback. */
  async record(trx: Transaction<DB>, tenantId: string, ...events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const occurredAt = this.clock.now().toISOString();
    await this.events.insertOutbox(
      trx,
      events.map((event) => ({
        id: this.newId(),
        tenant_id: tenantId,
        event_type: event.type,
        entity_type: EVENT_TYPES[event.type].entity_type,
        entity_id: event.entityId,
        payload: event.payload,
        occurred_at: occurredAt,
      })),
    );
    if (this.signal && !this.signalling.has(trx)) {
      this.signalling.add(trx);
      const signal = this.signal;
      afterCommit(trx, () => signal.committed());
    }
  }
}
