// Wires the reorder module: reorder settings, low stock and the reorder report.
import type { InventoryDeps } from '../inventory.deps.js';
import { ReorderRepository } from './reorder.repository.js';
import { reorderRoutes } from './reorder.routes.js';
import { ReorderService } from './reorder.service.js';

export function createReorder(deps: InventoryDeps) {
  const service = new ReorderService({
    db: deps.db,
    repository: new ReorderRepository(),
    stock: deps.stock,
    warehouses: deps.warehouses,
    clock: deps.clock,
    backorders: deps.backorders,
  });
  return { routes: reorderRoutes({ service }), service };
}

export { ReorderService } from './reorder.service.js';
export type { ReorderCandidate } from './reorder.repository.js';
