// Where a supplier's performance numbers come from. Purchase orders (and audit documents) live in other
// modules, so the suppliers service asks a PerformanceSource, given at construction, instead of reading their
// tables. Without one (`noOrdersSource`) a supplier has no orders: counts and sums are 0, rates and averages null.
import type { Executor } from '../../../db/transaction.js';

/** A supplier's order history, as the purchasing module computes it at request time. */
export interface SupplierOrderStats {
  /** Orders placed with the supplier (not counting drafts or cancelled ones: the source decides). */
  total: number;
  /** Delivered orders received on or before their expected date, and after it. */
  on_time: number;
  late: number;
  /** Average days from order date to full receipt; null without a delivered order. */
  average_lead_time_days: number | null;
  /** Average days received after (+) or before (-) the promised date; null without a delivered order. */
  promised_vs_actual: number | null;
  /** Percentages 0..100 of received units returned and found defective; null without receipts. */
  return_rate: number | null;
  defect_rate: number | null;
  /** Sum of order totals in USD minor units. */
  total_spend_minor: number;
  /** `YYYY-MM-DD` of the latest order; null without orders. */
  last_order_date: string | null;
  orders_last_90_days: number;
}

export interface PerformanceSource {
  /** The supplier's order statistics as of `asOf`; runs in the caller's executor. */
  orderStats(db: Executor, tenantId: string, supplierId: string, asOf: Date): Promise<SupplierOrderStats>;
  /** `YYYY-MM-DD` of the supplier's last audit, when a module records audits; absent means null. */
  lastAuditDate?(db: Executor, tenantId: string, supplierId: string): Promise<string | null>;
}

export const NO_ORDERS: Readonly<SupplierOrderStats> = Object.freeze({
  total: 0,
  on_time: 0,
  late: 0,
  average_lead_time_days: null,
  promised_vs_actual: null,
  return_rate: null,
  defect_rate: null,
  total_spend_minor: 0,
  last_order_date: null,
  orders_last_90_days: 0,
});

/** The source used until purchase orders exist: a supplier with no orders and no audits. */
export const noOrdersSource: PerformanceSource = {
  orderStats: async () => ({ ...NO_ORDERS }),
};
