// The catalog's answers kept in memory (src/http/answer-cache.ts): a product, a page of products. Every table a
// product's resource or a product list reads is watched; a write to any of them, in any tenant, drops them all.
import type { WatchedTables } from '../../db/change-watch.js';

/** The name routes give in their config (`answerCache`) to be served from the catalog's cache. */
export const CATALOG_ANSWERS = 'catalog';

/** The channel's NOTIFYs are sent by triggers on each table (migration 0021). */
export const CATALOG_ANSWER_TABLES: WatchedTables = {
  tables: [
    // A list's price filter defaults to the tenant's currency.
    'tenants',
    'products',
    'product_categories',
    'brands',
    'suppliers',
    'master_products',
    'tags',
    'product_tags',
    'attribute_definitions',
    'product_attribute_values',
  ],
  ignoredColumns: [],
  channel: 'quartermaster_catalog',
};
