// Sales order lines in SQL, and what each line's other rows say of it (docs/sales.md, Sales orders): allocated
// is the sum of its active reservations (per warehouse too), shipped the sum of its lines on shipments that
// left (shipped or delivered), returned the sum of its return lines. None of these is stored on the line; the
// line keeps only what was ordered and what was cancelled of it. Shipments, returns and allocation read them here.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { SalesOrderLinesTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { LEFT_STATUSES } from './order-line-quantities.repository.js';

export type OrderLine = Selectable<SalesOrderLinesTable>;
export type NewOrderLine = Insertable<SalesOrderLinesTable>;
export type OrderLineUpdate = Updateable<SalesOrderLinesTable>;

/** What a line's reservations, shipments and returns say of it. */
export interface LineQuantities {
  allocated: number;
  /** The allocated quantity by warehouse, warehouses in id order. */
  allocations: Array<{ warehouse_id: string; quantity: number }>;
  shipped: number;
  returned: number;
}

const NONE: LineQuantities = { allocated: 0, allocations: [], shipped: 0, returned: 0 };

export class OrderLineRepository {
  async insert(db: Executor, lines: NewOrderLine[]): Promise<void> {
    if (lines.length === 0) return;
    await db.insertInto('sales_order_lines').values(lines).execute();
  }

  /** The lines of the orders, by position within each order. */
  async ofOrders(db: Executor, tenantId: string, orderIds: readonly string[]): Promise<OrderLine[]> {
    if (orderIds.length === 0) return [];
    return db
      .selectFrom('sales_order_lines')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('order_id', 'in', [...orderIds])
      .orderBy('order_id')
      .orderBy('position')
      .execute();
  }

  async ofOrder(db: Executor, tenantId: string, orderId: string): Promise<OrderLine[]> {
    return this.ofOrders(db, tenantId, [orderId]);
  }

  async update(db: Executor, tenantId: string, id: string, changes: OrderLineUpdate): Promise<void> {
    await db
      .updateTable('sales_order_lines')
      .set(changes)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async remove(db: Executor, tenantId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .deleteFrom('sales_order_lines')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async removeOfOrder(db: Executor, tenantId: string, orderId: string): Promise<void> {
    await db
      .deleteFrom('sales_order_lines')
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .execute();
  }

  /** Sets each line's cancelled quantity to what it did not ship: the close of an order. */
  async cancelUnshipped(db: Executor, tenantId: string, shipped: ReadonlyMap<string, number>, at: string) {
    for (const [id, quantity] of shipped) {
      await db
        .updateTable('sales_order_lines')
        .set((eb) => ({ cancelled_quantity: eb('quantity', '-', quantity), updated_at: at }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    }
  }

  /** Lines that appear on a shipment, whatever its status: they may not be removed from their order. */
  async onShipments(db: Executor, tenantId: string, lineIds: readonly string[]): Promise<Set<string>> {
    if (lineIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('shipment_lines')
      .select('order_line_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('order_line_id', 'in', [...lineIds])
      .execute();
    return new Set(rows.map((r) => r.order_line_id));
  }

  /** What the reservations, shipments and returns of each line say of it, by line id; every line is answered. */
  async quantities(db: Executor, tenantId: string, lineIds: readonly string[]): Promise<Map<string, LineQuantities>> {
    const result = new Map<string, LineQuantities>(lineIds.map((id) => [id, { ...NONE, allocations: [] }]));
    if (lineIds.length === 0) return result;
    const ids = [...lineIds];
    const [reserved, shipped, returned] = await Promise.all([
      db
        .selectFrom('stock_reservations')
        .select((eb) => ['order_line_id', 'warehouse_id', eb.fn.sum<number>('quantity').as('quantity')])
        .where('tenant_id', '=', tenantId)
        .where('order_line_id', 'in', ids)
        .where('status', '=', 'active')
        .groupBy(['order_line_id', 'warehouse_id'])
        .orderBy('order_line_id')
        .orderBy('warehouse_id')
        .execute(),
      db
        .selectFrom('shipment_lines as sl')
        .innerJoin('shipments as s', (j) =>
          j.onRef('s.id', '=', 'sl.shipment_id').onRef('s.tenant_id', '=', 'sl.tenant_id'),
        )
        .select((eb) => ['sl.order_line_id', eb.fn.sum<number>('sl.quantity').as('quantity')])
        .where('sl.tenant_id', '=', tenantId)
        .where('sl.order_line_id', 'in', ids)
        .where('s.status', 'in', [...LEFT_STATUSES])
        .groupBy('sl.order_line_id')
        .execute(),
      db
        .selectFrom('sales_return_lines')
        .select((eb) => ['order_line_id', eb.fn.sum<number>('quantity').as('quantity')])
        .where('tenant_id', '=', tenantId)
        .where('order_line_id', 'in', ids)
        .groupBy('order_line_id')
        .execute(),
    ]);
    for (const row of reserved) {
      const line = result.get(row.order_line_id!);
      if (!line) continue;
      const quantity = Number(row.quantity);
      line.allocated += quantity;
      line.allocations.push({ warehouse_id: row.warehouse_id, quantity });
    }
    for (const row of shipped) result.get(row.order_line_id)!.shipped = Number(row.quantity);
    for (const row of returned) result.get(row.order_line_id)!.returned = Number(row.quantity);
    return result;
  }
}
