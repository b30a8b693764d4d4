// Shipment request and response schemas: the create body (all of the order's allocation in a warehouse, or
// chosen lines), the step bodies, the ship body, the list query, the pick-list query, and the shipment resource.
import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SHIPMENT_ACTIONS, SHIPMENT_STATUSES } from './shipment.states.js';

export const MAX_SHIPMENT_LINES = 500;
const MAX_QUANTITY = 1_000_000;
/** Shipments one pick list may gather. */
export const MAX_PICK_LIST_SHIPMENTS = 100;

const text = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const ShipmentLineInput = Type.Object(
  {
    order_line_id: Ulid,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
  },
  { additionalProperties: false },
);

export const ShipmentCreateBody = Type.Object(
  {
    warehouse_id: Ulid,
    lines: Type.Optional(
      Type.Array(ShipmentLineInput, {
        minItems: 1,
        maxItems: MAX_SHIPMENT_LINES,
        description:
          'The order lines and quantities to ship; when absent, everything allocated to the order in the warehouse and not yet in another open shipment.',
      }),
    ),
    notes: Type.Optional(text(2000)),
  },
  { additionalProperties: false },
);
export type ShipmentCreateBody = Static<typeof ShipmentCreateBody>;
withExample(ShipmentCreateBody, {
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  lines: [{ order_line_id: '01jd8z6f7g8h9j0k1m2n3p4q5r', quantity: 2 }],
  notes: 'Fragile: pack with corner protectors.',
});

export const ShipmentStepBody = Type.Object(
  { notes: Type.Optional(text(2000)) },
  { additionalProperties: false, description: 'Notes replace the shipment’s when sent.' },
);
export type ShipmentStepBody = Static<typeof ShipmentStepBody>;
withExample(ShipmentStepBody, { notes: 'Two cartons.' });

export const PickedLineInput = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, description: 'A line of this shipment.' }),
    quantity_picked: Type.Integer({
      minimum: 0,
      maximum: MAX_QUANTITY,
      description: 'What was found; below the line’s quantity, the rest goes back to the order.',
    }),
  },
  { additionalProperties: false },
);

export const ShipmentPackBody = Type.Object(
  {
    notes: Type.Optional(text(2000)),
    lines: Type.Optional(
      Type.Array(PickedLineInput, {
        maxItems: MAX_SHIPMENT_LINES,
        description:
          'The picked quantity of lines picked short; a line not named packs its whole quantity. A line picked 0 leaves the shipment.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Notes replace the shipment’s when sent.' },
);
export type ShipmentPackBody = Static<typeof ShipmentPackBody>;
withExample(ShipmentPackBody, {
  notes: 'Two cartons; one drill missing from its bin.',
  lines: [{ id: '01jd9a1b2c3d4e5f6g7h8j9k0m', quantity_picked: 1 }],
});

export const ShipmentShipBody = Type.Object(
  {
    carrier: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    service: Type.Optional(text(100)),
    tracking_numbers: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }), { maxItems: 50 }),
    ),
    shipped_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'When it left the warehouse; now when absent.' }),
    ),
  },
  { additionalProperties: false },
);
export type ShipmentShipBody = Static<typeof ShipmentShipBody>;
withExample(ShipmentShipBody, {
  carrier: 'DHL',
  service: 'Express',
  tracking_numbers: ['JD014600006281230704'],
  shipped_at: '2026-12-02T15:30:00.000Z',
});

export const ShipmentDeliverBody = Type.Object(
  {
    delivered_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'When the customer received it; now when absent.' }),
    ),
  },
  { additionalProperties: false },
);
export type ShipmentDeliverBody = Static<typeof ShipmentDeliverBody>;
withExample(ShipmentDeliverBody, { delivered_at: '2026-12-03T10:12:00.000Z' });

export const ShipmentCancelBody = Type.Object({ reason: Type.Optional(text(1000)) }, { additionalProperties: false });
export type ShipmentCancelBody = Static<typeof ShipmentCancelBody>;
withExample(ShipmentCancelBody, { reason: 'The customer collects in person.' });

