// Master product bodies, list query and resource: one TypeBox schema validates, types, serialises and documents each.
import { Type, type Static } from 'typebox';
import { Defaulted, HttpUrlOrPath, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { updatedSinceQuery } from '../../../http/updated-since.js';
import { SLUG_PATTERN } from '../../../lib/slug.js';
import { DIMENSION_UNITS, MAX_PRICE, MAX_WEIGHT } from '../products/product.schemas.js';

export const MASTER_STATUSES = ['draft', 'active', 'inactive', 'archived'] as const;
export const MASTER_SORTS = ['name', 'base_price', 'status', 'created_at', 'sort_order', 'updated_at'] as const;
export const MASTER_INCLUDES = ['variants', 'category', 'supplier'] as const;
export const MAX_BASE_SKU_LENGTH = 50;
export const MAX_TAGS = 100;
export const MAX_IMAGES = 50;
const MAX_DIMENSION = 99_999.9999;
const INT32 = 2_147_483_647;

const money = (description: string) =>
  Nullable(
    Type.Number({
      minimum: 0,
      maximum: MAX_PRICE,
      description: `${description} In units of \`currency\`, 0 to ${MAX_PRICE}; inherited by variants without their own.`,
    }),
  );
const text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const dimension = Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: MAX_DIMENSION })));

const CONFIGURATION_DOC =
  'Variant configuration, in either shape: `{attributes: [{name, values: [..]}], allowCombinations}` or `{attributes: {<Name>: [values]}}`. ' +
  'At least one attribute, each with at least one value; names and values distinct (case-insensitively), at most 100 characters each; ' +
  'at most 20 attributes and 1000 combinations. Stored and answered in the first shape. null: no configuration (a single product).';

export const Configuration = Nullable(Type.Unknown({ description: CONFIGURATION_DOC }));

/** Fields a master product takes on create and (partially) on update. */
const fields = {
  name: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '\\S',
    description: 'Max 255 characters; stored trimmed.',
  }),
  slug: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: SLUG_PATTERN,
    description:
      'Lowercase letters, digits and single hyphens; unique per tenant among live master products. Generated from the name when omitted at creation.',
  }),
  sku: Nullable(
    Type.String({
      minLength: 1,
      maxLength: MAX_BASE_SKU_LENGTH,
      pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$',
      description: `Base SKU that generated variant SKUs start from (the slug, upper-cased, when null). Letters, digits, \`.\`, \`_\`, \`/\`, \`-\`; max ${MAX_BASE_SKU_LENGTH}, leaving room for the values in a variant SKU (max 100).`,
    }),
  ),
  description: text(65_535),
  short_description: text(500),
  category_id: Nullable(Ulid),
  supplier_id: Nullable(Ulid),
  brand: text(255),
  model: text(255),
  base_price: money('Base selling price.'),
  base_cost_price: money('Base cost price.'),
  currency: Type.String({
    pattern: '^[A-Z]{3}$',
    description:
      "ISO 4217 code; the tenant's default_currency when omitted. A change keeps the base prices in currency units.",
  }),
  base_weight: Nullable(Type.Number({ minimum: 0, maximum: MAX_WEIGHT, description: 'Kilograms.' })),
  base_dimensions: Nullable(
    Type.Object(
      {
        length: dimension,
        width: dimension,
        height: dimension,
        unit: Type.Optional(Type.Enum(DIMENSION_UNITS, { default: 'cm', description: 'Default cm.' })),
      },
      { additionalProperties: false, description: 'Replaced as a whole on update.' },
    ),
  ),
  variant_attributes: Configuration,
  variant_configuration: {
    ...Configuration,
    description: 'Another name for `variant_attributes` (send one of the two).',
  },
  images: Type.Array(HttpUrlOrPath, { maxItems: MAX_IMAGES, description: 'Image URLs or relative paths, in order.' }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^,]*[^,\\s][^,]*$' }), {
    maxItems: MAX_TAGS,
    description:
      'Free-text labels (no commas: the list filter takes a comma list); trimmed, duplicates (ignoring case) dropped.',
  }),
  status: Type.Enum(MASTER_STATUSES, { description: 'Default draft.' }),
  is_visible: Type.Boolean({ description: 'Default false.' }),
  is_featured: Type.Boolean({ description: 'Default false.' }),
  sort_order: Type.Integer({ minimum: -INT32, maximum: INT32, description: 'Default 0.' }),
  requires_shipping: Type.Boolean({ description: 'Default true.' }),
  is_taxable: Type.Boolean({ description: 'Default true.' }),
  tax_class: text(100),
  meta_title: text(255),
  meta_description: text(500),
  meta_keywords: text(500),
};

export const MasterProductCreateBody = Type.Object(
  { ...Type.Partial(Type.Object(fields)).properties, name: fields.name },
  { additionalProperties: false },
);
export type MasterProductCreateBody = Static<typeof MasterProductCreateBody>;
withExample(MasterProductCreateBody, {
  name: 'Work shirt',
  sku: 'SHIRT',
  category_id: '01jd8w1q2r3s4t5v6w7x8y9z0a',
  brand: 'Acme Workwear',
  base_price: 24.9,
  base_cost_price: 11.5,
  currency: 'EUR',
  variant_attributes: {
    attributes: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Navy', 'Grey'] },
    ],
    allowCombinations: true,
  },
  tags: ['workwear'],
  status: 'draft',
});

