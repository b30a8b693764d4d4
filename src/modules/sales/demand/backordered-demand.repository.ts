// The lines of orders waiting to ship, with the quantities their backordered quantity derives from: shipped (their
// shipment lines in shipped or delivered shipments) and allocated (their active reservations).
import type { SalesOrderStatus } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { LEFT_STATUSES } from '../orders/order-lines.repository.js';
import { COMMITTED_STATUSES } from '../orders/order.states.js';

export interface WaitingLine {
  product_id: string;
  quantity: number;
  cancelled_quantity: number;
  shipped: number;
  allocated: number;
}

export class BackorderedDemandRepository {
  async waitingLines(db: Executor, tenantId: string, productIds: readonly string[]): Promise<WaitingLine[]> {
    if (productIds.length === 0) return [];
    // The statuses in which an order owes goods (order-quantities.ts, owesGoods), on hold included.
    const waiting = [...COMMITTED_STATUSES] as SalesOrderStatus[];
    const rows = await db
      .selectFrom('sales_order_lines as l')
      .innerJoin('sales_orders as o', (j) =>
        j.onRef('o.id', '=', 'l.order_id').onRef('o.tenant_id', '=', 'l.tenant_id'),
      )
      .select((eb) => [
        'l.product_id',
        'l.quantity',
        'l.cancelled_quantity',
        eb
          .selectFrom('shipment_lines as sl')
          .innerJoin('shipments as s', (j) =>
            j.onRef('s.id', '=', 'sl.shipment_id').onRef('s.tenant_id', '=', 'sl.tenant_id'),
          )
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('sl.quantity'), inner.lit(0)).as('total'))
          .whereRef('sl.order_line_id', '=', 'l.id')
          .where('s.status', 'in', [...LEFT_STATUSES])
          .as('shipped'),
        eb
          .selectFrom('stock_reservations as r')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('r.quantity'), inner.lit(0)).as('total'))
          .whereRef('r.order_line_id', '=', 'l.id')
          .where('r.tenant_id', '=', tenantId)
          .where('r.status', '=', 'active')
          .as('allocated'),
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.product_id', 'in', [...productIds])
      .where('o.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('o.status', 'in', waiting),
          eb.and([eb('o.status', '=', 'on_hold'), eb('o.held_from_status', 'in', waiting)]),
        ]),
      )
      .execute();
    return rows.map((r) => ({
      product_id: r.product_id,
      quantity: Number(r.quantity),
      cancelled_quantity: Number(r.cancelled_quantity),
      shipped: Number(r.shipped ?? 0),
      allocated: Number(r.allocated ?? 0),
    }));
  }
}
