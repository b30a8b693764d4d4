// The catalog's records as the API answers them.
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
