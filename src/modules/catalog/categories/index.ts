// Wires the categories module: repository, service and routes.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CatalogDeps } from '../catalog.deps.js';
import { CategoryRepository } from './category.repository.js';
import { categoryRoutes } from './category.routes.js';
import { CategoryService } from './category.service.js';

export function createCategories(deps: CatalogDeps) {
  const repository = new CategoryRepository();
  const service = new CategoryService({ db: deps.db, categories: repository, clock: deps.clock, newId: deps.newId });
  const routes: FastifyPluginAsyncTypebox = async (api) => {
    await api.register(categoryRoutes, { service });
  };
  return { service, repository, routes };
}
export { CategoryService } from './category.service.js';
