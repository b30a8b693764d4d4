// What the catalog modules are built from. Kept apart from catalog.ts, which imports every module's index.ts,
// so that those can name it without importing catalog.ts back.
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { StockLedger } from '../inventory/stock/stock-ledger.js';
import type { TenantDefaults } from '../tenancy/tenant.service.js';
import type { PerformanceSource } from './suppliers/supplier.performance.js';

export interface CatalogDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  audit: AuditLog;
  stock: StockLedger;
  /** The tenant's default currency, for a create or price filter that names none. */
  tenants: TenantDefaults;
  /** Suppliers' order statistics, read from purchase orders. */
  supplierPerformance: PerformanceSource;
}
