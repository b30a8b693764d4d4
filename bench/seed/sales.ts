// The tenant's sales, in bulk SQL: customers, draft orders of 3 lines waiting to be confirmed, and confirmed
// orders of 3 lines holding their stock reserved in the main warehouse with a draft shipment each, waiting to be
// shipped. The confirmed ones are written as the ledger writes them (an active reservation and its
// `reservation` movement per line, the record's and the product's reserved quantity raised by it), so that
// `GET /operations/inventory/reconcile` still balances.
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { Engine } from '../../src/db/dialect.js';
import { bulkInsert, bulkInsertFrom } from './bulk.js';
import type { SeededCatalog, StockedProduct } from './catalog.js';
import { idSource } from './operations.js';

export interface SalesOptions {
  engine: Engine;
  mainWarehouseId: string;
  userId: string;
  /** Orders of each set: drafts confirmed by the load, drafts confirmed by its ceiling, shipments of each. */
  orders: number;
  customers: number;
  /** Products the load and the other scenarios take (adjust, reserve): no order here holds them. */
  busyProductIds: ReadonlySet<string>;
  seed?: number;
}

/**
 * The ids a replayed request changes, by position: the captured request's group is replaced by the next group in
 * turn (bench/lib/replay.ts), so that each replay works on rows of its own, as each request of the load does.
 */
export type ReplayGroup = string[];

export interface SeededSales {
  /** Customers the load's orders are for, and others, which only the create's ceiling takes. */
  customerIds: string[];
  spareCustomerIds: string[];
  /** Three stocked products every created order has a line of. */
  createProductIds: string[];
  /** Drafts of 3 lines whose products hold stock in the main warehouse, which the confirm load takes in turn. */
  draftOrderIds: string[];
  /** Other such drafts, for the confirm's ceiling: [order, its 3 lines, their 3 products]. */
  draftReplayGroups: ReplayGroup[];
  /** Draft shipments of confirmed orders of 3 lines, reserved in the main warehouse, which the ship load takes. */
  shipmentIds: string[];
  /** Other such shipments, for the ship's ceiling: [shipment, order, 3 shipment lines, 3 order lines, 3 products, 3 reservations]. */
  shipmentReplayGroups: ReplayGroup[];
}

const LINES = 3;
const UNIT_PRICE = 1999;

/** The products orders are placed for: stocked, with at least 100 available (so at least 50 in the main warehouse). */
function orderableProducts(catalog: SeededCatalog, busy: ReadonlySet<string>): StockedProduct[] {
  const products = catalog.stocked.filter((p) => !busy.has(p.id) && p.onHand - p.reserved >= 100);
  if (products.length < LINES * 2) throw new Error('the catalog has too few stocked products for sales orders');
  return products;
}

interface OrderSeed {
  id: string;
  lines: Array<{ id: string; product: StockedProduct }>;
}

/** Draft or confirmed orders of one line per product, ordered by product id so that replays lock in one order. */
export function orderRows(
  tenantId: string,
  options: { userId: string; status: 'draft' | 'confirmed'; numberPrefix: string },
  orders: ReadonlyArray<{ id: string; customerId: string; products: readonly StockedProduct[] }>,
  newId: () => string,
) {
  const now = new Date().toISOString();
  const seeds: OrderSeed[] = [];
  const headers = orders.map((order, o) => {
    const subtotal = UNIT_PRICE * order.products.length;
    seeds.push({ id: order.id, lines: order.products.map((product) => ({ id: newId(), product })) });
    return {
      id: order.id,
      tenant_id: tenantId,
      order_number: `${options.numberPrefix}-${String(o + 1).padStart(6, '0')}`,
      customer_id: order.customerId,
      status: options.status,
      currency: 'USD',
      subtotal,
      discount_amount: 0,
      shipping_amount: 0,
      tax_amount: 0,
      total_amount: subtotal,
      confirmed_at: options.status === 'confirmed' ? now : null,
      created_by: options.userId,
      created_at: now,
      updated_at: now,
    };
  });
  const lines = seeds.flatMap((order) =>
    order.lines.map((line, l) => ({
      id: line.id,
      tenant_id: tenantId,
      order_id: order.id,
      position: l + 1,
      product_id: line.product.id,
      product_name: line.product.name,
      product_sku: line.product.sku,
      quantity: 1,
      unit_price: UNIT_PRICE,
      discount_amount: 0,
      line_total: UNIT_PRICE,
      created_at: now,
      updated_at: now,
    })),
  );
  return { headers, lines, seeds };
}

