// Request and response schemas of the stock reservations: the resource, and the list's filters.
import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { nameSchema } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS } from '../../../http/updated-since.js';

export const RESERVATION_STATUSES = ['active', 'released', 'consumed'] as const;

export const ReservationResponse = Type.Object({
  id: Ulid,
  product_id: Ulid,
  warehouse_id: Ulid,
  quantity: Type.Integer({ description: 'What the reservation still holds; 0 once released or consumed.' }),
  original_quantity: Type.Integer({ description: 'What it held when made: quantity + released + consumed.' }),
  released_quantity: Type.Integer(),
  consumed_quantity: Type.Integer(),
  order_line_id: Nullable(Type.String({ description: 'The sales order line that holds it; null: a manual one.' })),
  reference_type: Nullable(Type.String()),
  reference_id: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  status: Type.Enum(RESERVATION_STATUSES, {
    description: '`active` while it holds stock; `released` or `consumed` once it holds nothing.',
  }),
  created_by: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  released_at: Nullable(Timestamp),
  consumed_at: Nullable(Timestamp),
});
export const reservationExample: Static<typeof ReservationResponse> = {
  id: '01jd8z7a8b9c0d1e2f3g4h5j6k',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  quantity: 3,
  original_quantity: 3,
  released_quantity: 0,
  consumed_quantity: 0,
  order_line_id: null,
  reference_type: 'sales_order',
  reference_id: 'SO-10492',
  notes: null,
  status: 'active',
  created_by: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  created_at: '2026-11-24T09:41:07.000Z',
  updated_at: '2026-11-24T09:41:07.000Z',
  released_at: null,
  consumed_at: null,
};
nameSchema(ReservationResponse, 'StockReservation', reservationExample);

export const ReservationListQuery = Type.Object({
  ...pageQuery(25),
  product_id: Type.Optional(Ulid),
  warehouse_id: Type.Optional(Ulid),
  order_line_id: Type.Optional(Type.String({ maxLength: 255 })),
  order_id: Type.Optional(
    Type.String({ maxLength: 255, description: "The reservations held by this sales order's lines." }),
  ),
  status: Type.Optional(Type.Enum(RESERVATION_STATUSES)),
  reference_type: Type.Optional(Type.String({ maxLength: 100 })),
  reference_id: Type.Optional(Type.String({ maxLength: 255 })),
  sort_direction: Defaulted(
    Type.Enum(SORT_DIRECTIONS, { default: 'desc', description: 'By created_at; default desc (newest first).' }),
  ),
});
export type ReservationListQuery = Static<typeof ReservationListQuery>;
