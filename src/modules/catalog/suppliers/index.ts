// Wires the suppliers module: repository, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import { SupplierRepository } from './supplier.repository.js';
import { supplierRoutes } from './supplier.routes.js';
import { SupplierService } from './supplier.service.js';

export { ORDERABLE_STATUSES, canReceiveOrders, SupplierService } from './supplier.service.js';
export type { PerformanceSource, SupplierOrderStats } from './supplier.performance.js';

export function createSuppliers(deps: CatalogDeps) {
  const service = new SupplierService({
    db: deps.db,
    suppliers: new SupplierRepository(),
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
    performanceSource: deps.supplierPerformance,
  });
  return { service, routes: supplierRoutes({ service }) };
}
