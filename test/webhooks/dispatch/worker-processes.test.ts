// Two `worker` processes share one delivery queue and one of them is killed (SIGKILL) while its requests are in
// flight. The survivor takes the killed worker's deliveries over once their lease ends: every event still reaches
// the receiver, a delivery is received again only if the killed worker held it, and then under a higher attempt
// number after an abandoned attempt; no attempt number is ever received twice.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { inTransaction } from '../../../src/db/transaction.js';
import { newId } from '../../../src/lib/ids.js';
import { ABANDONED_ATTEMPT_ERROR } from '../../../src/modules/webhooks/dispatch/delivery-queue.js';
import { bearer, makeToken } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { killAll, processEnv, startCli, type CliProcess } from '../../process/processes.js';

const EVENT_COUNT = 300;
const RECEIVER_DELAY_MS = 200;
const LEASE_MS = 3000;
/** Few slots per worker, so that 300 deliveries take seconds and both workers hold requests when one dies. */
const CONCURRENCY = 16;
const ALL_DELIVERED_TIMEOUT_MS = 30_000;

interface Receipt {
  deliveryId: string;
  attempt: number;
  eventId: string;
}

/** A webhook endpoint that answers 200 after a pause and remembers every request, and which are unanswered. */
interface Receiver {
  url: string;
  receipts: Receipt[];
  /** Delivery ids of requests received and not yet answered. */
  inFlight: Set<string>;
  close(): Promise<void>;
}

