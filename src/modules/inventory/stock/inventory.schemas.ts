// Request and response schemas of the inventory record endpoints: adjust, reserve, release, reads, reconcile.
import { Type, type Static } from 'typebox';
import { Defaulted, Nullable, Timestamp, Ulid } from '../../../http/common-schemas.js';
import { EnvelopeSchema } from '../../../http/envelope.js';
import { nameSchema, withExample } from '../../../http/named-schemas.js';
import { pageQuery } from '../../../http/pagination.js';
import { SORT_DIRECTIONS, updatedSinceQuery } from '../../../http/updated-since.js';
import { KEPT_REPORT_FIELDS, STOCK_STATUSES } from './low-stock.js';
import { ReservationResponse, reservationExample } from './reservation.schemas.js';

/** Bounds a single change so that sums stay far inside a 32-bit integer column. */
const MAX_CHANGE = 100_000_000;

const target = {
  product_id: Ulid,
  warehouse_id: Type.Optional(Nullable(Ulid)),
};
const reference = {
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  reference_type: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  reference_id: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
};

export const AdjustBody = Type.Object(
  {
    ...target,
    quantity: Type.Integer({
      minimum: -MAX_CHANGE,
      maximum: MAX_CHANGE,
      description: 'Signed change of on-hand stock; not 0.',
    }),
    reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
    ...reference,
  },
  { additionalProperties: false },
);
export type AdjustBody = Static<typeof AdjustBody>;
withExample(AdjustBody, {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  quantity: -2,
  reason: 'Damaged in handling',
  notes: 'Dropped from the top shelf.',
});

export const ReserveBody = Type.Object(
  {
    ...target,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_CHANGE }),
    ...reference,
  },
  { additionalProperties: false },
);
export type ReserveBody = Static<typeof ReserveBody>;
withExample(ReserveBody, {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  quantity: 3,
  reference_type: 'sales_order',
  reference_id: 'SO-10492',
});

export const ReleaseBody = Type.Object(
  {
    ...target,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_CHANGE }),
    reservation_id: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 255,
          description:
            "The reservation to release `quantity` of (its `quantity` for the whole); without it, the product's manual reservations in the warehouse (of `reference_type` and `reference_id` when given), oldest first. A reservation of an order line is refused (409 `reservation_held_by_order`).",
        }),
      ),
    ),
    ...reference,
  },
  { additionalProperties: false },
);
export type ReleaseBody = Static<typeof ReleaseBody>;
withExample(ReleaseBody, {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  quantity: 1,
  reservation_id: '01jd8z7a8b9c0d1e2f3g4h5j6k',
});

export const InventoryListQuery = Type.Object({
  ...pageQuery(25),
  product_id: Type.Optional(Ulid),
  warehouse_id: Type.Optional(Ulid),
  low_stock: Type.Optional(
    Type.Boolean({
      description:
        "true: the records whose `is_low_stock` is true (the low-stock list, the reorder report's lines and the summary's `low_stock_records` count the same records); false: the others.",
    }),
  ),
  ...updatedSinceQuery,
  sort_by: Defaulted(
    Type.Enum(['product_name', 'updated_at'], {
      default: 'product_name',
      description: 'Default product_name: by product name, then warehouse code. Ties break on the record id.',
    }),
  ),
  sort_direction: Defaulted(Type.Enum(SORT_DIRECTIONS, { default: 'asc', description: 'Default asc.' })),
});
export type InventoryListQuery = Static<typeof InventoryListQuery>;

const nullableInt = Nullable(Type.Integer());