export const MasterProductUpdateBody = Type.Object(
  {
    ...Type.Partial(Type.Object(fields)).properties,
    regenerate_variants: Type.Optional(
      Type.Boolean({
        description:
          'Needed to change the configuration while live variants exist: deletes them all first (recorded with the reason `Variant configuration changed`); refused while any holds inventory. Generate again afterwards.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Partial: only the fields sent change. Renaming keeps the slug.' },
);
export type MasterProductUpdateBody = Static<typeof MasterProductUpdateBody>;
withExample(MasterProductUpdateBody, { base_price: 26.5, is_featured: true });

export const MasterProductListQuery = Type.Object({
  ...pageQuery(15),
  search: Type.Optional(
    Type.String({
      maxLength: 255,
      description:
        'Case-insensitive substring of the name or slug; one or two characters: the start of either. Blank: no filter.',
    }),
  ),
  status: Type.Optional(
    Type.String({
      maxLength: 255,
      description: `One status or a comma list (any match) of: ${MASTER_STATUSES.join(', ')}.`,
    }),
  ),
  category_id: Type.Optional(Ulid),
  supplier_id: Type.Optional(Ulid),
  brand: Type.Optional(Type.String({ maxLength: 255, description: 'The brand, ignoring case.' })),
  has_variants: Type.Optional(
    Type.Boolean({ description: 'true: masters with at least one live variant; false: without.' }),
  ),
  is_visible: Type.Optional(Type.Boolean()),
  is_featured: Type.Optional(Type.Boolean()),
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Z]{3}$',
      description:
        "Only masters priced in this currency. min_price and max_price are read in it; with either of them it defaults to the tenant's default_currency.",
    }),
  ),
  min_price: Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_PRICE, description: 'base_price at least this, in `currency` units.' }),
  ),
  max_price: Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_PRICE, description: 'base_price at most this, in `currency` units.' }),
  ),
  tags: Type.Optional(
    Type.Array(Type.String({ maxLength: 1000 }), {
      maxItems: MAX_TAGS,
      description: `Comma list (or repeated parameter) of tags: masters carrying any of them, ignoring case. At most ${MAX_TAGS}.`,
    }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(MASTER_SORTS, {
      default: 'created_at',
      description:
        'Default created_at. name sorts case-insensitively; base_price within each currency, unpriced lowest; status by creation time within each status. Ties break on id.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(['asc', 'desc'], { default: 'desc', description: 'Default desc.' })),
});
export type MasterProductListQuery = Static<typeof MasterProductListQuery>;

export const MasterProductGetQuery = Type.Object({
  include: Type.Optional(
    Type.String({
      maxLength: 255,
      description: `Comma list of: ${MASTER_INCLUDES.join(', ')}. variants adds the live variants (product resources); category and supplier are always in the resource.`,
    }),
  ),
});
export type MasterProductGetQuery = Static<typeof MasterProductGetQuery>;

const Summary = Nullable(Type.Object({ id: Ulid, name: Type.String() }));

export const MasterProductResponse = Type.Object({
  id: Ulid,
  name: Type.String(),
  slug: Type.String(),
  sku: Nullable(Type.String()),
  description: Nullable(Type.String()),
  short_description: Nullable(Type.String()),
  category_id: Nullable(Ulid),
  supplier_id: Nullable(Ulid),
  category: Summary,
  supplier: Summary,
  brand: Nullable(Type.String()),
  model: Nullable(Type.String()),
  base_price: Nullable(Type.Number()),
  base_cost_price: Nullable(Type.Number()),
  currency: Type.String(),
  base_weight: Nullable(Type.Number()),
  base_dimensions: Nullable(
    Type.Object({
      length: Nullable(Type.Number()),
      width: Nullable(Type.Number()),
      height: Nullable(Type.Number()),
      unit: Type.String(),
    }),
  ),
  variant_attributes: Nullable(
    Type.Object({
      attributes: Type.Array(Type.Object({ name: Type.String(), values: Type.Array(Type.String()) })),
      allowCombinations: Type.Boolean(),
    }),
  ),
  images: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  status: Type.Enum(MASTER_STATUSES),
  is_visible: Type.Boolean(),
  is_featured: Type.Boolean(),
  sort_order: Type.Integer(),
  requires_shipping: Type.Boolean(),
  is_taxable: Type.Boolean(),
  tax_class: Nullable(Type.String()),
  meta_title: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  meta_keywords: Nullable(Type.String()),
  products_count: Type.Integer({ description: 'Live variants.' }),
  variants: Type.Optional(
    Type.Array(Type.Unknown(), { description: 'With include=variants: the live variants as product resources.' }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type MasterProductResponse = Static<typeof MasterProductResponse>;
nameSchema(MasterProductResponse, 'MasterProduct', {
  id: '01jd8x0k1m2n3p4q5r6s7t8v9w',
  name: 'Work shirt',
  slug: 'work-shirt',
  sku: 'SHIRT',
  description: null,
  short_description: 'Hard-wearing cotton work shirt.',
  category_id: '01jd8w1q2r3s4t5v6w7x8y9z0a',
  supplier_id: null,
  category: { id: '01jd8w1q2r3s4t5v6w7x8y9z0a', name: 'Workwear' },
  supplier: null,
  brand: 'Acme Workwear',
  model: null,
  base_price: 24.9,
  base_cost_price: 11.5,
  currency: 'EUR',
  base_weight: 0.35,
  base_dimensions: { length: null, width: null, height: null, unit: 'cm' },
  variant_attributes: {
    attributes: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Navy', 'Grey'] },
    ],
    allowCombinations: true,
  },
  images: [],
  tags: ['workwear'],
  status: 'active',
  is_visible: true,
  is_featured: false,
  sort_order: 0,
  requires_shipping: true,
  is_taxable: true,
  tax_class: null,
  meta_title: null,
  meta_description: null,
  meta_keywords: null,
  products_count: 6,
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-20T16:03:12.000Z',
});
