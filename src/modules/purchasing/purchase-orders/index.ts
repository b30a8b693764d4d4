// Wires the purchase orders module: repository, service and routes.
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { ProductService } from '../../catalog/products/index.js';
import type { SupplierService } from '../../catalog/suppliers/index.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { WarehouseService } from '../../inventory/warehouses/warehouse.service.js';
import type { UserRepository } from '../../tenancy/user.repository.js';
import type { PurchaseOrderNotifier } from './purchase-order.notifier.js';
import { PurchaseOrderPerformanceSource } from './purchase-order.performance.js';
import { PurchaseOrderRepository } from './purchase-order.repository.js';
import { purchaseOrderRoutes } from './purchase-order.routes.js';
import { PurchaseOrderService } from './purchase-order.service.js';

export { PurchaseOrderService, TRANSITIONS } from './purchase-order.service.js';
export type { PurchaseOrderResource } from './purchase-order.service.js';
export { PurchaseOrderRepository } from './purchase-order.repository.js';
export { silentNotifier, type PurchaseOrderNotifier, type SupplierContact } from './purchase-order.notifier.js';

export interface PurchaseOrderModuleDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  suppliers: SupplierService;
  warehouses: WarehouseService;
  products: ProductService;
  users: UserRepository;
  /** For absolute pagination links. */
  publicUrl: string | null;
  /** Mails orders to suppliers; nothing is sent without one. */
  notifier?: PurchaseOrderNotifier;
}

export function createPurchaseOrders(deps: PurchaseOrderModuleDeps) {
  const repository = new PurchaseOrderRepository();
  const service = new PurchaseOrderService({ ...deps, repository });
  /** Plug into SupplierService.usePerformanceSource: supplier performance from these orders. */
  const performance = new PurchaseOrderPerformanceSource(repository);
  return { service, routes: purchaseOrderRoutes(service, deps.publicUrl), performance };
}
