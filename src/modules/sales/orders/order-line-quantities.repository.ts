// A line's derived quantities as SQL expressions (docs/sales.md, Sales orders), for the queries that filter or sum by
// them in one statement: shipped (its lines on shipments that left) and allocated (its active reservations).
// order-lines.repository.ts reads the same quantities for many lines at once, grouped.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB, ShipmentStatus } from '../../../db/schema.js';

/** Shipments whose goods have left: their lines count as shipped. */
export const LEFT_STATUSES: readonly ShipmentStatus[] = ['shipped', 'delivered'];

type LineScope = ExpressionBuilder<DB, 'sales_order_lines'>;

/** What shipments that left carried of the line (0 when none did). */
export function shippedOfLine(eb: LineScope) {
  return eb
    .selectFrom('shipment_lines')
    .innerJoin('shipments', (j) =>
      j
        .onRef('shipments.id', '=', 'shipment_lines.shipment_id')
        .onRef('shipments.tenant_id', '=', 'shipment_lines.tenant_id'),
    )
    .select((e) => e.fn.coalesce(e.fn.sum<number>('shipment_lines.quantity'), sql.lit(0)).as('q'))
    .whereRef('shipment_lines.order_line_id', '=', 'sales_order_lines.id')
    .whereRef('shipment_lines.tenant_id', '=', 'sales_order_lines.tenant_id')
    .where('shipments.status', 'in', [...LEFT_STATUSES]);
}

/** What the line's active reservations hold (0 when none). */
export function allocatedOfLine(eb: LineScope) {
  return eb
    .selectFrom('stock_reservations')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('stock_reservations.quantity'), sql.lit(0)).as('q'))
    .whereRef('stock_reservations.tenant_id', '=', 'sales_order_lines.tenant_id')
    .whereRef('stock_reservations.order_line_id', '=', 'sales_order_lines.id')
    .where('stock_reservations.status', '=', 'active');
}

/** The line's open quantity: ordered, less cancelled, less shipped. */
export function openOfLine(eb: LineScope) {
  return sql<number>`${eb.ref('sales_order_lines.quantity')} - ${eb.ref('sales_order_lines.cancelled_quantity')} - (${shippedOfLine(eb)})`;
}
