// The batch scenario "10,000 orders backordered then allocated by one receipt": one-line drafts of a product with
// no stock, written in bulk, are confirmed through the API at the run's connections (each confirmation finds
// nothing to reserve and backorders its line); then stock arrives for all of them in one adjustment, whose
// arrival hook reserves it for every waiting line in the adjustment's transaction. Measured: the confirmations'
// rate and latencies, and the arrival's time; then the stock ledger is reconciled and must balance.
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';
import { newId } from '../../src/lib/ids.js';
import { bulkInsert, bulkInsertFrom } from '../seed/bulk.js';
import { orderRows } from '../seed/sales.js';
import type { StockedProduct } from '../seed/catalog.js';
import { summarise, type Measurement } from './load.js';

const API = '/api/v1';

export interface BackordersOptions {
  db: Db;
  engine: Engine;
  tenantId: string;
  userId: string;
  serverUrl: string;
  headers: Record<string, string>;
  /** A tracked product with nothing on hand and nothing reserved anywhere. */
  product: StockedProduct;
  warehouseId: string;
  customerIds: readonly string[];
  orders: number;
  connections: number;
}

export interface BackordersResult {
  confirmations: Measurement;
  /** The adjustment that brings the stock: one call, its time. */
  receipt: Measurement;
  /** What the answer of the arrival shows reserved on the record: every waiting line's unit when all were served. */
  reservedByReceipt: number;
  /** Lines the confirmations left backordered (each should, before the stock arrives). */
  backordered: number;
  /** Records reconcile lists as out of balance after the receipt (0: clean), the first few of them, and its time. */
  reconcileMismatches: number;
  reconcileSample: unknown[];
  reconcileMs: number;
}

async function call(
  serverUrl: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; text: string }> {
  const response = await fetch(`${serverUrl}${API}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: the status says what went wrong, and the text is in the error.
  }
  return { status: response.status, json, text };
}

export async function measureBackorders(options: BackordersOptions): Promise<BackordersResult> {
  const { db, engine, tenantId, serverUrl, headers, product } = options;
  const rows = orderRows(
    tenantId,
    { userId: options.userId, status: 'draft', numberPrefix: 'SO-BENCH-B' },
    Array.from({ length: options.orders }, (_, o) => ({
      id: newId(),
      customerId: options.customerIds[o % options.customerIds.length]!,
      products: [product],
    })),
    newId,
  );
  await db.transaction().execute(async (trx) => {
    await bulkInsert(trx, engine, 'sales_orders', rows.headers);
    await bulkInsertFrom(trx, engine, 'sales_order_lines', rows.lines);
  });

  // The confirmations, `connections` at a time, each timed from its request to its answer.
  const ids = rows.seeds.map((o) => o.id);
  const times = new Float64Array(ids.length);
  let next = 0;
  let failures = 0;
  let backordered = 0;
  let firstFailure = '';
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(options.connections, ids.length) }, async () => {
      while (next < ids.length) {
        const i = next++;
        const sent = performance.now();
        const answer = await call(serverUrl, headers, 'POST', `/sales/orders/${ids[i]}/confirm`, {});
        times[i] = performance.now() - sent;
        if (answer.status !== 200) {
          failures++;
          firstFailure ||= `${answer.status} ${answer.text.slice(0, 300)}`;
          continue;
        }
        const allocation = (answer.json as { data: { allocation: { backordered: Array<{ quantity: number }> } } }).data
          .allocation;
        backordered += allocation.backordered.reduce((sum, line) => sum + line.quantity, 0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (failures > 0) throw new Error(`${failures} confirmations failed; the first: ${firstFailure}`);

  // The stock of every waiting line arrives at once.
  const receiptStarted = performance.now();
  const receipt = await call(serverUrl, headers, 'POST', '/operations/inventory/adjust', {
    product_id: product.id,
    warehouse_id: options.warehouseId,
    quantity: options.orders,
    reason: 'Bench receipt for the backorders',
  });
  const receiptMs = performance.now() - receiptStarted;
  if (receipt.status !== 200 && receipt.status !== 201)
    throw new Error(`the receipt answered ${receipt.status}: ${receipt.text.slice(0, 500)}`);
  const record = (receipt.json as { data: { quantity_reserved: number } }).data;

  const reconcileStarted = performance.now();
  const reconcile = await call(serverUrl, headers, 'GET', '/operations/inventory/reconcile');
  const reconcileMs = performance.now() - reconcileStarted;
  if (reconcile.status !== 200)
    throw new Error(`reconcile answered ${reconcile.status}: ${reconcile.text.slice(0, 500)}`);
  const mismatches = (reconcile.json as { data: unknown[] }).data;
  return {
    confirmations: summarise(times, seconds, 0),
    receipt: summarise(Float64Array.of(receiptMs), receiptMs / 1000, 0),
    reservedByReceipt: record.quantity_reserved,
    backordered,
    reconcileMismatches: mismatches.length,
    reconcileSample: mismatches.slice(0, 5),
    reconcileMs,
  };
}
