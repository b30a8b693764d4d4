// Purchase order reports in SQL: orders overdue for delivery, and counts and totals grouped by status and by
// supplier (per currency).
import type { Executor } from '../../../db/transaction.js';
import { WITH_SUPPLIER_STATUSES } from './purchase-order.states.js';

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
    return db
      .selectFrom('purchase_orders as po')
      .leftJoin('suppliers as s', (j) =>
        j.onRef('s.id', '=', 'po.supplier_id').onRef('s.tenant_id', '=', 'po.tenant_id'),
      )
      .select((eb) => [
        'po.supplier_id',
        's.name as supplier_name',
        'po.currency',
        eb.fn.countAll().as('count'),
        eb.fn.sum('po.total_amount').as('total'),
      ])
      .where('po.tenant_id', '=', tenantId)
      .where('po.deleted_at', 'is', null)
      .groupBy(['po.supplier_id', 's.name', 'po.currency'])
      .execute();
  }
}
