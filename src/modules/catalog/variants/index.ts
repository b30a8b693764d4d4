// Wires the variants module: variants are products (`is_variant`) generated from or added to a master. The master
// products module reaches it through VariantHooks.
import type { CatalogDeps } from '../catalog.deps.js';
import type { MasterProductService } from '../master-products/master-product.service.js';
import type { ProductService } from '../products/product.service.js';
import { VariantRepository } from './variant.repository.js';
import { variantRoutes } from './variant.routes.js';
import { VariantService } from './variant.service.js';

export function createVariants(deps: CatalogDeps & { masters: MasterProductService; products: ProductService }) {
  const service = new VariantService({
    db: deps.db,
    variants: new VariantRepository(),
    masters: deps.masters,
    products: deps.products,
    stock: deps.stock,
    events: deps.events,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
  });
  return { service, routes: variantRoutes({ service }) };
}

export { VariantService, type GenerateOptions } from './variant.service.js';
