// Purchase order reports: orders overdue for delivery, and counts and totals by status and by supplier.
import type { PurchaseOrderStatus } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import { fromMinorUnits } from '../../../lib/money.js';
import { PurchaseOrderReportRepository } from './purchase-order.reports.repository.js';

export interface OverdueOrder {
  id: string;
  po_number: string;
  status: PurchaseOrderStatus;
  supplier: { id: string; name: string | null };
  warehouse_id: string;
  order_date: string;
  expected_delivery_date: string;
  days_overdue: number;
  currency: string;
  total_amount: number;
}

export interface SummaryGroup {
  currency: string;
  count: number;
  total_amount: number;
}

export interface PurchaseOrderSummary {
  total_orders: number;
  by_status: Array<SummaryGroup & { status: PurchaseOrderStatus }>;
  by_supplier: Array<SummaryGroup & { supplier_id: string; supplier_name: string | null }>;
}

const DAY_MS = 86_400_000;

export class PurchaseOrderReports {
  private readonly repository = new PurchaseOrderReportRepository();

  constructor(private readonly deps: { db: Executor; clock: Clock }) {}

  /** Orders awaiting delivery (sent, acknowledged, partially received) whose expected date is before today (UTC), oldest first. */
  async overdue(tenantId: string): Promise<OverdueOrder[]> {
    const today = this.deps.clock.now().toISOString().slice(0, 10);
    const rows = await this.repository.overdue(this.deps.db, tenantId, today);
    return rows.map((r) => {
      const expected = String(r.expected_delivery_date).slice(0, 10);
      return {
        id: r.id,
        po_number: r.po_number,
        status: r.status,
        supplier: { id: r.supplier_id, name: r.supplier_name },
        warehouse_id: r.warehouse_id,
        order_date: String(r.order_date).slice(0, 10),
        expected_delivery_date: expected,
        days_overdue: Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${expected}T00:00:00Z`)) / DAY_MS),
        currency: r.currency,
        total_amount: fromMinorUnits(Number(r.total_amount), r.currency),
      };
    });
  }

  /**
   * Counts and totals of the tenant's (undeleted) orders by status and by supplier. Amounts of different
   * currencies are never added: each group is split per currency.
   */
  async summary(tenantId: string): Promise<PurchaseOrderSummary> {
    const [statusRows, supplierRows] = await Promise.all([
      this.repository.byStatus(this.deps.db, tenantId),
      this.repository.bySupplier(this.deps.db, tenantId),
    ]);
    const group = (r: { currency: string; count: unknown; total: unknown }): SummaryGroup => ({
      currency: r.currency,
      count: Number(r.count),
      total_amount: fromMinorUnits(Number(r.total ?? 0), r.currency),
    });
    const byStatus = statusRows
      .map((r) => ({ status: r.status, ...group(r) }))
      .sort((a, b) => a.status.localeCompare(b.status) || a.currency.localeCompare(b.currency));
    const bySupplier = supplierRows
      .map((r) => ({ supplier_id: r.supplier_id, supplier_name: r.supplier_name, ...group(r) }))
      .sort(
        (a, b) => (a.supplier_name ?? '').localeCompare(b.supplier_name ?? '') || a.currency.localeCompare(b.currency),
      );
    return {
      total_orders: byStatus.reduce((sum, g) => sum + g.count, 0),
      by_status: byStatus,
      by_supplier: bySupplier,
    };
  }
}
