// Request and response schemas of the product attribute-value reads: export, comparison and statistics.
import { Type, type Static } from 'typebox';
import { Nullable, Ulid } from '../../../http/common-schemas.js';
import { EnvelopeSchema } from '../../../http/envelope.js';
import { ATTRIBUTE_TYPES } from '../attributes/attribute-types.js';

export const EXPORT_COLUMNS = ['attribute_code', 'attribute_name', 'attribute_type', 'value', 'formatted_value', 'display_value'] as const;

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

export const AttributeValueExportResponse = EnvelopeSchema(
  Type.Object({
    product_id: Ulid,
    product_name: Type.String(),
    product_barcode: Nullable(Type.String({ description: "The product's barcode, when it has one." })),
    exported_at: Type.String({ format: 'date-time' }),
    format: Type.Literal('json'),
    values: Type.Array(ExportedValue, { description: 'The values of live attributes, by attribute sort_order, then code.' }),
    total: Type.Integer(),
  }),
);

export const AttributeCompareBody = Type.Object(
  {
    product_id_1: Ulid,
    product_id_2: Ulid,
    attribute_ids: Type.Optional(
      Type.Array(Ulid, {
        minItems: 1,
        maxItems: 500,
        uniqueItems: true,
        description: 'Compare exactly these attributes (live, of the tenant). Without it: every attribute either product has a value for.',
      }),
    ),
    include_only_differences: Type.Optional(Type.Boolean({ default: false, description: 'Leave out matching rows; the summary still counts them.' })),
  },
  { additionalProperties: false },
);
export type AttributeCompareBody = Static<typeof AttributeCompareBody>;

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

export const AttributeValueStatisticsResponse = Type.Object({
  total_values: Type.Integer({ description: 'Values of live attributes held by live products.' }),
  products_with_attributes: Type.Integer(),
  average_attributes_per_product: Type.Number({ description: 'Over products with at least one value, rounded to 2 decimals; 0 when none.' }),
  by_type: Type.Record(Type.String(), Type.Integer(), { description: 'Every attribute type, zero included.' }),
});
