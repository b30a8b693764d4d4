// The lines of orders waiting to ship, with the quantities their backordered quantity derives from: shipped and
// allocated (order-line-quantities.repository.ts).
import type { SalesOrderStatus } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { allocatedOfLine, shippedOfLine } from '../orders/order-line-quantities.repository.js';
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
      .selectFrom('sales_order_lines')
      .innerJoin('sales_orders', (j) =>
        j
          .onRef('sales_orders.id', '=', 'sales_order_lines.order_id')
          .onRef('sales_orders.tenant_id', '=', 'sales_order_lines.tenant_id'),
      )
      .select((eb) => [
        'sales_order_lines.product_id',
        'sales_order_lines.quantity',
        'sales_order_lines.cancelled_quantity',
        shippedOfLine(eb).as('shipped'),
        allocatedOfLine(eb).as('allocated'),
      ])
      .where('sales_order_lines.tenant_id', '=', tenantId)
      .where('sales_order_lines.product_id', 'in', [...productIds])
      .where('sales_orders.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('sales_orders.status', 'in', waiting),
          eb.and([eb('sales_orders.status', '=', 'on_hold'), eb('sales_orders.held_from_status', 'in', waiting)]),
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
