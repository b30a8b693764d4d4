// Request and response schemas of physical counts and transfers.
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';

export const PhysicalCountBody = Type.Object(
  {
    product_id: Ulid,
    warehouse_id: Type.Optional(Nullable(Ulid)),
    counted_quantity: Type.Integer({ minimum: 0, maximum: 2_000_000_000 }),
  },
  { additionalProperties: false },
);
export type PhysicalCountBody = Static<typeof PhysicalCountBody>;

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

export const InventoryResponse = Type.Object({
  id: Type.String(),
  product_id: Type.String(),
  warehouse_id: Type.String(),
  quantity_on_hand: Type.Integer(),
  quantity_reserved: Type.Integer(),
  quantity_available: Type.Integer({ description: 'quantity_on_hand - quantity_reserved.' }),
  reorder_point: Nullable(Type.Integer()),
  reorder_quantity: Nullable(Type.Integer()),
  last_counted_at: Nullable(Timestamp),
  last_movement_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
  warehouse: Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() }),
  product: Type.Object({ id: Type.String(), sku: Type.String(), name: Type.String() }),
});

export const CountResponse = Type.Object({
  id: Type.String(),
  product_id: Type.String(),
  warehouse_id: Type.String(),
  counted_quantity: Type.Integer(),
  system_quantity_before: Type.Integer(),
  variance: Type.Integer({ description: 'counted_quantity - system_quantity_before.' }),
  variance_percentage: Nullable(Type.Number({ description: 'variance / system x 100, 2 decimals; null when the system quantity was 0.' })),
  counted_by: Nullable(Type.String()),
  counted_at: Timestamp,
  adjustment_movement_id: Nullable(Type.String({ description: 'The physical_count movement; null when the variance was 0.' })),
});

export const PhysicalCountResponse = Type.Intersect([InventoryResponse, Type.Object({ count: CountResponse })]);
