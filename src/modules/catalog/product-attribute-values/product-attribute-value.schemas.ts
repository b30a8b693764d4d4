// Request and response schemas of the product attribute-value reads: export, comparison and statistics.
import { Type, type Static } from 'typebox';
import { Nullable, Ulid } from '../../../http/common-schemas.js';
import { EnvelopeSchema } from '../../../http/envelope.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { ATTRIBUTE_TYPES } from '../attributes/attribute-types.js';

export const EXPORT_COLUMNS = [
  'attribute_code',
  'attribute_name',
  'attribute_type',
  'value',
  'formatted_value',
  'display_value',
] as const;

export const ProductIdParams = Type.Object({ id: Type.String({ description: 'ULID of the product.' }) });

export const AttributeValueExportQuery = Type.Object({
  format: Type.Enum(['csv', 'json'], { description: 'json: an envelope; csv: a file download.' }),
});
export type AttributeValueExportQuery = Static<typeof AttributeValueExportQuery>;

const ExportedValue = Type.Object({
  attribute_code: Type.String(),
  attribute_name: Type.String(),
  attribute_type: Type.Enum(ATTRIBUTE_TYPES),
  value: Type.Unknown({ description: 'Typed: number, boolean, list of options, JSON value, else string.' }),
  formatted_value: Type.String({ description: 'With the unit after a number, Yes/No, comma-joined options.' }),
  display_value: Type.String({ description: 'Plain form without the unit.' }),
});

const AttributeValueExport = Type.Object({
  product_id: Ulid,
  product_name: Type.String(),
  product_barcode: Nullable(Type.String({ description: "The product's barcode, when it has one." })),
  exported_at: Type.String({ format: 'date-time' }),
  format: Type.Literal('json'),
  values: Type.Array(ExportedValue, {
    description: 'The values of live attributes, by attribute sort_order, then code.',
  }),
  total: Type.Integer(),
});
nameSchema(AttributeValueExport, 'ProductAttributeValueExport', {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  product_name: 'Cordless drill 18V',
  product_barcode: '4006381333931',
  exported_at: '2026-11-24T10:00:00.000Z',
  format: 'json',
  values: [
    {
      attribute_code: 'voltage',
      attribute_name: 'Voltage',
      attribute_type: 'number',
      value: 18,
      formatted_value: '18 V',
      display_value: '18',
    },
    {
      attribute_code: 'colour',
      attribute_name: 'Colour',
      attribute_type: 'select',
      value: 'Teal',
      formatted_value: 'Teal',
      display_value: 'Teal',
    },
  ],
  total: 2,
});

export const AttributeValueExportResponse = EnvelopeSchema(AttributeValueExport);

export const AttributeCompareBody = Type.Object(
  {
    product_id_1: Ulid,
    product_id_2: Ulid,
    attribute_ids: Type.Optional(
      Type.Array(Ulid, {
        minItems: 1,
        maxItems: 500,
        uniqueItems: true,
        description:
          'Compare exactly these attributes (live, of the tenant). Without it: every attribute either product has a value for.',
      }),
    ),
    include_only_differences: Type.Optional(
      Type.Boolean({ default: false, description: 'Leave out matching rows; the summary still counts them.' }),
    ),
  },
  { additionalProperties: false },
);
export type AttributeCompareBody = Static<typeof AttributeCompareBody>;
withExample(AttributeCompareBody, {
  product_id_1: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  product_id_2: '01jd8x4k3m2n5p6q7r8s9t0v1x',
  include_only_differences: true,
});

const ProductRef = Type.Object({ id: Ulid, name: Type.String() });

export const AttributeComparisonResponse = Type.Object({
  product_1: ProductRef,
  product_2: ProductRef,
  comparison: Type.Array(
    Type.Object({
      attribute_code: Type.String(),
      attribute_name: Type.String(),
      attribute_type: Type.Enum(ATTRIBUTE_TYPES),
      product_1_value: Type.Unknown({ description: 'Typed value; null when the product has none.' }),
      product_2_value: Type.Unknown({ description: 'Typed value; null when the product has none.' }),
      is_different: Type.Boolean(),
    }),
    { description: 'By attribute sort_order, then code.' },
  ),
  summary: Type.Object(
    { total_compared: Type.Integer(), differences: Type.Integer(), matches: Type.Integer() },
    { description: 'Over every compared attribute, whether or not include_only_differences left its row out.' },
  ),
});
nameSchema(AttributeComparisonResponse, 'ProductAttributeComparison', {
  product_1: { id: '01jd8x4k3m2n5p6q7r8s9t0v1w', name: 'Cordless drill 18V' },
  product_2: { id: '01jd8x4k3m2n5p6q7r8s9t0v1x', name: 'Cordless drill 12V' },
  comparison: [
    {
      attribute_code: 'voltage',
      attribute_name: 'Voltage',
      attribute_type: 'number',
      product_1_value: 18,
      product_2_value: 12,
      is_different: true,
    },
  ],
  summary: { total_compared: 3, differences: 1, matches: 2 },
});

export const AttributeValueStatisticsResponse = Type.Object({
  total_values: Type.Integer({ description: 'Values of live attributes held by live products.' }),
  products_with_attributes: Type.Integer(),
  average_attributes_per_product: Type.Number({
    description: 'Over products with at least one value, rounded to 2 decimals; 0 when none.',
  }),
  by_type: Type.Record(Type.String(), Type.Integer(), { description: 'Every attribute type, zero included.' }),
});
nameSchema(AttributeValueStatisticsResponse, 'ProductAttributeValueStatistics', {
  total_values: 120,
  products_with_attributes: 40,
  average_attributes_per_product: 3,
  by_type: {
    text: 30,
    number: 50,
    boolean: 10,
    date: 0,
    select: 30,
    multiselect: 0,
    color: 0,
    image: 0,
    url: 0,
    email: 0,
    phone: 0,
    json: 0,
  },
});
