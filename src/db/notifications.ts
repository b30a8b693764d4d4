// PostgreSQL LISTEN on a connection of its own (a pooled connection cannot stay subscribed), reconnecting after
// a lost connection. Used to hear, across processes, what NOTIFY tells; polling stays the fallback for anything
// a gap in the connection misses.
import { sql } from 'kysely';
import pg from 'pg';
import { confirmationChannel, confirmationRequestId, listenerName } from './confirmed-commits.js';
import type { Executor } from './transaction.js';

export interface NotificationHandlers {
  /** A notification on the channel, with its payload. */
  notification(payload: string): void;
  /** The channel is listened to: at first, and again after each reconnection (notifications in between are lost). */
  listening(): void;
  /** The connection failed or was lost; it is tried again after a pause. */
  error(error: Error): void;
  /**
   * With it, the listener takes part in confirmed commits (confirmed-commits.ts): it answers every request for
   * confirmation on the channel once `notification` has run for it, is named so that committers find it, and
   * hears the answers of the other processes' listeners, given here with the answering connection's pid.
   */
  confirmed?(requestId: string, listenerPid: number): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

/** The backend pid of a listener's connection, which committers leave out of the processes they wait for. */
export interface ConfirmingListener extends NotificationListener {
  readonly pid: number | null;
}

/** Identifiers of our own channels only: quoting them is then enough. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_DELAY_MS = 1000;

export function listenForNotifications(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): ConfirmingListener {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}".`);
  const confirming = handlers.confirmed !== undefined;
  const answers = confirmationChannel(channel);
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = (failed: pg.Client) => {
    if (closed || client !== failed) return;
    client = null;
    pid = null;
    failed.end().catch(() => undefined);
    retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
  };

  const connect = async () => {
    if (closed) return;
    const candidate = new pg.Client({ connectionString, keepAlive: true });
    client = candidate;
    candidate.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === answers) return handlers.confirmed?.(payload, message.processId);
      if (message.channel !== channel) return;
      handlers.notification(payload);
      // Only once the handler has run: the committer waiting for the answer counts on this process knowing.
      const requestId = confirmationRequestId(payload);
      if (confirming && requestId !== null) {
        candidate.query('select pg_notify($1, $2)', [answers, requestId]).catch(() => undefined);
      }
    });
    candidate.on('error', (error) => {
      handlers.error(error);
      reconnectLater(candidate);
    });
    // A connection the server closes without an error still leaves the channel unheard: say so.
    candidate.on('end', () => {
      if (!closed && client === candidate) handlers.error(new Error(`The connection listening on ${channel} ended.`));
      reconnectLater(candidate);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN "${channel}"`);
      if (confirming) {
        await candidate.query(`LISTEN "${answers}"`);
        const named = await candidate.query<{ pid: number }>(
          'select pg_backend_pid() as pid, set_config($1, $2, false)',
          ['application_name', listenerName(channel)],
        );
        // Named only now, once it listens: a committer waits for a named connection, which must hear its request.
        if (client === candidate) pid = named.rows[0]!.pid;
      }
      if (!closed && client === candidate) handlers.listening();
    } catch (error) {
      if (closed) return;
      handlers.error(error instanceof Error ? error : new Error(String(error)));
      reconnectLater(candidate);
    }
  };

  void connect();
  return {
    get pid() {
      return pid;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Sends `payload` to the PostgreSQL listeners of `channel`. */
export async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
