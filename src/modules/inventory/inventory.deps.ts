// What the inventory modules are built from. Kept apart from inventory.ts, which imports every module's
// index.ts, so that those can name it without importing inventory.ts back.
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { TenantService } from '../tenancy/tenant.service.js';
import type { UserService } from '../tenancy/user.service.js';
import type { BackorderedDemand, IncomingStock } from './availability/stock-demand.js';
import type { StockLedger } from './stock/stock-ledger.js';
import type { WarehouseService } from './warehouses/warehouse.service.js';

export interface InventoryDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  warehouses: WarehouseService;
  stock: StockLedger;
  /** The users shown as creators of movements. */
  users: UserService;
  /** The tenant's default currency, in which the summary values stock. */
  tenants: TenantService;
  /** Sales orders' backordered demand, which availability and the reorder report count; none when absent. */
  backorders?: BackorderedDemand;
  /** Goods due on purchase orders, which availability counts; none when absent. */
  incoming?: IncomingStock;
}
