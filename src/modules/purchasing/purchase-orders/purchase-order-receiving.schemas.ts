// Receive request (both line forms: `received_items` by product, `items` by order line) and its response.
import { Type, type Static } from 'typebox';
import { Nullable, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
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
  received_items: Type.Optional(Type.Array(ReceivedItemInput, { minItems: 1, maxItems: MAX_LINES, description: 'Lines by product. Omit both forms to receive every pending quantity.' })),
  items: Type.Optional(Type.Array(ReceiveLineInput, { minItems: 1, maxItems: MAX_LINES, description: 'Lines by order line id.' })),
  received_by: Type.Optional(Nullable(Ulid)),
  notes: Type.Optional(text(2000)),
  quality_check_passed: Type.Optional(Type.Boolean({ default: true })),
  quality_notes: Type.Optional(text(2000)),
  received_date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, default today; not in the future.' })),
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
