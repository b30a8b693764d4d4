// Product bodies and the product resource: one TypeBox schema validates, types, serialises and documents each.
import { Type, type Static } from 'typebox';
import { HttpUrlOrPath, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { SLUG_PATTERN } from '../../../lib/slug.js';
import { BARCODE_TYPES, MAX_BARCODE_LENGTH } from './barcode.js';
import { PRODUCT_TYPES } from './product-types.js';
import { ALLOWED_ACTION_ORDER } from './product-lifecycle.js';
import { STOCK_STATUSES } from '../../inventory/stock/low-stock.js';

export const PRODUCT_SORTS = [
  'name',
  'sku',
  'selling_price',
  'stock_quantity',
  'created_at',
  'updated_at',
  'status',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_STATUSES = [
  'draft',
  'pending_approval',
  'active',
  'inactive',
  'out_of_stock',
  'rejected',
  'discontinued',
] as const;
export const DIMENSION_UNITS = ['cm', 'in', 'm', 'mm'] as const;
export const MAX_PRICE = 9_999_999.99;
export const MAX_WEIGHT = 99_999.9999;
export const MAX_STOCK = 999_999_999;

const money = (description: string) =>
  Nullable(
    Type.Number({
      minimum: 0,
      maximum: MAX_PRICE,
      description: `${description} In currency units, 0 to ${MAX_PRICE}.`,
    }),
  );
const text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const dimension = Nullable(Type.Number({ minimum: 0, maximum: 99_999.9999 }));
const quantity = (description: string) => Nullable(Type.Integer({ minimum: 0, maximum: MAX_STOCK, description }));

/** A product's barcode and its kind (barcode.ts), on products and on a variant created alone. */
export const BarcodeFields = {
  barcode: Nullable(
    Type.String({
      minLength: 1,
      maxLength: MAX_BARCODE_LENGTH,
      description:
        'What a scanner reads: a GTIN (8, 12, 13 or 14 digits, check digit verified) or, with barcode_type `other`, any printable code. ' +
        'Unique per tenant among live products; stored trimmed. Null (or blank) removes it.',
    }),
  ),
  barcode_type: Nullable(
    Type.Enum(BARCODE_TYPES, {
      description:
        '`ean8`, `upc` (UPC-A), `ean13`, `gtin14` or `other`. Omitted or null: taken from the code, a GTIN kind for 8, 12, 13 or 14 digits, else `other`. Sent alone: the stored code is checked again as this kind.',
    }),
  ),
};

/** Fields a product takes on create and (partially) on update. */
const fields = {
  name: Type.String({
    minLength: 3,
    maxLength: 255,
    pattern: '\\S',
    description: '3 to 255 characters; stored trimmed.',
  }),
  slug: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: SLUG_PATTERN,
    description:
      'Lowercase letters, digits and single hyphens; unique per tenant among live products. Generated from the name when omitted at creation.',
  }),
  sku: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$',
    description:
      'Letters, digits, `.`, `_`, `/` and `-`; unique per tenant among live products (exact match). Generated when omitted at creation.',
  }),
  ...BarcodeFields,
  type: Type.Enum(PRODUCT_TYPES, {
    description: 'Default `physical`. The type sets the defaults of requires_shipping and track_inventory.',
  }),
  selling_price: money('Selling price.'),
  cost_price: money('Cost price.'),
  currency: Type.String({
    pattern: '^[A-Z]{3}$',
    description: "ISO 4217 code; the tenant's default_currency when omitted.",
  }),
  reorder_point: quantity('Available quantity at or below which the product counts as low stock.'),
  reorder_quantity: quantity('Quantity suggested when reordering.'),
  track_inventory: Type.Boolean({
    description: 'Default: true for types that hold inventory (physical, gift_card), else false.',
  }),
  allow_backorders: Type.Boolean(),
  short_description: text(500),
  description: text(65_535),
  meta_description: text(500),
  meta_keywords: text(500),
  weight: Nullable(Type.Number({ minimum: 0, maximum: MAX_WEIGHT, description: 'Kilograms.' })),
  length: dimension,
  width: dimension,
  height: dimension,
  dimensions_unit: Type.Enum(DIMENSION_UNITS, { description: 'Unit of length, width and height; default `cm`.' }),
  category_id: Nullable(Ulid),
  supplier_id: Nullable(Ulid),
  brand_id: Nullable(Ulid),
  tax_class_id: Nullable({ ...Ulid, description: 'An opaque reference to the tax class of an external tax system.' }),
  is_featured: Type.Boolean(),
  is_taxable: Type.Boolean(),
  requires_shipping: Type.Boolean({ description: "Default: the type's trait." }),
  tags: Type.Array(Ulid, {
    maxItems: 100,
    uniqueItems: true,
    description: 'Tag ids: the whole set of the product’s tags.',
  }),
  images: Nullable(
    Type.Array(HttpUrlOrPath, {
      maxItems: 50,
      uniqueItems: true,
      description: 'Image URLs or relative paths, the whole list. On a variant: its own, shown after its master’s.',
    }),
  ),
  attributes: Type.Record(Type.String(), Type.Unknown(), {
    description:
      'Attribute code -> value. Values follow the attribute’s type; null removes a value. On create, missing attributes take their default.',
  }),
};

