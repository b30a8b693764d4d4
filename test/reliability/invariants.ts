// The invariants the reliability suites check after a load, whatever happened during it (a killed server,
// concurrent processes). Each check answers a list of violations, empty while the invariant holds, so that a
// failure names every broken record at once. Aggregation happens here rather than in SQL: the data sets are
// small, and one code path serves both engines.
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import type { Services } from '../../src/services.js';
import type { WebhookReceiver } from '../webhooks/webhook-receiver.js';
import type { ApiClient } from './load.js';

/** The receiver's view of one webhook request. */
export interface ReceivedDelivery {
  deliveryId: string;
  attempt: number;
  eventId: string;
}

/** What a receiver saw, one entry per request, from the delivery headers. */
export function receivedDeliveries(receiver: WebhookReceiver): ReceivedDelivery[] {
  return receiver.received().map((request) => ({
    deliveryId: String(request.headers['x-webhook-delivery-id']),
    attempt: Number(request.headers['x-webhook-attempt']),
    eventId: String(request.headers['x-webhook-event-id']),
  }));
}

/** An event a successful write must have caused. */
export interface ExpectedEvent {
  type: string;
  entityId: string;
}

const RESERVED_TYPES = new Set(['reservation', 'release']);
/** A shipment takes reserved stock out: its movement lowers on hand and reserved alike. */
const RESERVED_AND_ON_HAND_TYPES = new Set(['shipment']);

/**
 * What the service behind `GET /operations/inventory/reconcile` lists, by kind of finding, the empty kinds left out:
 * `{}` while the ledger agrees with itself.
 */
export async function reconcileFindings(services: Services, tenantId: string): Promise<Record<string, unknown[]>> {
  const findings = await services.inventory.stock.service.reconcile(tenantId);
  return Object.fromEntries(Object.entries(findings).filter(([, rows]) => rows.length > 0));
}

/**
 * (1) The stock ledger: the reconcile endpoint lists nothing; quantities are never negative and reserved never
 * exceeds on hand; every record equals its movement sums and every product's totals equal its records' sums.
 */
