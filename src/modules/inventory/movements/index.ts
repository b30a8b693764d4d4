// Wires the movements module: the stock ledger's read side.
import type { InventoryDeps } from '../inventory.deps.js';
import { MovementRepository } from './movement.repository.js';
import { movementRoutes } from './movement.routes.js';
import { MovementService } from './movement.service.js';

export function createMovements(deps: InventoryDeps) {
  const service = new MovementService({
    db: deps.db,
    movements: new MovementRepository(),
    users: deps.users,
    warehouses: deps.warehouses,
    clock: deps.clock,
  });
  return { service, routes: movementRoutes({ service }) };
}

export { MovementService, movementResource } from './movement.service.js';
export { MOVEMENT_TYPE_LABELS, MOVEMENT_TYPES } from './movement.schemas.js';
