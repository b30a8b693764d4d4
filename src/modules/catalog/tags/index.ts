// Wires the tags module: repository, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import { TagRepository } from './tag.repository.js';
import { tagRoutes } from './tag.routes.js';
import { TagService } from './tag.service.js';

export function createTags(deps: CatalogDeps) {
  const service = new TagService({
    db: deps.db,
    tags: new TagRepository(),
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
  });
  return { service, routes: tagRoutes({ service, clock: deps.clock }) };
}

export { TagService } from './tag.service.js';
