// The inventory modules' HTTP side: stock records, their reservations and their operations, counts and transfers,
// reorder points, the movement ledger, and a product's availability. The stock ledger itself is built earlier (the catalog needs it).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAvailability } from './availability/index.js';
import { createMovements } from './movements/index.js';
import { createReorder } from './reorder/index.js';
import { createReservations, createStock } from './stock/index.js';
import { createStockOperations } from './stock-operations/index.js';
import { createSummary } from './summary/index.js';
import type { InventoryDeps } from './inventory.deps.js';

export function createInventory(deps: InventoryDeps) {
  return {
    stock: createStock(deps),
    reservations: createReservations(deps),
    operations: createStockOperations(deps),
    reorder: createReorder(deps),
    movements: createMovements(deps),
    summary: createSummary(deps),
    availability: createAvailability(deps),
  };
}

export type Inventory = ReturnType<typeof createInventory>;

/** Every inventory module's routes. */
export function inventoryRoutes({ inventory }: { inventory: Inventory }): FastifyPluginAsyncTypebox {
  return async (api) => {
    for (const module of Object.values(inventory)) await api.register(module.routes);
  };
}
