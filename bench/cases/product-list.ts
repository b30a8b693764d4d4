// Case: GET /api/v1/operations/products, 25 per page, with the filters and sorts a catalog user reaches
// for, on a seeded catalog (100k products by default) of one tenant.
import type { BenchCase } from '../lib/runner.js';
import { seedCatalog, type SeededCatalog } from '../seed/catalog.js';

/** Named query strings of the product list, from broad to narrow. */
export function productListQueries(catalog: SeededCatalog): Record<string, string> {
  const [tag1, tag2] = catalog.tagIds;
  const q = (params: Record<string, string>) => new URLSearchParams({ per_page: '25', ...params }).toString();
  return {
    'default order': q({}),
    'status=active': q({ status: 'active' }),
    'status list': q({ status: 'draft,inactive' }),
    'category': q({ category_id: catalog.leafCategoryIds[7]! }),
    'category tree': q({ category_id: catalog.rootCategoryIds[3]!, include_descendants: 'true' }),
    'brand': q({ brand_id: catalog.brandIds[11]! }),
    'supplier': q({ supplier_id: catalog.supplierIds[5]! }),
    'tags (any)': q({ tags: `${tag1},${tag2}` }),
    'search': q({ search: 'summit' }),
    'search sku': q({ search: 'sku-00123' }),
    'price range': q({ min_price: '100', max_price: '200' }),
    'by price asc': q({ sort_by: 'selling_price', sort_direction: 'asc' }),
    'by price desc': q({ sort_by: 'selling_price', sort_direction: 'desc' }),
    'by name': q({ sort_by: 'name', sort_direction: 'asc' }),
    'by sku desc': q({ sort_by: 'sku' }),
    'by stock': q({ sort_by: 'stock_quantity', sort_direction: 'asc' }),
    'by updated': q({ sort_by: 'updated_at' }),
    'by status': q({ sort_by: 'status', sort_direction: 'asc' }),
    'low stock': q({ low_stock: 'true' }),
    'out of stock': q({ in_stock: 'false' }),
    'featured': q({ is_featured: 'true' }),
    'variants': q({ is_variant: 'true' }),
    'attribute select': q({ 'attributes[color]': 'red' }),
    'attribute multiselect': q({ 'attributes[material]': 'wool' }),
    'active in tree by price': q({
      status: 'active', category_id: catalog.rootCategoryIds[1]!, include_descendants: 'true', min_price: '50', max_price: '500',
      sort_by: 'selling_price', sort_direction: 'asc',
    }),
    'active red in stock of brand': q({ status: 'active', brand_id: catalog.brandIds[3]!, 'attributes[color]': 'red', in_stock: 'true' }),
    'page 200': q({ page: '200' }),
  };
}

export const productListCase: BenchCase = {
  name: 'product-list',
  description: 'Product list, 25 per page, common filters and sorts',
  async setup(context) {
    const products = Number(context.env.BENCH_PRODUCTS ?? 100_000);
    const started = performance.now();
    const catalog = await seedCatalog(context.db, context.tenantId, { products });
    await context.analyse();
    context.note(`seeded ${products} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return Object.entries(productListQueries(catalog)).map(([name, query]) => ({
      name,
      path: `/api/v1/operations/products?${query}`,
      authenticated: true,
    }));
  },
};
