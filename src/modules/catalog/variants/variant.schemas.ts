// Bodies and answers of variant generation, single variant creation and deletion of all variants.
import { Type, type Static } from 'typebox';
import { Nullable } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { BarcodeFields, PRODUCT_EXAMPLE, ProductResponse } from '../products/product.schemas.js';
import { MAX_SKU_LENGTH } from './variant-naming.js';

export const MAX_VARIANT_STOCK = 999_999;
export const MAX_VARIANT_PRICE = 9_999_999.99;
export const MAX_VARIANT_WEIGHT = 99_999.9999;
export const MAX_REASON_LENGTH = 500;
const SKU_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._/-]*$';

export const MasterParams = Type.Object({ master: Type.String({ description: 'ULID of the master product.' }) });
export type MasterParams = Static<typeof MasterParams>;

export const VariantGenerateBody = Type.Object(
  {
    auto_generate_sku: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          'true: SKUs `{sku_prefix}{MASTER-SKU or MASTER-SLUG}-{V1}-{V2}`, with `-2`, `-3`… on conflict. false: `PRD-` and ten characters of the id, as for products.',
      }),
    ),
    sku_prefix: Type.Optional(
      Type.String({
        default: '',
        maxLength: 50,
        pattern: '^([A-Za-z0-9][A-Za-z0-9._/-]*)?$',
        description: 'Put before generated SKUs, as sent.',
      }),
    ),
    initial_stock: Type.Optional(
      Type.Integer({
        default: 0,
        minimum: 0,
        maximum: MAX_VARIANT_STOCK,
        description: "Each new variant's stock, received into the default warehouse as an `initial_stock` movement.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type VariantGenerateBody = Static<typeof VariantGenerateBody>;
withExample(VariantGenerateBody, { auto_generate_sku: true, sku_prefix: '', initial_stock: 5 });

const Selection = Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ maxLength: 100 }), {
  description: 'Attribute name -> chosen value; every configured attribute, each value among its configured values.',
});
const amount = (description: string) =>
  Nullable(
    Type.Number({ minimum: 0, maximum: MAX_VARIANT_PRICE, description: `${description} Null inherits the master's.` }),
  );

export const VariantCreateBody = Type.Object(
  {
    variant_selection: Type.Optional(Selection),
    variant_attributes: Type.Optional({ ...Selection, description: 'Another name of variant_selection.' }),
    sku: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_SKU_LENGTH,
        pattern: SKU_PATTERN,
        description: "Unique among the tenant's live products. Generated as in generation when omitted.",
      }),
    ),
    name: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 255,
        pattern: '\\S',
        description: 'Default `{master name} - {v1} / {v2}`.',
      }),
    ),
    selling_price: Type.Optional(amount('Own selling price, in the master’s currency.')),
    cost_price: Type.Optional(amount('Own cost price, in the master’s currency.')),
    stock_quantity: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_VARIANT_STOCK,
        description: 'Initial stock, received into the default warehouse as an `initial_stock` movement.',
      }),
    ),
    weight: Type.Optional(
      Nullable(
        Type.Number({ minimum: 0, maximum: MAX_VARIANT_WEIGHT, description: "Kilograms. Null inherits the master's." }),
      ),
    ),
    barcode: Type.Optional(BarcodeFields.barcode),
    barcode_type: Type.Optional(BarcodeFields.barcode_type),
  },
  { additionalProperties: false },
);
export type VariantCreateBody = Static<typeof VariantCreateBody>;
withExample(VariantCreateBody, {
  variant_selection: { Size: 'M', Colour: 'Navy' },
  sku: 'SHIRT-M-NAVY',
  selling_price: 26.9,
  stock_quantity: 12,
});

export const VariantDeleteBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: MAX_REASON_LENGTH,
      pattern: '\\S',
      description: 'Why, kept in the audit trail of variant deletions.',
    }),
  },
  { additionalProperties: false },
);
export type VariantDeleteBody = Static<typeof VariantDeleteBody>;
withExample(VariantDeleteBody, { reason: 'The range is discontinued.' });

const VARIANT_EXAMPLE: ProductResponse = {
  ...PRODUCT_EXAMPLE,
  id: '01jd8x5m6n7p8q9r0s1t2v3w4x',
  name: 'Work shirt - M / Navy',
  slug: 'work-shirt-m-navy',
  sku: 'SHIRT-M-NAVY',
  is_variant: true,
  master_product_id: '01jd8x0k1m2n3p4q5r6s7t8v9w',
  variant_attributes: { Size: 'M', Colour: 'Navy' },
};

const VariantGeneration = Type.Object({ generated_count: Type.Integer(), variants: Type.Array(ProductResponse) });
nameSchema(VariantGeneration, 'VariantGeneration', { generated_count: 1, variants: [VARIANT_EXAMPLE] });
const VariantGenerationMeta = Type.Object({ total_generated: Type.Integer() });
nameSchema(VariantGenerationMeta, 'VariantGenerationMeta', { total_generated: 1 });

export const GeneratedResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: VariantGeneration,
  meta: VariantGenerationMeta,
});

const VariantDeletion = Type.Object({ deleted_count: Type.Integer() });
nameSchema(VariantDeletion, 'VariantDeletion', { deleted_count: 6 });

export const DeletedResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: VariantDeletion,
});
