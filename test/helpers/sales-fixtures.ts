// Sales orders written straight into the tables, for the tests of what works on orders (allocation, shipments)
// apart from the order endpoints: an order in status confirmed with its lines (and, for shipments, reservations
// opened for them through the stock ledger), and the tenant's and warehouses' allocation settings.
import type { AllocationStrategy, SalesOrderStatus } from '../../src/db/schema.js';
import { inTransaction, type Executor } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';
import type { Services } from '../../src/services.js';

export interface FixtureLine {
  productId: string;
  quantity: number;
  cancelled?: number;
}

export interface FixtureOrder {
  orderId: string;
  lineIds: string[];
}

let sequence = 0;

/** A confirmed order of `customerId` with `lines` (positions in the order given); nothing reserved yet. */
export async function insertConfirmedOrder(
  db: Executor,
  tenantId: string,
  customerId: string,
  lines: readonly FixtureLine[],
  options: { priority?: number; confirmedAt?: string; status?: 'confirmed' | 'on_hold' | 'draft' } = {},
): Promise<FixtureOrder> {
  const orderId = newId();
  const now = new Date().toISOString();
  sequence += 1;
  await db
    .insertInto('sales_orders')
    .values({
      id: orderId,
      tenant_id: tenantId,
      order_number: `SO-FIXTURE-${process.pid}-${sequence}`,
      customer_id: customerId,
      status: options.status ?? 'confirmed',
      channel: null,
      external_ref: null,
      currency: 'USD',
      ship_to: null,
      requested_ship_date: null,
      priority: options.priority ?? 0,
      notes: null,
      subtotal: 0,
      discount_amount: 0,
      shipping_amount: 0,
      tax_amount: 0,
      total_amount: 0,
      held_from_status: options.status === 'on_hold' ? 'confirmed' : null,
      hold_reason: null,
      submitted_at: null,
      approved_by: null,
      approved_at: null,
      approval_notes: null,
      rejected_by: null,
      rejected_at: null,
      rejection_reason: null,
      confirmed_at: options.status === 'draft' ? null : (options.confirmedAt ?? now),
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
  const lineIds = lines.map(() => newId());
  if (lines.length > 0)
    await db
      .insertInto('sales_order_lines')
      .values(
        lines.map((l, i) => ({
          id: lineIds[i]!,
          tenant_id: tenantId,
          order_id: orderId,
          position: i + 1,
          product_id: l.productId,
          product_name: `Product ${i + 1}`,
          product_sku: null,
          quantity: l.quantity,
          cancelled_quantity: l.cancelled ?? 0,
          unit_price: 100,
          discount_amount: 0,
          line_total: 100 * l.quantity,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  return { orderId, lineIds };
}

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

export interface SalesOrderFixture {
  orderId: string;
  orderNumber: string;
  customerId: string;
  /** The lines' ids, in the order given. */
  lineIds: string[];
}

/**
 * A sales order of `lines` for a new customer, in `status` (confirmed by default), with each line's
 * reservations opened through `services.stock.applyReservation` (orderLineId, reference `sales_order`).
 */
export async function makeSalesOrder(
  services: Services,
  tenantId: string,
  lines: readonly ReservedLine[],
  options: { status?: SalesOrderStatus; shipTo?: { street?: string; city?: string; country?: string } } = {},
): Promise<SalesOrderFixture> {
  sequence += 1;
  const customer = await services.crm.customers.service.create(tenantId, { name: `Customer ${sequence}` });
  const orderId = newId();
  // The shape of a real number, in a month no real order has.
  const orderNumber = `SO-209912-${String(sequence).padStart(4, '0')}`;
  const lineIds = lines.map(() => newId());
  const now = new Date().toISOString();
  await inTransaction(services.db, async (trx) => {
    const products = await trx
      .selectFrom('products')
      .select(['id', 'name', 'sku'])
      .where(
        'id',
        'in',
        lines.map((l) => l.productId),
      )
      .execute();
    const byId = new Map(products.map((p) => [p.id, p]));
    await trx
      .insertInto('sales_orders')
      .values({
        id: orderId,
        tenant_id: tenantId,
        order_number: orderNumber,
        customer_id: customer.id,
        status: options.status ?? 'confirmed',
        channel: null,
        external_ref: null,
        currency: 'EUR',
        ship_to: options.shipTo ?? null,
        requested_ship_date: null,
        notes: null,
        subtotal: 0,
        discount_amount: 0,
        shipping_amount: 0,
        tax_amount: 0,
        total_amount: 0,
        held_from_status: null,
        hold_reason: null,
        submitted_at: null,
        approved_by: null,
        approved_at: null,
        approval_notes: null,
        rejected_by: null,
        rejected_at: null,
        rejection_reason: null,
        confirmed_at: now,
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
    await trx
      .insertInto('sales_order_lines')
      .values(
        lines.map((line, i) => ({
          id: lineIds[i]!,
          tenant_id: tenantId,
          order_id: orderId,
          position: i + 1,
          product_id: line.productId,
          product_name: byId.get(line.productId)?.name ?? 'Product',
          product_sku: byId.get(line.productId)?.sku ?? null,
          quantity: line.quantity,
          cancelled_quantity: 0,
          unit_price: 1000,
          discount_amount: 0,
          line_total: 1000 * line.quantity,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    for (const [i, line] of lines.entries()) {
      for (const part of line.reserve ?? []) {
        await services.stock.applyReservation(trx, {
          tenantId,
          productId: line.productId,
          warehouseId: part.warehouseId,
          quantity: part.quantity,
          orderLineId: lineIds[i]!,
          referenceType: 'sales_order',
          referenceId: orderId,
        });
      }
    }
  });
  return { orderId, orderNumber, customerId: customer.id, lineIds };
}
