// Purchase order reports: orders overdue for delivery, and counts and totals by status and by supplier.
import type { PurchaseOrderStatus } from '../../../db/schema.js';
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import { ValidationError } from '../../../core/errors.js';
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

/** One month's spend with one supplier in one currency. */
export interface SpendGroup {
  month: string;
  supplier_id: string;
  supplier_name: string | null;
  currency: string;
  orders: number;
  total_amount: number;
}

export interface PurchaseSpend {
  from: string;
  to: string;
  months: string[];
  spend: SpendGroup[];
}

/** Months of the spend report: the default, and the most one request answers. */
export const SPEND_DEFAULT_MONTHS = 12;
export const SPEND_MAX_MONTHS = 36;

const DAY_MS = 86_400_000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month as a count of months since year 0, to step and compare. */
function monthIndex(field: string, value: string): number {
  const match = MONTH.exec(value);
  if (!match) throw ValidationError.field(field, `The ${field} must be a month as YYYY-MM.`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function monthOf(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

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

  /**
   * What was ordered from each supplier per month of the order date, from `from` to `to` (YYYY-MM, inclusive;
   * default the last SPEND_DEFAULT_MONTHS months, this one included): the orders placed with the supplier
   * (approved or later, not cancelled or rejected), their totals per currency, never converted.
   * @throws ValidationError for a malformed month, `to` before `from`, or more than SPEND_MAX_MONTHS months.
   */
  async spend(tenantId: string, range: { from?: string; to?: string }): Promise<PurchaseSpend> {
    const current = monthIndex('to', this.deps.clock.now().toISOString().slice(0, 7));
    const to = range.to === undefined ? current : monthIndex('to', range.to);
    const from = range.from === undefined ? to - SPEND_DEFAULT_MONTHS + 1 : monthIndex('from', range.from);
    if (to < from) throw ValidationError.field('to', 'The to month must not be before the from month.');
    if (to - from + 1 > SPEND_MAX_MONTHS)
      throw ValidationError.field('from', `The range may span at most ${SPEND_MAX_MONTHS} months.`);
    const rows = await this.repository.spendByMonth(
      this.deps.db,
      tenantId,
      `${monthOf(from)}-01`,
      `${monthOf(to + 1)}-01`,
    );
    const spend = rows
      .map((r) => ({
        month: String(r.month),
        supplier_id: r.supplier_id,
        supplier_name: r.supplier_name,
        currency: r.currency,
        orders: Number(r.count),
        total_amount: fromMinorUnits(Number(r.total ?? 0), r.currency),
      }))
      .sort(
        (a, b) =>
          a.month.localeCompare(b.month) ||
          (a.supplier_name ?? '').localeCompare(b.supplier_name ?? '') ||
          a.supplier_id.localeCompare(b.supplier_id) ||
          a.currency.localeCompare(b.currency),
      );
    const months = Array.from({ length: to - from + 1 }, (_, i) => monthOf(from + i));
    return { from: months[0]!, to: months.at(-1)!, months, spend };
  }
}
