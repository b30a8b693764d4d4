// Variant listing and bulk operation schemas: the list query and item, the available-values answer, and
// the bulk price and stock bodies and results.
import { Type, type Static } from 'typebox';
import { Defaulted, Timestamp, Ulid } from '../../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../../http/named-schemas.js';
import { PageLinksSchema, pageQuery } from '../../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../../http/updated-since.js';
import { MAX_BARCODE_LENGTH } from '../../products/barcode.js';
import { MAX_PRICE, PRODUCT_EXAMPLE, PRODUCT_STATUSES, ProductResponse } from '../../products/product.schemas.js';

export const VARIANT_INCLUDES = ['category', 'supplier', 'inventory'] as const;
export type VariantInclude = (typeof VARIANT_INCLUDES)[number];
export const PRICE_ACTIONS = ['set_price', 'increase_percentage', 'decrease_percentage'] as const;
export type PriceAction = (typeof PRICE_ACTIONS)[number];
export const MAX_INCREASE_PERCENTAGE = 1000;
export const MAX_DECREASE_PERCENTAGE = 100;
export const MAX_VARIANT_STOCK = 999_999;

export const MasterParams = Type.Object({ master: Type.String({ description: 'ULID of the master product.' }) });
export type MasterParams = Static<typeof MasterParams>;

export const VariantListQuery = Type.Object({
  ...pageQuery(50),
  status: Type.Optional(
    Type.String({
      maxLength: 255,
      description: `One status or a comma list (any match) of: ${PRODUCT_STATUSES.join(', ')}. Blank: no filter.`,
    }),
  ),
  include: Type.Optional(
    Type.String({
      maxLength: 255,
      description: `Comma list of ${VARIANT_INCLUDES.join(', ')}: \`category\` and \`supplier\` add those objects to each variant, \`inventory\` its records per warehouse.`,
    }),
  ),
  barcode: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_BARCODE_LENGTH,
      description: 'The variant with exactly this barcode: at most one.',
    }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(['created_at', 'updated_at'], {
      default: 'created_at',
      description: 'Default created_at: generation order. Ties break on id.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(SORT_DIRECTIONS, { default: 'asc', description: 'Default asc.' })),
});
export type VariantListQuery = Static<typeof VariantListQuery>;

const Summary = (extra: Record<string, ReturnType<typeof Type.String>>) =>
  Type.Optional(Type.Union([Type.Object({ id: Ulid, name: Type.String(), ...extra }), Type.Null()]));

export const VariantInventoryEntry = Type.Object({
  id: Ulid,
  warehouse_id: Ulid,
  warehouse: Type.Object({ id: Ulid, code: Type.String(), name: Type.String(), is_default: Type.Boolean() }),
  quantity_on_hand: Type.Integer(),
  quantity_reserved: Type.Integer(),
  quantity_available: Type.Integer(),
  updated_at: Timestamp,
});

export const VariantListItem = Type.Object({
  ...ProductResponse.properties,
  category: Summary({ slug: Type.String() }),
  supplier: Summary({ code: Type.String() }),
  inventory: Type.Optional(
    Type.Array(VariantInventoryEntry, {
      description: 'With include=inventory: one record per warehouse, default warehouse first.',
    }),
  ),
});
nameSchema(VariantListItem, 'Variant', {
  ...PRODUCT_EXAMPLE,
  id: '01jd8x5m6n7p8q9r0s1t2v3w4x',
  name: 'Work shirt - M / Navy',
  slug: 'work-shirt-m-navy',
  sku: 'SHIRT-M-NAVY',
  is_variant: true,
  master_product_id: '01jd8x0k1m2n3p4q5r6s7t8v9w',
  variant_attributes: { Size: 'M', Colour: 'Navy' },
  inventory: [
    {
      id: '01jd8x7g8h9j0k1m2n3p4q5r6s',
      warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
      warehouse: { id: '01jd8w0m1n2p3q4r5s6t7v8w9x', code: 'MAIN', name: 'Main warehouse', is_default: true },
      quantity_on_hand: 12,
      quantity_reserved: 0,
      quantity_available: 12,
      updated_at: '2026-11-20T16:03:12.000Z',
    },
  ],
});

const PageMeta = {
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
};

const VariantPageMeta = Type.Object({
  ...PageMeta,
  total_variants: Type.Integer({ description: 'Live variants of the master matching the filters (all pages).' }),
  total_stock: Type.Integer({ description: 'Their on-hand stock, summed.' }),
  total_available: Type.Integer({ description: 'Their available stock (on hand - reserved), summed.' }),
  total_reserved: Type.Integer({ description: 'Their reserved stock, summed.' }),
});
nameSchema(VariantPageMeta, 'VariantPageMeta', {
  current_page: 1,
  per_page: 50,
  total: 6,
  last_page: 1,
  total_variants: 6,
  total_stock: 72,
  total_available: 70,
  total_reserved: 2,
});

export const VariantListResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(VariantListItem),
  meta: VariantPageMeta,
  links: PageLinksSchema,
});

