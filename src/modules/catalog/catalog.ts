// The catalog: taxonomy (categories, brands, tags, suppliers), attributes and products, each a module of its own.
import type { FastifyPluginAsync } from 'fastify';
import { createAttributes } from './attributes/index.js';
import { createBrands } from './brands/index.js';
import { createCategories } from './categories/index.js';
import { createMasterProducts } from './master-products/index.js';
import { createProducts } from './products/index.js';
import { createVariants } from './variants/index.js';
import { createVariantListing } from './variants/listing/index.js';
import { createProductAttributeValues } from './product-attribute-values/index.js';
import { createSuppliers } from './suppliers/index.js';
import { createTags } from './tags/index.js';
import type { CatalogDeps } from './catalog.deps.js';

export function createCatalog(deps: CatalogDeps) {
  const categories = createCategories(deps);
  const brands = createBrands(deps);
  const tags = createTags(deps);
  const suppliers = createSuppliers(deps);
  const attributes = createAttributes(deps);
  const links = { categories: categories.service, brands: brands.service, tags: tags.service, suppliers: suppliers.service, attributes: attributes.service };
  const products = createProducts(deps, links);
  const masterProducts = createMasterProducts(deps, links);
  const variants = createVariants(deps, masterProducts.service, products.service);
  return {
    categories,
    brands,
    tags,
    suppliers,
    attributes,
    products,
    productAttributeValues: createProductAttributeValues(deps, attributes.service),
    masterProducts,
    variants,
    variantListing: createVariantListing(deps, masterProducts.service, products.service),
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** Registers every catalog module's routes under the API prefix. */
export const catalogRoutes: FastifyPluginAsync<{ catalog: Catalog }> = async (api, { catalog }) => {
  for (const module of Object.values(catalog)) await api.register(module.routes);
};
