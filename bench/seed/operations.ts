// The operational history of the seeded tenant, in bulk SQL: warehouses, inventory records that add up to
// each product's stock, a stock-movement ledger whose running quantities end at those records, the
// reservations behind their reserved stock, the event feed, and purchase orders sent to suppliers and waiting to
// be received.
import type { Kysely } from 'kysely';
import { monotonicFactory } from 'ulid';
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';
import { fillReportState } from '../../src/db/migrations/0030_report_state.js';
import { fillDailyFlow } from '../../src/db/migrations/0033_stock_daily_flow.js';
import { fillProductCopies } from '../../src/db/migrations/0035_reorder_summary_state.js';
import { bulkInsert, bulkInsertFrom } from './bulk.js';
import type { SeededCatalog, StockedProduct } from './catalog.js';

export interface OperationsOptions {
  engine: Engine;
  /** The tenant's own default warehouse (created with the tenant). */
  mainWarehouseId: string;
  userId: string;
  warehouses: number;
  stockMovements: number;
  events: number;
  purchaseOrders: number;
  linesPerOrder: number;
  seed?: number;
}

export interface SeededOperations {
  warehouseIds: string[];
  purchaseOrderIds: string[];
  /** Feed event ids, oldest first. */
  eventIds: string[];
}

interface RecordSeed {
  id: string;
  productId: string;
  warehouseId: string;
  onHand: number;
  reserved: number;
}

const DAY_MS = 86_400_000;
const EVENT_TYPES = [
  ['product.updated', 'product'],
  ['inventory.adjusted', 'inventory'],
  ['inventory.reserved', 'inventory'],
  ['stock_movement.recorded', 'stock_movement'],
  ['purchase_order.received', 'purchase_order'],
  ['product.created', 'product'],
] as const;

/** Seeded randomness and ULIDs made from it, lower-case as the app writes them: the same data on every run. */
export function idSource(seed: number) {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const factory = monotonicFactory(random);
  return { random, newId: (time: number) => factory(time).toLowerCase() };
}

/** One record per stocked product in the main warehouse; one in four shares its stock with a second warehouse. */
function inventoryRecords(
  stocked: readonly StockedProduct[],
  warehouseIds: readonly string[],
  source: ReturnType<typeof idSource>,
  at: number,
): RecordSeed[] {
  const records: RecordSeed[] = [];
  stocked.forEach((product, i) => {
    const elsewhere =
      i % 4 === 3 && warehouseIds.length > 1 ? warehouseIds[1 + (i % (warehouseIds.length - 1))]! : null;
    const moved = elsewhere ? Math.floor((product.onHand - product.reserved) / 2) : 0;
    records.push({
      id: source.newId(at),
      productId: product.id,
      warehouseId: warehouseIds[0]!,
      onHand: product.onHand - moved,
      reserved: product.reserved,
    });
    if (elsewhere)
      records.push({ id: source.newId(at), productId: product.id, warehouseId: elsewhere, onHand: moved, reserved: 0 });
  });
  return records;
}

/** Each record's ledger: an initial stock, then receipts and adjustments whose running total ends at its on hand. */
function* movements(
  records: readonly RecordSeed[],
  total: number,
  tenantId: string,
  userId: string,
  source: ReturnType<typeof idSource>,
  from: number,
  to: number,
) {
  const perRecord = Math.floor(total / records.length);
  const extra = total - perRecord * records.length;
  const span = to - from;
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const count = perRecord + (r < extra ? 1 : 0);
    let before = 0;
    for (let m = 0; m < count; m++) {
      const last = m === count - 1;
      const after = last ? record.onHand : Math.floor(source.random() * 600);
      const time = from + Math.floor((span * (m + source.random())) / count);
      const type = m === 0 ? 'initial_stock' : after >= before ? 'purchase_receipt' : 'adjustment';
      yield {
        id: source.newId(time),
        tenant_id: tenantId,
        product_id: record.productId,
        warehouse_id: record.warehouseId,
        type,
        quantity: after - before,
        quantity_before: before,
        quantity_after: after,
        reason: type === 'adjustment' ? 'Cycle count' : null,
        notes: null,
        reference_type: null,
        reference_id: null,
        created_by: userId,
        created_at: new Date(time).toISOString(),
      };
      before = after;
    }
  }
}

