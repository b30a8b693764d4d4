// Sales records written straight into the tables, for the tests of what works on orders apart from the order and
// shipment endpoints (allocation, shipments, availability, the reorder report, the reservation list's order filter,
// returns): an order in any status with its lines and customer, with reservations opened for its lines through the
// stock ledger, a shipment with its lines, and the tenant's and warehouses' allocation settings.
import type { Address, AllocationStrategy, SalesOrderStatus, ShipmentStatus } from '../../src/db/schema.js';
import { inTransaction, type Executor } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';
import type { StockLedger } from '../../src/modules/inventory/stock/stock-ledger.js';
import type { Services } from '../../src/services.js';

/** The tenant's allocation strategy and whether arriving stock goes to backordered lines. */
export async function setAllocationSettings(
  db: Executor,
  tenantId: string,
  settings: { strategy?: AllocationStrategy; autoAllocate?: boolean },
): Promise<void> {
  await db
    .updateTable('tenants')
    .set({
      ...(settings.strategy ? { allocation_strategy: settings.strategy } : {}),
      ...(settings.autoAllocate !== undefined ? { auto_allocate_backorders: settings.autoAllocate } : {}),
    })
    .where('id', '=', tenantId)
    .execute();
}

/** A warehouse's rank for the warehouse_priority strategy (null: after every ranked one). */
export async function rankWarehouse(db: Executor, warehouseId: string, rank: number | null): Promise<void> {
  await db.updateTable('warehouses').set({ allocation_rank: rank }).where('id', '=', warehouseId).execute();
}

/** A line of `makeSalesOrder`, with the reservations to open for it. */
export interface ReservedLine {
  productId: string;
  quantity: number;
  /** Reservations to open for the line: a quantity in a warehouse each, through the ledger. */
  reserve?: Array<{ warehouseId: string; quantity: number }>;
}

/**
 * A sales order of `lines` (`insertOrder`; confirmed by default), with each line's reservations opened through
 * `services.stock.applyReservation` (orderLineId, reference `sales_order`), in one transaction.
 */
export async function makeSalesOrder(
  services: Services,
  tenantId: string,
  lines: readonly ReservedLine[],
  options: { status?: SalesOrderStatus; shipTo?: Address } = {},
): Promise<InsertedOrder> {
  return inTransaction(services.db, async (trx) => {
    const order = await insertOrder(trx, tenantId, {
      status: options.status,
      ship_to: options.shipTo,
      lines: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
    });
    for (const [i, line] of lines.entries()) {
      for (const part of line.reserve ?? []) {
        await reserveForLine(trx, services.stock, {
          tenantId,
          orderId: order.orderId,
          lineId: order.lineIds[i]!,
          productId: line.productId,
          ...part,
        });
      }
    }
    return order;
  });
}

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export interface OrderLineInput {
  product_id: string;
  quantity: number;
  cancelled_quantity?: number;
  unit_price?: number;
}

export interface OrderInput {
  status?: SalesOrderStatus;
  /** For an order on hold: the status it returns to. */
  held_from_status?: SalesOrderStatus | null;
  customer_id?: string;
  priority?: number;
  ship_to?: Address;
  lines: OrderLineInput[];
}

export interface InsertedOrder {
  orderId: string;
  orderNumber: string;
  customerId: string;
  lineIds: string[];
}