export const InventoryRecordResponse = Type.Object({
  id: Ulid,
  product_id: Ulid,
  warehouse_id: Ulid,
  quantity_on_hand: Type.Integer(),
  quantity_reserved: Type.Integer(),
  quantity_available: Type.Integer({ description: 'On hand minus reserved.' }),
  reorder_point: Nullable(
    Type.Integer({
      description: "The record's own reorder point; null: the product's applies (`effective_reorder_point`).",
    }),
  ),
  reorder_quantity: nullableInt,
  effective_reorder_point: Nullable(
    Type.Integer({
      description: "The reorder point that applies: the record's own, else the product's; null when neither has one.",
    }),
  ),
  is_low_stock: Type.Boolean({
    description:
      'Record low stock: `quantity_available` at or below `effective_reorder_point`, for a product that is replenished (live, tracking inventory, not discontinued). Never true without a reorder point.',
  }),
  stock_status: Type.Enum(STOCK_STATUSES, {
    description:
      '`out_of_stock`: nothing available (`quantity_available` at or below 0); else `low_stock` when `is_low_stock`; else `in_stock`.',
  }),
  last_counted_at: Nullable(Timestamp),
  last_movement_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
  warehouse: Type.Object({ id: Ulid, name: Type.String(), code: Type.String() }),
  product: Type.Object({ id: Ulid, name: Type.String(), sku: Type.String() }),
});
export const inventoryRecordExample: Static<typeof InventoryRecordResponse> = {
  id: '01jd8x7g8h9j0k1m2n3p4q5r6s',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  quantity_on_hand: 23,
  quantity_reserved: 2,
  quantity_available: 21,
  reorder_point: 10,
  reorder_quantity: 40,
  effective_reorder_point: 10,
  is_low_stock: false,
  stock_status: 'in_stock',
  last_counted_at: '2026-11-15T17:00:00.000Z',
  last_movement_at: '2026-11-24T09:41:07.000Z',
  created_at: '2026-11-02T09:14:00.000Z',
  updated_at: '2026-11-24T09:41:07.000Z',
  warehouse: { id: '01jd8w0m1n2p3q4r5s6t7v8w9x', name: 'Main warehouse', code: 'MAIN' },
  product: { id: '01jd8x4k3m2n5p6q7r8s9t0v1w', name: 'Cordless drill 18V', sku: 'DRL-18V' },
};
nameSchema(InventoryRecordResponse, 'InventoryRecord', inventoryRecordExample);

export const MovementSummaryResponse = Type.Object({
  id: Ulid,
  type: Type.String(),
  quantity: Type.Integer({ description: 'Signed; on the reserved quantity for reservation and release.' }),
  quantity_before: Type.Integer(),
  quantity_after: Type.Integer(),
  reason: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  reference_type: Nullable(Type.String()),
  reference_id: Nullable(Type.String()),
  created_by: Nullable(Type.String()),
  created_at: Timestamp,
});
const movementSummaryExample: Static<typeof MovementSummaryResponse> = {
  id: '01jd8z6f7g8h9j0k1m2n3p4q5r',
  type: 'adjustment',
  quantity: -2,
  quantity_before: 25,
  quantity_after: 23,
  reason: 'Damaged in handling',
  notes: 'Dropped from the top shelf.',
  reference_type: null,
  reference_id: null,
  created_by: '01jd8v8h9j0k1m2n3p4q5r6s7t',
  created_at: '2026-11-24T09:41:07.000Z',
};
nameSchema(MovementSummaryResponse, 'StockMovementSummary', movementSummaryExample);

export const ChangedRecordResponse = Type.Intersect([
  InventoryRecordResponse,
  Type.Object({ movement: MovementSummaryResponse }),
]);
nameSchema(ChangedRecordResponse, 'InventoryChange', { ...inventoryRecordExample, movement: movementSummaryExample });

export const ReservedRecordResponse = Type.Intersect([
  InventoryRecordResponse,
  Type.Object({ movement: MovementSummaryResponse, reservation: ReservationResponse }),
]);
nameSchema(ReservedRecordResponse, 'InventoryReservationChange', {
  ...inventoryRecordExample,
  movement: { ...movementSummaryExample, type: 'reservation', quantity: 3, quantity_before: 0, quantity_after: 3 },
  reservation: reservationExample,
});

