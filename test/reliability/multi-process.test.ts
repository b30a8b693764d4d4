// Several processes on one database: two API processes (`serve --no-worker`) and two `worker` processes under a
// concurrent load spread over both APIs: reserves on a few records with more demand than stock, receipts of the
// same order lines, transfers in both directions between two warehouses (opposite lock orders: a deadlock
// candidate), orders created in parallel, and the webhook deliveries of everything. Nothing oversells or
// over-receives, order numbers stay unique and gapless, no delivery attempt reaches the receiver twice, and no
// request fails with a 500: each is answered 2xx, 422, or 503 with Retry-After when a serialization failure or
// deadlock outlasted its retries. On SQLite the four processes share the file; its write lock serialises them.
import { describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/test-database.js';
import { processEnv, startCli, type CliProcess } from '../process/processes.js';
import { useTestbed } from './testbed.js';
import {
  deliveryViolations,
  eventViolations,
  poNumberViolations,
  receiptViolations,
  receivedDeliveries,
  stockViolations,
  undeliveredEventViolations,
  waitForDrain,
  type ExpectedEvent,
} from './invariants.js';
import {
  acknowledged,
  ApiClient,
  between,
  countOutcomes,
  createOrderableSupplier,
  createSentOrder,
  createStockedProduct,
  createWarehouse,
  fromList,
  pick,
  runLoad,
  seededRandom,
  subscribeToEverything,
  type LoadRequest,
  type LoadResult,
} from './load.js';

const CLIENTS = 16;
const RESERVE_STOCK = 20;
const RESERVES = 90;
const RECEIPTS = 45;
/** Little enough that some transfers find too little available and are refused. */
const TRANSFER_STOCK = 12;
const TRANSFERS = 90;
const ORDERS_CREATED = 24;
const DRAIN_TIMEOUT_MS = 30_000;
/** Four processes compile and start side by side; on a busy two-core machine that alone can take a while. */
const START_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 150_000;
const SEED = 424_242;

const webhookEnv = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_LEASE_MS: '3000',
  WEBHOOK_POLL_INTERVAL_MS: '50',
  WEBHOOK_RETRY_DELAYS: '1,1,1,1',
  WEBHOOK_CONCURRENCY: '8',
  // The load is one integration's; the per-token limiter is not what is under test here.
  RATE_LIMIT_PER_MINUTE: '0',
};

const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

async function startApi(env: NodeJS.ProcessEnv): Promise<{ cli: CliProcess; api: (token: string) => ApiClient }> {
  const cli = startCli(['serve', '--no-worker'], { ...env, HOST: '127.0.0.1', PORT: '0' });
  const url = `http://127.0.0.1:${(await cli.waitForStdout(LISTENING, START_TIMEOUT_MS))[1]}`;
  return { cli, api: (token) => new ApiClient(url, token) };
}

