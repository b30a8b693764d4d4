// Wires the tags module: repository, service and routes.
import type { FastifyPluginAsync } from 'fastify';
import type { CatalogDeps } from '../catalog.deps.js';
import { TagRepository } from './tag.repository.js';
import { tagRoutes } from './tag.routes.js';
import { TagService } from './tag.service.js';

export { TagService } from './tag.service.js';

export function createTags(deps: CatalogDeps) {
  const repository = new TagRepository();
  const service = new TagService({ db: deps.db, tags: repository, clock: deps.clock, newId: deps.newId });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(tagRoutes, { service, clock: deps.clock });
  };
  return { service, routes };
}
