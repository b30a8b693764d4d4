// The catalog: taxonomy (categories, brands, tags, suppliers), attributes and products, each a module of its own.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
  const links = {
    categories: categories.service,
    brands: brands.service,
    tags: tags.service,
    suppliers: suppliers.service,
    attributes: attributes.service,
  };
  // Master products and variants need each other: the variants module needs the masters, and master products
  // reach the variants through a function that is only called once requests are served.
  const masterProducts = createMasterProducts({ ...deps, links, variants: () => variants.service });
  const products = createProducts({ ...deps, links, masters: masterProducts.service });
  const variants = createVariants({ ...deps, masters: masterProducts.service, products: products.service });
  const productAttributeValues = createProductAttributeValues({ ...deps, attributes: attributes.service });
  const variantListing = createVariantListing({ ...deps, masters: masterProducts.service, products: products.service });
  // Routes are registered in this order.
  return {
    categories,
    brands,
    tags,
    suppliers,
    attributes,
    products,
    productAttributeValues,
    masterProducts,
    variants,
    variantListing,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** Every catalog module's routes, in the order of `createCatalog`'s result. */
export function catalogRoutes({ catalog }: { catalog: Catalog }): FastifyPluginAsyncTypebox {
  return async (api) => {
    for (const module of Object.values(catalog)) await api.register(module.routes);
  };
}