export async function seedSales(
  db: Db,
  tenantId: string,
  catalog: SeededCatalog,
  options: SalesOptions,
): Promise<SeededSales> {
  const { engine } = options;
  const { newId: newIdAt } = idSource(options.seed ?? 11);
  const newId = () => newIdAt(Date.now());
  const now = new Date().toISOString();
  const products = orderableProducts(catalog, options.busyProductIds);
  let next = 0;
  // Each order's 3 products: the next ones of the pool, round and round, sorted by id.
  const threeProducts = () =>
    Array.from({ length: LINES }, () => products[next++ % products.length]!).sort((a, b) => a.id.localeCompare(b.id));

  return db.transaction().execute(async (trx) => {
    const customers = Array.from({ length: options.customers * 2 }, (_, i) => ({
      id: newId(),
      tenant_id: tenantId,
      name: `Bench customer ${i + 1}`,
      email: `customer${i + 1}@example.test`,
      is_active: true,
      created_at: now,
      updated_at: now,
    }));
    await bulkInsert(trx, engine, 'customers', customers);
    const customerIds = customers.map((c) => c.id);
    const customerOf = (o: number) => customerIds[o % options.customers]!;

    const placed = (count: number) =>
      Array.from({ length: count }, (_, o) => ({ id: newId(), customerId: customerOf(o), products: threeProducts() }));
    const write = async (rows: ReturnType<typeof orderRows>) => {
      await bulkInsert(trx, engine, 'sales_orders', rows.headers);
      await bulkInsertFrom(trx, engine, 'sales_order_lines', rows.lines);
      return rows.seeds;
    };
    const draft = (prefix: string) =>
      write(
        orderRows(
          tenantId,
          { userId: options.userId, status: 'draft', numberPrefix: prefix },
          placed(options.orders),
          newId,
        ),
      );
    const drafts = await draft('SO-BENCH-D');
    const replayDrafts = await draft('SO-BENCH-R');
    const confirmed = await write(
      orderRows(
        tenantId,
        { userId: options.userId, status: 'confirmed', numberPrefix: 'SO-BENCH-C' },
        placed(options.orders * 2),
        newId,
      ),
    );

    // Each confirmed line's stock held in the main warehouse, and a draft shipment of the whole order from there.
    const reservationIds = new Map<string, string>();
    const reservations = confirmed.flatMap((order) =>
      order.lines.map((line) => {
        const id = newId();
        reservationIds.set(line.id, id);
        return {
          id,
          tenant_id: tenantId,
          product_id: line.product.id,
          warehouse_id: options.mainWarehouseId,
          quantity: 1,
          original_quantity: 1,
          order_line_id: line.id,
          reference_type: 'sales_order',
          reference_id: order.id,
          status: 'active',
          created_by: options.userId,
          created_at: now,
          updated_at: now,
        };
      }),
    );
    await bulkInsertFrom(trx, engine, 'stock_reservations', reservations);
    await bulkInsertFrom(
      trx,
      engine,
      'stock_movements',
      reservations.map((r) => ({
        id: newId(),
        tenant_id: tenantId,
        product_id: r.product_id,
        warehouse_id: r.warehouse_id,
        type: 'reservation',
        quantity: 1,
        quantity_before: 0,
        quantity_after: 1,
        reason: null,
        notes: null,
        reference_type: 'sales_order',
        reference_id: r.reference_id,
        created_by: options.userId,
        created_at: now,
      })),
    );
    const held = new Map<string, number>();
    for (const r of reservations) held.set(r.product_id, (held.get(r.product_id) ?? 0) + r.quantity);
    await raiseReserved(trx, engine, tenantId, options.mainWarehouseId, held);

    const shipments = confirmed.map((order, s) => ({
      order,
      row: {
        id: newId(),
        tenant_id: tenantId,
        shipment_number: `SH-BENCH-${String(s + 1).padStart(6, '0')}`,
        order_id: order.id,
        warehouse_id: options.mainWarehouseId,
        status: 'draft',
        created_by: options.userId,
        created_at: now,
        updated_at: now,
      },
      lineIds: order.lines.map(() => newId()),
    }));
    await bulkInsert(
      trx,
      engine,
      'shipments',
      shipments.map((s) => s.row),
    );
    await bulkInsertFrom(
      trx,
      engine,
      'shipment_lines',
      shipments.flatMap((s) =>
        s.order.lines.map((line, l) => ({
          id: s.lineIds[l]!,
          tenant_id: tenantId,
          shipment_id: s.row.id,
          order_line_id: line.id,
          product_id: line.product.id,
          position: l + 1,
          quantity: 1,
        })),
      ),
    );

    const shipmentGroup = (s: (typeof shipments)[number]): ReplayGroup => [
      s.row.id,
      s.order.id,
      ...s.lineIds,
      ...s.order.lines.map((l) => l.id),
      ...s.order.lines.map((l) => l.product.id),
      ...s.order.lines.map((l) => reservationIds.get(l.id)!),
    ];
    return {
      customerIds: customerIds.slice(0, options.customers),
      spareCustomerIds: customerIds.slice(options.customers),
      createProductIds: products.slice(-LINES).map((p) => p.id),
      draftOrderIds: drafts.map((o) => o.id),
      draftReplayGroups: replayDrafts.map((o) => [
        o.id,
        ...o.lines.map((l) => l.id),
        ...o.lines.map((l) => l.product.id),
      ]),
      shipmentIds: shipments.slice(0, options.orders).map((s) => s.row.id),
      shipmentReplayGroups: shipments.slice(options.orders).map(shipmentGroup),
    };
  });
}