const AvailableValues = Type.Record(
  Type.String(),
  Type.Object({
    used_values: Type.Array(Type.String(), { description: 'Configured values held by at least one live variant.' }),
    available_values: Type.Array(Type.String(), {
      description: 'Configured values of at least one combination no live variant holds yet.',
    }),
  }),
  { description: 'Per configured attribute, in configuration order; values in configuration order.' },
);
nameSchema(AvailableValues, 'VariantAvailableValues', {
  Size: { used_values: ['S', 'M'], available_values: ['L'] },
  Colour: { used_values: ['Navy'], available_values: ['Navy', 'Grey'] },
});
const CombinationCounts = Type.Object({
  total_combinations: Type.Integer(),
  used_combinations: Type.Integer({ description: 'Combinations held by a live variant.' }),
  available_combinations: Type.Integer(),
});
nameSchema(CombinationCounts, 'VariantCombinationCounts', {
  total_combinations: 6,
  used_combinations: 2,
  available_combinations: 4,
});

export const AvailableValuesResponse = Type.Object({
  success: Type.Literal(true),
  data: AvailableValues,
  meta: CombinationCounts,
});

const VariantFilters = Type.Object(
  {
    variant_selection: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 100 }), {
        maxProperties: 50,
        description:
          'Attribute name -> value: only variants whose selection has every pair (names and values case-insensitive).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const BulkPriceBody = Type.Object(
  {
    action: Type.Optional(
      Type.Enum(PRICE_ACTIONS, { description: 'Default `set_price` (the simple form `{price}`).' }),
    ),
    price: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MAX_PRICE,
        description: `set_price: the new price in each variant's currency, 0 to ${MAX_PRICE}.`,
      }),
    ),
    percentage: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: MAX_INCREASE_PERCENTAGE,
        description: `increase_percentage (up to ${MAX_INCREASE_PERCENTAGE}) or decrease_percentage (up to ${MAX_DECREASE_PERCENTAGE}) of each variant's effective price.`,
      }),
    ),
    filters: Type.Optional(VariantFilters),
  },
  { additionalProperties: false },
);
export type BulkPriceBody = Static<typeof BulkPriceBody>;
withExample(BulkPriceBody, {
  action: 'increase_percentage',
  percentage: 5,
  filters: { variant_selection: { Size: 'L' } },
});

export const BulkPriceResult = Type.Object({
  updated_count: Type.Integer(),
  affected_variants: Type.Array(Ulid, { description: 'Variants whose own price changed.' }),
  skipped_variants: Type.Array(Ulid, {
    description: 'Percentage actions: matching variants without any price (own or inherited), left alone.',
  }),
});
nameSchema(BulkPriceResult, 'VariantPriceUpdate', {
  updated_count: 1,
  affected_variants: ['01jd8x5m6n7p8q9r0s1t2v3w4x'],
  skipped_variants: [],
});

export const BulkStockBody = Type.Object(
  {
    action: Type.Optional(
      Type.Enum(['set_quantity'], { description: 'Default `set_quantity` (the simple form `{quantity}`).' }),
    ),
    quantity: Type.Integer({
      minimum: 0,
      maximum: MAX_VARIANT_STOCK,
      description: `The on-hand total each variant gets in the default warehouse, 0 to ${MAX_VARIANT_STOCK}.`,
    }),
    filters: Type.Optional(VariantFilters),
  },
  { additionalProperties: false },
);
export type BulkStockBody = Static<typeof BulkStockBody>;
withExample(BulkStockBody, { action: 'set_quantity', quantity: 20 });

export const BulkStockResult = Type.Object({
  updated_count: Type.Integer({ description: 'Variants whose stock changed (one adjustment movement each).' }),
  total_stock_added: Type.Integer({ description: 'Sum of the changes: negative when stock was taken away.' }),
  affected_variants: Type.Array(Ulid),
  skipped_variants: Type.Array(Ulid, {
    description: 'Matching variants that hold no inventory (type without stock, or not tracked).',
  }),
});
nameSchema(BulkStockResult, 'VariantStockUpdate', {
  updated_count: 1,
  total_stock_added: 8,
  affected_variants: ['01jd8x5m6n7p8q9r0s1t2v3w4x'],
  skipped_variants: [],
});
