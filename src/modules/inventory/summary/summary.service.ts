// The inventory summary: stock value in each currency the stock is priced in (never converted, never dropped),
// the product stock counts and the count of records low on stock.
import type { Executor } from '../../../db/transaction.js';
import type { TenantService } from '../../tenancy/tenant.service.js';
import { fromMinorUnits } from '../../../lib/money.js';
import type { InventorySummaryResponse } from './summary.schemas.js';
import type { SummaryRepository } from './summary.repository.js';

export class SummaryService {
  private readonly db: Executor;
  private readonly repository: SummaryRepository;
  private readonly tenants: TenantService;

  constructor(deps: { db: Executor; repository: SummaryRepository; tenants: TenantService }) {
    this.db = deps.db;
    this.repository = deps.repository;
    this.tenants = deps.tenants;
  }

  async summary(tenantId: string): Promise<InventorySummaryResponse> {
    const currency = await this.tenants.defaultCurrency(tenantId);
    const [values, counts, lowStockRecords] = await Promise.all([
      this.repository.stockValuesMinor(this.db, tenantId),
      this.repository.productCounts(this.db, tenantId),
      this.repository.lowStockRecords(this.db, tenantId),
    ]);
    const stockValues = values.map(({ currency: code, value }) => ({
      currency: code,
      value: fromMinorUnits(value, code),
    }));
    // The default currency's total stays first, zero when nothing is priced in it, so that `stock_value` and
    // the first entry always agree.
    const own = stockValues.find((entry) => entry.currency === currency) ?? { currency, value: 0 };
    return {
      stock_value: own.value,
      currency,
      stock_values: [own, ...stockValues.filter((entry) => entry !== own)],
      ...counts,
      low_stock_records: lowStockRecords,
    };
  }
}
