// Shipments and their lines, with the reads a shipment is checked against: the order it ships and the quantities
// other open shipments have taken of its lines (what the lines hold reserved is order-lines.repository.ts's).
import type { Insertable, Selectable } from 'kysely';
import type { Page, PageRequest } from '../../../core/pagination.js';
import { paginate } from '../../../db/paginate.js';
import type { ShipmentLinesTable, ShipmentStatus, ShipmentsTable, SalesOrdersTable } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { OPEN_SHIPMENT_STATUSES } from './shipment.states.js';

export type ShipmentRecord = Selectable<ShipmentsTable>;
/** A shipment with what its resource shows of its order and warehouse. */
export type Shipment = ShipmentRecord & { order_number: string; warehouse_code: string; warehouse_name: string };
export type NewShipment = Insertable<ShipmentsTable>;
export type NewShipmentLine = Insertable<ShipmentLinesTable>;
/** A shipment line with the product snapshot of its order line. */
export type ShipmentLine = Selectable<ShipmentLinesTable> & { product_name: string; product_sku: string | null };
export type ShipmentOrder = Pick<
  Selectable<SalesOrdersTable>,
  'id' | 'tenant_id' | 'order_number' | 'status' | 'customer_id' | 'ship_to' | 'notes' | 'shipped_at'
> & { customer_name: string };
export type ShipmentChanges = Partial<
  Pick<
    ShipmentRecord,
    | 'status'
    | 'carrier'
    | 'service'
    | 'tracking_numbers'
    | 'notes'
    | 'picked_at'
    | 'packed_at'
    | 'shipped_at'
    | 'delivered_at'
    | 'cancelled_at'
    | 'cancellation_reason'
  >
>;

export interface ShipmentListFilters {
  order_id?: string;
  warehouse_id?: string;
  status?: ShipmentStatus;
  sort_direction?: 'asc' | 'desc';
}

const shipments = (db: Executor, tenantId: string) =>
  db
    .selectFrom('shipments')
    .innerJoin('sales_orders', 'sales_orders.id', 'shipments.order_id')
    .innerJoin('warehouses', 'warehouses.id', 'shipments.warehouse_id')
    .selectAll('shipments')
    .select(['sales_orders.order_number', 'warehouses.code as warehouse_code', 'warehouses.name as warehouse_name'])
    .where('shipments.tenant_id', '=', tenantId);

/** Sums keyed by order line, as numbers (PostgreSQL answers sums of integers as strings). */
function byLine(rows: ReadonlyArray<{ order_line_id: string; quantity: number | string | null }>): Map<string, number> {
  return new Map(rows.map((r) => [r.order_line_id, Number(r.quantity ?? 0)]));
}

