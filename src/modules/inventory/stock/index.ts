// Wires the stock ledger: inventory records and movements here, product totals through the catalog's products.
import type { Executor } from '../../../db/transaction.js';
import type { Clock } from '../../../lib/clock.js';
import type { IdGenerator } from '../../../lib/ids.js';
import type { AuditLog } from '../../audit/audit-log.service.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { WarehouseService } from '../warehouses/warehouse.service.js';
import { StockRepository } from './stock.repository.js';
import { StockService, type ProductStock } from './stock.service.js';

export function createStock(deps: {
  db: Executor;
  warehouses: WarehouseService;
  events: EventRecorder;
  audit: AuditLog;
  clock: Clock;
  newId: IdGenerator;
  products: ProductStock;
}) {
  return new StockService({
    stock: new StockRepository(),
    warehouses: deps.warehouses,
    events: deps.events,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
    db: deps.db,
    products: deps.products,
  });
}

export {
  StockService,
  inventoryResource,
  movementSummary,
  type OnHandChange,
  type ReservedChange,
  type InventoryResource,
  type ProductStock,
} from './stock.service.js';
export type {
  InventoryRecordRow,
  ReconcileRow,
  InventoryRecord,
  StockMovement,
  StockRecordWithWarehouse,
} from './stock.repository.js';
export { stockRoutes } from './inventory.routes.js';