export async function stockViolations(db: Kysely<DB>, api: ApiClient, tenantId: string): Promise<string[]> {
  const violations: string[] = [];
  const reconcile = await api.expect(200, 'GET', '/operations/inventory/reconcile');
  for (const row of reconcile.body.data as unknown[]) violations.push(`reconcile lists ${JSON.stringify(row)}`);

  const records = await db.selectFrom('inventory_records').selectAll().where('tenant_id', '=', tenantId).execute();
  const movements = await db
    .selectFrom('stock_movements')
    .select(['product_id', 'warehouse_id', 'type', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const sums = new Map<string, { onHand: number; reserved: number }>();
  for (const m of movements) {
    const key = `${m.product_id}/${m.warehouse_id}`;
    const sum = sums.get(key) ?? { onHand: 0, reserved: 0 };
    if (RESERVED_TYPES.has(m.type)) sum.reserved += m.quantity;
    else sum.onHand += m.quantity;
    if (RESERVED_AND_ON_HAND_TYPES.has(m.type)) sum.reserved += m.quantity;
    sums.set(key, sum);
  }
  const totals = new Map<string, { onHand: number; reserved: number }>();
  for (const r of records) {
    const name = `record ${r.id} (product ${r.product_id}, warehouse ${r.warehouse_id})`;
    if (r.quantity_on_hand < 0 || r.quantity_reserved < 0)
      violations.push(`${name}: negative quantity (${r.quantity_on_hand} on hand, ${r.quantity_reserved} reserved)`);
    if (r.quantity_reserved > r.quantity_on_hand)
      violations.push(`${name}: reserved ${r.quantity_reserved} exceeds on hand ${r.quantity_on_hand}`);
    const sum = sums.get(`${r.product_id}/${r.warehouse_id}`) ?? { onHand: 0, reserved: 0 };
    if (sum.onHand !== r.quantity_on_hand || sum.reserved !== r.quantity_reserved) {
      violations.push(
        `${name}: ${r.quantity_on_hand}/${r.quantity_reserved} but movements sum to ${sum.onHand}/${sum.reserved}`,
      );
    }
    const total = totals.get(r.product_id) ?? { onHand: 0, reserved: 0 };
    total.onHand += r.quantity_on_hand;
    total.reserved += r.quantity_reserved;
    totals.set(r.product_id, total);
  }
  const products = await db
    .selectFrom('products')
    .select(['id', 'stock_quantity', 'reserved_quantity'])
    .where('tenant_id', '=', tenantId)
    .execute();
  for (const p of products) {
    const total = totals.get(p.id) ?? { onHand: 0, reserved: 0 };
    if (Number(p.stock_quantity) !== total.onHand || Number(p.reserved_quantity) !== total.reserved) {
      violations.push(
        `product ${p.id}: totals ${p.stock_quantity}/${p.reserved_quantity} but its records sum to ${total.onHand}/${total.reserved}`,
      );
    }
  }
  return violations;
}

/**
 * Shipments are never half-shipped: a shipped one has one `shipment` movement per line, of the line's quantity,
 * and an unshipped one none; what each order line's reservations consumed equals what its shipped shipments
 * took; an order with a shipped shipment is partially_shipped or shipped.
 */
export async function shipmentViolations(db: Kysely<DB>, tenantId: string): Promise<string[]> {
  const violations: string[] = [];
  const shipments = await db
    .selectFrom('shipments')
    .select(['id', 'order_id', 'status'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const lines = await db
    .selectFrom('shipment_lines')
    .select(['shipment_id', 'order_line_id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const movements = await db
    .selectFrom('stock_movements')
    .select(['reference_id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'shipment')
    .execute();
  const reservations = await db
    .selectFrom('stock_reservations')
    .select(['order_line_id', 'consumed_quantity'])
    .where('tenant_id', '=', tenantId)
    .where('order_line_id', 'is not', null)
    .execute();
  const orders = new Map(
    (await db.selectFrom('sales_orders').select(['id', 'status']).where('tenant_id', '=', tenantId).execute()).map(
      (o) => [o.id, o.status],
    ),
  );
  const shipped = new Set(['shipped', 'delivered']);
  const shippedPerLine = new Map<string, number>();
  for (const shipment of shipments) {
    const own = lines.filter((l) => l.shipment_id === shipment.id);
    const moved = movements.filter((m) => m.reference_id === shipment.id);
    if (shipped.has(shipment.status)) {
      const expected = own.map((l) => -l.quantity).sort((a, b) => a - b);
      const actual = moved.map((m) => m.quantity).sort((a, b) => a - b);
      if (JSON.stringify(expected) !== JSON.stringify(actual))
        violations.push(`shipment ${shipment.id}: lines ${expected} but movements ${actual}`);
      for (const l of own) shippedPerLine.set(l.order_line_id, (shippedPerLine.get(l.order_line_id) ?? 0) + l.quantity);
      const status = orders.get(shipment.order_id);
      if (status !== 'partially_shipped' && status !== 'shipped')
        violations.push(`order ${shipment.order_id}: ${status} with shipment ${shipment.id} shipped`);
    } else if (moved.length > 0) {
      violations.push(`shipment ${shipment.id}: ${shipment.status} with ${moved.length} movements`);
    }
  }
  const consumedPerLine = new Map<string, number>();
  for (const r of reservations)
    consumedPerLine.set(r.order_line_id!, (consumedPerLine.get(r.order_line_id!) ?? 0) + r.consumed_quantity);
  for (const line of new Set([...shippedPerLine.keys(), ...consumedPerLine.keys()])) {
    if ((shippedPerLine.get(line) ?? 0) !== (consumedPerLine.get(line) ?? 0))
      violations.push(
        `order line ${line}: shipped ${shippedPerLine.get(line) ?? 0} but its reservations consumed ${consumedPerLine.get(line) ?? 0}`,
      );
  }
  return violations;
}

/**
 * (2) Purchase-order receipts are never half-written: every receipt has lines, every line its purchase_receipt
 * movement of the same quantity, every such movement its line; each order line's quantity_received equals the
 * sum of its receipt lines and of its movements, and never exceeds what was ordered.
 */
export async function receiptViolations(db: Kysely<DB>, tenantId: string): Promise<string[]> {
  const violations: string[] = [];
  const receipts = await db
    .selectFrom('purchase_order_receipts')
    .select(['id', 'purchase_order_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const lines = await db
    .selectFrom('purchase_order_receipt_lines')
    .select(['id', 'receipt_id', 'purchase_order_item_id', 'quantity_received', 'stock_movement_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const movements = await db
    .selectFrom('stock_movements')
    .select(['id', 'product_id', 'quantity', 'reference_id'])
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'purchase_receipt')
    .execute();
  const items = await db
    .selectFrom('purchase_order_items')
    .select(['id', 'purchase_order_id', 'product_id', 'quantity_ordered', 'quantity_received'])
    .where('tenant_id', '=', tenantId)
    .execute();

  const receiptIds = new Set(receipts.map((r) => r.id));
  const movementById = new Map(movements.map((m) => [m.id, m]));
  const linesPerReceipt = new Map<string, number>();
  const receivedPerItem = new Map<string, number>();
  const linkedMovements = new Set<string>();
  for (const line of lines) {
    if (!receiptIds.has(line.receipt_id))
      violations.push(`receipt line ${line.id}: its receipt ${line.receipt_id} is missing`);
    linesPerReceipt.set(line.receipt_id, (linesPerReceipt.get(line.receipt_id) ?? 0) + 1);
    receivedPerItem.set(
      line.purchase_order_item_id,
      (receivedPerItem.get(line.purchase_order_item_id) ?? 0) + line.quantity_received,
    );
    const movement = line.stock_movement_id ? movementById.get(line.stock_movement_id) : undefined;
    if (!movement) violations.push(`receipt line ${line.id}: no purchase_receipt movement ${line.stock_movement_id}`);
    else if (movement.quantity !== line.quantity_received)
      violations.push(
        `receipt line ${line.id}: ${line.quantity_received} received, movement says ${movement.quantity}`,
      );
    if (line.stock_movement_id) linkedMovements.add(line.stock_movement_id);
  }
  for (const receipt of receipts) {
    if (!linesPerReceipt.has(receipt.id))
      violations.push(`receipt ${receipt.id} of order ${receipt.purchase_order_id} has no lines`);
  }
  for (const movement of movements) {
    if (!linkedMovements.has(movement.id))
      violations.push(`purchase_receipt movement ${movement.id} belongs to no receipt line`);
  }
  const movedPerOrderProduct = new Map<string, number>();
  for (const m of movements) {
    const key = `${m.reference_id}/${m.product_id}`;
    movedPerOrderProduct.set(key, (movedPerOrderProduct.get(key) ?? 0) + m.quantity);
  }
  for (const item of items) {
    const viaLines = receivedPerItem.get(item.id) ?? 0;
    const viaMovements = movedPerOrderProduct.get(`${item.purchase_order_id}/${item.product_id}`) ?? 0;
    if (item.quantity_received !== viaLines || item.quantity_received !== viaMovements) {
      violations.push(
        `order line ${item.id}: quantity_received ${item.quantity_received}, receipt lines ${viaLines}, movements ${viaMovements}`,
      );
    }
    if (item.quantity_received > item.quantity_ordered)
      violations.push(`order line ${item.id}: received ${item.quantity_received} of ${item.quantity_ordered} ordered`);
  }
  return violations;
}

/** Reads the whole event feed of the client's tenant, oldest first. */
export async function readFeed(api: ApiClient): Promise<Array<{ id: string; event_type: string; entity_id: string }>> {
  const events: Array<{ id: string; event_type: string; entity_id: string }> = [];
  let after: string | null = null;
  for (;;) {
    const page = await api.expect(200, 'GET', `/webhooks/events?per_page=100${after ? `&after=${after}` : ''}`);
    events.push(...(page.body.data as typeof events));
    if (!page.body.meta.has_more) return events;
    after = page.body.meta.cursor as string;
  }
}

/**
 * (3) Every event of an acknowledged write is in the feed (matched by type and entity id), the feed holds no
 * event twice, and nothing is left in the outbox once the publisher has drained it.
 */
export async function eventViolations(
  db: Kysely<DB>,
  api: ApiClient,
  expected: readonly ExpectedEvent[],
): Promise<string[]> {
  const violations: string[] = [];
  const feed = await readFeed(api);
  const published = new Set(feed.map((e) => `${e.event_type} ${e.entity_id}`));
  for (const event of expected) {
    if (!published.has(`${event.type} ${event.entityId}`))
      violations.push(`event ${event.type} of ${event.entityId} is not in the feed`);
  }
  if (new Set(feed.map((e) => e.id)).size !== feed.length) violations.push('the feed lists an event id twice');
  const outbox = await db.selectFrom('event_outbox').select('id').execute();
  if (outbox.length > 0) violations.push(`${outbox.length} outbox rows left after draining`);
  return violations;
}

/**
 * (4) Every delivery ends delivered and reached the receiver (which dedupes by delivery id: none lost), and no
 * attempt number of a delivery reached the receiver twice.
 */
export async function deliveryViolations(
  db: Kysely<DB>,
  tenantId: string,
  received: readonly ReceivedDelivery[],
): Promise<string[]> {
  const violations: string[] = [];
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'status'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const seen = new Map<string, string>();
  const attempts = new Set<string>();
  for (const r of received) {
    seen.set(r.deliveryId, r.eventId);
    const key = `${r.deliveryId}#${r.attempt}`;
    if (attempts.has(key)) violations.push(`delivery ${r.deliveryId}: attempt ${r.attempt} received twice`);
    attempts.add(key);
  }
  for (const d of deliveries) {
    if (d.status !== 'delivered') violations.push(`delivery ${d.id}: ${d.status}, not delivered`);
    if (!seen.has(d.id)) violations.push(`delivery ${d.id} never reached the receiver`);
    else if (seen.get(d.id) !== d.event_id)
      violations.push(`delivery ${d.id}: received for event ${seen.get(d.id)}, not ${d.event_id}`);
  }
  return violations;
}

/** Events of the tenant without a delivery, among those published after `sinceEventId` (exclusive). */
export async function undeliveredEventViolations(
  db: Kysely<DB>,
  tenantId: string,
  sinceEventId: string,
): Promise<string[]> {
  const events = await db
    .selectFrom('events')
    .select(['id', 'event_type'])
    .where('tenant_id', '=', tenantId)
    .where('id', '>', sinceEventId)
    .execute();
  const delivered = new Set(
    (await db.selectFrom('webhook_deliveries').select('event_id').where('tenant_id', '=', tenantId).execute()).map(
      (d) => d.event_id,
    ),
  );
  return events.filter((e) => !delivered.has(e.id)).map((e) => `event ${e.id} (${e.event_type}) has no delivery`);
}

/** (5) Purchase-order numbers are unique, and per month consecutive from 1 (deleted orders keep theirs). */
export async function poNumberViolations(db: Kysely<DB>, tenantId: string): Promise<string[]> {
  const violations: string[] = [];
  const orders = await db
    .selectFrom('purchase_orders')
    .select(['id', 'po_number'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const perPeriod = new Map<string, number[]>();
  const numbers = new Set<string>();
  for (const order of orders) {
    if (numbers.has(order.po_number)) violations.push(`PO number ${order.po_number} is used twice`);
    numbers.add(order.po_number);
    const match = /^PO-(\d{6})-(\d+)$/.exec(order.po_number);
    if (!match) {
      violations.push(`order ${order.id}: malformed PO number ${order.po_number}`);
      continue;
    }
    perPeriod.set(match[1]!, [...(perPeriod.get(match[1]!) ?? []), Number(match[2])]);
  }
  for (const [period, sequence] of perPeriod) {
    const sorted = [...sequence].sort((a, b) => a - b);
    const gapless = sorted.every((n, i) => n === i + 1);
    if (!gapless) violations.push(`PO numbers of ${period} are not 1..${sorted.length}: ${sorted.join(',')}`);
  }
  return violations;
}

/** Polls until the outbox is empty and every delivery of the tenant is delivered; throws after `timeoutMs`. */
export async function waitForDrain(db: Kysely<DB>, tenantId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outbox = await db.selectFrom('event_outbox').select('id').limit(1).execute();
    const open = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('status', '!=', 'delivered')
      .execute();
    if (outbox.length === 0 && open.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `not drained after ${timeoutMs} ms: outbox ${outbox.length > 0 ? 'not empty' : 'empty'}, ${open.length} deliveries open (${[...new Set(open.map((d) => d.status))].join(', ')})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * (7) Allocation: no sales order line holds more stock (its active reservations) than it still has to ship
 * (quantity - cancelled - shipped), a line of an order that is not confirmed (a draft: a confirm that did not
 * happen, or not in full) holds nothing, and every reservation of a line is of the line's product.
 */
export async function allocationViolations(db: Kysely<DB>, tenantId: string): Promise<string[]> {
  const violations: string[] = [];
  const lines = await db
    .selectFrom('sales_order_lines')
    .innerJoin('sales_orders', 'sales_orders.id', 'sales_order_lines.order_id')
    .select([
      'sales_order_lines.id',
      'sales_order_lines.product_id',
      'sales_order_lines.quantity',
      'sales_order_lines.cancelled_quantity',
      'sales_orders.status',
    ])
    .where('sales_order_lines.tenant_id', '=', tenantId)
    .execute();
  const holding = new Set(['confirmed', 'partially_shipped', 'on_hold']);
  const shipped = await db
    .selectFrom('shipment_lines')
    .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
    .select(['shipment_lines.order_line_id', 'shipment_lines.quantity'])
    .where('shipment_lines.tenant_id', '=', tenantId)
    .where('shipments.status', 'in', ['shipped', 'delivered'])
    .execute();
  const held = await db
    .selectFrom('stock_reservations')
    .select(['order_line_id', 'product_id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .where('order_line_id', 'is not', null)
    .execute();
  for (const line of lines) {
    const out = shipped.filter((s) => s.order_line_id === line.id).reduce((n, s) => n + s.quantity, 0);
    const own = held.filter((r) => r.order_line_id === line.id);
    const allocated = own.reduce((n, r) => n + r.quantity, 0);
    const open = line.quantity - line.cancelled_quantity - out;
    if (allocated > open) violations.push(`order line ${line.id}: holds ${allocated}, open ${open}`);
    if (allocated > 0 && !holding.has(line.status))
      violations.push(`order line ${line.id}: holds ${allocated} while its order is ${line.status}`);
    if (own.some((r) => r.product_id !== line.product_id))
      violations.push(`order line ${line.id}: holds stock of another product`);
  }
  const known = new Set(lines.map((l) => l.id));
  for (const r of held)
    if (!known.has(r.order_line_id!)) violations.push(`reservation of unknown order line ${r.order_line_id}`);
  return violations;
}