export const ShipmentListQuery = Type.Object({
  ...pageQuery(25),
  order_id: Type.Optional(Ulid),
  warehouse_id: Type.Optional(Ulid),
  status: Type.Optional(Type.Enum([...SHIPMENT_STATUSES])),
  sort_direction: Defaulted(
    Type.Enum(['asc', 'desc'], { default: 'desc', description: 'By created_at; default newest first.' }),
  ),
});
export type ShipmentListQuery = Static<typeof ShipmentListQuery>;

export const OrderShipmentListQuery = Type.Object({
  ...pageQuery(25),
  warehouse_id: Type.Optional(Ulid),
  status: Type.Optional(Type.Enum([...SHIPMENT_STATUSES])),
  sort_direction: Defaulted(
    Type.Enum(['asc', 'desc'], { default: 'desc', description: 'By created_at; default newest first.' }),
  ),
});
export type OrderShipmentListQuery = Static<typeof OrderShipmentListQuery>;

export const PickListQuery = Type.Object({
  warehouse_id: Ulid,
  shipment_ids: Type.String({
    minLength: 1,
    description: `Comma-separated ids of open shipments of that warehouse (at most ${MAX_PICK_LIST_SHIPMENTS}).`,
  }),
});
export type PickListQuery = Static<typeof PickListQuery>;

export const ShipmentLineResponse = Type.Object({
  id: Type.String(),
  order_line_id: Type.String(),
  product_id: Type.String(),
  product_name: Type.String(),
  product_sku: Nullable(Type.String()),
  quantity: Type.Integer(),
});
const lineExample: Static<typeof ShipmentLineResponse> = {
  id: '01jd9a1b2c3d4e5f6g7h8j9k0m',
  order_line_id: '01jd8z6f7g8h9j0k1m2n3p4q5r',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  product_name: 'Cordless drill 18V',
  product_sku: 'DRL-18V',
  quantity: 2,
};
nameSchema(ShipmentLineResponse, 'ShipmentLine', lineExample);

export const ShipmentResponse = Type.Object({
  id: Type.String(),
  shipment_number: Type.String({ description: 'SH-<yyyymm>-<sequence>.' }),
  order_id: Type.String(),
  order_number: Type.String(),
  warehouse_id: Type.String(),
  warehouse_code: Type.String(),
  warehouse_name: Type.String(),
  status: Type.Enum([...SHIPMENT_STATUSES]),
  carrier: Nullable(Type.String()),
  service: Nullable(Type.String()),
  tracking_numbers: Type.Array(Type.String()),
  notes: Nullable(Type.String()),
  total_quantity: Type.Integer(),
  lines: Type.Array(ShipmentLineResponse),
  allowed_actions: Type.Array(Type.Enum([...SHIPMENT_ACTIONS]), {
    description: 'What the shipment’s status allows next, whoever asks.',
  }),
  picked_at: Nullable(Timestamp),
  packed_at: Nullable(Timestamp),
  shipped_at: Nullable(Timestamp),
  delivered_at: Nullable(Timestamp),
  cancelled_at: Nullable(Timestamp),
  cancellation_reason: Nullable(Type.String()),
  created_by: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ShipmentResponse = Static<typeof ShipmentResponse>;
nameSchema(ShipmentResponse, 'Shipment', {
  id: '01jd9a0z1y2x3w4v5t6s7r8q9p',
  shipment_number: 'SH-202612-0003',
  order_id: '01jd8z5e6f7g8h9j0k1m2n3p4q',
  order_number: 'SO-202612-0011',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  warehouse_code: 'MAIN',
  warehouse_name: 'Main warehouse',
  status: 'shipped',
  carrier: 'DHL',
  service: 'Express',
  tracking_numbers: ['JD014600006281230704'],
  notes: null,
  total_quantity: 2,
  lines: [lineExample],
  allowed_actions: ['deliver'],
  picked_at: '2026-12-02T14:05:00.000Z',
  packed_at: '2026-12-02T14:40:00.000Z',
  shipped_at: '2026-12-02T15:30:00.000Z',
  delivered_at: null,
  cancelled_at: null,
  cancellation_reason: null,
  created_by: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  created_at: '2026-12-02T13:58:00.000Z',
  updated_at: '2026-12-02T15:30:00.000Z',
});
