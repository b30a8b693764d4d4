// Wires the master products module: repository, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import type { ProductLinks } from '../products/product.presenter.js';
import { MasterProductRepository } from './master-product.repository.js';
import { masterProductRoutes } from './master-product.routes.js';
import { MasterProductService, type VariantHooks } from './master-product.service.js';

export function createMasterProducts(deps: CatalogDeps & { links: ProductLinks; variants: () => VariantHooks }) {
  const service = new MasterProductService({
    db: deps.db,
    masters: new MasterProductRepository(),
    links: deps.links,
    audit: deps.audit,
    tenants: deps.tenants,
    clock: deps.clock,
    newId: deps.newId,
    variants: deps.variants,
  });
  return { service, routes: masterProductRoutes({ service }) };
}

export {
  MasterProductService,
  REASON_CONFIGURATION_CHANGED,
  REASON_MASTER_DELETED,
  type VariantHooks,
} from './master-product.service.js';
export type { MasterProduct } from './master-product.repository.js';
export type { MasterProductResponse } from './master-product.schemas.js';
export * from './variant-configuration.js';
