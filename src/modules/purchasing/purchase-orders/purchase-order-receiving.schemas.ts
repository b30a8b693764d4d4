// Receive request (both line forms: `received_items` by product, `items` by order line) and its response, and
// the receipts recorded on an order as the receipt log reads them.
import { Type, type Static } from 'typebox';
import { Nullable, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { MAX_LINES, MAX_QUANTITY, PurchaseOrderResponse, purchaseOrderExample } from './purchase-order.schemas.js';

const text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const quantity = Type.Integer({ minimum: 1, maximum: MAX_QUANTITY });

export const ReceivedItemInput = Type.Object(
  {
    product_id: Ulid,
    quantity_received: quantity,
    warehouse_id: Type.Optional(Nullable(Ulid)),
    notes: Type.Optional(text(500)),
    quality_check_passed: Type.Optional(Type.Boolean({ description: 'Default: the overall quality_check_passed.' })),
    quality_notes: Type.Optional(text(1000)),
  },
  { additionalProperties: false },
);

export const ReceiveLineInput = Type.Object(
  {
    purchase_order_item_id: Ulid,
    quantity_received: quantity,
    warehouse_id: Type.Optional(Nullable(Ulid)),
    bin_location: Type.Optional(text(100)),
    notes: Type.Optional(text(500)),
    quality_check_passed: Type.Optional(Type.Boolean()),
    quality_notes: Type.Optional(text(1000)),
  },
  { additionalProperties: false },
);

export const ReceiveBody = Type.Object({
  received_items: Type.Optional(
    Type.Array(ReceivedItemInput, {
      minItems: 1,
      maxItems: MAX_LINES,
      description: 'Lines by product. Omit both forms to receive every pending quantity.',
    }),
  ),
  items: Type.Optional(
    Type.Array(ReceiveLineInput, { minItems: 1, maxItems: MAX_LINES, description: 'Lines by order line id.' }),
  ),
  received_by: Type.Optional(Nullable(Ulid)),
  notes: Type.Optional(text(2000)),
  quality_check_passed: Type.Optional(Type.Boolean({ default: true })),
  quality_notes: Type.Optional(text(2000)),
  received_date: Type.Optional(
    Type.String({ format: 'date', description: 'YYYY-MM-DD, default today; not in the future.' }),
  ),
});
export type ReceiveBody = Static<typeof ReceiveBody>;
withExample(ReceiveBody, {
  received_items: [{ product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w', quantity_received: 40, quality_check_passed: true }],
  notes: 'Two pallets, shrink-wrap intact.',
  received_date: '2026-12-04',
});

export const ReceiveResponse = Type.Object({
  ...PurchaseOrderResponse.properties,
  receipt_id: Type.String(),
  total_received_percentage: Type.Number(),
  awaiting_items: Type.Integer({ description: 'Lines with a quantity still pending.' }),
  inventory_updated: Type.Boolean(),
});
export type ReceiveResponse = Static<typeof ReceiveResponse>;
nameSchema(ReceiveResponse, 'PurchaseOrderReceipt', {
  ...purchaseOrderExample,
  status: 'received',
  actual_delivery_date: '2026-12-04',
  delivery_date: '2026-12-04',
  received_at: '2026-12-04T09:12:00.000Z',
  receipt_id: '01jd9a6f7g8h9j0k1m2n3p4q5r',
  total_received_percentage: 100,
  awaiting_items: 0,
  inventory_updated: true,
});

export const ReceiptListQuery = Type.Object({ ...pageQuery(25) }, { additionalProperties: false });
export type ReceiptListQuery = Static<typeof ReceiptListQuery>;

export const ReceiptLineResponse = Type.Object({
  id: Type.String(),
  purchase_order_item_id: Type.String(),
  product_id: Type.String(),
  product_name: Type.String({ description: 'As the order line recorded it.' }),
  product_sku: Nullable(Type.String()),
  warehouse_id: Type.String({ description: 'Where the stock was added.' }),
  quantity_received: Type.Integer(),
  bin_location: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  quality_check_passed: Type.Boolean(),
  quality_notes: Nullable(Type.String()),
  stock_movement_id: Nullable(Type.String()),
});
const receiptLineExample: Static<typeof ReceiptLineResponse> = {
  id: '01jd9a6f7g8h9j0k1m2n3p4q5s',
  purchase_order_item_id: '01jd8y5e7f8g9h0j1k2m3n4p5q',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  product_name: 'Cordless drill 18V',
  product_sku: 'DRL-18V',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  quantity_received: 15,
  bin_location: null,
  notes: null,
  quality_check_passed: false,
  quality_notes: 'Two cases dented.',
  stock_movement_id: '01jd9a6f7g8h9j0k1m2n3p4q5t',
};
nameSchema(ReceiptLineResponse, 'GoodsReceiptLine', receiptLineExample);

export const ReceiptResponse = Type.Object({
  id: Type.String(),
  purchase_order_id: Type.String(),
  received_date: Type.String({ format: 'date', description: 'The day the goods arrived, as the receipt gave it.' }),
  received_by: Nullable(
    Type.Object(
      { id: Type.String(), name: Type.String() },
      { description: 'Who received the goods; null when that user is gone.' },
    ),
  ),
  created_at: Type.String({ format: 'date-time', description: 'When the receipt was recorded.' }),
  notes: Nullable(Type.String()),
  quality_check_passed: Type.Boolean({
    description: 'False when the receipt, or any of its lines, failed the quality check.',
  }),
  quality_notes: Nullable(Type.String()),
  units_received: Type.Integer({ description: "The sum of the lines' quantities." }),
  lines: Type.Array(ReceiptLineResponse),
});
export type ReceiptResponse = Static<typeof ReceiptResponse>;
nameSchema(ReceiptResponse, 'GoodsReceipt', {
  id: '01jd9a6f7g8h9j0k1m2n3p4q5r',
  purchase_order_id: '01jd8y5d6e7f8g9h0j1k2m3n4p',
  received_date: '2026-12-04',
  received_by: { id: '01jd8v8h9j0k1m2n3p4q5r6s7t', name: 'Ada Admin' },
  created_at: '2026-12-04T09:12:00.000Z',
  notes: 'One pallet of two.',
  quality_check_passed: false,
  quality_notes: null,
  units_received: 15,
  lines: [receiptLineExample],
});
