// The suppliers module's PerformanceSource computed from real purchase orders: placed orders (approved and
// beyond, not cancelled or rejected), deliveries against promised dates, spend in USD, and receipt quality.
import type { Executor } from '../../../db/transaction.js';
import { DEFAULT_CURRENCY } from '../../../lib/money.js';
import type { PerformanceSource, SupplierOrderStats } from '../../catalog/suppliers/supplier.performance.js';
import type { PurchaseOrderRepository } from './purchase-order.repository.js';

const DAY_MS = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;
const days = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
const average = (values: number[]) =>
  values.length === 0 ? null : round2(values.reduce((a, b) => a + b, 0) / values.length);

/** Spend is summed in the default currency only: the suppliers module reports in it and no exchange rates are kept. */
const SPEND_CURRENCY = DEFAULT_CURRENCY;

export interface PurchaseOrderPerformanceSourceDeps {
  repository: PurchaseOrderRepository;
}

export class PurchaseOrderPerformanceSource implements PerformanceSource {
  private readonly repository: PurchaseOrderRepository;

  constructor(deps: PurchaseOrderPerformanceSourceDeps) {
    this.repository = deps.repository;
  }

  async orderStats(db: Executor, tenantId: string, supplierId: string, asOf: Date): Promise<SupplierOrderStats> {
    const [orders, quality] = await Promise.all([
      this.repository.placedOrders(db, tenantId, supplierId),
      this.repository.receiptQuality(db, tenantId, supplierId),
    ]);
    const since = new Date(asOf.getTime() - 90 * DAY_MS).toISOString().slice(0, 10);
    const delivered = orders.filter((o) => o.actual_delivery_date !== null);
    const promised = delivered.filter((o) => o.expected_delivery_date !== null);
    const onTime = promised.filter((o) => o.actual_delivery_date! <= o.expected_delivery_date!).length;
    return {
      total: orders.length,
      on_time: onTime,
      late: promised.length - onTime,
      average_lead_time_days: average(delivered.map((o) => days(o.order_date, o.actual_delivery_date!))),
      promised_vs_actual: average(promised.map((o) => days(o.expected_delivery_date!, o.actual_delivery_date!))),
      // Returns are not recorded by any module yet.
      return_rate: null,
      defect_rate: quality.received === 0 ? null : round2((quality.failed / quality.received) * 100),
      total_spend_minor: orders
        .filter((o) => o.currency === SPEND_CURRENCY)
        .reduce((sum, o) => sum + o.total_amount, 0),
      last_order_date: orders.reduce<string | null>(
        (latest, o) => (latest === null || o.order_date > latest ? o.order_date : latest),
        null,
      ),
      orders_last_90_days: orders.filter((o) => o.order_date >= since).length,
    };
  }
}
