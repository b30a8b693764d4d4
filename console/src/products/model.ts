// The products area's records and the values the API accepts, from the OpenAPI document: no calls here, so
// that pure logic (and its unit tests) can use them.
import type { components, operations } from '../../../clients/typescript/src/openapi';

export type Product = components['schemas']['Product'];
export type ProductStatus = Product['status'];
type ProductListParameters = NonNullable<operations['listProducts']['parameters']['query']>;
export type ProductType = NonNullable<ProductListParameters['type']>;
export type ProductSortColumn = NonNullable<ProductListParameters['sort_by']>;
export type ProductBody = operations['createProduct']['requestBody']['content']['application/json'];
export type ProductUpdateBody = operations['updateProduct']['requestBody']['content']['application/json'];
export type Attribute = components['schemas']['Attribute'];
export type ProductDocument = components['schemas']['Document'];

export const PRODUCT_STATUSES: readonly ProductStatus[] = [
  'draft',
  'pending_approval',
  'active',
  'inactive',
  'out_of_stock',
  'rejected',
  'discontinued',
];
export const PRODUCT_TYPES: readonly ProductType[] = [
  'physical',
  'digital',
  'service',
  'subscription',
  'bundle',
  'gift_card',
  'virtual',
];
export const BARCODE_TYPES = ['ean8', 'upc', 'ean13', 'gtin14', 'other'] as const;
export const DIMENSION_UNITS = ['cm', 'mm', 'm', 'in'] as const;
/** The tags the API accepts on a product's documents (src/modules/documents/document-owners.ts). */
export const DOCUMENT_TAGS = [
  'thumbnail',
  'gallery',
  'primary',
  'specification',
  'manual',
  'certificate',
  'datasheet',
  'warranty',
  'compliance',
  'safety',
  'marketing',
];
