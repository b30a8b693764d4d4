// What allocation reads: an order's lines with their open and allocated quantities, the tenant's allocation
// settings, the stock available per warehouse, and the lines waiting for stock that arrives. It writes nothing:
// reservations are the stock ledger's (modules/inventory/stock).
import { engineOf } from '../../../db/dialect.js';
import type { AllocationStrategy, SalesOrderStatus } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { allocatedOfLine, openOfLine } from '../orders/order-line-quantities.repository.js';

/** One order line with what it still needs: open (ordered - cancelled - shipped) and allocated (active reservations). */
export interface OpenLine {
  id: string;
  order_id: string;
  product_id: string;
  open: number;
  allocated: number;
}

export interface AllocationSettings {
  allocation_strategy: AllocationStrategy;
  auto_allocate_backorders: boolean;
}

/** A product's available quantity in an active warehouse, with the warehouse's rank and name. */
export interface AvailableStock {
  warehouse_id: string;
  product_id: string;
  available: number;
  allocation_rank: number | null;
  name: string;
}

/** A line of a confirmed order waiting for stock of its product, in the order arriving stock serves them. */
export interface WaitingLine {
  id: string;
  order_id: string;
  product_id: string;
}

/** Statuses whose lines arriving stock is allocated to: confirmed orders not on hold. */
export const WAITING_STATUSES: readonly SalesOrderStatus[] = ['confirmed', 'partially_shipped'];

