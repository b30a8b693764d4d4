// A commit that every other process must have heard of before its caller goes on (PostgreSQL). A NOTIFY reaches
// another process a moment after the commit, and until that process's event loop has read it, its cache may serve
// what the commit changed: a revoked token would still be accepted there. So, once the commit is done, the
// committing process asks on the watched channel for a confirmation and waits until every other process listening
// there has answered. PostgreSQL delivers a listener's notifications in the order their transactions committed, so
// a listener that answers the request, sent after the commit, has handled the commit's own notification before.
import { randomUUID } from 'node:crypto';
import { CompiledQuery, type DatabaseConnection } from 'kysely';

/**
 * How long a commit waits for the other processes' answers. One that does not answer in time (blocked, stopped,
 * cut off) is reported and the caller goes on: a process stuck that long distrusts its cache when it comes back
 * (`stalledFor`, database.ts).
 */
export const CONFIRMATION_TIMEOUT_MS = 1000;

const REQUEST_PREFIX = 'confirm:';

/** The channel on which listeners answer the requests made on `channel`. */
export function confirmationChannel(channel: string): string {
  return `${channel}_heard`;
}

/** The application_name of a connection listening on `channel` that answers requests: committers look for it. */
export function listenerName(channel: string): string {
  return `quartermaster listening on ${channel}`;
}

/** The id of a request for confirmation, or null for any other notification (a trigger's, with no payload). */
export function confirmationRequestId(payload: string): string | null {
  return payload.startsWith(REQUEST_PREFIX) ? payload.slice(REQUEST_PREFIX.length) : null;
}

/** Why a commit's caller went on without every confirmation: logged by whoever opened the database. */
export interface UnconfirmedCommit {
  channel: string;
  /** Backend pids of the listening connections that did not answer in time; empty when the request failed. */
  silentListeners: number[];
  reason: string;
}

/** A request sent: `heard` resolves once every listener answered or the time ran out, and never rejects. */
export interface SentRequest {
  heard: Promise<void>;
}

class Answers {
  private readonly received = new Set<number>();
  private expected: Set<number> | null = null;
  private settle: (() => void) | null = null;

  answered(pid: number): void {
    this.received.add(pid);
    this.check();
  }

  /** Resolves with the pids in `expected` that did not answer by `deadline`. */
  wait(expected: number[], deadline: number): Promise<number[]> {
    this.expected = new Set(expected);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.settle = null;
          resolve(this.missing());
        },
        Math.max(0, deadline - performance.now()),
      );
      this.settle = () => {
        clearTimeout(timer);
        resolve([]);
      };
      this.check();
    });
  }

  private missing(): number[] {
    return [...(this.expected ?? [])].filter((pid) => !this.received.has(pid));
  }

  private check(): void {
    if (this.settle && this.missing().length === 0) this.settle();
  }
}

export interface ConfirmationListener {
  /** This process's listening connection's backend pid once it listens, or null if it does not by `deadline`. */
  listeningPid(deadline: number): Promise<number | null>;
}

export class CommitConfirmations {
  private readonly waiting = new Map<string, Answers>();

  constructor(
    private readonly channel: string,
    private readonly listener: ConfirmationListener,
    private readonly unconfirmed: (report: UnconfirmedCommit) => void,
    private readonly timeoutMs = CONFIRMATION_TIMEOUT_MS,
  ) {}

  /** An answer heard on the confirmation channel (from any process: requests of others are not ours). */
  answered(requestId: string, listenerPid: number): void {
    this.waiting.get(requestId)?.answered(listenerPid);
  }

  /**
   * Asks, on `connection` (outside any transaction: the commit is done), every other process listening on the
   * channel to confirm. The listeners to wait for are those named as listening when the request is sent: one that
   * starts listening later has dropped its cache when it started.
   */
  async request(connection: DatabaseConnection): Promise<SentRequest> {
    const deadline = performance.now() + this.timeoutMs;
    const ownPid = await this.listener.listeningPid(deadline);
    if (ownPid === null) {
      this.unconfirmed({
        channel: this.channel,
        silentListeners: [],
        reason: 'this process is not listening for answers',
      });
      return { heard: Promise.resolve() };
    }
    const id = randomUUID();
    const answers = new Answers();
    // Registered before the request goes out: an answer may come back before the query's result does.
    this.waiting.set(id, answers);
    try {
      const { rows } = await connection.executeQuery<{ pids: string }>(
        CompiledQuery.raw(
          `select pg_notify($1, $2) as sent, (select coalesce(string_agg(pid::text, ','), '') from pg_stat_activity
             where datname = current_database() and application_name = $3 and pid <> $4) as pids`,
          [this.channel, REQUEST_PREFIX + id, listenerName(this.channel), ownPid],
        ),
      );
      const expected = rows[0]!.pids.split(',').filter(Boolean).map(Number);
      return { heard: this.awaitAnswers(id, answers, expected, deadline) };
    } catch (error) {
      this.waiting.delete(id);
      this.unconfirmed({
        channel: this.channel,
        silentListeners: [],
        reason: error instanceof Error ? error.message : String(error),
      });
      return { heard: Promise.resolve() };
    }
  }

  private async awaitAnswers(id: string, answers: Answers, expected: number[], deadline: number): Promise<void> {
    try {
      const silent = await answers.wait(expected, deadline);
      if (silent.length > 0) {
        this.unconfirmed({
          channel: this.channel,
          silentListeners: silent,
          reason: `no answer within ${this.timeoutMs} ms`,
        });
      }
    } finally {
      this.waiting.delete(id);
    }
  }
}
