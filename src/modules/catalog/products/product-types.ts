// Product types and their traits: what a type implies for shipping, inventory and tax unless a product
// says otherwise.
import type { ProductType } from '../../../db/schema.js';

export const PRODUCT_TYPES = [
  'physical',
  'digital',
  'service',
  'subscription',
  'bundle',
  'gift_card',
  'virtual',
] as const satisfies readonly ProductType[];

export interface TypeTraits {
  requires_shipping: boolean;
  has_inventory: boolean;
  tax_category: string;
  can_have_variants: boolean;
  /** tangible, downloadable, requires_fulfillment, recurring or null. */
  nature: string | null;
}

const TRAITS: Record<ProductType, TypeTraits> = {
  physical: {
    requires_shipping: true,
    has_inventory: true,
    tax_category: 'physical_goods',
    can_have_variants: true,
    nature: 'tangible',
  },
  digital: {
    requires_shipping: false,
    has_inventory: false,
    tax_category: 'digital_goods',
    can_have_variants: true,
    nature: 'downloadable',
  },
  service: {
    requires_shipping: false,
    has_inventory: false,
    tax_category: 'services',
    can_have_variants: true,
    nature: 'requires_fulfillment',
  },
  subscription: {
    requires_shipping: false,
    has_inventory: false,
    tax_category: 'subscription_services',
    can_have_variants: true,
    nature: 'recurring',
  },
  // A bundle ships when its contents do; on its own it claims neither.
  bundle: {
    requires_shipping: false,
    has_inventory: false,
    tax_category: 'mixed',
    can_have_variants: false,
    nature: null,
  },
  // Physical gift cards are counted stock.
  gift_card: {
    requires_shipping: false,
    has_inventory: true,
    tax_category: 'gift_cards',
    can_have_variants: false,
    nature: null,
  },
  virtual: {
    requires_shipping: false,
    has_inventory: false,
    tax_category: 'virtual_goods',
    can_have_variants: false,
    nature: 'downloadable',
  },
};

export function traitsOf(type: ProductType): TypeTraits {
  return TRAITS[type];
}
