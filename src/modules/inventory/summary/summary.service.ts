// The inventory summary: stock value in the tenant's default currency, the product stock counts and the count
// of records low on stock.
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
    const [valueMinor, counts, lowStockRecords] = await Promise.all([
      this.repository.stockValueMinor(this.db, tenantId, currency),
      this.repository.productCounts(this.db, tenantId),
      this.repository.lowStockRecords(this.db, tenantId),
    ]);
    return { stock_value: fromMinorUnits(valueMinor, currency), currency, ...counts, low_stock_records: lowStockRecords };
  }
}
