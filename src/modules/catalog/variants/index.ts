// Wires the variants module: variants are products (`is_variant`) generated from or added to a master. It plugs
// itself into the master products module (VariantHooks) and into the products module (inheritance).
import type { CatalogDeps } from '../catalog.deps.js';
import type { MasterProductService } from '../master-products/master-product.service.js';
import type { ProductService } from '../products/product.service.js';
import { VariantRepository } from './variant.repository.js';
import { variantRoutes } from './variant.routes.js';
import { VariantService } from './variant.service.js';

export function createVariants(deps: CatalogDeps, masters: MasterProductService, products: ProductService) {
  const service = new VariantService(deps.db, new VariantRepository(), masters, products, deps.stock, deps.events, deps.clock, deps.newId);
  masters.useVariants(service);
  products.useMasterLookup((tenantId, ids, db) => masters.byIds(tenantId, ids, db));
  return { service, routes: variantRoutes(service) };
}

export { VariantService, type GenerateOptions } from './variant.service.js';
