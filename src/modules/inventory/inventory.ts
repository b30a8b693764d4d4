// The inventory modules' HTTP side: stock records and their operations, counts and transfers, reorder
// points, and the movement ledger. The stock service itself is built earlier (the catalog needs it).
import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import type { EventRecorder } from '../events/event-recorder.js';
import type { UserService } from '../tenancy/user.service.js';
import { createMovements } from './movements/index.js';
import { createReorder } from './reorder/index.js';
import { stockRoutes, type StockService } from './stock/index.js';
import { createStockOperations } from './stock-operations/index.js';
import type { WarehouseService } from './warehouses/warehouse.service.js';

export interface InventoryDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  events: EventRecorder;
  warehouses: WarehouseService;
  stock: StockService;
  /** The users shown as creators of movements. */
  users: UserService;
  /** For absolute pagination links. */
  publicUrl: string | null;
}

export function createInventory(deps: InventoryDeps) {
  return {
    stock: { service: deps.stock, routes: stockRoutes(deps.stock, deps.publicUrl) },
    operations: createStockOperations(deps),
    reorder: createReorder(deps),
    movements: createMovements(deps),
  };
}

export type Inventory = ReturnType<typeof createInventory>;

/** Registers every inventory module's routes under the API prefix. */
export const inventoryRoutes: FastifyPluginAsync<{ inventory: Inventory }> = async (api, { inventory }) => {
  for (const module of Object.values(inventory)) await api.register(module.routes);
};
