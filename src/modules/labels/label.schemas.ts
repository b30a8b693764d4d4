// Requests of the label documents: the layout and its options in the query (or, for a selection, in the body).
import { Type, type Static } from 'typebox';
import { Defaulted, Ulid } from '../../http/common-schemas.js';
import { withExample } from '../../http/named-schemas.js';
import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUTS, LABEL_LAYOUT_NAMES, MAX_LABELS, MAX_SKIP } from './label-layouts.js';

const layoutList = LABEL_LAYOUT_NAMES.map((name) => `\`${name}\`: ${LABEL_LAYOUTS[name].description}`).join('; ');

const layoutOptions = {
  layout: Defaulted(
    Type.Enum(LABEL_LAYOUT_NAMES, {
      default: DEFAULT_LABEL_LAYOUT,
      description: `The label stock. ${layoutList}.`,
    }),
  ),
  skip: Defaulted(
    Type.Integer({
      minimum: 0,
      maximum: MAX_SKIP,
      default: 0,
      description:
        'Labels already used on the first sheet: printing starts after them (left to right, top to bottom). Sheet layouts only, less than the labels of one sheet.',
    }),
  ),
  show_price: Defaulted(
    Type.Boolean({ default: true, description: "Print the product's selling price, in its currency." }),
  ),
};

export const ProductLabelsQuery = Type.Object(
  {
    ...layoutOptions,
    copies: Defaulted(
      Type.Integer({ minimum: 1, maximum: MAX_LABELS, default: 1, description: 'How many labels of the product.' }),
    ),
  },
  { additionalProperties: false },
);
export type ProductLabelsQuery = Static<typeof ProductLabelsQuery>;

export const LabelSelectionBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          product_id: Ulid,
          copies: Defaulted(Type.Integer({ minimum: 1, maximum: MAX_LABELS, default: 1 })),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: MAX_LABELS,
        description: `The products, in the order printed, each with its number of labels; ${MAX_LABELS} labels at most in all.`,
      },
    ),
    ...layoutOptions,
  },
  { additionalProperties: false },
);
export type LabelSelectionBody = Static<typeof LabelSelectionBody>;
withExample(LabelSelectionBody, {
  items: [
    { product_id: '01jd8x5b0v6q4c2m9n3r7s1t2w', copies: 3 },
    { product_id: '01jd8x5b0v6q4c2m9n3r7s1t2x', copies: 1 },
  ],
  layout: 'a4-3x8',
  skip: 0,
  show_price: true,
});

export const ReceiptLabelParams = Type.Object({
  id: Type.String({ description: 'ULID of the purchase order.' }),
  receiptId: Type.String({ description: 'ULID of the receipt.' }),
});

export const ReceiptLabelsQuery = Type.Object(
  {
    ...layoutOptions,
    per: Defaulted(
      Type.Enum(['unit', 'line'], {
        default: 'unit',
        description:
          '`unit`: one label per unit received on each line (a fractional quantity rounds up); `line`: one label per line.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReceiptLabelsQuery = Static<typeof ReceiptLabelsQuery>;

/** The PDF answered; sent as bytes, never serialised: the schema only documents it. */
export const LabelsPdfResponse = {
  description: 'The labels, as a PDF.',
  content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
};