async function startReceiver(delayMs: number): Promise<Receiver> {
  const receipts: Receipt[] = [];
  const inFlight = new Set<string>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const deliveryId = String(req.headers['x-webhook-delivery-id']);
      receipts.push({
        deliveryId,
        attempt: Number(req.headers['x-webhook-attempt']),
        eventId: String(req.headers['x-webhook-event-id']),
      });
      inFlight.add(deliveryId);
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), delayMs);
      // Finished, or dropped because the sender died: either way no longer waiting for the answer.
      res.on('close', () => {
        clearTimeout(timer);
        inFlight.delete(deliveryId);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    receipts,
    inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `probe` until it answers something other than undefined. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A worker's lease owner id names its process: `<host>:<pid>:<id>`. */
const heldBy = (owner: string | null, pid: number) => owner !== null && owner.includes(`:${pid}:`);

describe('delivery workers as processes', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    const defaults = loadConfig({}).webhooks;
    t = await buildTestApp({ config: { webhooks: { ...defaults, allowHttp: true, allowPrivateTargets: true } } });
    receiver = await startReceiver(RECEIVER_DELAY_MS);
  });
  afterAll(async () => {
    // Processes first: their database goes with the app.
    await killAll();
    await receiver?.close();
    await t?.close();
  });

  const startWorker = (): CliProcess =>
    startCli(
      ['worker'],
      processEnv(t.location, {
        LOG_LEVEL: 'info',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_LEASE_MS: String(LEASE_MS),
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_POLL_INTERVAL_MS: '50',
        WEBHOOK_CONCURRENCY: String(CONCURRENCY),
      }),
    );

  async function subscribe(): Promise<string> {
    const token = await makeToken(t.services, t.tenant.tenantId, t.tenant.adminId, { type: 'integration' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/subscriptions',
      headers: bearer(token),
      payload: { url: receiver.url, event_types: ['product.created'] },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { data: { id: string } }).data.id;
  }

  /** Records the events in the outbox in a few committed transactions, as services would. */
  async function recordEvents(count: number, perTransaction = 50): Promise<void> {
    for (let done = 0; done < count; done += perTransaction) {
      const events = Array.from({ length: Math.min(perTransaction, count - done) }, (_, i) => ({
        type: 'product.created' as const,
        entityId: newId(),
        payload: { sequence: done + i },
      }));
      await inTransaction(t.database.db, (trx) => t.services.events.record(trx, t.tenant.tenantId, ...events));
    }
  }

  const deliveringLeases = () =>
    t.database.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'lease_owner'])
      .where('status', '=', 'delivering')
      .execute();

  it('a worker killed mid-delivery loses no event, and only its in-flight deliveries are sent again, under a higher attempt', async () => {
    const subscriptionId = await subscribe();
    const workers = [startWorker(), startWorker()];
    await Promise.all(workers.map((worker) => worker.waitForStdout(/worker started/)));
    const pids = workers.map((worker) => worker.child.pid!);

    await recordEvents(EVENT_COUNT);

    // Both workers must have had requests at the receiver before the kill, and the victim one still unanswered.
    const heldEver = new Map(pids.map((pid) => [pid, new Set<string>()]));
    const receivedFrom = (pid: number) =>
      receiver.receipts.some((receipt) => heldEver.get(pid)!.has(receipt.deliveryId));
    const victimIndex = await waitFor(
      'both workers to have sent requests, one of them with a request still at the receiver',
      async () => {
        const leases = await deliveringLeases();
        for (const pid of pids)
          for (const lease of leases) if (heldBy(lease.lease_owner, pid)) heldEver.get(pid)!.add(lease.id);
        if (!pids.every(receivedFrom)) return undefined;
        const index = pids.findIndex((pid) =>
          leases.some((lease) => heldBy(lease.lease_owner, pid) && receiver.inFlight.has(lease.id)),
        );
        return index >= 0 ? index : undefined;
      },
      20_000,
    );
    const victim = workers[victimIndex]!;
    const victimPid = pids[victimIndex]!;
    victim.child.kill('SIGKILL');
    const killedAt = receiver.receipts.length;
    expect(await victim.exited).toMatchObject({ signal: 'SIGKILL' });

    // What the killed worker left behind: claimed, never recorded.
    const stranded = new Map(
      (
        await t.database.db
          .selectFrom('webhook_deliveries')
          .select(['id', 'attempts', 'lease_owner'])
          .where('status', '=', 'delivering')
          .execute()
      )
        .filter((row) => heldBy(row.lease_owner, victimPid))
        .map((row) => [row.id, row.attempts]),
    );
    const receivedBeforeKill = receiver.receipts.slice(0, killedAt);
    expect(stranded.size).toBeGreaterThan(0);
    expect(receivedBeforeKill.some((receipt) => stranded.has(receipt.deliveryId))).toBe(true);

    await waitFor(
      'every delivery to be delivered',
      async () => {
        const open = await t.database.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('open'))
          .where('status', '!=', 'delivered')
          .executeTakeFirstOrThrow();
        const total = await t.database.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow();
        return Number(open.open) === 0 && Number(total.total) === EVENT_COUNT ? true : undefined;
      },
      ALL_DELIVERED_TIMEOUT_MS,
      100,
    );
    const survivor = workers[1 - victimIndex]!;
    expect(survivor.child.exitCode).toBeNull();
    expect(survivor.stderr).toBe('');

    const deliveries = await t.database.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'event_id', 'status', 'attempts'])
      .where('subscription_id', '=', subscriptionId)
      .execute();
    const events = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('tenant_id', '=', t.tenant.tenantId)
      .execute();
    expect(events).toHaveLength(EVENT_COUNT);
    expect(deliveries).toHaveLength(EVENT_COUNT);
    expect(deliveries.every((delivery) => delivery.status === 'delivered')).toBe(true);

    // No event lost: deduplicated by event id, the receiver saw every one.
    expect(new Set(receiver.receipts.map((receipt) => receipt.eventId))).toEqual(
      new Set(events.map((event) => event.id)),
    );

    const receiptsOf = new Map<string, Receipt[]>();
    for (const receipt of receiver.receipts)
      receiptsOf.set(receipt.deliveryId, [...(receiptsOf.get(receipt.deliveryId) ?? []), receipt]);
    for (const delivery of deliveries) {
      const received = receiptsOf.get(delivery.id) ?? [];
      const attempts = received.map((receipt) => receipt.attempt);
      expect(received.every((receipt) => receipt.eventId === delivery.event_id)).toBe(true);
      // Never the same attempt twice, and each repeat under a higher number than the one before it.
      expect(attempts).toEqual([...new Set(attempts)].sort((a, b) => a - b));
      if (stranded.has(delivery.id)) {
        expect(attempts.at(-1)).toBeGreaterThan(stranded.get(delivery.id)!);
        expect(delivery.attempts).toBe(stranded.get(delivery.id)! + 1);
      } else {
        expect(attempts).toEqual([1]);
        expect(delivery.attempts).toBe(1);
      }
    }

    // Exactly the killed worker's deliveries show an abandoned attempt, under the number it was sending.
    const abandoned = await t.database.db
      .selectFrom('webhook_delivery_attempts')
      .select(['delivery_id', 'attempt', 'succeeded'])
      .where('subscription_id', '=', subscriptionId)
      .where('error', '=', ABANDONED_ATTEMPT_ERROR)
      .execute();
    expect(new Map(abandoned.map((row) => [row.delivery_id, row.attempt]))).toEqual(stranded);
    expect(abandoned).toHaveLength(stranded.size);
    expect(abandoned.every((row) => row.succeeded === false)).toBe(true);
  }, 60_000);
});
