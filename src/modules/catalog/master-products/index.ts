// Wires the master products module: repository, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import type { ProductLinks } from '../products/product.presenter.js';
import { MasterProductRepository } from './master-product.repository.js';
import { masterProductRoutes } from './master-product.routes.js';
import { MasterProductService } from './master-product.service.js';

export function createMasterProducts(deps: CatalogDeps, links: ProductLinks) {
  const service = new MasterProductService(deps.db, new MasterProductRepository(), links, deps.clock, deps.newId);
  return { service, routes: masterProductRoutes(service) };
}

export { MasterProductService, REASON_CONFIGURATION_CHANGED, REASON_MASTER_DELETED, type VariantHooks } from './master-product.service.js';
export type { MasterProduct } from './master-product.repository.js';
export type { MasterProductResponse } from './master-product.schemas.js';
export * from './variant-configuration.js';
