// The body and answer of the bulk change of products (product-bulk.service.ts): one action applied to up to 500
// products, each product's own outcome answered in the order of its id.
import { Type, type Static } from 'typebox';
import { BulkIds } from '../../../http/bulk.js';
import { Nullable, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { MAX_PRICE } from './product.schemas.js';

export const PRODUCT_BULK_ACTIONS = [
  'activate',
  'deactivate',
  'set_category',
  'add_tags',
  'remove_tags',
  'change_price',
] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

/** The largest percent change: a price may be multiplied by 11 at most, or taken to 0. */
export const MAX_PERCENT_CHANGE = 1000;

export const PriceChange = Type.Object(
  {
    by: Type.Enum(['amount', 'percent'] as const, {
      description: '`amount`: currency units added (negative: taken off); `percent`: of the current price.',
    }),
    value: Type.Number({
      minimum: -MAX_PRICE,
      maximum: MAX_PRICE,
      description: `With \`percent\`, -100 to ${MAX_PERCENT_CHANGE}. The result is rounded to the currency's minor unit.`,
    }),
    field: Type.Optional(
      Type.Enum(['price', 'cost_price'] as const, { description: 'The price changed: `price` (selling) by default.' }),
    ),
  },
  { additionalProperties: false },
);
export type PriceChange = Static<typeof PriceChange>;

export const ProductBulkBody = Type.Object(
  {
    product_ids: BulkIds,
    action: Type.Enum(PRODUCT_BULK_ACTIONS),
    category_id: Type.Optional(
      Nullable({ ...Ulid, description: 'With `set_category` (required there): the category, or null for none.' }),
    ),
    tag_ids: Type.Optional(
      Type.Array(Ulid, {
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
        description:
          'With `add_tags` and `remove_tags` (required there): the tags added to or removed from each product.',
      }),
    ),
    price_change: Type.Optional(PriceChange),
  },
  {
    additionalProperties: false,
    description:
      'One action for every product named. Each action takes its own field and no other: `set_category` takes `category_id`, `add_tags` and `remove_tags` take `tag_ids`, `change_price` takes `price_change`.',
  },
);
export type ProductBulkBody = Static<typeof ProductBulkBody>;
withExample(ProductBulkBody, {
  product_ids: ['01jd8x4k3m2n5p6q7r8s9t0v1w', '01jd8x4k3m2n5p6q7r8s9t0v1x'],
  action: 'change_price',
  price_change: { by: 'percent', value: 10, field: 'price' },
});

export const PRODUCT_BULK_STATUSES = ['updated', 'unchanged', 'failed'] as const;
export type ProductBulkStatus = (typeof PRODUCT_BULK_STATUSES)[number];

export const ProductBulkRow = Type.Object({
  id: Ulid,
  status: Type.Enum(PRODUCT_BULK_STATUSES, {
    description:
      '`updated`: changed (with its event and audit entry); `unchanged`: already as asked; `failed`: refused, `error` says why.',
  }),
  error: Type.Optional(
    Type.Object({
      code: Type.String({
        description:
          'An error code of docs/errors.md: `not_found` (unknown, deleted or another organisation’s), `invalid_transition`, `negative_price`, `no_price`, `validation_failed`, `precondition_failed` (changed by another request meanwhile).',
      }),
      message: Type.String(),
    }),
  ),
});
export type ProductBulkRow = Static<typeof ProductBulkRow>;

export const ProductBulkResult = Type.Object({
  processed: Type.Integer(),
  successful: Type.Integer({ description: 'Rows updated or unchanged.' }),
  failed: Type.Integer(),
  results: Type.Array(ProductBulkRow, { description: 'One per id, in the order sent.' }),
});
export type ProductBulkResult = Static<typeof ProductBulkResult>;
nameSchema(ProductBulkResult, 'ProductBulkResult', {
  processed: 2,
  successful: 1,
  failed: 1,
  results: [
    { id: '01jd8x4k3m2n5p6q7r8s9t0v1w', status: 'updated' },
    {
      id: '01jd8x4k3m2n5p6q7r8s9t0v1x',
      status: 'failed',
      error: { code: 'negative_price', message: 'The price would fall below 0 (-4.5).' },
    },
  ],
});
