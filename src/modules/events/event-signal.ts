// Tells publishers that events were committed, so that an event reaches the feed without waiting for the next
// poll: at once to the publishers of this process, and, on PostgreSQL, to other processes through NOTIFY on
// `quartermaster_events` (LISTENed to by every worker). Polling stays the fallback for anything a signal misses
// (a process killed right after its commit, a LISTEN connection being re-established, SQLite across processes).
import type { Database } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';
import { notify } from '../../db/notifications.js';
import type { Executor } from '../../db/transaction.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { ServiceLog } from '../../lib/service-log.js';

export const EVENTS_CHANNEL = 'quartermaster_events';

export interface EventSignalDeps {
  db: Executor;
  log: ServiceLog;
  newId: IdGenerator;
}

export class EventSignal {
  private readonly listeners = new Set<() => void>();
  /** Names this process in its notifications, so that its own are not taken for another process's commits. */
  readonly source: string;
  private notifying = false;
  private notifyAgain = false;

  private readonly db: Executor;
  private readonly log: ServiceLog;

  constructor(deps: EventSignalDeps) {
    this.db = deps.db;
    this.log = deps.log;
    this.source = deps.newId();
  }

  /** Calls `listener` on every commit of events, in this process or (through `received`) another. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A transaction of this process that recorded events has committed. */
  committed(): void {
    this.wake();
    if (engineOf(this.db) === 'postgres') this.notifyOthers();
  }

  /** A notification arrived: `source` committed events. */
  received(source: string): void {
    if (source !== this.source) this.wake();
  }

  /** Wakes this process's publishers without a commit behind it (a LISTEN connection came back: look now). */
  wake(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * One NOTIFY at a time: commits that come while one is on its way are covered by one more sent after it, so
   * every commit is followed by a notification sent after it, and a burst of commits costs a few statements.
   */
  private notifyOthers(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    void (async () => {
      try {
        do {
          this.notifyAgain = false;
          await notify(this.db, EVENTS_CHANNEL, this.source);
        } while (this.notifyAgain);
      } catch (err) {
        this.log.warn({ err }, 'other processes were not told of new events; their workers find them at the next poll');
      } finally {
        this.notifying = false;
      }
    })();
  }
}

export interface EventListenerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The worker's ear for other processes' commits: LISTEN on PostgreSQL, feeding `signal`; nothing on SQLite.
 * Started and stopped with the worker.
 */
export function eventListener(database: Pick<Database, 'listen'>, signal: EventSignal, log: EventListenerLog) {
  let listener: ReturnType<Database['listen']> = null;
  return {
    start(): void {
      listener = database.listen(EVENTS_CHANNEL, {
        notification: (payload) => signal.received(payload),
        listening: () => {
          log.info({ channel: EVENTS_CHANNEL }, 'listening for events committed by other processes');
          signal.wake();
        },
        error: (err) =>
          log.warn({ err }, 'the connection listening for committed events failed; retrying, polling meanwhile'),
      });
    },
    async stop(): Promise<void> {
      await listener?.close();
      listener = null;
    },
  };
}