export class AllocationRepository {
  /**
   * Locks the order (PostgreSQL: its row until the transaction ends), so that its lines are allocated and
   * released one transaction at a time. Answers whether the order exists (live, of the tenant).
   */
  async lockOrder(db: Executor, tenantId: string, orderId: string): Promise<boolean> {
    const query = db
      .selectFrom('sales_orders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('deleted_at', 'is', null);
    return (await (engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
  }

  /**
   * Locks those of `orderIds` no other transaction holds and answers them; the others are skipped, never waited
   * for (PostgreSQL `SKIP LOCKED`: stock arriving holds its records, which an order's own allocation waits for).
   * SQLite runs one transaction at a time: every order is answered.
   */
  async lockFreeOrders(db: Executor, tenantId: string, orderIds: readonly string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const query = db
      .selectFrom('sales_orders')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...orderIds]);
    const rows = await (engineOf(db) === 'postgres' ? query.forUpdate().skipLocked() : query).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The order's lines (of `lineIds` when given) with their open and allocated quantities, by position. */
  async lines(db: Executor, tenantId: string, orderId: string, lineIds?: readonly string[]): Promise<OpenLine[]> {
    if (lineIds?.length === 0) return [];
    let query = openLines(db, tenantId).where('sales_order_lines.order_id', '=', orderId);
    if (lineIds) query = query.where('sales_order_lines.id', 'in', [...lineIds]);
    return numeric(await query.orderBy('sales_order_lines.position').orderBy('sales_order_lines.id').execute());
  }

  /** The lines of `orderIds` of the given products with their quantities (for arriving stock, after locking). */
  async linesOfOrders(
    db: Executor,
    tenantId: string,
    orderIds: readonly string[],
    productIds: readonly string[],
  ): Promise<OpenLine[]> {
    if (orderIds.length === 0 || productIds.length === 0) return [];
    const query = openLines(db, tenantId)
      .where('sales_order_lines.order_id', 'in', [...orderIds])
      .where('sales_order_lines.product_id', 'in', [...productIds]);
    return numeric(await query.execute());
  }

  async settings(db: Executor, tenantId: string): Promise<AllocationSettings> {
    const row = await db
      .selectFrom('tenants')
      .select(['allocation_strategy', 'auto_allocate_backorders'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return { allocation_strategy: row.allocation_strategy, auto_allocate_backorders: !!row.auto_allocate_backorders };
  }

  /**
   * What is available (on hand - reserved) of `productIds` in the tenant's active warehouses, per warehouse. With
   * `lock` (PostgreSQL) the records stay locked until the transaction ends, taken in (warehouse_id, product_id)
   * order as every reservation takes them: what is read here is what the reservations then find, and stock
   * arriving meanwhile is waited for, not missed. Records with nothing available are answered too.
   */
  async available(
    db: Executor,
    tenantId: string,
    productIds: readonly string[],
    options: { lock: boolean; warehouseIds?: readonly string[] },
  ): Promise<AvailableStock[]> {
    if (productIds.length === 0) return [];
    let query = db
      .selectFrom('inventory_records')
      .innerJoin('warehouses', 'warehouses.id', 'inventory_records.warehouse_id')
      .select((eb) => [
        'inventory_records.warehouse_id',
        'inventory_records.product_id',
        eb('inventory_records.quantity_on_hand', '-', eb.ref('inventory_records.quantity_reserved')).as('available'),
        'warehouses.allocation_rank',
        'warehouses.name',
      ])
      .where('inventory_records.tenant_id', '=', tenantId)
      .where('inventory_records.product_id', 'in', [...productIds])
      .where('warehouses.is_active', '=', true)
      .where('warehouses.deleted_at', 'is', null);
    if (options.warehouseIds) query = query.where('inventory_records.warehouse_id', 'in', [...options.warehouseIds]);
    query = query.orderBy('inventory_records.warehouse_id').orderBy('inventory_records.product_id');
    const rows = await (
      options.lock && engineOf(db) === 'postgres' ? query.forUpdate('inventory_records') : query
    ).execute();
    return rows.map((r) => ({ ...r, available: Number(r.available) }));
  }

  /**
   * The lines of confirmed orders (not on hold) of `productIds` that hold less than is open, when the tenant
   * allocates arriving stock to them: by order priority (highest first), then confirmation, then order, then
   * position. One statement on the lines' (tenant, product) index; none answered when nothing waits.
   */
  async waitingLines(db: Executor, tenantId: string, productIds: readonly string[]): Promise<WaitingLine[]> {
    if (productIds.length === 0) return [];
    return db
      .selectFrom('sales_order_lines')
      .innerJoin('sales_orders', 'sales_orders.id', 'sales_order_lines.order_id')
      .innerJoin('tenants', 'tenants.id', 'sales_order_lines.tenant_id')
      .select(['sales_order_lines.id', 'sales_order_lines.order_id', 'sales_order_lines.product_id'])
      .where('sales_order_lines.tenant_id', '=', tenantId)
      .where('sales_order_lines.product_id', 'in', [...productIds])
      .where('tenants.auto_allocate_backorders', '=', true)
      .where('sales_orders.tenant_id', '=', tenantId)
      .where('sales_orders.status', 'in', [...WAITING_STATUSES])
      .where('sales_orders.deleted_at', 'is', null)
      .where((eb) => eb(openOfLine(eb), '>', allocatedOfLine(eb)))
      .orderBy('sales_orders.priority', 'desc')
      .orderBy('sales_orders.confirmed_at')
      .orderBy('sales_orders.id')
      .orderBy('sales_order_lines.position')
      .orderBy('sales_order_lines.id')
      .execute();
  }
}

/** The tenant's order lines with their open and allocated quantities, to be narrowed by the caller. */
function openLines(db: Executor, tenantId: string) {
  return db
    .selectFrom('sales_order_lines')
    .select((eb) => [
      'sales_order_lines.id',
      'sales_order_lines.order_id',
      'sales_order_lines.product_id',
      openOfLine(eb).as('open'),
      allocatedOfLine(eb).as('allocated'),
    ])
    .where('sales_order_lines.tenant_id', '=', tenantId);
}

/** Sums come back as text or bigint on some engines: the lines with their quantities as numbers. */
function numeric<Row extends { open: unknown; allocated: unknown }>(
  rows: Row[],
): Array<Omit<Row, 'open' | 'allocated'> & { open: number; allocated: number }> {
  return rows.map((r) => ({ ...r, open: Number(r.open), allocated: Number(r.allocated) }));
}
