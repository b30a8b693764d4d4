// The inventory modules' HTTP side: stock records and their operations, counts and transfers, reorder
// points, and the movement ledger. The stock service itself is built earlier (the catalog needs it).
import type { FastifyPluginAsync } from 'fastify';
import { createMovements } from './movements/index.js';
import { createReorder } from './reorder/index.js';
import { stockRoutes } from './stock/index.js';
import { createStockOperations } from './stock-operations/index.js';
import type { InventoryDeps } from './inventory.deps.js';

export function createInventory(deps: InventoryDeps) {
  return {
    stock: { service: deps.stock, routes: stockRoutes(deps.stock) },
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
