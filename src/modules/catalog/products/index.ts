// Wires the products module: repository, list, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import { productLister } from './product-list.js';
import type { ProductLinks } from './product.presenter.js';
import { ProductRepository } from './product.repository.js';
import { productRoutes } from './product.routes.js';
import { ProductService } from './product.service.js';

export function createProducts(deps: CatalogDeps, links: ProductLinks) {
  const repository = new ProductRepository();
  const service = new ProductService(deps.db, repository, links, deps.stock, deps.events, deps.clock, deps.newId, productLister(repository, links));
  return { service, routes: productRoutes(service, deps.publicUrl) };
}

export { ProductService } from './product.service.js';
export type { Product } from './product.repository.js';
export type { ProductResponse } from './product.schemas.js';