export async function seedOperations(
  db: Db,
  tenantId: string,
  catalog: SeededCatalog,
  options: OperationsOptions,
): Promise<SeededOperations> {
  const { engine } = options;
  const source = idSource(options.seed ?? 7);
  const now = Date.now();
  const nowIso = new Date(now).toISOString();

  return db.transaction().execute(async (trx) => {
    const extraWarehouses = Array.from({ length: Math.max(0, options.warehouses - 1) }, (_, i) => ({
      id: source.newId(now),
      tenant_id: tenantId,
      name: `Warehouse ${i + 2}`,
      code: `WH${i + 2}`,
      type: 'distribution',
      is_default: false,
      is_active: true,
      address: null,
      created_at: nowIso,
      updated_at: nowIso,
      deleted_at: null,
    }));
    await bulkInsert(trx, engine, 'warehouses', extraWarehouses);
    const warehouseIds = [options.mainWarehouseId, ...extraWarehouses.map((w) => w.id)];

    const records = inventoryRecords(catalog.stocked, warehouseIds, source, now - 730 * DAY_MS);
    await bulkInsert(
      trx,
      engine,
      'inventory_records',
      records.map((r) => ({
        id: r.id,
        tenant_id: tenantId,
        product_id: r.productId,
        warehouse_id: r.warehouseId,
        quantity_on_hand: r.onHand,
        quantity_reserved: r.reserved,
        last_movement_at: nowIso,
        created_at: nowIso,
        updated_at: nowIso,
      })),
    );
    await bulkInsertFrom(
      trx,
      engine,
      'stock_movements',
      movements(records, options.stockMovements, tenantId, options.userId, source, now - 730 * DAY_MS, now - DAY_MS),
    );
    await seedHolds(trx, engine, tenantId, options.userId, records, now - DAY_MS / 2);
    // What the stock ledger keeps beside records and movements (the low-stock point, the daily usage and flow,
    // the copies of product fields), which bulk rows do not write: filled as the migrations that added it fill it.
    await fillReportState(trx as unknown as Kysely<unknown>);
    await fillDailyFlow(trx as unknown as Kysely<unknown>);
    await fillProductCopies(trx as unknown as Kysely<unknown>);

    // The feed: the last week (inside the default 30-day retention, so the worker's purge keeps it).
    const eventIds: string[] = [];
    const weekAgo = now - 7 * DAY_MS;
    const events = function* () {
      for (let i = 0; i < options.events; i++) {
        const time = weekAgo + Math.floor(((now - DAY_MS - weekAgo) * i) / options.events);
        const [eventType, entityType] = EVENT_TYPES[i % EVENT_TYPES.length]!;
        const product = catalog.stocked[i % catalog.stocked.length]!;
        const id = source.newId(time);
        eventIds.push(id);
        const at = new Date(time).toISOString();
        yield {
          id,
          tenant_id: tenantId,
          event_type: eventType,
          entity_type: entityType,
          entity_id: product.id,
          payload: { id: product.id, sku: product.sku, quantity_on_hand: product.onHand, changes: ['stock_quantity'] },
          occurred_at: at,
          created_at: at,
        };
      }
    };
    await bulkInsertFrom(trx, engine, 'events', events());

    const purchaseOrderIds = await seedPurchaseOrders(trx, tenantId, catalog, options, source, nowIso);
    return { warehouseIds, purchaseOrderIds, eventIds };
  });
}

/**
 * What each record holds reserved, as the ledger holds it: one active manual reservation of that quantity and its
 * `reservation` movement, so that reconcile balances (quantity_reserved = the reservations' sum = the movements').
 * Ids of their own source, so that the rows seeded after them keep the ids of earlier runs.
 */
async function seedHolds(
  db: Db,
  engine: Engine,
  tenantId: string,
  userId: string,
  records: readonly RecordSeed[],
  time: number,
): Promise<void> {
  const source = idSource(13);
  const at = new Date(time).toISOString();
  const held = records.filter((r) => r.reserved > 0).map((r) => ({ record: r, id: source.newId(time) }));
  await bulkInsert(
    db,
    engine,
    'stock_reservations',
    held.map(({ record, id }) => ({
      id,
      tenant_id: tenantId,
      product_id: record.productId,
      warehouse_id: record.warehouseId,
      quantity: record.reserved,
      original_quantity: record.reserved,
      notes: 'Held for a customer',
      status: 'active',
      created_by: userId,
      created_at: at,
      updated_at: at,
    })),
  );
  await bulkInsert(
    db,
    engine,
    'stock_movements',
    held.map(({ record }) => ({
      id: source.newId(time),
      tenant_id: tenantId,
      product_id: record.productId,
      warehouse_id: record.warehouseId,
      type: 'reservation',
      quantity: record.reserved,
      quantity_before: 0,
      quantity_after: record.reserved,
      reason: null,
      notes: null,
      reference_type: null,
      reference_id: null,
      created_by: userId,
      created_at: at,
    })),
  );
}

/** Orders in `sent` status, each with `linesPerOrder` distinct products to the main warehouse. */
async function seedPurchaseOrders(
  db: Db,
  tenantId: string,
  catalog: SeededCatalog,
  options: OperationsOptions,
  source: ReturnType<typeof idSource>,
  nowIso: string,
): Promise<string[]> {
  const today = nowIso.slice(0, 10);
  const ids: string[] = [];
  const lines = function* () {
    for (let o = 0; o < options.purchaseOrders; o++) {
      for (let l = 0; l < options.linesPerOrder; l++) {
        const product = catalog.stocked[(o * options.linesPerOrder + l) % catalog.stocked.length]!;
        yield {
          id: source.newId(Date.now()),
          tenant_id: tenantId,
          purchase_order_id: ids[o]!,
          product_id: product.id,
          product_name: product.name,
          product_sku: product.sku,
          quantity_ordered: 10,
          quantity_received: 0,
          quantity_cancelled: 0,
          unit_price: 250,
          line_total: 2500,
          warehouse_id: options.mainWarehouseId,
          position: l + 1,
        };
      }
    }
  };
  const orders = Array.from({ length: options.purchaseOrders }, (_, o) => {
    const id = source.newId(Date.now());
    ids.push(id);
    const subtotal = 2500 * options.linesPerOrder;
    return {
      id,
      tenant_id: tenantId,
      po_number: `PO-BENCH-${String(o + 1).padStart(6, '0')}`,
      status: 'sent',
      supplier_id: catalog.supplierIds[o % catalog.supplierIds.length]!,
      warehouse_id: options.mainWarehouseId,
      order_date: today,
      currency: 'USD',
      subtotal,
      tax_amount: 0,
      shipping_cost: 0,
      discount_amount: 0,
      total_amount: subtotal,
      supplier_notified: true,
      created_by: options.userId,
      sent_at: nowIso,
      sent_to: 'orders@supplier.test',
      created_at: nowIso,
      updated_at: nowIso,
    };
  });
  await bulkInsert(db, options.engine, 'purchase_orders', orders);
  await bulkInsertFrom(db, options.engine, 'purchase_order_items', lines());
  return ids;
}
