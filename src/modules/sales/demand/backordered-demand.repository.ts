// The lines of orders waiting to ship, with the quantities their backordered quantity derives from: shipped and
// allocated (order-line-quantities.repository.ts).
import type { SalesOrderStatus } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import { PRODUCTS_LOW_ON_STOCK } from '../../inventory/availability/stock-demand.js';
import { maintainedLowStockCondition } from '../../inventory/stock/low-stock.sql.js';
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
  /**
   * The waiting lines of `products`: of those ids, or of every product with a record low on stock (read from the
   * inventory records' partial index of low records, so that the reorder report need not send their ids).
   */
  async waitingLines(
    db: Executor,
    tenantId: string,
    products: readonly string[] | typeof PRODUCTS_LOW_ON_STOCK,
  ): Promise<WaitingLine[]> {
    if (products !== PRODUCTS_LOW_ON_STOCK && products.length === 0) return [];
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
      .where((eb) =>
        products === PRODUCTS_LOW_ON_STOCK
          ? eb(
              'sales_order_lines.product_id',
              'in',
              eb
                .selectFrom('inventory_records as low')
                .select('low.product_id')
                .where('low.tenant_id', '=', tenantId)
                .where(maintainedLowStockCondition('low')),
            )
          : eb('sales_order_lines.product_id', 'in', [...products]),
      )
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
