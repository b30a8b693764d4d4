// Wires the inventory summary.
import type { InventoryDeps } from '../inventory.deps.js';
import { SummaryRepository } from './summary.repository.js';
import { summaryRoutes } from './summary.routes.js';
import { SummaryService } from './summary.service.js';

export function createSummary(deps: InventoryDeps) {
  const service = new SummaryService({ db: deps.db, repository: new SummaryRepository(), tenants: deps.tenants });
  return { routes: summaryRoutes({ service }), service };
}