/**
 * Raises each main-warehouse record, and its product, by what the sales orders' reservations just written hold of
 * it. PostgreSQL joins the counts, sent as one JSON parameter (a correlated sum per row there takes minutes before
 * statistics exist); SQLite sums each row's reservations on their index (a join to the JSON scans it per row).
 */
async function raiseReserved(
  db: Db,
  engine: Engine,
  tenantId: string,
  warehouseId: string,
  held: ReadonlyMap<string, number>,
): Promise<void> {
  if (engine === 'postgres') {
    const json = JSON.stringify([...held].map(([product_id, n]) => ({ product_id, n })));
    const counts = sql`(select * from json_to_recordset(${json}::json) as j(product_id text, n integer))`;
    await sql`update inventory_records set quantity_reserved = quantity_reserved + x.n from ${counts} as x
      where inventory_records.tenant_id = ${tenantId} and inventory_records.warehouse_id = ${warehouseId}
        and inventory_records.product_id = x.product_id`.execute(db);
    await sql`update products set reserved_quantity = reserved_quantity + x.n from ${counts} as x
      where products.tenant_id = ${tenantId} and products.id = x.product_id`.execute(db);
    return;
  }
  const sum = (product: ReturnType<typeof sql.ref>) => sql`(
    select coalesce(sum(r.quantity), 0) from stock_reservations r
    where r.tenant_id = ${tenantId} and r.product_id = ${product} and r.warehouse_id = ${warehouseId}
      and r.status = 'active' and r.reference_type = 'sales_order')`;
  const ordered = sql`(select product_id from stock_reservations
    where tenant_id = ${tenantId} and reference_type = 'sales_order')`;
  await sql`update inventory_records set quantity_reserved = quantity_reserved + ${sum(sql.ref('inventory_records.product_id'))}
    where tenant_id = ${tenantId} and warehouse_id = ${warehouseId} and product_id in ${ordered}`.execute(db);
  await sql`update products set reserved_quantity = reserved_quantity + ${sum(sql.ref('products.id'))}
    where tenant_id = ${tenantId} and id in ${ordered}`.execute(db);
}
