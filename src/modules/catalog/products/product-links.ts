// What a product resource shows besides the product's own row, as both ways of reading it (the one-statement
// read and the batch presenter) deliver it.
import type { Selectable } from 'kysely';
import type { MasterProductsTable } from '../../../db/schema.js';
import type { ValueDefinition } from '../attributes/attribute-values.js';

/** What a variant inherits from its master product. */
export type VariantMaster = Pick<
  Selectable<MasterProductsTable>,
  | 'id'
  | 'currency'
  | 'base_price'
  | 'base_cost_price'
  | 'base_weight'
  | 'base_dimensions'
  | 'images'
  | 'description'
  | 'short_description'
  | 'variant_attributes'
>;

/** An attribute value of a product with the parts of its definition the resource shows. */
export type PresentedValue = ValueDefinition & { code: string; value: string; is_visible_on_frontend: boolean };

/** Everything a product resource shows besides the product's own row. */
export interface ResourceLinks {
  category: { id: string; name: string; slug: string } | null;
  brand: { id: string; name: string; slug: string } | null;
  supplier: { id: string; name: string; code: string } | null;
  /** By name. */
  tags: ReadonlyArray<{ id: string; name: string; slug: string; color: string }>;
  /** By sort_order and code. */
  values: readonly PresentedValue[];
  /** A variant's live master. */
  master: VariantMaster | undefined;
}
