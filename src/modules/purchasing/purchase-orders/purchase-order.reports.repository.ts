// Purchase order reports in SQL: orders overdue for delivery, counts and totals grouped by status and by
// supplier (per currency), and the spend per month and supplier.
import { sql } from 'kysely';
import { engineOf } from '../../../db/dialect.js';
import type { Executor } from '../../../db/transaction.js';
import { PLACED_STATUSES, WITH_SUPPLIER_STATUSES } from './purchase-order.states.js';

export class PurchaseOrderReportRepository {
  /** Undeleted orders the supplier holds whose expected delivery date is before `today`, oldest first. */
  overdue(db: Executor, tenantId: string, today: string) {
    return db
      .selectFrom('purchase_orders as po')
      .leftJoin('suppliers as s', (j) =>
        j.onRef('s.id', '=', 'po.supplier_id').onRef('s.tenant_id', '=', 'po.tenant_id'),
      )
      .select([
        'po.id',
        'po.po_number',
        'po.status',
        'po.supplier_id',
        's.name as supplier_name',
        'po.warehouse_id',
        'po.order_date',
        'po.expected_delivery_date',
        'po.currency',
        'po.total_amount',
      ])
      .where('po.tenant_id', '=', tenantId)
      .where('po.deleted_at', 'is', null)
      .where('po.status', 'in', [...WITH_SUPPLIER_STATUSES])
      .where('po.expected_delivery_date', 'is not', null)
      .where('po.expected_delivery_date', '<', today)
      .orderBy('po.expected_delivery_date')
      .orderBy('po.po_number')
      .execute();
  }

  byStatus(db: Executor, tenantId: string) {
    return db
      .selectFrom('purchase_orders as po')
      .select((eb) => [
        'po.status',
        'po.currency',
        eb.fn.countAll().as('count'),
        eb.fn.sum('po.total_amount').as('total'),
      ])
      .where('po.tenant_id', '=', tenantId)
      .where('po.deleted_at', 'is', null)
      .groupBy(['po.status', 'po.currency'])
      .execute();
  }

  bySupplier(db: Executor, tenantId: string) {
    return supplierTotals(db, tenantId).groupBy(['po.supplier_id', 's.name', 'po.currency']).execute();
  }

  /**
   * Totals of the orders placed with suppliers (PLACED_STATUSES) per month of their order date (YYYY-MM),
   * supplier and currency, for order dates from `fromDay` up to, not including, `untilDay` (YYYY-MM-DD): a range
   * of the (tenant, order date) index.
   */
  spendByMonth(db: Executor, tenantId: string, fromDay: string, untilDay: string) {
    const month =
      engineOf(db) === 'postgres'
        ? sql<string>`to_char(po.order_date, 'YYYY-MM')`
        : sql<string>`substr(po.order_date, 1, 7)`;
    return supplierTotals(db, tenantId)
      .select(month.as('month'))
      .where('po.order_date', '>=', fromDay)
      .where('po.order_date', '<', untilDay)
      .where('po.status', 'in', [...PLACED_STATUSES])
      .groupBy([month, 'po.supplier_id', 's.name', 'po.currency'])
      .execute();
  }
}

/** The tenant's undeleted orders with their supplier's name: the count and total per supplier and currency, to group. */
function supplierTotals(db: Executor, tenantId: string) {
  return db
    .selectFrom('purchase_orders as po')
    .leftJoin('suppliers as s', (j) => j.onRef('s.id', '=', 'po.supplier_id').onRef('s.tenant_id', '=', 'po.tenant_id'))
    .select((eb) => [
      'po.supplier_id',
      's.name as supplier_name',
      'po.currency',
      eb.fn.countAll().as('count'),
      eb.fn.sum('po.total_amount').as('total'),
    ])
    .where('po.tenant_id', '=', tenantId)
    .where('po.deleted_at', 'is', null);
}
