// Wires the brands module: repository, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import { BrandRepository } from './brand.repository.js';
import { brandRoutes } from './brand.routes.js';
import { BrandService } from './brand.service.js';

export function createBrands(deps: CatalogDeps) {
  const service = new BrandService({
    db: deps.db,
    brands: new BrandRepository(),
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
  });
  return { service, routes: brandRoutes({ service, clock: deps.clock }) };
}

export { BrandService } from './brand.service.js';
export type { Brand, BrandWithCount } from './brand.repository.js';
