// Wires the product attribute-value reads (export, comparison, statistics): repository, service and routes.
import type { AttributeService } from '../attributes/attribute.service.js';
import type { CatalogDeps } from '../catalog.deps.js';
import { ProductAttributeValueRepository } from './product-attribute-value.repository.js';
import { productAttributeValueRoutes } from './product-attribute-value.routes.js';
import { ProductAttributeValueService } from './product-attribute-value.service.js';

export function createProductAttributeValues(deps: CatalogDeps & { attributes: AttributeService }) {
  const service = new ProductAttributeValueService({
    db: deps.db,
    values: new ProductAttributeValueRepository(),
    attributes: deps.attributes,
    clock: deps.clock,
  });
  return { service, routes: productAttributeValueRoutes({ service }) };
}

export { ProductAttributeValueService } from './product-attribute-value.service.js';
