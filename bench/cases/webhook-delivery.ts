// Case: webhook delivery to a local receiver by one in-process dispatcher. Two one-shot runs, not call-after-call
// timings, so they run during setup and report through notes: (a) throughput, 5000 events committed at once and
// delivered as fast as the dispatcher goes; (b) lag from commit to first attempt, events committed one per
// transaction at a steady rate while the dispatcher polls at its default interval.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { inTransaction } from '../../src/db/transaction.js';
import { systemClock } from '../../src/lib/clock.js';
import type { AuthContext } from '../../src/modules/auth/auth-context.js';
import { EventPublisher } from '../../src/modules/events/event-publisher.js';
import type { DomainEvent } from '../../src/modules/events/event-recorder.js';
import { createWebhooks } from '../../src/modules/webhooks/index.js';
import type { BenchCase, BenchContext } from '../lib/runner.js';

const THROUGHPUT_EVENTS = 5000;
const LAG_RATE_PER_SECOND = 200;
const LAG_SECONDS = 5;
/** Rows per outbox insert: 7 parameters a row stays below SQLite's 32766. */
const RECORD_CHUNK = 1000;
const WAIT_TIMEOUT_MS = 120_000;

/** Milliseconds on a clock shared by the committing code and the receiver. */
const now = () => performance.timeOrigin + performance.now();

/** Answers 200 at once and notes when each delivery first arrived, by the event's entity id. */
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
    if (now() > deadline) throw new Error(`webhook-delivery: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let sequence = 0;
const productCreated = (entityId: string): DomainEvent => ({
  type: 'product.created',
  entityId,
  payload: { id: entityId, name: `Bench product ${++sequence}`, sku: `BENCH-${sequence}`, status: 'active' },
});

export const webhookDeliveryCase: BenchCase = {
  name: 'webhook-delivery',
  description: `Webhook deliveries/s for ${THROUGHPUT_EVENTS} events at once, and commit-to-first-attempt lag at ${LAG_RATE_PER_SECOND} events/s`,
  async setup(context: BenchContext) {
    const { services, db } = context;
    // A tenant of its own, so that events other cases leave in the outbox make no deliveries here.
    const { tenant, user } = await services.tenants.create({ name: 'Webhook bench', adminEmail: 'webhooks@example.test', adminPassword: 'correct-horse-battery' });
    // The harness's app refuses http and loopback targets, as production does: the case wires its own
    // publisher and webhook module with the development policy a local receiver needs.
    const settings = loadConfig({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).webhooks;
    const publisher = new EventPublisher(db, systemClock, services.newId);
    const webhooks = createWebhooks({ db, clock: systemClock, newId: services.newId, publisher, settings, publicUrl: null });

    const receiver = new Receiver();
    const auth: AuthContext = {
      tenantId: tenant.id,
      user: { id: user.id, name: 'Bench admin', email: 'webhooks@example.test', role: 'admin' },
      via: 'token',
      tokenAbilities: ['*'],
      tokenId: null,
      tokenType: 'integration',
    };
    await webhooks.subscriptions.create(auth, { url: await receiver.listen(), event_types: ['product.*'] });
    // Whatever earlier cases recorded is published now, outside the timed runs.
    await publisher.publishAll();

    const errors: string[] = [];
    const dispatcher = webhooks.createDispatcher({ error: (object, message) => errors.push(`${message}: ${String((object as { err?: unknown }).err)}`) });
    const openDeliveries = async () =>
      Number(
        (
          await db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('open'))
            .where('tenant_id', '=', tenant.id)
            .where('status', 'in', ['pending', 'delivering'])
            .executeTakeFirstOrThrow()
        ).open,
      );

    try {
      // (a) Throughput: the outbox holds 5000 committed events before the dispatcher starts.
      const bulk = Array.from({ length: THROUGHPUT_EVENTS }, () => productCreated(services.newId()));
      await inTransaction(db, async (trx) => {
        for (let i = 0; i < bulk.length; i += RECORD_CHUNK) await services.events.record(trx, tenant.id, ...bulk.slice(i, i + RECORD_CHUNK));
      });
      const started = now();
      dispatcher.start();
      await until(`${THROUGHPUT_EVENTS} deliveries`, () => receiver.deliveryIds.size >= THROUGHPUT_EVENTS, 1);
      const elapsed = now() - started;
      context.note(
        `webhook-delivery: ${THROUGHPUT_EVENTS} events published and delivered in ${elapsed.toFixed(0)} ms: ` +
          `${((THROUGHPUT_EVENTS / elapsed) * 1000).toFixed(0)} deliveries/s (one dispatcher, concurrency ${settings.concurrency})`,
      );
      await until('the throughput run to be recorded', async () => (await openDeliveries()) === 0, 20);

      // (b) Lag: one event per committed transaction, on a fixed schedule, while the dispatcher polls.
      const committedAt = new Map<string, number>();
      const interval = 1000 / LAG_RATE_PER_SECOND;
      const first = now();
      for (let i = 0; i < LAG_RATE_PER_SECOND * LAG_SECONDS; i++) {
        await sleepUntil(first + i * interval);
        const event = productCreated(services.newId());
        await inTransaction(db, (trx) => services.events.record(trx, tenant.id, event));
        committedAt.set(event.entityId, now());
      }
      const achievedRate = committedAt.size / ((now() - first) / 1000);
      await until('every lag event to arrive', () => [...committedAt.keys()].every((id) => receiver.firstArrival.has(id)), 20);
      const lags = [...committedAt].map(([id, at]) => receiver.firstArrival.get(id)! - at).sort((a, b) => a - b);
      context.note(
        `webhook-delivery: commit to first attempt over ${lags.length} events at ${achievedRate.toFixed(0)} commits/s ` +
          `(poll interval ${settings.pollIntervalMs} ms): p50 ${percentile(lags, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(lags, 99).toFixed(1)} ms, max ${lags.at(-1)!.toFixed(1)} ms`,
      );
    } finally {
      await dispatcher.stop();
      await receiver.close();
    }
    if (errors.length > 0) context.note(`webhook-delivery: the dispatcher logged ${errors.length} error(s), first: ${errors[0]}`);
    return [];
  },
};
