// The catalog taxonomy: categories, brands, tags and suppliers, each a module of its own.
import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { IdGenerator } from '../../lib/ids.js';
import { createAttributes } from './attributes/index.js';
import { createBrands } from './brands/index.js';
import { createCategories } from './categories/index.js';
import { createSuppliers } from './suppliers/index.js';
import { createTags } from './tags/index.js';

export interface CatalogDeps {
  db: Executor;
  clock: Clock;
  newId: IdGenerator;
  /** For absolute pagination links. */
  publicUrl: string | null;
}

export function createCatalog(deps: CatalogDeps) {
  return {
    categories: createCategories(deps),
    brands: createBrands(deps),
    tags: createTags(deps),
    suppliers: createSuppliers(deps),
    attributes: createAttributes(deps),
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** Registers every catalog module's routes under the API prefix. */
export const catalogRoutes: FastifyPluginAsync<{ catalog: Catalog }> = async (api, { catalog }) => {
  for (const module of Object.values(catalog)) await api.register(module.routes);
};
