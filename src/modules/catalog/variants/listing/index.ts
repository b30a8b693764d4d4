// Wires the variant listing and bulk operations: the list with stock totals, available combinations, and
// bulk price and stock updates.
import type { CatalogDeps } from '../../catalog.deps.js';
import type { MasterProductService } from '../../master-products/master-product.service.js';
import type { ProductService } from '../../products/product.service.js';
import { VariantListingRepository } from './variant-listing.repository.js';
import { variantListingRoutes } from './variant-listing.routes.js';
import { VariantListingService } from './variant-listing.service.js';

export function createVariantListing(deps: CatalogDeps & { masters: MasterProductService; products: ProductService }) {
  const service = new VariantListingService({
    db: deps.db,
    variants: new VariantListingRepository(),
    masters: deps.masters,
    products: deps.products,
    stock: deps.stock,
    events: deps.events,
    audit: deps.audit,
    clock: deps.clock,
  });
  return { service, routes: variantListingRoutes({ service }) };
}

export { VariantListingService } from './variant-listing.service.js';
