// Wires a product's availability, reading sales orders' backorders and purchase orders' goods due through the
// functions those modules hand over (stock-demand.ts).
import type { InventoryDeps } from '../inventory.deps.js';
import { AvailabilityRepository } from './availability.repository.js';
import { availabilityRoutes } from './availability.routes.js';
import { AvailabilityService } from './availability.service.js';

export function createAvailability(deps: InventoryDeps) {
  const service = new AvailabilityService({
    db: deps.db,
    repository: new AvailabilityRepository(),
    backorders: deps.backorders,
    incoming: deps.incoming,
  });
  return { routes: availabilityRoutes({ service }), service };
}

export type { BackorderedDemand, IncomingLine, IncomingStock } from './stock-demand.js';
