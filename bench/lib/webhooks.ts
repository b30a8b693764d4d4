// Webhook delivery, measured end to end against the real server's worker: a receiver in the harness process
// answers 200 at once and notes when each delivery first arrives. Events are committed to the outbox by the
// harness's own connection, as a service of another process would commit them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../src/db/database.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { DomainEvent } from '../../src/modules/events/event-recorder.js';
import type { Services } from '../../src/services.js';
import { summarise, type Measurement } from './load.js';

const WAIT_TIMEOUT_MS = 120_000;
/** Rows per outbox insert: 7 parameters a row stays below SQLite's 32766. */
const RECORD_CHUNK = 1000;

const now = () => performance.timeOrigin + performance.now();

class Receiver {
  readonly firstArrival = new Map<string, number>();
  readonly deliveryIds = new Set<string>();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrived = now();
      const { entity_id: entityId } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { entity_id: string };
      if (!this.firstArrival.has(entityId)) this.firstArrival.set(entityId, arrived);
      this.deliveryIds.add(String(req.headers['x-webhook-delivery-id']));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function until(what: string, done: () => boolean | Promise<boolean>, everyMs = 5): Promise<void> {
  const deadline = now() + WAIT_TIMEOUT_MS;
  while (!(await done())) {
    if (now() > deadline) throw new Error(`webhooks: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));

export interface WebhookOptions {
  db: Db;
  services: Services;
  tenantId: string;
  /**
   * Creates the subscription through the API; answers what deletes it. The scenario deletes it when done, so that
   * later scenarios' product events are not delivered to a receiver that has gone away.
   */
  subscribe(url: string): Promise<() => Promise<void>>;
  throughputEvents: number;
  lagRatePerSecond: number;
  lagSeconds: number;
}

export interface WebhookMeasurements {
  /** Deliveries per second from the commit of a burst until the receiver saw every delivery. */
  throughput: Measurement;
  /** Commit-to-first-attempt lag of events committed one per transaction at a steady rate. */
  lag: Measurement;
  notes: string[];
}

export async function measureWebhooks(options: WebhookOptions): Promise<WebhookMeasurements> {
  const { db, services, tenantId } = options;
  let sequence = 0;
  const productCreated = (): DomainEvent => {
    const entityId = services.newId();
    sequence++;
    return {
      type: 'product.created',
      entityId,
      payload: { id: entityId, name: `Webhook bench ${sequence}`, sku: `HOOK-${sequence}`, status: 'active' },
    };
  };
  const outboxSize = async () =>
    Number(
      (
        await db
          .selectFrom('event_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // What earlier scenarios recorded is published before the subscription exists, so it makes no deliveries.
  await until('the outbox to drain', async () => (await outboxSize()) === 0, 50);

  const receiver = new Receiver();
  let unsubscribe: (() => Promise<void>) | undefined;
  try {
    unsubscribe = await options.subscribe(await receiver.listen());

    const burst = Array.from({ length: options.throughputEvents }, productCreated);
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < burst.length; i += RECORD_CHUNK)
        await services.events.record(trx, tenantId, ...burst.slice(i, i + RECORD_CHUNK));
    });
    const started = now();
    await until(
      `${options.throughputEvents} deliveries`,
      () => receiver.deliveryIds.size >= options.throughputEvents,
      1,
    );
    const elapsedMs = now() - started;
    const arrivals = burst.map((event) => receiver.firstArrival.get(event.entityId)! - started);
    const throughput = summarise(Float64Array.from(arrivals), elapsedMs / 1000, 0);

    const committedAt = new Map<string, number>();
    const interval = 1000 / options.lagRatePerSecond;
    const first = now();
    for (let i = 0; i < options.lagRatePerSecond * options.lagSeconds; i++) {
      await sleepUntil(first + i * interval);
      const event = productCreated();
      await inTransaction(db, (trx) => services.events.record(trx, tenantId, event));
      committedAt.set(event.entityId, now());
    }
    const commitSeconds = (now() - first) / 1000;
    await until(
      'every lag event to arrive',
      () => [...committedAt.keys()].every((id) => receiver.firstArrival.has(id)),
      20,
    );
    const lags = [...committedAt].map(([id, at]) => receiver.firstArrival.get(id)! - at);
    const lag = summarise(Float64Array.from(lags), commitSeconds, 0);
    return {
      throughput,
      lag,
      notes: [
        `webhooks: ${options.throughputEvents} events committed at once were delivered in ${elapsedMs.toFixed(0)} ms (p50/p99 columns: arrival after the commit)`,
        `webhooks: lag measured over ${lags.length} events committed one per transaction at ${(lags.length / commitSeconds).toFixed(0)}/s`,
      ],
    };
  } finally {
    await unsubscribe?.();
    await receiver.close();
  }
}
