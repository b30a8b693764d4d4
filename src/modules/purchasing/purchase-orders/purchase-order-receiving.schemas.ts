// Receive request (both line forms: `received_items` by product, `items` by order line) and its response.
import { Type, type Static } from 'typebox';
import { Nullable, Ulid } from '../../../http/common-schemas.js';
import { MAX_LINES, MAX_QUANTITY, PurchaseOrderResponse } from './purchase-order.schemas.js';

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

export const ReceiveResponse = Type.Object({
  ...PurchaseOrderResponse.properties,
  receipt_id: Type.String(),
  total_received_percentage: Type.Number(),
  awaiting_items: Type.Integer({ description: 'Lines with a quantity still pending.' }),
  inventory_updated: Type.Boolean(),
});
export type ReceiveResponse = Static<typeof ReceiveResponse>;
