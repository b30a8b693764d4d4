// Crash safety: a server process (API and worker) under a mixed write load is killed with SIGKILL mid-way, then
// started again on the same database. Whatever the killed process was doing, every invariant holds after the
// restart has drained the outbox and the delivery queue: the ledger matches its movements, no receipt is
// half-written, every acknowledged write's events are in the feed, and every delivery reaches the receiver.
// Sales orders are confirmed in the mix (each confirm reserves its lines or backorders them), and confirmed ones
// wait for the products under load, so that stock arriving (adjustments, transfers, receipts) is allocated to them
// mid-load: a confirm is all or nothing (a draft holds no stock), and no order line holds more than it has to ship.
// Writes whose response was lost are unknown: they may or may not have happened; only acknowledged ones are
// expected in the feed, and the invariants must hold either way.
import { describe, expect, it } from 'vitest';
import { makeSalesOrder } from '../helpers/sales-fixtures.js';
import { testEngine, type TestDatabaseLocation } from '../helpers/test-database.js';
import { processEnv, startCli, type CliProcess } from '../process/processes.js';
import { useTestbed } from './testbed.js';
import {
  allocationViolations,
  deliveryViolations,
  eventViolations,
  poNumberViolations,
  receiptViolations,
  receivedDeliveries,
  shipmentViolations,
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
  pick,
  runLoad,
  seededRandom,
  startLoad,
  subscribeToEverything,
  type LoadRequest,
  type LoadResult,
  type SentOrder,
} from './load.js';

const CLIENTS = 8;
/** Results before the kill, and requests after the restart: bounded so that the file stays well under 90 s. */
const RESULTS_BEFORE_KILL = 160;
const REQUESTS_AFTER_RESTART = 80;
const DRAIN_TIMEOUT_MS = 45_000;
/** A start compiles the sources; on a busy two-core machine that alone can take a while. */
const START_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 150_000;
const SEED = 20_261_121;
/** Draft shipments made before the load, for its ship requests. */
const SHIPMENTS = 16;

const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

/** `serve` with its worker, on a free port; short leases so that the killed process's deliveries come back soon. */
async function startServer(location: TestDatabaseLocation): Promise<{ cli: CliProcess; url: string }> {
  const cli = startCli(
    ['serve'],
    processEnv(location, {
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: 'correct-horse-battery',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_LEASE_MS: '3000',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_DELAYS: '1,1,1,1',
      // The load is one integration's; the per-token limiter is not what is under test here.
      RATE_LIMIT_PER_MINUTE: '0',
    }),
  );
  const match = await cli.waitForStdout(LISTENING, START_TIMEOUT_MS);
  return { cli, url: `http://127.0.0.1:${match[1]}` };
}

interface Fixture {
  warehouses: string[];
  products: string[];
  orders: SentOrder[];
  /** Draft shipments of sales orders, each shipped by one request of the mix (and refused after). */
  shipments: string[];
  /** Draft sales orders, each confirmed at most once by the mix. */
  drafts: string[];
}

/** The mix: stock changes on a few records, partial receipts, shipments of sales orders, and new products. */
function mixedRequests(fixture: Fixture, random: () => number) {
  let created = 0;
  let shipped = 0;
  return (): LoadRequest => {
    if (shipped < fixture.shipments.length && random() < 0.07) {
      const id = fixture.shipments[shipped++]!;
      return { kind: 'ship', method: 'POST', path: `/sales/shipments/${id}/ship`, body: { carrier: 'DHL' } };
    }
    const roll = random();
    const product_id = pick(random, fixture.products);
    const warehouse_id = pick(random, fixture.warehouses);
    if (roll < 0.2) {
      const quantity = between(random, 1, 6) * (random() < 0.4 ? -1 : 1);
      return {
        kind: 'adjust',
        method: 'POST',
        path: '/operations/inventory/adjust',
        body: { product_id, warehouse_id, quantity, reason: 'load' },
      };
    }
    if (roll < 0.4)
      return {
        kind: 'reserve',
        method: 'POST',
        path: '/operations/inventory/reserve',
        body: { product_id, warehouse_id, quantity: between(random, 1, 3) },
      };
    if (roll < 0.55)
      return {
        kind: 'release',
        method: 'POST',
        path: '/operations/inventory/release',
        body: { product_id, warehouse_id, quantity: between(random, 1, 3) },
      };
    if (roll < 0.75) {
      const to = fixture.warehouses.find((w) => w !== warehouse_id)!;
      const body = {
        product_id,
        from_warehouse_id: warehouse_id,
        to_warehouse_id: to,
        quantity: between(random, 1, 5),
      };
      return { kind: 'transfer', method: 'POST', path: '/operations/inventory/transfer', body };
    }
    if (roll < 0.85) {
      const order = pick(random, fixture.orders);
      const line = pick(random, order.lines);
      const body = { items: [{ purchase_order_item_id: line.id, quantity_received: between(random, 1, 4) }] };
      return { kind: 'receive', method: 'POST', path: `/operations/purchase-orders/${order.id}/receive`, body };
    }
    const draft = roll < 0.93 ? fixture.drafts.shift() : undefined;
    if (draft) return { kind: 'confirm', method: 'POST', path: `/sales/orders/${draft}/confirm` };
    return {
      kind: 'create-product',
      method: 'POST',
      path: '/operations/products',
      body: { name: `Crash load ${++created} ${SEED}`, stock_quantity: between(random, 0, 10) },
    };
  };
}

