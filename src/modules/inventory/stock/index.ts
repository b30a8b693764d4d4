// Wires the stock ledger (inventory records and movements here, product totals through the catalog's products)
// and, on it, the inventory record endpoints.
import type { InventoryDeps } from '../inventory.deps.js';
import { stockRoutes } from './inventory.routes.js';
import { StockLedger, type StockLedgerDeps } from './stock-ledger.js';
import { ReservationRepository } from './reservation.repository.js';
import { reservationRoutes } from './reservation.routes.js';
import { ReservationService } from './reservation.service.js';
import { StockRepository } from './stock.repository.js';
import { StockService } from './stock.service.js';

/** The ledger every stock change goes through, built before the catalog, inventory and purchasing that use it. */
export function createStockLedger(deps: Omit<StockLedgerDeps, 'stock' | 'reservations'>) {
  return new StockLedger({ ...deps, stock: new StockRepository(), reservations: new ReservationRepository() });
}

/** The inventory record endpoints, on the ledger of `deps.stock`. */
export function createStock(deps: InventoryDeps) {
  const service = new StockService({
    db: deps.db,
    stock: new StockRepository(),
    ledger: deps.stock,
    warehouses: deps.warehouses,
  });
  return { service, routes: stockRoutes({ service }) };
}

/** The reads of stock reservations, which the ledger of `deps.stock` opens and releases. */
export function createReservations(deps: InventoryDeps) {
  const service = new ReservationService({ db: deps.db, reservations: new ReservationRepository() });
  return { service, routes: reservationRoutes({ service }) };
}

export {
  StockLedger,
  type LineReservation,
  type OnHandChange,
  type ReservedChange,
  type StockArrival,
  type StockArrivalHook,
} from './stock-ledger.js';
export type { ProductStock } from './product-stock.js';
export { StockService } from './stock.service.js';
export { inventoryResource, movementSummary, type InventoryResource } from './stock.presenter.js';
export type {
  InventoryRecordRow,
  ReconcileRow,
  InventoryRecord,
  StockMovement,
  StockRecordWithWarehouse,
} from './stock.repository.js';
export { stockRoutes } from './inventory.routes.js';
