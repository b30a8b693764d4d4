// Wires the categories module: repository, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import { CategoryRepository } from './category.repository.js';
import { categoryRoutes } from './category.routes.js';
import { CategoryService } from './category.service.js';

export function createCategories(deps: CatalogDeps) {
  const service = new CategoryService({
    db: deps.db,
    categories: new CategoryRepository(),
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
  });
  return { service, routes: categoryRoutes({ service }) };
}

export { CategoryService } from './category.service.js';