export class ShipmentRepository {
  /** A live sales order of the tenant, with its customer's name. */
  async findOrder(db: Executor, tenantId: string, orderId: string): Promise<ShipmentOrder | undefined> {
    return db
      .selectFrom('sales_orders')
      .innerJoin('customers', 'customers.id', 'sales_orders.customer_id')
      .select([
        'sales_orders.id',
        'sales_orders.tenant_id',
        'sales_orders.order_number',
        'sales_orders.status',
        'sales_orders.customer_id',
        'sales_orders.ship_to',
        'sales_orders.notes',
        'sales_orders.shipped_at',
        'customers.name as customer_name',
      ])
      .where('sales_orders.tenant_id', '=', tenantId)
      .where('sales_orders.id', '=', orderId)
      .where('sales_orders.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Per line of the order, what its open shipments (not shipped, not cancelled) in the warehouse hold. */
  async inOpenShipments(
    db: Executor,
    tenantId: string,
    orderId: string,
    warehouseId: string,
  ): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('shipment_lines')
      .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
      .select('shipment_lines.order_line_id')
      .select((eb) => eb.fn.sum<number>('shipment_lines.quantity').as('quantity'))
      .where('shipments.tenant_id', '=', tenantId)
      .where('shipments.order_id', '=', orderId)
      .where('shipments.warehouse_id', '=', warehouseId)
      .where('shipments.status', 'in', [...OPEN_SHIPMENT_STATUSES])
      .groupBy('shipment_lines.order_line_id')
      .execute();
    return byLine(rows);
  }

  async insert(db: Executor, shipment: NewShipment, lines: readonly NewShipmentLine[]): Promise<void> {
    await db.insertInto('shipments').values(shipment).execute();
    await db
      .insertInto('shipment_lines')
      .values([...lines])
      .execute();
  }

  async find(db: Executor, tenantId: string, id: string): Promise<Shipment | undefined> {
    return shipments(db, tenantId).where('shipments.id', '=', id).executeTakeFirst();
  }

  async findMany(db: Executor, tenantId: string, ids: readonly string[]): Promise<Shipment[]> {
    if (ids.length === 0) return [];
    return shipments(db, tenantId)
      .where('shipments.id', 'in', [...ids])
      .orderBy('shipments.shipment_number')
      .execute();
  }

  /** The lines of the shipments, in each shipment's order, with their order lines' product snapshots. */
  async linesOf(db: Executor, tenantId: string, shipmentIds: readonly string[]): Promise<ShipmentLine[]> {
    if (shipmentIds.length === 0) return [];
    return db
      .selectFrom('shipment_lines')
      .innerJoin('sales_order_lines', 'sales_order_lines.id', 'shipment_lines.order_line_id')
      .selectAll('shipment_lines')
      .select(['sales_order_lines.product_name', 'sales_order_lines.product_sku'])
      .where('shipment_lines.tenant_id', '=', tenantId)
      .where('shipment_lines.shipment_id', 'in', [...shipmentIds])
      .orderBy('shipment_lines.shipment_id')
      .orderBy('shipment_lines.position')
      .execute();
  }

  async list(db: Executor, tenantId: string, filters: ShipmentListFilters, page: PageRequest): Promise<Page<Shipment>> {
    let query = shipments(db, tenantId);
    if (filters.order_id) query = query.where('shipments.order_id', '=', filters.order_id);
    if (filters.warehouse_id) query = query.where('shipments.warehouse_id', '=', filters.warehouse_id);
    if (filters.status) query = query.where('shipments.status', '=', filters.status);
    const direction = filters.sort_direction ?? 'desc';
    return paginate(db, query.orderBy('shipments.created_at', direction).orderBy('shipments.id', direction), page);
  }

  /** Changes a shipment still in one of `from`; answers whether it was. */
  async transition(
    db: Executor,
    tenantId: string,
    id: string,
    from: readonly ShipmentStatus[],
    changes: ShipmentChanges & { updated_at: string },
  ): Promise<boolean> {
    const result = await db
      .updateTable('shipments')
      .set(changes)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A shipment line's quantity, after a short pick. */
  async changeLineQuantity(db: Executor, tenantId: string, lineId: string, quantity: number): Promise<void> {
    await db
      .updateTable('shipment_lines')
      .set({ quantity })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', lineId)
      .execute();
  }

  /** A shipment line nothing of which was picked. */
  async deleteLine(db: Executor, tenantId: string, lineId: string): Promise<void> {
    await db.deleteFrom('shipment_lines').where('tenant_id', '=', tenantId).where('id', '=', lineId).execute();
  }

  /** The ids of the order's open shipments (not shipped, not cancelled). */
  async openOfOrder(db: Executor, tenantId: string, orderId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('shipments')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('status', 'in', [...OPEN_SHIPMENT_STATUSES])
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Cancels the order's open shipments (its cancellation or close); answers their ids. */
  async cancelOpenOfOrder(
    db: Executor,
    tenantId: string,
    orderId: string,
    reason: string,
    at: string,
  ): Promise<string[]> {
    const rows = await db
      .updateTable('shipments')
      .set({ status: 'cancelled', cancelled_at: at, cancellation_reason: reason, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('status', 'in', [...OPEN_SHIPMENT_STATUSES])
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