async function startWorker(env: NodeJS.ProcessEnv): Promise<CliProcess> {
  const cli = startCli(['worker'], env);
  await cli.waitForStdout(/worker started/, START_TIMEOUT_MS);
  return cli;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Sums a numeric body field of the acknowledged requests of `kind`, per key. */
function acknowledgedSums(
  results: readonly LoadResult[],
  kind: string,
  keyOf: (body: Record<string, unknown>) => string,
  quantityOf: (body: Record<string, unknown>) => number,
) {
  const sums = new Map<string, number>();
  for (const { request } of acknowledged(results, kind)) {
    const body = request.body as Record<string, unknown>;
    sums.set(keyOf(body), (sums.get(keyOf(body)) ?? 0) + quantityOf(body));
  }
  return sums;
}

describe(`API and worker processes on one ${testEngine} database`, () => {
  const bed = useTestbed();

  it(
    'two APIs and two workers under concurrent reserves, receipts, transfers and order creation keep every invariant',
    async () => {
      const env = processEnv(bed.location, {
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'correct-horse-battery',
        ...webhookEnv,
      });
      // One first, so that the others find the compiled sources cached.
      const first = await startApi(env);
      const [second, ...workers] = await Promise.all([startApi(env), startWorker(env), startWorker(env)] as const);
      const servers = [first, second];
      const apis = servers.map((server) => server.api(bed.token));
      const [a, b] = apis as [ApiClient, ApiClient];

      await subscribeToEverything(a, bed.receiver.url());
      await waitForDrain(bed.database.db, bed.tenant.tenantId, 10_000);
      const subscribedAfter = await bed.database.db
        .selectFrom('events')
        .select('id')
        .where('tenant_id', '=', bed.tenant.tenantId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();

      // Records under contention: reserved ones in the default warehouse, transferred ones in both warehouses.
      const main = bed.tenant.defaultWarehouseId;
      const other = await createWarehouse(a, 'MULTI-B');
      const reserved = await Promise.all([0, 1, 2].map(() => createStockedProduct(a, RESERVE_STOCK)));
      const transferred = await Promise.all([0, 1, 2].map(() => createStockedProduct(b, TRANSFER_STOCK)));
      for (const productId of transferred) {
        await b.expect(200, 'POST', '/operations/inventory/adjust', {
          product_id: productId,
          warehouse_id: other,
          quantity: TRANSFER_STOCK,
          reason: 'opening',
        });
      }
      const supplierId = await createOrderableSupplier(a);
      const ordered = await Promise.all([0, 1, 2].map(() => createStockedProduct(a, 0)));
      const order = await createSentOrder(
        a,
        supplierId,
        main,
        ordered.map((productId) => ({ productId, quantity: 10 })),
      );

      const random = seededRandom(SEED);
      const requests: LoadRequest[] = [
        ...Array.from({ length: RESERVES }, (): LoadRequest => ({
          kind: 'reserve',
          method: 'POST',
          path: '/operations/inventory/reserve',
          body: { product_id: pick(random, reserved), warehouse_id: main, quantity: between(random, 1, 3) },
        })),
        ...Array.from({ length: RECEIPTS }, (): LoadRequest => ({
          kind: 'receive',
          method: 'POST',
          path: `/operations/purchase-orders/${order.id}/receive`,
          body: {
            items: [{ purchase_order_item_id: pick(random, order.lines).id, quantity_received: between(random, 1, 3) }],
          },
        })),
        ...Array.from({ length: TRANSFERS }, (): LoadRequest => {
          const [from, to] = random() < 0.5 ? [main, other] : [other, main];
          const body = {
            product_id: pick(random, transferred),
            from_warehouse_id: from,
            to_warehouse_id: to,
            quantity: between(random, 1, 4),
          };
          return { kind: 'transfer', method: 'POST', path: '/operations/inventory/transfer', body };
        }),
        ...Array.from({ length: ORDERS_CREATED }, (): LoadRequest => ({
          kind: 'create-order',
          method: 'POST',
          path: '/operations/purchase-orders',
          body: {
            supplier_id: supplierId,
            warehouse_id: main,
            items: [{ product_id: pick(random, ordered), quantity: 5, unit_price: 2 }],
          },
        })),
      ];
      const results = await runLoad({ clients: CLIENTS, targets: apis, next: fromList(shuffle(requests, random)) });

      // Every request answered, none with a 500; a 503 only with Retry-After.
      for (const { request, outcome } of results) {
        expect([200, 201, 422, 503], `${request.kind}: ${JSON.stringify(outcome)}`).toContain(outcome.status);
        if (outcome.status === 503)
          expect(outcome.retryAfter, `${request.kind}: 503 without Retry-After`).toMatch(/^\d+$/);
      }
      expect(new Set(results.map((r) => r.target))).toEqual(new Set([0, 1]));

      const db = bed.database.db;
      // Reserves: refused when short (422), and what was reserved is exactly what was acknowledged, within on hand.
      const reservedPerProduct = acknowledgedSums(
        results,
        'reserve',
        (body) => body.product_id as string,
        (body) => body.quantity as number,
      );
      const refusedReserves = results.filter((r) => r.request.kind === 'reserve' && r.outcome.status === 422);
      expect(refusedReserves.length, 'more demand than stock').toBeGreaterThan(0);
      for (const refused of refusedReserves)
        expect((refused.outcome as { body: { message: string } }).body.message).toMatch(
          /^Insufficient available stock\./,
        );
      for (const productId of reserved) {
        const record = await db
          .selectFrom('inventory_records')
          .selectAll()
          .where('product_id', '=', productId)
          .where('warehouse_id', '=', main)
          .executeTakeFirstOrThrow();
        expect(record.quantity_reserved).toBe(reservedPerProduct.get(productId) ?? 0);
        expect(record.quantity_reserved).toBeLessThanOrEqual(record.quantity_on_hand);
      }

      // Receipts: each line holds exactly the acknowledged quantities, never more than ordered.
      const receivedPerLine = acknowledgedSums(
        results,
        'receive',
        (body) => (body.items as Array<{ purchase_order_item_id: string }>)[0]!.purchase_order_item_id,
        (body) => (body.items as Array<{ quantity_received: number }>)[0]!.quantity_received,
      );
      for (const line of order.lines) {
        const item = await db
          .selectFrom('purchase_order_items')
          .select(['quantity_received', 'quantity_ordered'])
          .where('id', '=', line.id)
          .executeTakeFirstOrThrow();
        expect(item.quantity_received).toBe(receivedPerLine.get(line.id) ?? 0);
        expect(item.quantity_received).toBeLessThanOrEqual(item.quantity_ordered);
      }

      // Transfers: refused when short; stock only moves, so each product still has both warehouses' opening stock.
      for (const refused of results.filter((r) => r.request.kind === 'transfer' && r.outcome.status === 422)) {
        expect((refused.outcome as { body: { message: string } }).body.message).toMatch(
          /^Insufficient available stock\./,
        );
      }
      for (const productId of transferred) {
        const records = await db
          .selectFrom('inventory_records')
          .select('quantity_on_hand')
          .where('product_id', '=', productId)
          .execute();
        expect(records.reduce((sum, r) => sum + r.quantity_on_hand, 0)).toBe(2 * TRANSFER_STOCK);
      }

      // Orders created in parallel on both APIs: one number each, unique and gapless within the month.
      const created = acknowledged(results, 'create-order').map(({ body }) => body.data.po_number as string);
      expect(new Set(created).size).toBe(created.length);

      await waitForDrain(db, bed.tenant.tenantId, DRAIN_TIMEOUT_MS);
      const expected: ExpectedEvent[] = [
        ...acknowledged(results, 'reserve').map(({ body }) => ({
          type: 'inventory.reserved',
          entityId: body.data.id as string,
        })),
        ...acknowledged(results, 'transfer').map(({ body }) => ({
          type: 'inventory.transfer_completed',
          entityId: body.data.from.id as string,
        })),
        ...acknowledged(results, 'create-order').map(({ body }) => ({
          type: 'purchase_order.created',
          entityId: body.data.id as string,
        })),
      ];
      expect(await stockViolations(db, a, bed.tenant.tenantId)).toEqual([]);
      expect(await receiptViolations(db, bed.tenant.tenantId)).toEqual([]);
      expect(await eventViolations(db, b, expected)).toEqual([]);
      const received = receivedDeliveries(bed.receiver);
      expect(await deliveryViolations(db, bed.tenant.tenantId, received)).toEqual([]);
      expect(await undeliveredEventViolations(db, bed.tenant.tenantId, subscribedAfter?.id ?? '')).toEqual([]);
      expect(await poNumberViolations(db, bed.tenant.tenantId)).toEqual([]);

      // Every process is still running and none logged a failed request.
      for (const cli of [...servers.map((s) => s.cli), ...workers]) {
        expect(cli.stdout).not.toMatch(/"msg":"request failed"/);
        expect(cli.stderr).toBe('');
        expect(cli.child.exitCode).toBeNull();
      }

      console.info(
        `multi-process (${testEngine}, 2 APIs + 2 workers): ${results.length} requests, ${created.length} orders created, ` +
          `${received.length} webhook requests received; ${JSON.stringify(countOutcomes(results))}`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