export async function insertCustomer(db: Executor, tenantId: string): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('customers')
    .values({
      id,
      tenant_id: tenantId,
      name: `Customer ${next()}`,
      email: null,
      phone: null,
      company: null,
      external_id: null,
      billing_address: null,
      shipping_address: null,
      notes: null,
      is_active: true,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return id;
}

/** An order (confirmed unless said otherwise) and its lines, in the order given. */
export async function insertOrder(db: Executor, tenantId: string, order: OrderInput): Promise<InsertedOrder> {
  const orderId = newId();
  const customerId = order.customer_id ?? (await insertCustomer(db, tenantId));
  const now = new Date().toISOString();
  const status = order.status ?? 'confirmed';
  const totals = order.lines.map((l) => l.quantity * (l.unit_price ?? 1000));
  const subtotal = totals.reduce((a, b) => a + b, 0);
  const orderNumber = `SO-FIX-${next()}`;
  await db
    .insertInto('sales_orders')
    .values({
      id: orderId,
      tenant_id: tenantId,
      order_number: orderNumber,
      customer_id: customerId,
      status,
      channel: null,
      external_ref: null,
      currency: 'USD',
      ship_to: order.ship_to ?? null,
      requested_ship_date: null,
      priority: order.priority ?? 0,
      notes: null,
      subtotal,
      discount_amount: 0,
      shipping_amount: 0,
      tax_amount: 0,
      total_amount: subtotal,
      held_from_status: order.held_from_status ?? null,
      hold_reason: null,
      submitted_at: null,
      approved_by: null,
      approved_at: null,
      approval_notes: null,
      rejected_by: null,
      rejected_at: null,
      rejection_reason: null,
      confirmed_at: status === 'draft' || status === 'pending_approval' ? null : now,
      shipped_at: null,
      closed_at: null,
      close_reason: null,
      completed_at: null,
      cancelled_by: null,
      cancelled_at: null,
      cancellation_reason: null,
      created_by: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  const lineIds: string[] = [];
  for (const [index, line] of order.lines.entries()) {
    const id = newId();
    lineIds.push(id);
    const product = await db
      .selectFrom('products')
      .select(['name', 'sku'])
      .where('id', '=', line.product_id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sales_order_lines')
      .values({
        id,
        tenant_id: tenantId,
        order_id: orderId,
        position: index + 1,
        product_id: line.product_id,
        product_name: product.name,
        product_sku: product.sku,
        quantity: line.quantity,
        cancelled_quantity: line.cancelled_quantity ?? 0,
        unit_price: line.unit_price ?? 1000,
        discount_amount: 0,
        line_total: totals[index]!,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return { orderId, orderNumber, customerId, lineIds };
}

export interface FixtureShipmentLine {
  order_line_id: string;
  product_id: string;
  quantity: number;
}

/** A shipment of the order from one warehouse (shipped unless said otherwise) with its lines; no stock moves. */
export async function insertShipment(
  db: Executor,
  tenantId: string,
  orderId: string,
  warehouseId: string,
  lines: FixtureShipmentLine[],
  status: ShipmentStatus = 'shipped',
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('shipments')
    .values({
      id,
      tenant_id: tenantId,
      shipment_number: `SH-FIX-${next()}`,
      order_id: orderId,
      warehouse_id: warehouseId,
      status,
      carrier: null,
      service: null,
      tracking_numbers: null,
      notes: null,
      picked_at: null,
      packed_at: null,
      shipped_at: status === 'shipped' || status === 'delivered' ? now : null,
      delivered_at: status === 'delivered' ? now : null,
      cancelled_at: status === 'cancelled' ? now : null,
      cancellation_reason: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [index, line] of lines.entries()) {
    await db
      .insertInto('shipment_lines')
      .values({ id: newId(), tenant_id: tenantId, shipment_id: id, position: index + 1, ...line })
      .execute();
  }
  return id;
}

/** Reserves `quantity` of the line's product in a warehouse for the line, through the stock ledger. */
export async function reserveForLine(
  db: Executor,
  ledger: StockLedger,
  reservation: {
    tenantId: string;
    orderId: string;
    lineId: string;
    productId: string;
    warehouseId: string;
    quantity: number;
  },
): Promise<string> {
  const applied = await inTransaction(db, (trx) =>
    ledger.applyReservation(trx, {
      tenantId: reservation.tenantId,
      productId: reservation.productId,
      warehouseId: reservation.warehouseId,
      quantity: reservation.quantity,
      orderLineId: reservation.lineId,
      referenceType: 'sales_order',
      referenceId: reservation.orderId,
    }),
  );
  return applied.reservation.id;
}
