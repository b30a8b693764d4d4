// Wires the stock-operations module: physical counts and transfers.
import type { InventoryDeps } from '../inventory.deps.js';
import { StockOperationsRepository } from './stock-operations.repository.js';
import { stockOperationsRoutes } from './stock-operations.routes.js';
import { StockOperationsService } from './stock-operations.service.js';

export function createStockOperations(deps: InventoryDeps) {
  const repository = new StockOperationsRepository();
  const service = new StockOperationsService({
    db: deps.db,
    repository,
    stock: deps.stock,
    warehouses: deps.warehouses,
    events: deps.events,
    clock: deps.clock,
    newId: deps.newId,
  });
  return { routes: stockOperationsRoutes({ service }), service, repository };
}

export { StockOperationsRepository } from './stock-operations.repository.js';
