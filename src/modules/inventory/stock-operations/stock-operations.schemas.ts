// Request and response schemas of physical counts and transfers.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { InventoryRecordResponse, inventoryRecordExample } from '../stock/inventory.schemas.js';

export const PhysicalCountBody = Type.Object(
  {
    product_id: Ulid,
    warehouse_id: Type.Optional(Nullable(Ulid)),
    counted_quantity: Type.Integer({ minimum: 0, maximum: 2_000_000_000 }),
  },
  { additionalProperties: false },
);
export type PhysicalCountBody = Static<typeof PhysicalCountBody>;
withExample(PhysicalCountBody, {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  counted_quantity: 22,
});

export const TransferBody = Type.Object(
  {
    product_id: Ulid,
    from_warehouse_id: Type.Optional(Nullable(Ulid)),
    to_warehouse_id: Type.Optional(Nullable(Ulid)),
    quantity: Type.Integer({ minimum: 1, maximum: 2_000_000_000 }),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    reference_number: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  { additionalProperties: false },
);
export type TransferBody = Static<typeof TransferBody>;
withExample(TransferBody, {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  from_warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  to_warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9y',
  quantity: 5,
  reason: 'Restock the shop floor',
  reference_number: 'TR-2026-118',
});

/** The inventory record a count or a transfer leaves: the resource of GET /operations/inventory/{id}. */
export const InventoryResponse = InventoryRecordResponse;

export const CountResponse = Type.Object({
  id: Type.String(),
  product_id: Type.String(),
  warehouse_id: Type.String(),
  counted_quantity: Type.Integer(),
  system_quantity_before: Type.Integer(),
  variance: Type.Integer({ description: 'counted_quantity - system_quantity_before.' }),
  variance_percentage: Nullable(
    Type.Number({ description: 'variance / system x 100, 2 decimals; null when the system quantity was 0.' }),
  ),
  counted_by: Nullable(Type.String()),
  counted_at: Timestamp,
  adjustment_movement_id: Nullable(
    Type.String({ description: 'The physical_count movement; null when the variance was 0.' }),
  ),
});
const countExample: Static<typeof CountResponse> = {
  id: '01jd8z7h8j9k0m1n2p3q4r5s6t',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  counted_quantity: 22,
  system_quantity_before: 23,
  variance: -1,
  variance_percentage: -4.35,
  counted_by: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  counted_at: '2026-11-24T17:00:00.000Z',
  adjustment_movement_id: '01jd8z6f7g8h9j0k1m2n3p4q5s',
};
nameSchema(CountResponse, 'PhysicalCountRecord', countExample);

export const PhysicalCountResponse = Type.Intersect([InventoryResponse, Type.Object({ count: CountResponse })]);
nameSchema(PhysicalCountResponse, 'PhysicalCount', {
  ...inventoryRecordExample,
  quantity_on_hand: 22,
  quantity_available: 20,
  count: countExample,
});

export const TransferResponse = Type.Object({ from: InventoryResponse, to: InventoryResponse });
nameSchema(TransferResponse, 'StockTransfer', {
  from: { ...inventoryRecordExample, quantity_on_hand: 18, quantity_available: 16 },
  to: {
    ...inventoryRecordExample,
    id: '01jd8x7g8h9j0k1m2n3p4q5r6t',
    warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9y',
    quantity_on_hand: 5,
    quantity_reserved: 0,
    quantity_available: 5,
    warehouse: { id: '01jd8w0m1n2p3q4r5s6t7v8w9y', name: 'Shop floor', code: 'SHOP' },
  },
});
