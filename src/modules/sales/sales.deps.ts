// What the sales modules are built from. Kept apart from index.ts, which imports every part's wiring, so that
// those can name it without importing index.ts back.
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { AuditLog } from '../audit/audit-log.service.js';
import type { ProductService } from '../catalog/products/product.service.js';
import type { CustomerService } from '../crm/customers/customer.service.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { StockLedger } from '../inventory/stock/stock-ledger.js';
import type { WarehouseService } from '../inventory/warehouses/warehouse.service.js';
import type { TenantService } from '../tenancy/tenant.service.js';
import type { UserService } from '../tenancy/user.service.js';

export interface SalesDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  audit: AuditLog;
  /** An order's customer, given by id or created with it. */
  customers: CustomerService;
  /** The products on an order's lines. */
  products: ProductService;
  /** The default currency, the approval threshold and the allocation settings. */
  tenants: TenantService;
  /** The users who acted on orders, by name. */
  users: UserService;
  warehouses: WarehouseService;
  /** Reservations and shipments change stock through it. */
  stock: StockLedger;
}
