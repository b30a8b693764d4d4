// Request and response schemas of a product's availability.
import { Type, type Static } from 'typebox';
import { Nullable, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';

export const AvailabilityQuery = Type.Object({ product_id: Ulid });
export type AvailabilityQuery = Static<typeof AvailabilityQuery>;
withExample(AvailabilityQuery, { product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w' });

const IncomingLine = Type.Object({
  purchase_order_id: Ulid,
  po_number: Type.String(),
  status: Type.String({ description: 'approved, sent, acknowledged or partially_received.' }),
  warehouse_id: Ulid,
  quantity: Type.Integer({ description: "The line's ordered - received - cancelled." }),
  expected_date: Nullable(
    Type.String({
      format: 'date',
      description: "The supplier's confirmed delivery date, else the order's expected delivery date.",
    }),
  ),
});

const quantities = {
  quantity_on_hand: Type.Integer(),
  quantity_reserved: Type.Integer(),
  quantity_available: Type.Integer({ description: 'on hand - reserved.' }),
  quantity_incoming: Type.Integer({ description: 'Still due on purchase orders placed with suppliers.' }),
};

const WarehouseAvailability = Type.Object({
  warehouse_id: Ulid,
  warehouse_code: Type.String(),
  warehouse_name: Type.String(),
  ...quantities,
  quantity_backordered: Type.Integer({
    description:
      "The part of the product's backordered demand counted against this warehouse's available and incoming stock, warehouses taken in allocation order.",
  }),
  available_to_promise: Type.Integer({ description: 'available + incoming - quantity_backordered, at least 0.' }),
  incoming: Type.Array(IncomingLine),
});

const AvailabilityTotals = Type.Object({
  ...quantities,
  quantity_backordered: Type.Integer({
    description: "Open sales order lines' units that hold no reservation (their backordered quantities).",
  }),
  available_to_promise: Type.Integer({
    description: 'available + incoming - backordered: negative when waiting orders need more than that.',
  }),
});

export const AvailabilityResponse = Type.Object({
  product_id: Ulid,
  sku: Nullable(Type.String()),
  name: Type.String(),
  totals: AvailabilityTotals,
  warehouses: Type.Array(WarehouseAvailability, {
    description: 'Every active warehouse, in allocation order (allocation_rank, unranked last, then name).',
  }),
  incoming: Type.Array(IncomingLine, { description: 'Every purchase order line still due, soonest first.' }),
});
export type AvailabilityResponse = Static<typeof AvailabilityResponse>;

const incomingExample = {
  purchase_order_id: '01jd8y2c3d4e5f6g7h8j9k0m1n',
  po_number: 'PO-202612-0007',
  status: 'sent',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  quantity: 40,
  expected_date: '2026-12-14',
};
nameSchema(AvailabilityResponse, 'ProductAvailability', {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  sku: 'DRL-18V',
  name: 'Cordless drill 18V',
  totals: {
    quantity_on_hand: 25,
    quantity_reserved: 20,
    quantity_available: 5,
    quantity_incoming: 40,
    quantity_backordered: 12,
    available_to_promise: 33,
  },
  warehouses: [
    {
      warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
      warehouse_code: 'MAIN',
      warehouse_name: 'Main warehouse',
      quantity_on_hand: 20,
      quantity_reserved: 20,
      quantity_available: 0,
      quantity_incoming: 40,
      quantity_backordered: 12,
      available_to_promise: 28,
      incoming: [incomingExample],
    },
    {
      warehouse_id: '01jd8w1a2b3c4d5e6f7g8h9j0k',
      warehouse_code: 'EAST',
      warehouse_name: 'East depot',
      quantity_on_hand: 5,
      quantity_reserved: 0,
      quantity_available: 5,
      quantity_incoming: 0,
      quantity_backordered: 0,
      available_to_promise: 5,
      incoming: [],
    },
  ],
  incoming: [incomingExample],
});