const STOCK_EVENTS: Record<string, string> = {
  adjust: 'inventory.adjusted',
  reserve: 'inventory.reserved',
  release: 'inventory.released',
};

/** The events an acknowledged write of the mix must have recorded. */
function expectedEvents(results: readonly LoadResult[]): ExpectedEvent[] {
  return acknowledged(results).flatMap(({ request, body }): ExpectedEvent[] => {
    const data = body.data;
    if (request.kind in STOCK_EVENTS) {
      return [
        { type: STOCK_EVENTS[request.kind]!, entityId: data.id },
        { type: 'stock_movement.recorded', entityId: data.movement.id },
      ];
    }
    if (request.kind === 'transfer') return [{ type: 'inventory.transfer_completed', entityId: data.from.id }];
    if (request.kind === 'receive')
      return data.status === 'received' ? [{ type: 'purchase_order.received', entityId: data.id }] : [];
    if (request.kind === 'create-product') return [{ type: 'product.created', entityId: data.id }];
    if (request.kind === 'ship') return [{ type: 'shipment.shipped', entityId: data.id }];
    if (request.kind === 'confirm') return [{ type: 'order.status_changed', entityId: data.order.id }];
    return [];
  });
}

describe(`crash safety on ${testEngine}`, () => {
  const bed = useTestbed();

  it(
    'a server killed with SIGKILL mid-load and started again keeps every invariant',
    async () => {
      const first = await startServer(bed.location);
      const before = new ApiClient(first.url, bed.token);
      await subscribeToEverything(before, bed.receiver.url());
      // Events published from here on are fanned out to the subscription.
      await waitForDrain(bed.database.db, bed.tenant.tenantId, 10_000);
      const subscribedAfter = await bed.database.db
        .selectFrom('events')
        .select('id')
        .where('tenant_id', '=', bed.tenant.tenantId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();

      const second = await createWarehouse(before, 'CRASH-B');
      const products = await Promise.all(Array.from({ length: 4 }, () => createStockedProduct(before, 60)));
      for (const productId of products) {
        await before.expect(200, 'POST', '/operations/inventory/adjust', {
          product_id: productId,
          warehouse_id: second,
          quantity: 40,
          reason: 'opening',
        });
      }
      const random0 = seededRandom(SEED + 1);
      const supplierId = await createOrderableSupplier(before);
      const orders = await Promise.all(
        [0, 1, 2].map((n) =>
          createSentOrder(
            before,
            supplierId,
            bed.tenant.defaultWarehouseId,
            products.slice(n, n + 2).map((productId) => ({ productId, quantity: 25 })),
          ),
        ),
      );
      // Sales orders: confirmed ones waiting for 30 of each product, whose lines the first arrivals of the load
      // serve, and drafts that the load confirms.
      const customer = await before.expect(201, 'POST', '/crm/customers', { name: 'Crash customer' });
      const salesOrder = async (n: number, quantity: number) => {
        const lines = [products[n % products.length]!, products[(n + 1) % products.length]!].map((product_id) => ({
          product_id,
          quantity,
          unit_price: 1,
        }));
        const created = await before.expect(201, 'POST', '/sales/orders', {
          customer_id: customer.body.data.id,
          priority: n % 2,
          lines,
        });
        return created.body.data.id as string;
      };
      for (let n = 0; n < products.length; n += 1)
        await before.expect(200, 'POST', `/sales/orders/${await salesOrder(n, 15)}/confirm`);
      const drafts: string[] = [];
      for (let n = 0; n < 24; n += 1) drafts.push(await salesOrder(n, between(random0, 1, 8)));
      // Sales orders holding reservations in both warehouses, each with a draft shipment from one of them.
      const shipments: string[] = [];
      for (let n = 0; n < SHIPMENTS; n += 1) {
        const warehouseId = n % 2 === 0 ? bed.tenant.defaultWarehouseId : second;
        const lines = [products[n % 4]!, products[(n + 1) % 4]!].map((productId) => ({
          productId,
          quantity: 2,
          reserve: [{ warehouseId, quantity: 2 }],
        }));
        const { orderId } = await makeSalesOrder(bed.services, bed.tenant.tenantId, lines);
        const created = await before.expect(201, 'POST', `/sales/orders/${orderId}/shipments`, {
          warehouse_id: warehouseId,
        });
        shipments.push(created.body.data.id);
      }
      const fixture: Fixture = {
        warehouses: [bed.tenant.defaultWarehouseId, second],
        products,
        orders,
        shipments,
        drafts,
      };
      const random = seededRandom(SEED);
      const next = mixedRequests(fixture, random);

      // The kill comes from the result callback, while the other clients' requests are in flight.
      const load = startLoad({
        clients: CLIENTS,
        targets: [before],
        next: () => next(),
        onResult: () => {
          if (load.results.length === RESULTS_BEFORE_KILL) {
            first.cli.child.kill('SIGKILL');
            load.stop();
          }
        },
      });
      const beforeKill = await load.finished;
      expect(await first.cli.exited).toMatchObject({ signal: 'SIGKILL' });
      const lost = beforeKill.filter((r) => r.outcome.status === 'lost');
      expect(lost.length, 'requests in flight when the server was killed').toBeGreaterThan(0);

      const restarted = await startServer(bed.location);
      const after = new ApiClient(restarted.url, bed.token);
      let remaining = REQUESTS_AFTER_RESTART;
      const afterRestart = await runLoad({
        clients: CLIENTS,
        targets: [after],
        next: () => (remaining-- > 0 ? next() : null),
      });
      // No response is lost and nothing fails while the server runs.
      for (const result of afterRestart)
        expect([200, 201, 422], JSON.stringify(result)).toContain(result.outcome.status);
      for (const result of beforeKill)
        expect([200, 201, 422, 'lost'], JSON.stringify(result)).toContain(result.outcome.status);

      await waitForDrain(bed.database.db, bed.tenant.tenantId, DRAIN_TIMEOUT_MS);
      const all = [...beforeKill, ...afterRestart];
      const db = bed.database.db;
      expect(await stockViolations(db, after, bed.tenant.tenantId)).toEqual([]);
      expect(await receiptViolations(db, bed.tenant.tenantId)).toEqual([]);
      expect(await eventViolations(db, after, expectedEvents(all))).toEqual([]);
      expect(await deliveryViolations(db, bed.tenant.tenantId, receivedDeliveries(bed.receiver))).toEqual([]);
      expect(await undeliveredEventViolations(db, bed.tenant.tenantId, subscribedAfter?.id ?? '')).toEqual([]);
      expect(await poNumberViolations(db, bed.tenant.tenantId)).toEqual([]);
      expect(await allocationViolations(db, bed.tenant.tenantId)).toEqual([]);
      const allocated = await db
        .selectFrom('stock_reservations')
        .select('id')
        .where('tenant_id', '=', bed.tenant.tenantId)
        .where('order_line_id', 'is not', null)
        .execute();
      expect(allocated.length, 'reservations of the waiting order lines').toBeGreaterThan(0);
      expect(await shipmentViolations(db, bed.tenant.tenantId)).toEqual([]);
      expect(acknowledged(all, 'confirm').length, 'confirmations acknowledged').toBeGreaterThan(0);

      // Every acknowledged receipt is there in full: one line, as sent.
      for (const { body } of acknowledged(all, 'receive')) {
        const lines = await db
          .selectFrom('purchase_order_receipt_lines')
          .select('id')
          .where('receipt_id', '=', body.data.receipt_id)
          .execute();
        expect(lines, `receipt ${body.data.receipt_id}`).toHaveLength(1);
      }
      expect(restarted.cli.stderr).toBe('');

      const deliveries = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('tenant_id', '=', bed.tenant.tenantId)
        .execute();
      console.info(
        `crash safety (${testEngine}): ${beforeKill.length} requests before SIGKILL (${lost.length} lost), ${afterRestart.length} after restart; ` +
          `${deliveries.length} deliveries, ${bed.receiver.received().length} webhook requests received; ${JSON.stringify(countOutcomes(all))}`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
