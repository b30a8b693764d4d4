// Wires the attributes module: repository, service and routes.
import type { CatalogDeps } from '../catalog.deps.js';
import { AttributeRepository } from './attribute.repository.js';
import { attributeRoutes } from './attribute.routes.js';
import { AttributeService } from './attribute.service.js';

export function createAttributes(deps: CatalogDeps) {
  const service = new AttributeService({
    db: deps.db,
    attributes: new AttributeRepository(),
    audit: deps.audit,
    clock: deps.clock,
    newId: deps.newId,
  });
  return { service, routes: attributeRoutes({ service }) };
}

export { AttributeService, type StoredAttributeValues } from './attribute.service.js';
export type { AttributeDefinition } from './attribute.repository.js';
export { normaliseValue, formatValue, displayValue, parseStored } from './attribute-values.js';
export { attributeTypes, ATTRIBUTE_TYPES } from './attribute-types.js';