/**
 * Keys a client may plausibly send but that these bodies do not set. They are declared (rather than
 * dropped like other unknown keys) so that the service can refuse them with 422 and say where they change.
 */
const refused = (description: string) =>
  Type.Optional(Type.Unknown({ description: `Not accepted (422): ${description}` }));
const REFUSED_STATUS = refused(
  'a product starts as `draft`; its status changes through the lifecycle endpoints (activate, deactivate, discontinue...).',
);

export const ProductCreateBody = Type.Object(
  {
    ...Type.Partial(Type.Object(fields)).properties,
    name: fields.name,
    status: REFUSED_STATUS,
    stock_quantity: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_STOCK,
        description:
          'Initial stock, received into the default warehouse as an `initial_stock` movement. Later changes go through inventory adjustments.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ProductCreateBody = Static<typeof ProductCreateBody>;
withExample(ProductCreateBody, {
  name: 'Cordless drill 18V',
  sku: 'DRL-18V',
  type: 'physical',
  selling_price: 129.9,
  cost_price: 74.5,
  currency: 'EUR',
  reorder_point: 10,
  reorder_quantity: 40,
  short_description: 'Two-speed cordless drill with two batteries.',
  weight: 1.6,
  dimensions_unit: 'cm',
  category_id: '01jd8w1q2r3s4t5v6w7x8y9z0a',
  supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
  brand_id: '01jd8w2a7b3c4d5e6f7g8h9j0k',
  tags: ['01jd8w4c5d6e7f8g9h0j1k2m3n'],
  attributes: { voltage: 18 },
  stock_quantity: 25,
});

export const ProductUpdateBody = Type.Object(
  {
    ...Type.Partial(Type.Object(fields)).properties,
    status: REFUSED_STATUS,
    stock_quantity: refused(
      'stock changes through the inventory endpoints (adjustments, counts, receipts), each with its movement.',
    ),
  },
  {
    additionalProperties: false,
    description:
      'Partial: only the fields sent change. Renaming keeps the slug. Status changes go through the lifecycle endpoints, stock through inventory.',
  },
);
export type ProductUpdateBody = Static<typeof ProductUpdateBody>;
withExample(ProductUpdateBody, { selling_price: 119.9, reorder_point: 12, is_featured: true });

export const ReasonBody = Type.Object(
  {
    reason: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'Recorded with the status change.' }))),
  },
  { additionalProperties: false },
);
export type ReasonBody = Static<typeof ReasonBody>;
withExample(ReasonBody, { reason: 'Replaced by the 2027 model.' });

