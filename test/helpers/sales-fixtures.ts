// Sales orders written straight into the tables, for the tests of what works on orders (allocation) apart from the
// order endpoints: an order in status confirmed with its lines, and the tenant's and warehouses' allocation settings.
import type { AllocationStrategy } from '../../src/db/schema.js';
import type { Executor } from '../../src/db/transaction.js';
import { newId } from '../../src/lib/ids.js';

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
