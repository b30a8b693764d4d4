// Wires the products module: repository, list, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import type { MasterProductService } from '../master-products/master-product.service.js';
import { ProductBulkService } from './product-bulk.service.js';
import { productLister } from './product-list.js';
import { ProductListRepository } from './product-list.repository.js';
import type { ProductLinks } from './product.presenter.js';
import { ProductRepository } from './product.repository.js';
import { productRoutes } from './product.routes.js';
import { ProductService } from './product.service.js';

export function createProducts(deps: CatalogDeps & { links: ProductLinks; masters: MasterProductService }) {
  const { links, masters } = deps;
  const repository = new ProductRepository();
  const service = new ProductService({
    db: deps.db,
    products: repository,
    links,
    stock: deps.stock,
    events: deps.events,
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
    tenants: deps.tenants,
    lister: productLister(repository, new ProductListRepository(), { ...links, tenants: deps.tenants }),
    // Variants' resources inherit from their masters.
    masters: (tenantId, ids, db) => masters.byIds(tenantId, ids, db),
  });
  const bulk = new ProductBulkService({ db: deps.db, products: service, links });
  return { service, routes: productRoutes({ service, bulk }) };
}

export { ProductService } from './product.service.js';
export type { Product } from './product.repository.js';
export type { ProductResponse } from './product.schemas.js';