const Summary = <Extra extends Record<string, ReturnType<typeof Type.String>>>(extra: Extra) =>
  Nullable(Type.Object({ id: Ulid, name: Type.String(), ...extra }));

export const ProductResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  slug: Type.String(),
  sku: Type.String(),
  barcode: Nullable(Type.String({ description: 'Unique per tenant among live products.' })),
  barcode_type: Nullable(Type.Enum(BARCODE_TYPES, { description: 'Null exactly when barcode is.' })),
  type: Type.String(),
  type_traits: Type.Object({
    requires_shipping: Type.Boolean(),
    has_inventory: Type.Boolean(),
    tax_category: Type.String(),
    can_have_variants: Type.Boolean(),
    nature: Nullable(Type.String()),
  }),
  status: Type.Enum(PRODUCT_STATUSES),
  allowed_actions: Type.Array(Type.Enum(ALLOWED_ACTION_ORDER), {
    description:
      "The lifecycle actions (`POST …/{id}/<action>`) the product's status allows now, whoever asks (each still needs its ability): the usual next step first. `out_of_stock` is left by stock alone, and `discontinued` allows none.",
  }),
  status_reason: Nullable(Type.String()),
  status_changed_at: Nullable(Timestamp),
  is_variant: Type.Boolean(),
  master_product_id: Nullable(Ulid),
  parent_product_id: Nullable(Ulid),
  variant_attributes: Nullable(Type.Record(Type.String(), Type.String())),
  selling_price: Nullable(Type.Number()),
  cost_price: Nullable(Type.Number()),
  currency: Type.String(),
  stock_quantity: Type.Integer(),
  reserved_quantity: Type.Integer(),
  available_quantity: Type.Integer(),
  reorder_point: Nullable(Type.Integer()),
  reorder_quantity: Nullable(Type.Integer()),
  is_low_stock: Type.Boolean({
    description:
      "Product low stock: tracked, with a reorder point, and `available_quantity` (over every warehouse) at or below it. A warehouse's record can be low while the product is not: see the inventory record's `is_low_stock`.",
  }),
  stock_status: Type.Enum(STOCK_STATUSES, {
    description:
      '`out_of_stock`: tracked with nothing available; else `low_stock` when `is_low_stock`; else `in_stock` (always, for a product that does not track inventory).',
  }),
  track_inventory: Type.Boolean(),
  allow_backorders: Type.Boolean(),
  short_description: Nullable(Type.String()),
  description: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  meta_keywords: Nullable(Type.String()),
  weight: Nullable(Type.Number()),
  length: Nullable(Type.Number()),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  dimensions_unit: Type.String(),
  category_id: Nullable(Ulid),
  supplier_id: Nullable(Ulid),
  brand_id: Nullable(Ulid),
  tax_class_id: Nullable(Ulid),
  tax_category: Type.String({ description: "The type's tax category." }),
  is_featured: Type.Boolean(),
  is_taxable: Type.Boolean(),
  requires_shipping: Type.Boolean(),
  category: Summary({ slug: Type.String() }),
  supplier: Summary({ code: Type.String() }),
  brand: Summary({ slug: Type.String() }),
  tags: Type.Array(Type.Object({ id: Ulid, name: Type.String(), slug: Type.String(), color: Type.String() })),
  attributes: Type.Record(Type.String(), Type.Unknown(), { description: 'Attribute code -> typed value.' }),
  visible_attributes: Type.Array(
    Type.Object({
      code: Type.String(),
      label: Type.String(),
      type: Type.String(),
      value: Type.Unknown(),
      formatted_value: Type.String(),
      display_value: Type.String(),
    }),
    { description: 'Values of attributes shown on the storefront (is_visible_on_frontend), in attribute order.' },
  ),
  images: Type.Array(Type.String(), {
    description: 'On variants: the master’s images, then the variant’s own (distinct).',
  }),
  overrides: Type.Array(Type.String(), {
    description: 'On variants: the properties the variant sets itself instead of inheriting.',
  }),
  effective_values: Type.Object({
    price: Nullable(Type.Number()),
    cost_price: Nullable(Type.Number()),
    weight: Nullable(Type.Number()),
    currency: Type.String(),
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
  deleted_at: Nullable(Timestamp),
});
export type ProductResponse = Static<typeof ProductResponse>;

