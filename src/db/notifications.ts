// PostgreSQL LISTEN on a connection of its own (a pooled connection cannot stay subscribed), reconnecting after
// a lost connection. Used to hear, across processes, what NOTIFY tells; polling stays the fallback for anything
// a gap in the connection misses.
import pg from 'pg';

export interface NotificationHandlers {
  /** A notification on the channel, with its payload. */
  notification(payload: string): void;
  /** The channel is listened to: at first, and again after each reconnection (notifications in between are lost). */
  listening(): void;
  /** The connection failed or was lost; it is tried again after a pause. */
  error(error: Error): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

/** Identifiers of our own channels only: quoting them is then enough. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_DELAY_MS = 1000;

export function listenForNotifications(connectionString: string, channel: string, handlers: NotificationHandlers): NotificationListener {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}".`);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = (failed: pg.Client) => {
    if (closed || client !== failed) return;
    client = null;
    failed.end().catch(() => undefined);
    retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
  };

  const connect = async () => {
    if (closed) return;
    const candidate = new pg.Client({ connectionString, keepAlive: true });
    client = candidate;
    candidate.on('notification', (message) => {
      if (message.channel === channel) handlers.notification(message.payload ?? '');
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
      if (!closed && client === candidate) handlers.listening();
    } catch (error) {
      if (closed) return;
      handlers.error(error instanceof Error ? error : new Error(String(error)));
      reconnectLater(candidate);
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