export const ReleasedRecordResponse = Type.Intersect([
  InventoryRecordResponse,
  Type.Object({
    movement: MovementSummaryResponse,
    reservations: Type.Array(ReservationResponse, {
      description: 'The reservations released from, after the release.',
    }),
  }),
]);
nameSchema(ReleasedRecordResponse, 'InventoryReleaseChange', {
  ...inventoryRecordExample,
  movement: { ...movementSummaryExample, type: 'release', quantity: -1, quantity_before: 3, quantity_after: 2 },
  reservations: [{ ...reservationExample, quantity: 2, released_quantity: 1 }],
});

const InventoryDiscrepancy = Type.Object({
  id: Ulid,
  product_id: Ulid,
  warehouse_id: Ulid,
  quantity_on_hand: Type.Integer(),
  quantity_reserved: Type.Integer(),
  movements_on_hand: Type.Integer({ description: 'Sum of the on-hand movements.' }),
  movements_reserved: Type.Integer({ description: 'Sum of the reservation and release movements.' }),
  reservations_reserved: Type.Integer({ description: 'Sum of the active reservations.' }),
});
nameSchema(InventoryDiscrepancy, 'InventoryDiscrepancy', {
  id: '01jd8x7g8h9j0k1m2n3p4q5r6s',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  quantity_on_hand: 23,
  quantity_reserved: 2,
  movements_on_hand: 25,
  movements_reserved: 2,
  reservations_reserved: 2,
});

const DailyUsageDiscrepancy = Type.Object({
  product_id: Ulid,
  warehouse_id: Ulid,
  day: Type.String({ format: 'date', description: 'The UTC day.' }),
  movements_quantity: Type.Integer({ description: 'Units the usage movements of that day took out.' }),
  daily_usage_quantity: Type.Integer({ description: 'Units the daily usage aggregate keeps for that day.' }),
});
nameSchema(DailyUsageDiscrepancy, 'DailyUsageDiscrepancy', {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  day: '2026-11-30',
  movements_quantity: 6,
  daily_usage_quantity: 4,
});

const DailyFlowDiscrepancy = Type.Object({
  product_id: Ulid,
  warehouse_id: Ulid,
  day: Type.String({ format: 'date', description: 'The UTC day.' }),
  movements_in: Type.Integer({ description: 'Units the on-hand movements of that day brought in.' }),
  movements_out: Type.Integer({ description: 'Units the on-hand movements of that day took out.' }),
  daily_flow_in: Type.Integer({ description: 'Units in the daily flow aggregate keeps for that day.' }),
  daily_flow_out: Type.Integer({ description: 'Units out the daily flow aggregate keeps for that day.' }),
});
nameSchema(DailyFlowDiscrepancy, 'DailyFlowDiscrepancy', {
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  day: '2026-11-30',
  movements_in: 12,
  movements_out: 6,
  daily_flow_in: 12,
  daily_flow_out: 4,
});

const ReportStateDiscrepancy = Type.Object({
  id: Ulid,
  product_id: Ulid,
  warehouse_id: Ulid,
  fields: Type.Array(Type.Enum(KEPT_REPORT_FIELDS), {
    description: "The kept fields that differ from what the record's reorder point and its product say now.",
  }),
});
nameSchema(ReportStateDiscrepancy, 'ReportStateDiscrepancy', {
  id: '01jd8x4k3m2n5p6q7r8s9t0v2a',
  product_id: '01jd8x4k3m2n5p6q7r8s9t0v1w',
  warehouse_id: '01jd8w0m1n2p3q4r5s6t7v8w9x',
  fields: ['product_cost_price'],
});

export const ReconcileResponse = Type.Object({
  ...EnvelopeSchema(Type.Array(InventoryDiscrepancy)).properties,
  daily_usage: Type.Array(DailyUsageDiscrepancy, {
    description: 'Days whose kept usage (what the reorder report reads) differs from the ledger.',
  }),
  daily_flow: Type.Array(DailyFlowDiscrepancy, {
    description: 'Days whose kept units in and out (what the weekly stock flow reads) differ from the ledger.',
  }),
  report_state: Type.Array(ReportStateDiscrepancy, {
    description:
      "Records whose fields kept for the low-stock list and the reorder report (the low-stock point, the copies of their product's supplier, currency, cost price and reorder quantity) differ from what they follow.",
  }),
});
