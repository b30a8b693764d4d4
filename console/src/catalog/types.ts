// The catalog's records as the API answers them, and the query keys of the area: every key starts with
// 'catalog' and the resource, so that a write invalidates the resource's lists and records at once.
import type { components } from '../../../clients/typescript/src/openapi';

export type Category = components['schemas']['Category'];
export type CategoryTreeNode = components['schemas']['CategoryTreeNode'];
export type Brand = components['schemas']['Brand'];
export type Tag = components['schemas']['Tag'];
export type TagMerge = components['schemas']['TagMerge'];
export type Supplier = components['schemas']['Supplier'];
export type SupplierStatus = Supplier['status'];
export type SupplierType = NonNullable<Supplier['type']>;
export type SupplierPerformance = components['schemas']['SupplierPerformance'];
export type PageMeta = components['schemas']['PageMeta'];

export const catalogKeys = {
  categories: ['catalog', 'categories'] as const,
  brands: ['catalog', 'brands'] as const,
  tags: ['catalog', 'tags'] as const,
  suppliers: ['catalog', 'suppliers'] as const,
};

/** Rows per page of the catalog's lists. */
export const PER_PAGE = 25;