export const ProductLookupQuery = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 128,
    description:
      'What was scanned or typed: matched exactly (case included) against barcodes, then SKUs, of live products.',
  }),
});
export type ProductLookupQuery = Static<typeof ProductLookupQuery>;

const ProductLookupMeta = Type.Object({
  matched_on: Type.Enum(['barcode', 'sku'], {
    description: '`barcode` when a product holds the code as its barcode (this wins), else `sku`.',
  }),
});
nameSchema(ProductLookupMeta, 'ProductLookupMeta', { matched_on: 'barcode' });

export const ProductLookupResponse = Type.Object({
  success: Type.Literal(true),
  data: ProductResponse,
  meta: ProductLookupMeta,
});

/** A product resource as the examples of the API reference show it (variants and lists start from it). */
export const PRODUCT_EXAMPLE: ProductResponse = {
  id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  name: 'Cordless drill 18V',
  slug: 'cordless-drill-18v',
  sku: 'DRL-18V',
  barcode: '4006381333931',
  barcode_type: 'ean13',
  type: 'physical',
  type_traits: {
    requires_shipping: true,
    has_inventory: true,
    tax_category: 'physical_goods',
    can_have_variants: true,
    nature: 'tangible',
  },
  status: 'active',
  allowed_actions: ['deactivate', 'discontinue'],
  status_reason: null,
  status_changed_at: '2026-11-03T08:00:00.000Z',
  is_variant: false,
  master_product_id: null,
  parent_product_id: null,
  variant_attributes: null,
  selling_price: 129.9,
  cost_price: 74.5,
  currency: 'EUR',
  stock_quantity: 25,
  reserved_quantity: 2,
  available_quantity: 23,
  reorder_point: 10,
  reorder_quantity: 40,
  is_low_stock: false,
  stock_status: 'in_stock',
  track_inventory: true,
  allow_backorders: false,
  short_description: 'Two-speed cordless drill with two batteries.',
  description: null,
  meta_description: null,
  meta_keywords: null,
  weight: 1.6,
  length: 24,
  width: 8,
  height: 22,
  dimensions_unit: 'cm',
  category_id: '01jd8w1q2r3s4t5v6w7x8y9z0a',
  supplier_id: '01jd8w3b4c5d6e7f8g9h0j1k2m',
  brand_id: '01jd8w2a7b3c4d5e6f7g8h9j0k',
  tax_class_id: null,
  tax_category: 'physical_goods',
  is_featured: false,
  is_taxable: true,
  requires_shipping: true,
  category: { id: '01jd8w1q2r3s4t5v6w7x8y9z0a', name: 'Power tools', slug: 'power-tools' },
  supplier: { id: '01jd8w3b4c5d6e7f8g9h0j1k2m', name: 'Fastener Supply Co', code: 'FSC' },
  brand: { id: '01jd8w2a7b3c4d5e6f7g8h9j0k', name: 'Makita', slug: 'makita' },
  tags: [{ id: '01jd8w4c5d6e7f8g9h0j1k2m3n', name: 'Bestseller', slug: 'bestseller', color: '#1f8a70' }],
  attributes: { voltage: 18 },
  visible_attributes: [
    { code: 'voltage', label: 'Voltage', type: 'number', value: 18, formatted_value: '18 V', display_value: '18' },
  ],
  images: ['https://cdn.example.com/products/drl-18v.jpg'],
  overrides: [],
  effective_values: { price: 129.9, cost_price: 74.5, weight: 1.6, currency: 'EUR' },
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
  deleted_at: null,
};
nameSchema(ProductResponse, 'Product', PRODUCT_EXAMPLE);
